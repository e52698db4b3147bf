//! The part of CuTe's layout algebra (`cute/layout.hpp`) that decides SM120 scale-factor smem
//! sizes from CUTLASS 4.5 on: `coalesce`, `complement`, `composition` and `logical_divide` of flat,
//! static layouts with non-negative strides, including CuTe's "Shape/Stride Divisibility Condition"
//! static_asserts.

/// A flat layout: `(shape_0, ..., shape_n) : (stride_0, ..., stride_n)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub modes: Vec<(u64, u64)>,
}

/// The static_assert CuTe fails with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Divisibility {
    Shape,
    Stride,
}

impl Divisibility {
    pub const fn message(self) -> &'static str {
        match self {
            Divisibility::Shape => "Shape Divisibility Condition",
            Divisibility::Stride => "Stride Divisibility Condition",
        }
    }
}

impl Layout {
    pub fn new(modes: &[(u64, u64)]) -> Layout {
        Layout { modes: modes.to_vec() }
    }

    pub fn size(&self) -> u64 {
        self.modes.iter().map(|m| m.0).product()
    }

    /// The largest offset the layout maps to (`cosize - 1`).
    pub fn max_offset(&self) -> u64 {
        self.modes.iter().map(|&(s, d)| (s - 1) * d).sum()
    }

    /// `coalesce`: drop size-1 modes, merge `(s0, s1):(d0, s0*d0)` into `s0*s1:d0`.
    #[must_use]
    pub fn coalesce(&self) -> Layout {
        let mut out: Vec<(u64, u64)> = Vec::new();
        for &(s, d) in self.modes.iter().filter(|m| m.0 != 1) {
            match out.last_mut() {
                Some(last) if last.0 * last.1 == d => last.0 *= s,
                _ => out.push((s, d)),
            }
        }
        if out.is_empty() {
            out.push((1, 0));
        }
        Layout { modes: out }
    }

    /// `detail::coalesce_x`: `coalesce` that keeps a trailing mode (a trailing shape-1 mode reads
    /// as 2), so that `composition` of a layout past its size extends the last mode.
    #[must_use]
    pub fn coalesce_x(&self) -> Layout {
        let Some((&(last_shape, last_stride), front)) = self.modes.split_last() else {
            return Layout::new(&[(1, 0)]);
        };
        let mut out = vec![(if last_shape == 1 { 2 } else { last_shape }, last_stride)];
        for &(s, d) in front.iter().rev().filter(|m| m.0 != 1) {
            if s * d == out[0].1 {
                out[0] = (s * out[0].0, d);
            } else {
                out.insert(0, (s, d));
            }
        }
        Layout { modes: out }
    }

    /// `composition_impl(lhs, rhs_shape, rhs_stride)` for an integral right-hand side, `self`
    /// already coalesced (`coalesce_x`).
    pub fn compose_mode(&self, rhs_shape: u64, rhs_stride: u64) -> Result<Layout, Divisibility> {
        if rhs_stride == 0 {
            return Ok(Layout::new(&[(rhs_shape, 0)]));
        }
        let r = self.modes.len();
        if r == 1 {
            return Ok(Layout::new(&[(rhs_shape, rhs_stride * self.modes[0].1)]));
        }
        let (mut result, mut rest_shape, mut rest_stride) = (Vec::new(), rhs_shape, rhs_stride);
        for &(curr_shape, curr_stride) in &self.modes[..r - 1] {
            if !(rest_stride % curr_shape == 0 || rest_stride < curr_shape) {
                return Err(Divisibility::Stride);
            }
            let next_shape = curr_shape.div_ceil(rest_stride);
            let next_stride = rest_stride.div_ceil(curr_shape);
            if next_shape == 1 || rest_shape == 1 {
                rest_stride = next_stride;
                continue;
            }
            let new_shape = next_shape.min(rest_shape);
            if rest_shape % new_shape != 0 {
                return Err(Divisibility::Shape);
            }
            result.push((new_shape, rest_stride * curr_stride));
            rest_shape /= new_shape;
            rest_stride = next_stride;
        }
        let last_stride = self.modes[r - 1].1;
        if result.is_empty() {
            return Ok(Layout::new(&[(rest_shape, rest_stride * last_stride)]));
        }
        if rest_shape != 1 {
            result.push((rest_shape, rest_stride * last_stride));
        }
        Ok(Layout { modes: result })
    }

    /// `logical_divide(self, n)`: `composition(self, make_layout(n, complement(n, shape(coalesce(self)))))`.
    /// The result's modes: the tile's, then the rest's.
    pub fn logical_divide(&self, n: u64) -> Result<Layout, Divisibility> {
        let flat = self.coalesce();
        // complement(n:1, cotarget): one rest mode of ceil_div(cotarget, n) with stride n, where
        // ceil_div of a shape tuple by an integer folds left to right.
        let mut divisor = n;
        let mut rest = 1;
        for &(s, _) in &flat.modes {
            rest *= s.div_ceil(divisor);
            divisor = divisor.div_ceil(s);
        }
        let mut modes = flat.compose_mode(n, 1)?.modes;
        if rest != 1 {
            modes.extend(flat.compose_mode(rest, n)?.modes);
        }
        Ok(Layout { modes })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dividing_the_sfb_row_layout() {
        // SFB rows of an N < 128 tile in CUTLASS 4.5: (1,32,4):(512,16,4) divided by N.
        let rows = Layout::new(&[(1, 512), (32, 16), (4, 4)]);
        for n in [32, 64] {
            let d = rows.logical_divide(n).unwrap();
            assert_eq!(d.max_offset(), rows.max_offset(), "N = {n}");
            assert_eq!(d.size(), 128);
        }
        let d = rows.logical_divide(96).unwrap();
        assert_eq!(d.modes, vec![(32, 16), (3, 4), (2, 12)]);
        assert_eq!(d.max_offset(), rows.max_offset() + 8);
    }

    #[test]
    fn shape_divisibility() {
        assert_eq!(Layout::new(&[(3, 1), (4, 3)]).compose_mode(4, 1), Err(Divisibility::Shape));
    }
}
