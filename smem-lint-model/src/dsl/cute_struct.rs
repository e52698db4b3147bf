//! `@cute.struct`, laid out as the DSL lays it out (`cutlass/cute/core.py`, class `struct`,
//! `nvidia-cutlass-dsl` 4.8.1): members in declaration order, each at its offset rounded up to its
//! alignment, the struct's size rounded up to its strictest member alignment.
//!
//! The member rules, as `struct.__init__` computes them:
//! - a scalar `T`: `max(1, T.width // 8)` bytes, aligned to that size (or its `Align[.., N]`, if larger);
//! - `MemRange[T, n]`: `n * T.width // 8` bytes (sub-byte types round down; `n = 0` is a valid,
//!   empty marker member), aligned to `max(T.width // 8, N)` with `Align[.., N]` (N = 1 without);
//! - a nested struct: its `__sizeof__()`, aligned to `max(__alignof__(), N)`.
//!
//! Unlike C++, nothing is at least one byte: an empty `MemRange` takes none, and an empty struct is
//! a `TypeError` in the DSL (the models never build one). The breakdown lists every member and every
//! padding gap, so it always adds up to `size_in_bytes()`.

use crate::layout::{round_up, Member, PerStage, Role};

/// A struct being laid out, member by member.
#[derive(Clone, Debug)]
pub struct CuteStruct {
    name: &'static str,
    offset: u64,
    align: u64,
    /// `None` when only the size is wanted.
    members: Option<Vec<Member>>,
}

/// A laid-out struct: `size_in_bytes()`, `__alignof__()`, and (when kept) its members.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Laid {
    pub name: &'static str,
    pub size: u64,
    pub align: u64,
    pub members: Vec<Member>,
}

impl CuteStruct {
    /// A struct named as its Python class; `keep` lists its members (else sizes only).
    pub fn new(name: &'static str, keep: bool) -> Self {
        CuteStruct { name, offset: 0, align: 1, members: keep.then(Vec::new) }
    }

    fn place(&mut self, member: &str, bytes: u64, align: u64, role: Role, per_stage: Option<PerStage>) {
        debug_assert!(align.is_power_of_two(), "struct.align_offset asserts a power of 2");
        let at = round_up(self.offset, align);
        if let Some(members) = &mut self.members {
            if at > self.offset {
                members.push(padding(self.name, &format!("before {member}"), self.offset, at - self.offset));
            }
            members.push(Member { path: format!("{}.{member}", self.name), offset: at, size: bytes, role, per_stage });
        }
        self.offset = at + bytes;
        self.align = self.align.max(align);
    }

    /// A scalar member of `bits` (`cutlass.Int32`: 32), `Align[.., align]` when `align` > 1.
    pub fn scalar(&mut self, member: &str, bits: u64, align: u64, role: Role) -> &mut Self {
        let bytes = (bits / 8).max(1);
        self.place(member, bytes, bytes.max(align), role, None);
        self
    }

    /// `MemRange[T, count]` with `T` of `elem_bits`, under `Align[.., align]` (1: no `Align`).
    pub fn mem_range(&mut self, member: &str, elem_bits: u64, count: u64, align: u64, role: Role) -> &mut Self {
        self.mem_range_staged(member, elem_bits, count, align, role, None)
    }

    /// [`CuteStruct::mem_range`] of a buffer that holds `per_stage.stages` pipeline stages.
    pub fn mem_range_staged(
        &mut self,
        member: &str,
        elem_bits: u64,
        count: u64,
        align: u64,
        role: Role,
        per_stage: Option<PerStage>,
    ) -> &mut Self {
        let bytes = count * elem_bits / 8;
        self.place(member, bytes, (elem_bits / 8).max(align).max(1), role, per_stage);
        self
    }

    /// A nested struct member, under `Align[.., align]` (1: none).
    pub fn nested(&mut self, member: &str, inner: &Laid, align: u64) -> &mut Self {
        let at = round_up(self.offset, inner.align.max(align));
        if let Some(members) = &mut self.members {
            if at > self.offset {
                members.push(padding(self.name, &format!("before {member}"), self.offset, at - self.offset));
            }
            for m in &inner.members {
                let path = m.path.strip_prefix(inner.name).unwrap_or(&m.path);
                members.push(Member {
                    path: format!("{}.{member}{path}", self.name),
                    offset: at + m.offset,
                    ..m.clone()
                });
            }
        }
        self.offset = at + inner.size;
        self.align = self.align.max(inner.align.max(align));
        self
    }

    /// `size_in_bytes()`: the end rounded up to the struct's alignment.
    pub fn finish(&mut self) -> Laid {
        let size = round_up(self.offset, self.align);
        let keep = self.members.is_some();
        let mut members = self.members.take().unwrap_or_default();
        if keep && size > self.offset {
            members.push(padding(self.name, "at end", self.offset, size - self.offset));
        }
        Laid { name: self.name, size, align: self.align, members }
    }
}

fn padding(name: &str, what: &str, offset: u64, size: u64) -> Member {
    Member { path: format!("{name}.<padding {what}>"), offset, size, role: Role::Padding, per_stage: None }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The DSL's own docstring example (`cute.struct`): `StorageB` with four 1024-aligned members.
    #[test]
    fn members_align_and_the_size_rounds_to_the_strictest() {
        let mut complex = CuteStruct::new("complex", true);
        complex.scalar("real", 32, 1, Role::Padding).scalar("imag", 32, 1, Role::Padding);
        let complex = complex.finish();
        assert_eq!((complex.size, complex.align), (8, 4));
        let mut s = CuteStruct::new("StorageB", true);
        s.mem_range("a", 32, 3, 1024, Role::OperandA)
            .mem_range("b", 32, 5, 1024, Role::OperandB)
            .scalar("x", 32, 16, Role::Padding)
            .nested("compA", &complex, 16);
        let s = s.finish();
        let offsets: Vec<(String, u64, u64)> = s.members.iter().map(|m| (m.path.clone(), m.offset, m.size)).collect();
        assert_eq!(s.size, 2048);
        assert_eq!(s.align, 1024);
        assert_eq!(offsets[0], ("StorageB.a".into(), 0, 12));
        assert_eq!(offsets[2], ("StorageB.b".into(), 1024, 20));
        assert_eq!(offsets[4], ("StorageB.x".into(), 1056, 4));
        assert_eq!(offsets[6], ("StorageB.compA.real".into(), 1072, 4));
        assert_eq!(s.members.iter().map(|m| m.size).sum::<u64>(), s.size, "members and padding add up");
    }

    /// Sub-byte elements round down and align to one byte; an empty range takes no bytes.
    #[test]
    fn fp4_ranges_and_empty_ranges() {
        let mut s = CuteStruct::new("S", false);
        s.mem_range("ctrl", 32, 1, 1, Role::Padding).mem_range("marker", 32, 0, 1, Role::Padding).mem_range(
            "fp4",
            4,
            3,
            1,
            Role::OperandA,
        );
        let s = s.finish();
        assert_eq!(s.size, 8, "4 + 0 + 1 (3 x 4 bits = 12 bits -> 1 byte), rounded to 4");
        assert!(s.members.is_empty());
    }
}
