//! C++ struct layout, as the compiler does it.
//!
//! The family models describe CUTLASS's `SharedStorage` structs as trees of [`Node`]s: leaves
//! (arrays, barriers, descriptors) with a size and alignment, structs with `alignas` members and an
//! optional minimum alignment (`cute::aligned_struct<N>`), and unions. [`Node::size`] applies the
//! Itanium C++ ABI rules the compiler applies (offsets rounded up to each member's alignment, size
//! rounded up to the struct's alignment, empty structs take one byte); [`Node::flatten`] lists every
//! leaf with its offset and every padding gap, so a breakdown always adds up to `sizeof`.

use std::borrow::Cow;

/// What a leaf of `SharedStorage` holds, for grouping a breakdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    OperandA,
    OperandB,
    ScaleFactorA,
    ScaleFactorB,
    /// A sparse kernel's metadata (E) tiles.
    Metadata,
    MainloopBarriers,
    MainloopTensormaps,
    EpilogueC,
    EpilogueD,
    /// A union in which C and D share the same buffer (`ReuseSmemC`).
    EpilogueCD,
    FusionStorage,
    EpilogueBarriers,
    EpilogueTensormaps,
    /// A user-declared epilogue the model does not lay out.
    DeclaredEpilogue,
    /// The non-persistent SM90 kernel's union of mainloop and epilogue tensors.
    TensorsUnion,
    KernelPipelines,
    SchedulerStorage,
    SchedulerResponses,
    /// An empty struct's one byte.
    Empty,
    Padding,
}

impl Role {
    pub const fn name(self) -> &'static str {
        match self {
            Role::OperandA => "A tiles",
            Role::OperandB => "B tiles",
            Role::ScaleFactorA => "SFA scale factors",
            Role::ScaleFactorB => "SFB scale factors",
            Role::Metadata => "sparsity metadata (E) tiles",
            Role::MainloopBarriers => "mainloop barriers",
            Role::MainloopTensormaps => "mainloop tensormaps",
            Role::EpilogueC => "epilogue C buffer",
            Role::EpilogueD => "epilogue D buffer",
            Role::EpilogueCD => "epilogue C/D buffer (shared)",
            Role::FusionStorage => "epilogue fusion storage",
            Role::EpilogueBarriers => "epilogue barriers",
            Role::EpilogueTensormaps => "epilogue tensormaps",
            Role::DeclaredEpilogue => "declared epilogue storage",
            Role::TensorsUnion => "mainloop/epilogue tensors (union)",
            Role::KernelPipelines => "kernel pipelines",
            Role::SchedulerStorage => "tile scheduler storage",
            Role::SchedulerResponses => "tile scheduler responses",
            Role::Empty => "empty struct",
            Role::Padding => "padding",
        }
    }
}

/// A pipelined buffer: `stages` copies of `bytes_per_stage`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerStage {
    pub stages: u64,
    pub bytes_per_stage: u64,
}

/// How the model lays out a C++ type: as a tree of named members ([`Node`], for breakdowns) or as
/// its `sizeof` and `alignof` alone ([`Sizeof`], for `eval` and the stage and suggestion searches,
/// which compare sizes only). The CUTLASS structs in `model::cutlass` and the families are written
/// once, generic over this; both implementations apply the same ABI rules ([`struct_shape`],
/// [`union_shape`]), so a size never depends on which one was asked for.
pub trait TypeLayout: Clone + Sized {
    /// A leaf: an array, barrier or descriptor of `size` bytes (at least 1), `per_stage` when it
    /// holds a pipeline's stages.
    fn leaf_with(name: Cow<'static, str>, size: u64, align: u64, role: Role, per_stage: Option<PerStage>) -> Self;

    /// A struct; `min_align` is 1, or N for `cute::aligned_struct<N>` bases.
    fn strukt(
        name: impl Into<Cow<'static, str>>,
        min_align: u64,
        fields: impl IntoIterator<Item = Field<Self>>,
    ) -> Self;

    /// A union of its fields.
    fn union(name: impl Into<Cow<'static, str>>, role: Role, fields: impl IntoIterator<Item = Field<Self>>) -> Self;

    /// The same type under another member name.
    #[must_use]
    fn renamed(self, name: &'static str) -> Self;

    /// The same type under a name derived from its own (only computed when names are kept).
    #[must_use]
    fn renamed_with(self, name: impl FnOnce(&str) -> String) -> Self;

    /// `sizeof` and `alignof`.
    fn shape(&self) -> Sizeof;

    /// `sizeof`.
    fn size(&self) -> u64 {
        self.shape().size
    }

    /// `alignof`.
    fn align(&self) -> u64 {
        self.shape().align
    }

    /// Every leaf and padding gap in address order ([`Node::flatten`]); empty when only sizes are kept.
    fn members(&self) -> Vec<Member>;

    fn leaf(name: impl Into<Cow<'static, str>>, size: u64, align: u64, role: Role) -> Self {
        Self::leaf_with(name.into(), size, align, role, None)
    }

    /// A leaf holding `stages` copies of `bytes_per_stage` (an smem tensor with a PIPE mode).
    fn staged(name: impl Into<Cow<'static, str>>, size: u64, align: u64, role: Role, per_stage: PerStage) -> Self {
        Self::leaf_with(name.into(), size, align, role, Some(per_stage))
    }

    /// An empty struct (`sizeof` 1, or its alignment).
    fn empty(name: impl Into<Cow<'static, str>>, align: u64) -> Self {
        Self::strukt(name, align, [])
    }

    /// This type as a member without `alignas`.
    fn field(self) -> Field<Self> {
        Field { alignas: 1, node: self }
    }

    /// This type as an `alignas(n)` member.
    fn aligned(self, n: u64) -> Field<Self> {
        Field { alignas: n, node: self }
    }
}

/// `sizeof` and `alignof` of a struct with members of the given (size, effective alignment), in
/// order: offsets rounded up to each member's alignment, the size rounded up to the struct's, an
/// empty struct one byte (or its alignment).
pub fn struct_shape(min_align: u64, fields: impl IntoIterator<Item = (u64, u64)>) -> Sizeof {
    let (end, align) = fields
        .into_iter()
        .fold((0, min_align), |(off, al), (size, align)| (round_up(off, align) + size, al.max(align)));
    Sizeof { size: round_up(end.max(1), align), align }
}

/// `sizeof` and `alignof` of a leaf: an array or barrier, at least one byte.
const fn leaf_shape(size: u64, align: u64) -> Sizeof {
    Sizeof { size: if size == 0 { 1 } else { size }, align }
}

/// `sizeof` and `alignof` of a union: its widest member, rounded up to its strictest alignment.
pub fn union_shape(fields: impl IntoIterator<Item = (u64, u64)>) -> Sizeof {
    let (widest, align) = fields.into_iter().fold((1, 1), |(w, al), (size, align)| (w.max(size), al.max(align)));
    Sizeof { size: round_up(widest, align), align }
}

/// A type's `sizeof` and `alignof`, without its members: what [`TypeLayout`] builds when only sizes
/// are asked for. Copying one costs nothing, and building a kernel's storage allocates nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizeof {
    size: u64,
    align: u64,
}

impl TypeLayout for Sizeof {
    fn leaf_with(_: Cow<'static, str>, size: u64, align: u64, _: Role, _: Option<PerStage>) -> Sizeof {
        leaf_shape(size, align)
    }

    fn strukt(
        _: impl Into<Cow<'static, str>>,
        min_align: u64,
        fields: impl IntoIterator<Item = Field<Self>>,
    ) -> Sizeof {
        struct_shape(min_align, fields.into_iter().map(|f| (f.node.size, f.align())))
    }

    fn union(_: impl Into<Cow<'static, str>>, _: Role, fields: impl IntoIterator<Item = Field<Self>>) -> Sizeof {
        union_shape(fields.into_iter().map(|f| (f.node.size, f.align())))
    }

    fn renamed(self, _: &'static str) -> Sizeof {
        self
    }

    fn renamed_with(self, _: impl FnOnce(&str) -> String) -> Sizeof {
        self
    }

    fn shape(&self) -> Sizeof {
        *self
    }

    fn members(&self) -> Vec<Member> {
        Vec::new()
    }
}

/// One named member of a `SharedStorage` type tree. Built through [`TypeLayout`] and immutable
/// after: each node computes its `sizeof` and `alignof` once, from its members' (a tree's size is
/// then linear in its nodes, not in nodes times depth).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// Static for every fixed member name: building a tree allocates no strings.
    pub name: Cow<'static, str>,
    kind: NodeKind,
    shape: Sizeof,
}

/// What a node is; its `sizeof` and `alignof` are the node's `shape`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeKind {
    Leaf { role: Role, per_stage: Option<PerStage> },
    Struct { fields: Vec<Field> },
    Union { role: Role, fields: Vec<Field> },
}

/// A member of a struct or union: a type and its `alignas` (1 when none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field<L = Node> {
    pub alignas: u64,
    pub node: L,
}

/// One row of a flattened layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// Dotted path from the outermost struct: `tensors.mainloop.smem_A`.
    pub path: String,
    pub offset: u64,
    pub size: u64,
    pub role: Role,
    pub per_stage: Option<PerStage>,
}

/// Round `x` up to a multiple of `a` (`a` > 0).
pub const fn round_up(x: u64, a: u64) -> u64 {
    x.div_ceil(a) * a
}

impl TypeLayout for Node {
    fn leaf_with(name: Cow<'static, str>, size: u64, align: u64, role: Role, per_stage: Option<PerStage>) -> Node {
        Node { name, kind: NodeKind::Leaf { role, per_stage }, shape: leaf_shape(size, align) }
    }

    fn strukt(name: impl Into<Cow<'static, str>>, min_align: u64, fields: impl IntoIterator<Item = Field>) -> Node {
        let fields: Vec<Field> = fields.into_iter().collect();
        let shape = struct_shape(min_align, fields.iter().map(|f| (f.node.size(), f.align())));
        Node { name: name.into(), kind: NodeKind::Struct { fields }, shape }
    }

    fn union(name: impl Into<Cow<'static, str>>, role: Role, fields: impl IntoIterator<Item = Field>) -> Node {
        let fields: Vec<Field> = fields.into_iter().collect();
        let shape = union_shape(fields.iter().map(|f| (f.node.size(), f.align())));
        Node { name: name.into(), kind: NodeKind::Union { role, fields }, shape }
    }

    fn renamed(mut self, name: &'static str) -> Node {
        self.name = name.into();
        self
    }

    fn renamed_with(mut self, name: impl FnOnce(&str) -> String) -> Node {
        self.name = name(&self.name).into();
        self
    }

    fn shape(&self) -> Sizeof {
        self.shape
    }

    fn members(&self) -> Vec<Member> {
        self.flatten()
    }
}

impl Node {
    /// Offset of the direct member `name`, if this is a struct that has one.
    pub fn offset_of(&self, name: &'static str) -> Option<u64> {
        let NodeKind::Struct { fields, .. } = &self.kind else { return None };
        let mut off = 0;
        for f in fields {
            off = round_up(off, f.align());
            if f.node.name == name {
                return Some(off);
            }
            off += f.node.size();
        }
        None
    }

    /// Every leaf and every padding gap, in address order; their sizes add up to [`TypeLayout::size`].
    pub fn flatten(&self) -> Vec<Member> {
        let mut out = Vec::new();
        self.flatten_into(&mut String::new(), 0, &mut out);
        out
    }

    /// Appends this node's rows; `path` holds the dotted path of its parent, and is left as it was.
    fn flatten_into(&self, path: &mut String, base: u64, out: &mut Vec<Member>) {
        let parent = path.len();
        if parent > 0 {
            path.push('.');
        }
        path.push_str(&self.name);
        match &self.kind {
            NodeKind::Leaf { role, per_stage } => {
                out.push(Member {
                    path: path.clone(),
                    offset: base,
                    size: self.size(),
                    role: *role,
                    per_stage: *per_stage,
                });
            }
            NodeKind::Union { role, fields } => {
                let names: Vec<String> =
                    fields.iter().map(|f| format!("{} {} B", f.node.name, f.node.size())).collect();
                let size = self.size();
                out.push(Member {
                    path: format!("{path} (union: {})", names.join(" | ")),
                    offset: base,
                    size,
                    role: *role,
                    per_stage: None,
                });
            }
            NodeKind::Struct { fields, .. } => {
                let size = self.size();
                if fields.is_empty() {
                    out.push(Member { path: path.clone(), offset: base, size, role: Role::Empty, per_stage: None });
                } else {
                    let mut off = 0;
                    for f in fields {
                        let at = round_up(off, f.align());
                        if at > off {
                            out.push(padding(path, &format!("before {}", f.node.name), base + off, at - off));
                        }
                        f.node.flatten_into(path, base + at, out);
                        off = at + f.node.size();
                    }
                    if size > off {
                        out.push(padding(path, "at end", base + off, size - off));
                    }
                }
            }
        }
        path.truncate(parent);
    }
}

fn padding(path: &str, what: &str, offset: u64, size: u64) -> Member {
    Member { path: format!("{path}.<padding {what}>"), offset, size, role: Role::Padding, per_stage: None }
}

impl<L: TypeLayout> Field<L> {
    /// The member's effective alignment: `max(alignas, alignof(type))`.
    pub fn align(&self) -> u64 {
        self.alignas.max(self.node.align())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn struct_rules_follow_the_abi() {
        // struct { char a; alignas(16) int b[3]; } -> b at 16, size 32, align 16.
        let s = Node::strukt(
            "S",
            1,
            vec![Node::leaf("a", 1, 1, Role::Empty).field(), Node::leaf("b", 12, 4, Role::Empty).aligned(16)],
        );
        assert_eq!(s.align(), 16);
        assert_eq!(s.size(), 32);
        assert_eq!(s.offset_of("b"), Some(16));
        let flat = s.flatten();
        assert_eq!(flat.iter().map(|m| m.size).sum::<u64>(), 32);
        assert_eq!(flat.iter().filter(|m| m.role == Role::Padding).count(), 2);
    }

    #[test]
    fn empty_structs_take_their_alignment() {
        assert_eq!(Node::empty("e", 1).size(), 1);
        assert_eq!(Node::empty("e", 16).size(), 16);
    }

    #[test]
    fn unions_take_the_widest_member() {
        let u = Node::union(
            "u",
            Role::EpilogueCD,
            vec![Node::leaf("c", 100, 1, Role::EpilogueC).aligned(64), Node::leaf("d", 10, 1, Role::EpilogueD).field()],
        );
        assert_eq!(u.size(), 128);
        assert_eq!(u.flatten().len(), 1);
    }
}
