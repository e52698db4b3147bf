//! `cutlass.utils.SmemAllocator.allocate_tensor`, called in sequence: the shared memory of a CuTe DSL
//! kernel that declares no `@cute.struct` (FlashInfer's W4A4 MoE kernels). Each allocation is placed
//! at the running offset rounded up to `max(byte_alignment, dtype.width // 8)` (the first at 0) and
//! takes `ceil(cosize(layout) * width / 8)` bytes; the kernel launches with the end of the last one
//! (`cute.kernel_smem_size`: no final rounding). Verified against the compiler: the
//! `dynamicSmemBytes` constant of 75 compiled launches (docs/dsl.md).

use crate::layout::{round_up, Member, Role};

/// A kernel body's allocations, in program order.
#[derive(Clone, Debug)]
pub struct SmemAllocator {
    offset: u64,
    /// `None` when only the size is wanted.
    members: Option<Vec<Member>>,
}

/// The prefix of every allocation's path (`SmemAllocator.sA`): what allocates it.
pub const PATH: &str = "SmemAllocator";

impl SmemAllocator {
    /// A fresh allocator (`utils.SmemAllocator()`); `keep` lists the allocations (else sizes only).
    pub fn new(keep: bool) -> Self {
        SmemAllocator { offset: 0, members: keep.then(Vec::new) }
    }

    /// `allocate_tensor(dtype, layout, byte_alignment=align)` of `count` elements (the layout's
    /// cosize) of `elem_bits` each, named as the source's variable.
    pub fn allocate(&mut self, name: &str, elem_bits: u64, count: u64, align: u64, role: Role) -> &mut Self {
        let align = align.max(elem_bits / 8).max(1);
        debug_assert!(align.is_power_of_two(), "the allocator aligns to powers of 2");
        let at = round_up(self.offset, align);
        let bytes = (count * elem_bits).div_ceil(8);
        if let Some(members) = &mut self.members {
            if at > self.offset {
                members.push(Member {
                    path: format!("{PATH}.<padding before {name}>"),
                    offset: self.offset,
                    size: at - self.offset,
                    role: Role::Padding,
                    per_stage: None,
                });
            }
            members.push(Member { path: format!("{PATH}.{name}"), offset: at, size: bytes, role, per_stage: None });
        }
        self.offset = at + bytes;
        self
    }

    /// The kernel's shared memory: the end of the last allocation, and the allocations.
    pub fn finish(&mut self) -> (u64, Vec<Member>) {
        (self.offset, self.members.take().unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SPEC §11's check: Int32[100] at 16, then Float32[33] at 1024, ends at 1156 (no final rounding).
    #[test]
    fn allocations_align_and_the_end_is_not_rounded() {
        let mut a = SmemAllocator::new(true);
        a.allocate("x", 32, 100, 16, Role::Padding).allocate("y", 32, 33, 1024, Role::Padding);
        let (size, members) = a.finish();
        assert_eq!(size, 1156);
        let rows: Vec<(&str, u64, u64)> = members.iter().map(|m| (m.path.as_str(), m.offset, m.size)).collect();
        assert_eq!(
            rows,
            [
                ("SmemAllocator.x", 0, 400),
                ("SmemAllocator.<padding before y>", 400, 624),
                ("SmemAllocator.y", 1024, 132)
            ]
        );
        // FP4 elements: half a byte each, aligned to the byte alignment alone.
        let mut a = SmemAllocator::new(false);
        a.allocate("fp4", 4, 3, 16, Role::OperandA);
        assert_eq!(a.finish(), (2, Vec::new()));
    }
}
