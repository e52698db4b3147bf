//! Epilogue visitor trees (EVT): the `Sm90EVT<...>` fusions vLLM and PyTorch pass to the epilogue
//! builder as callbacks, written by CUTLASS's own type names.
//!
//! ```text
//! Sm90EVT<Sm90Compute<multiplies, bf16, f32>,            // node op first, then its children
//!         Sm90ColBroadcast<f32>,
//!         Sm90EVT<Sm90Compute<multiplies, f32, f32>, Sm90RowBroadcast<f32>, Sm90AccFetch>>
//! ```
//!
//! What a tree keeps in shared memory (`FusionCallbacks::SharedStorage`):
//! - `Sm90EVT<Node, Children...>` is `Sm90TreeVisitor : Sm90VisitorImpl<Children..., Node>`, whose
//!   `SharedStorage` is `cute::tuple<typename Ops::SharedStorage...>`
//!   (`epilogue/fusion/sm90_visitor_tma_warpspecialized.hpp`), children first;
//! - `cute::tuple` keeps its elements in an "empty storage optimisation" chain (`cute/container/tuple.hpp`,
//!   `eso::ESO`): an empty element takes no storage, a non-empty one is a member; a tuple of empty
//!   elements is an empty struct;
//! - `Sm90RowBroadcast` (`sm90_visitor_load_tma_warpspecialized.hpp`) and vLLM's
//!   `Sm90RowOrScalarBroadcast[Array]` (`csrc/cutlass_extensions/epilogue/broadcast_load_epilogue_c3x.hpp`)
//!   keep one CTA row: `array_aligned<Element, size<1>(CtaTileShapeMNK{})> smem`;
//! - column and scalar broadcasts, compute nodes and the accumulator and source fetches keep nothing.

use std::fmt;

use super::layout::{round_up, Role, TypeLayout};
use super::ParseError;

/// An element type inside an EVT node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    F32,
    F16,
    Bf16,
    I32,
    I8,
    E4m3,
    E5m2,
}

impl Scalar {
    pub const ALL: [Scalar; 7] =
        [Scalar::F32, Scalar::F16, Scalar::Bf16, Scalar::I32, Scalar::I8, Scalar::E4m3, Scalar::E5m2];

    pub const fn name(self) -> &'static str {
        match self {
            Scalar::F32 => "f32",
            Scalar::F16 => "f16",
            Scalar::Bf16 => "bf16",
            Scalar::I32 => "i32",
            Scalar::I8 => "i8",
            Scalar::E4m3 => "e4m3",
            Scalar::E5m2 => "e5m2",
        }
    }

    pub const fn bytes(self) -> u64 {
        match self {
            Scalar::F32 | Scalar::I32 => 4,
            Scalar::F16 | Scalar::Bf16 => 2,
            Scalar::I8 | Scalar::E4m3 | Scalar::E5m2 => 1,
        }
    }

    /// The C++ type.
    pub const fn cutlass_type(self) -> &'static str {
        match self {
            Scalar::F32 => "float",
            Scalar::F16 => "cutlass::half_t",
            Scalar::Bf16 => "cutlass::bfloat16_t",
            Scalar::I32 => "int32_t",
            Scalar::I8 => "int8_t",
            Scalar::E4m3 => "cutlass::float_e4m3_t",
            Scalar::E5m2 => "cutlass::float_e5m2_t",
        }
    }

    fn parse(s: &str) -> Option<Scalar> {
        let bare = s.rsplit("::").next().unwrap_or(s);
        Some(match bare {
            "f32" | "float" => Scalar::F32,
            "f16" | "half_t" | "half" => Scalar::F16,
            "bf16" | "bfloat16_t" => Scalar::Bf16,
            "i32" | "int32_t" | "int" => Scalar::I32,
            "i8" | "int8_t" => Scalar::I8,
            "e4m3" | "float_e4m3_t" => Scalar::E4m3,
            "e5m2" | "float_e5m2_t" => Scalar::E5m2,
            _ => return None,
        })
    }
}

/// The functor of an `Sm90Compute` node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ComputeOp {
    Multiplies,
    Plus,
    Minus,
    HomogeneousMultiplyAdd,
    MultiplyAdd,
    Identity,
}

impl ComputeOp {
    const ALL: [ComputeOp; 6] = [
        ComputeOp::Multiplies,
        ComputeOp::Plus,
        ComputeOp::Minus,
        ComputeOp::HomogeneousMultiplyAdd,
        ComputeOp::MultiplyAdd,
        ComputeOp::Identity,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            ComputeOp::Multiplies => "multiplies",
            ComputeOp::Plus => "plus",
            ComputeOp::Minus => "minus",
            ComputeOp::HomogeneousMultiplyAdd => "homogeneous_multiply_add",
            ComputeOp::MultiplyAdd => "multiply_add",
            ComputeOp::Identity => "Identity",
        }
    }

    /// The C++ template.
    pub const fn cutlass_template(self) -> &'static str {
        match self {
            ComputeOp::Multiplies => "cutlass::multiplies",
            ComputeOp::Plus => "cutlass::plus",
            ComputeOp::Minus => "cutlass::minus",
            ComputeOp::HomogeneousMultiplyAdd => "cutlass::homogeneous_multiply_add",
            ComputeOp::MultiplyAdd => "cutlass::multiply_add",
            ComputeOp::Identity => "cutlass::epilogue::thread::Identity",
        }
    }
}

/// A load node that broadcasts a vector or a scalar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Broadcast {
    /// `Sm90RowBroadcast`: one CTA row in shared memory.
    Row,
    /// `Sm90ColBroadcast`: straight to registers.
    Col,
    /// `Sm90ScalarBroadcast`.
    Scalar,
    /// vLLM's `Sm90RowOrScalarBroadcast`: one CTA row in shared memory.
    RowOrScalar,
    /// vLLM's `Sm90ColOrScalarBroadcast`.
    ColOrScalar,
    /// vLLM's `Sm90RowOrScalarBroadcastArray` (grouped): one CTA row in shared memory.
    RowOrScalarArray,
    /// vLLM's `Sm90ColOrScalarBroadcastArray`.
    ColOrScalarArray,
}

impl Broadcast {
    const ALL: [Broadcast; 7] = [
        Broadcast::Row,
        Broadcast::Col,
        Broadcast::Scalar,
        Broadcast::RowOrScalar,
        Broadcast::ColOrScalar,
        Broadcast::RowOrScalarArray,
        Broadcast::ColOrScalarArray,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Broadcast::Row => "Sm90RowBroadcast",
            Broadcast::Col => "Sm90ColBroadcast",
            Broadcast::Scalar => "Sm90ScalarBroadcast",
            Broadcast::RowOrScalar => "Sm90RowOrScalarBroadcast",
            Broadcast::ColOrScalar => "Sm90ColOrScalarBroadcast",
            Broadcast::RowOrScalarArray => "Sm90RowOrScalarBroadcastArray",
            Broadcast::ColOrScalarArray => "Sm90ColOrScalarBroadcastArray",
        }
    }

    /// Whether the node keeps a CTA row in shared memory.
    pub const fn keeps_a_row(self) -> bool {
        matches!(self, Broadcast::Row | Broadcast::RowOrScalar | Broadcast::RowOrScalarArray)
    }

    /// vLLM's own nodes (`csrc/cutlass_extensions/epilogue/broadcast_load_epilogue[_array]_c3x.hpp`).
    pub const fn is_vllm(self) -> bool {
        !matches!(self, Broadcast::Row | Broadcast::Col | Broadcast::Scalar)
    }
}

/// One node of a tree, in prefix order: an `Evt` node is followed by its node op and its children.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EvtNode {
    /// `Sm90EVT<NodeOp, Children...>` with `children` children (the node op not counted).
    Evt { children: u8 },
    /// `Sm90Compute<Fn, ElementOutput, ElementCompute>`.
    Compute { op: ComputeOp, out: Scalar, compute: Scalar },
    /// `Sm90AccFetch`.
    AccFetch,
    /// `Sm90SrcFetch<ElementC>`.
    SrcFetch,
    /// A broadcast of one element type.
    Load { kind: Broadcast, element: Scalar },
}

/// The most nodes a tree may hold (vLLM's largest, the azp-with-token bias epilogue, has 14).
pub const MAX_EVT_NODES: usize = 16;

/// An EVT as its nodes in prefix order: a fixed array, so that a configuration stays `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EvtTree {
    pub len: u8,
    pub nodes: [EvtNode; MAX_EVT_NODES],
}

impl EvtTree {
    pub fn nodes(&self) -> &[EvtNode] {
        &self.nodes[..usize::from(self.len)]
    }

    /// Whether any node is one of vLLM's (their header must be on the include path to compile it).
    pub fn uses_vllm_nodes(&self) -> bool {
        self.nodes().iter().any(|n| matches!(n, EvtNode::Load { kind, .. } if kind.is_vllm()))
    }

    /// `FusionCallbacks::SharedStorage` for a CTA tile of `cta_n` columns, laid out as `L`.
    pub fn storage<L: TypeLayout>(&self, cta_n: u64) -> L {
        let mut at = 0;
        storage_of::<L>(self.nodes(), &mut at, cta_n)
    }

    /// Each node's subtree as text (the node at `*at`), advancing `at` past it.
    fn write_node(&self, f: &mut fmt::Formatter<'_>, at: &mut usize) -> fmt::Result {
        let node = self.nodes[*at];
        *at += 1;
        match node {
            EvtNode::Evt { children } => {
                f.write_str("Sm90EVT<")?;
                for i in 0..=usize::from(children) {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    self.write_node(f, at)?;
                }
                f.write_str(">")
            }
            EvtNode::Compute { op, out, compute } => {
                write!(f, "Sm90Compute<{}, {}, {}>", op.name(), out.name(), compute.name())
            }
            EvtNode::AccFetch => f.write_str("Sm90AccFetch"),
            EvtNode::SrcFetch => f.write_str("Sm90SrcFetch"),
            EvtNode::Load { kind, element } => write!(f, "{}<{}>", kind.name(), element.name()),
        }
    }
}

/// The storage of the subtree at `nodes[*at]`.
fn storage_of<L: TypeLayout>(nodes: &[EvtNode], at: &mut usize, cta_n: u64) -> L {
    let node = nodes[*at];
    *at += 1;
    match node {
        EvtNode::Evt { children } => {
            // `tuple<Children::SharedStorage..., NodeOp::SharedStorage>`.
            let op = storage_of::<L>(nodes, at, cta_n);
            let mut elements: Vec<L> = (0..children).map(|_| storage_of::<L>(nodes, at, cta_n)).collect();
            elements.push(op);
            tuple(&elements)
        }
        EvtNode::Load { kind, element } if kind.keeps_a_row() => L::leaf(
            format!("{}<{}> row", kind.name(), element.name()),
            round_up(cta_n * element.bytes(), 16),
            16,
            Role::FusionStorage,
        ),
        EvtNode::Compute { .. } | EvtNode::AccFetch | EvtNode::SrcFetch | EvtNode::Load { .. } => {
            L::empty("empty EVT node", 1)
        }
    }
}

/// `cute::tuple<T...>` through its `eso::ESO` chain: `{ first_ (if not empty); rest_ (if any rest
/// is not empty) }`, an empty struct when every element is empty.
fn tuple<L: TypeLayout>(elements: &[L]) -> L {
    let empty = |l: &L| is_empty_struct(l);
    match elements.split_first() {
        None => L::empty("tuple<>", 1),
        Some((first, rest)) => {
            let rest_empty = rest.iter().all(&empty);
            match (empty(first), rest_empty) {
                (true, true) => L::empty("tuple of empty storages", 1),
                (false, true) => L::strukt("tuple", 1, [first.clone().field()]),
                (true, false) => L::strukt("tuple", 1, [tuple(rest).field()]),
                (false, false) => L::strukt("tuple", 1, [first.clone().field(), tuple(rest).field()]),
            }
        }
    }
}

/// An empty struct (one byte, no members); every non-empty storage here is at least 16 bytes.
fn is_empty_struct<L: TypeLayout>(l: &L) -> bool {
    l.size() == 1 && l.align() == 1
}

impl fmt::Display for EvtTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut at = 0;
        self.write_node(f, &mut at)
    }
}

/// A parsed C++-like type: a name and its template arguments.
struct Type<'a> {
    name: &'a str,
    args: Vec<Type<'a>>,
}

/// How deep a fusion string may nest (a real EVT nests four or five levels).
const MAX_DEPTH: usize = 16;

fn parse_type<'a>(s: &'a str, pos: &mut usize, depth: usize) -> Result<Type<'a>, String> {
    if depth > MAX_DEPTH {
        return Err(format!("nested more than {MAX_DEPTH} levels deep"));
    }
    let bytes = s.as_bytes();
    while *pos < bytes.len() && bytes[*pos].is_ascii_whitespace() {
        *pos += 1;
    }
    let start = *pos;
    while *pos < bytes.len() && (bytes[*pos].is_ascii_alphanumeric() || bytes[*pos] == b'_' || bytes[*pos] == b':') {
        *pos += 1;
    }
    let name = &s[start..*pos];
    if name.is_empty() {
        return Err(format!("expected a type name at byte {start}"));
    }
    let mut args = Vec::new();
    while *pos < bytes.len() && bytes[*pos].is_ascii_whitespace() {
        *pos += 1;
    }
    if *pos < bytes.len() && bytes[*pos] == b'<' {
        *pos += 1;
        loop {
            args.push(parse_type(s, pos, depth + 1)?);
            while *pos < bytes.len() && bytes[*pos].is_ascii_whitespace() {
                *pos += 1;
            }
            match bytes.get(*pos) {
                Some(b',') => *pos += 1,
                Some(b'>') => {
                    *pos += 1;
                    break;
                }
                _ => return Err(format!("expected `,` or `>` at byte {}", *pos)),
            }
        }
    }
    Ok(Type { name: name.rsplit("::").next().unwrap_or(name), args })
}

fn scalar(t: &Type<'_>) -> Result<Scalar, String> {
    if !t.args.is_empty() {
        return Err(format!("`{}` is an element type and takes no arguments", t.name));
    }
    Scalar::parse(t.name).ok_or_else(|| {
        format!(
            "unknown element type `{}`; expected one of: {}",
            t.name,
            Scalar::ALL.iter().map(|s| s.name()).collect::<Vec<_>>().join(", ")
        )
    })
}

fn push(out: &mut Vec<EvtNode>, node: EvtNode) -> Result<(), String> {
    if out.len() == MAX_EVT_NODES {
        return Err(format!("more than {MAX_EVT_NODES} nodes"));
    }
    out.push(node);
    Ok(())
}

/// A node (not an `Sm90EVT`) or a tree, appended in prefix order.
fn lower(t: &Type<'_>, out: &mut Vec<EvtNode>) -> Result<(), String> {
    let arity = |n: usize| {
        if t.args.len() == n {
            Ok(())
        } else {
            Err(format!("`{}` takes {n} template argument(s) here, found {}", t.name, t.args.len()))
        }
    };
    match t.name {
        "Sm90EVT" | "Sm90TreeVisitor" => {
            if t.args.len() < 2 {
                return Err("`Sm90EVT` takes a node op and at least one child".into());
            }
            let children = u8::try_from(t.args.len() - 1).map_err(|_| "too many children".to_string())?;
            push(out, EvtNode::Evt { children })?;
            for a in &t.args {
                lower(a, out)?;
            }
            Ok(())
        }
        "Sm90Compute" => {
            if !(3..=4).contains(&t.args.len()) {
                return Err(format!(
                    "`Sm90Compute` takes <fn, ElementOutput, ElementCompute>, found {} arguments",
                    t.args.len()
                ));
            }
            let op = ComputeOp::ALL.into_iter().find(|o| o.name() == t.args[0].name).ok_or_else(|| {
                format!(
                    "unknown compute functor `{}`; expected one of: {}",
                    t.args[0].name,
                    ComputeOp::ALL.iter().map(|o| o.name()).collect::<Vec<_>>().join(", ")
                )
            })?;
            if t.args.len() == 4 && t.args[3].name != "round_to_nearest" {
                return Err("only FloatRoundStyle::round_to_nearest is modelled".into());
            }
            push(out, EvtNode::Compute { op, out: scalar(&t.args[1])?, compute: scalar(&t.args[2])? })
        }
        "Sm90AccFetch" => arity(0).and_then(|()| push(out, EvtNode::AccFetch)),
        "Sm90SrcFetch" => {
            if t.args.len() > 1 {
                return Err("`Sm90SrcFetch` takes at most its element type".into());
            }
            push(out, EvtNode::SrcFetch)
        }
        name => {
            let kind = Broadcast::ALL.into_iter().find(|b| b.name() == name).ok_or_else(|| {
                format!("unknown EVT node `{name}`; the model knows Sm90EVT, Sm90Compute, Sm90AccFetch, Sm90SrcFetch and the broadcasts Sm90{{Row,Col,Scalar}}Broadcast, vLLM's Sm90{{Row,Col}}OrScalarBroadcast[Array]")
            })?;
            arity(1)?;
            push(out, EvtNode::Load { kind, element: scalar(&t.args[0])? })
        }
    }
}

impl EvtTree {
    /// Parse a fusion string `Sm90EVT<...>`; the error says what is wrong.
    pub fn parse(s: &str) -> Result<EvtTree, String> {
        let mut pos = 0;
        let t = parse_type(s, &mut pos, 0)?;
        if s[pos..].trim() != "" {
            return Err(format!("unexpected text after the type at byte {pos}"));
        }
        if t.name != "Sm90EVT" && t.name != "Sm90TreeVisitor" {
            return Err("an EVT fusion is an `Sm90EVT<...>` tree".into());
        }
        let mut nodes = Vec::new();
        lower(&t, &mut nodes)?;
        // The node op of every tree is a compute node.
        let mut tree = EvtTree { len: 0, nodes: [EvtNode::AccFetch; MAX_EVT_NODES] };
        for (i, n) in nodes.iter().enumerate() {
            if matches!(n, EvtNode::Evt { .. }) && !matches!(nodes.get(i + 1), Some(EvtNode::Compute { .. })) {
                return Err("the first argument of `Sm90EVT` (its node op) must be an `Sm90Compute`".into());
            }
            tree.nodes[i] = *n;
        }
        tree.len = nodes.len() as u8;
        Ok(tree)
    }

    /// As a [`ParseError`] for the front ends.
    pub fn parse_fusion(s: &str) -> Result<EvtTree, ParseError> {
        EvtTree::parse(s).map_err(|why| ParseError::malformed("fusion", s, why))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{Sizeof, TypeLayout};

    const VLLM_SCALED: &str = "Sm90EVT<Sm90Compute<multiplies, bf16, f32>, Sm90ColOrScalarBroadcast<f32>, Sm90EVT<Sm90Compute<multiplies, f32, f32>, Sm90RowOrScalarBroadcast<f32>, Sm90AccFetch>>";

    #[test]
    fn a_tree_reads_back_as_written() {
        let t = EvtTree::parse(VLLM_SCALED).unwrap();
        assert_eq!(t.to_string(), VLLM_SCALED);
        assert_eq!(t.len, 7);
        let spaced = VLLM_SCALED.replace(", ", " ,  ").replace("Sm90", "cutlass::epilogue::fusion::Sm90");
        assert_eq!(EvtTree::parse(&spaced).unwrap(), t);
    }

    #[test]
    fn only_row_broadcasts_keep_storage() {
        let t = EvtTree::parse(VLLM_SCALED).unwrap();
        // One float row of a 128-column tile.
        assert_eq!(t.storage::<Sizeof>(128).size(), 512);
        let bias = EvtTree::parse("Sm90EVT<Sm90Compute<homogeneous_multiply_add, bf16, f32>, Sm90ColOrScalarBroadcast<f32>, Sm90EVT<Sm90Compute<multiplies, f32, f32>, Sm90RowOrScalarBroadcast<f32>, Sm90AccFetch>, Sm90RowBroadcast<bf16>>").unwrap();
        assert_eq!(bias.storage::<Sizeof>(96).size(), 384 + 192);
        let none =
            EvtTree::parse("Sm90EVT<Sm90Compute<multiplies, f32, f32>, Sm90ColBroadcast<f32>, Sm90AccFetch>").unwrap();
        assert_eq!((none.storage::<Sizeof>(128).size(), none.storage::<Sizeof>(128).align()), (1, 1));
        // A row of 8 bf16 is padded to array_aligned's 16 bytes.
        let short =
            EvtTree::parse("Sm90EVT<Sm90Compute<plus, f32, f32>, Sm90RowBroadcast<bf16>, Sm90AccFetch>").unwrap();
        assert_eq!(short.storage::<Sizeof>(8).size(), 16);
    }

    /// vLLM's INT8 azp epilogues (`ScaledEpilogueBiasAzp`, `ScaledEpilogueBiasAzpToken`): int32
    /// compute nodes and broadcasts; the rows kept are the f32 scale, the i32 azp_adj and the bias.
    #[test]
    fn the_azp_trees_read_back_and_keep_their_rows() {
        let azp = "Sm90EVT<Sm90Compute<homogeneous_multiply_add, bf16, f32>, Sm90ColOrScalarBroadcast<f32>, Sm90EVT<Sm90Compute<multiplies, f32, f32>, Sm90RowOrScalarBroadcast<f32>, Sm90EVT<Sm90Compute<minus, f32, i32>, Sm90AccFetch, Sm90RowBroadcast<i32>>>, Sm90RowBroadcast<bf16>>";
        let token = "Sm90EVT<Sm90Compute<homogeneous_multiply_add, bf16, f32>, Sm90ColOrScalarBroadcast<f32>, Sm90EVT<Sm90Compute<multiplies, f32, f32>, Sm90RowOrScalarBroadcast<f32>, Sm90EVT<Sm90Compute<minus, f32, i32>, Sm90AccFetch, Sm90EVT<Sm90Compute<multiplies, i32, i32>, Sm90ColBroadcast<i32>, Sm90RowBroadcast<i32>>>>, Sm90RowBroadcast<bf16>>";
        for s in [azp, token] {
            let t = EvtTree::parse(s).unwrap();
            assert_eq!(t.to_string(), s);
            // Three rows, each a multiple of 16 bytes: nothing else in the tree keeps storage.
            assert_eq!(t.storage::<Sizeof>(64).size(), 64 * 4 + 64 * 4 + 64 * 2);
        }
        assert_eq!(EvtTree::parse(token).unwrap().len, 14);
    }

    #[test]
    fn bad_trees_say_why() {
        for (bad, why) in [
            ("Sm90EVT<Sm90AccFetch, Sm90AccFetch>", "node op"),
            ("Sm90EVT<Sm90Compute<divides, f32, f32>, Sm90AccFetch>", "unknown compute functor"),
            ("Sm90EVT<Sm90Compute<plus, f32, f32>, Sm90RowBroadcast<f64>>", "unknown element type"),
            ("Sm90EVT<Sm90Compute<plus, f32, f32>, Sm90AuxLoad<f32>>", "unknown EVT node"),
            ("Sm90EVT<Sm90Compute<plus, f32, f32>, Sm90AccFetch", "expected `,` or `>`"),
            ("Sm90RowBroadcast<f32>", "an EVT fusion"),
            ("Sm90EVT<Sm90Compute<plus, f32, f32>>", "at least one child"),
        ] {
            let e = EvtTree::parse(bad).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
        let deep = format!("{}Sm90AccFetch{}", "Sm90EVT<Sm90Compute<plus, f32, f32>, ".repeat(40), ">".repeat(40));
        assert!(EvtTree::parse(&deep).is_err());
    }
}
