//! The SM120 epilogue builder (`epilogue/collective/builders/sm120_builder.inl`): what it derives
//! from the CTA tile, the C/D types and layout tags, the epilogue tile and the fusion before it
//! hands them to the SM90 TMA collective ([`sm90_epilogue`](super::sm90_epilogue)).
//!
//! - `sm120_compute_tile_shape_or_override`: `EpilogueTileAuto` is 64 x 32, or for an FP6 D a
//!   subtile with 128 along D's contiguous extent (64 x 128 row-major, 128 x 32 column-major); from
//!   4.6.0 a CTA N below 32 gives `EpiN = CTA_N` and, below 16, `EpiM = 128`. An explicit tile must
//!   divide the CTA tile.
//! - `sm120_get_tma_dispatch_policy`: `StagesD = min(EpiTiles, 2)` (1 for a row-major FP6 D),
//!   `ReuseSmem` when C and D are equally wide and wider than 8 bits, `StagesC` one more than
//!   `StagesD` when reusing.
//! - `sm120_get_epilogue_smem_swizzle_layout_atom`: `ss_smem_selector` over the subtile, K-major
//!   for row-major C/D and MN-major for column-major; FP6 is kept in 8-bit containers. C's atom is
//!   chosen before D's (a void C takes D's type and layout).
//!
//! The collective's own `static_assert`s ("EPI_TILE_M must divide CTA_M", ...) and the fusion's
//! fire when the collective is instantiated, which is after the mainloop builder's unless the
//! stage count's carve-out asks for `sizeof(CollectiveEpilogue::SharedStorage)` first: the
//! builder returns them apart ([`Built::collective_reject`]) for the family to order.

use super::sm90_epilogue::EpilogueParams;
use crate::config::{EpilogueTile, Layout};
use crate::dtype::Output;
use crate::families::reject;
use crate::layout::TypeLayout;
use crate::{ConfigField, CutlassVersion, Evaluation, Tile};

/// What the kernel asks the SM120 epilogue builder for.
#[derive(Clone, Debug)]
pub struct Request<L> {
    pub cta: Tile,
    /// `ElementC` (`void`: no source).
    pub c: Output,
    /// `ElementD` as the builder sees it. `Output::Void` when the kernel writes D itself through its
    /// fusion (TensorRT-LLM's FINALIZE scatter); the collective then keeps a buffer of `aux`.
    pub d: Output,
    /// The fusion's `ElementAux` for a void D.
    pub aux: Option<Output>,
    pub layout_c: Layout,
    pub layout_d: Layout,
    pub tile: EpilogueTile,
    /// `FusionCallbacks::SharedStorage`.
    pub fusion: L,
    /// The `SFVecSize` and scale-factor layout of a block-scale-factor fusion: `RowMajor` builds
    /// `Sm120BlockScaleFactorRowStore`, `ColumnMajor` `Sm120BlockScaleFactorColStore` (their asserts).
    pub sf_store: Option<(u64, Layout)>,
    pub grouped: bool,
    pub cutlass: CutlassVersion,
}

/// The builder's output: the collective's parameters, and a `static_assert` of the collective or
/// its fusion that fires when the collective is instantiated.
#[derive(Clone, Debug)]
pub struct Built<L> {
    pub params: EpilogueParams<L>,
    pub collective_reject: Option<Evaluation>,
}

/// `sm120_compute_tile_shape_or_override`, then the dispatch policy and the smem layout atoms.
/// `Err`: a `static_assert` of the builder itself (it fires as soon as the epilogue type is named).
pub fn build<L: TypeLayout>(r: Request<L>) -> Result<Built<L>, Box<Evaluation>> {
    let (cta_m, cta_n) = (r.cta.m, r.cta.n);
    let d_elem = if r.d == Output::Void { r.aux.unwrap_or(Output::Void) } else { r.d };
    let fp6 = r.d.bits() == 6;
    let row_d = r.layout_d == Layout::RowMajor;
    if fp6 && !((cta_m % 128 == 0 && !row_d) || (cta_n % 128 == 0 && row_d)) {
        return Err(rejected(
            "CTA tile for FP6 ElementD must have a contiguous extent that is a multiple of 128.",
            ConfigField::Tile,
            format!(
                "an FP6 D is stored 128 elements at a time along its contiguous extent; tile {} = {} is not a multiple of 128",
                if row_d { "N" } else { "M" },
                if row_d { cta_n } else { cta_m }
            ),
        ));
    }
    let (epi_m, epi_n) = match r.tile {
        EpilogueTile::Auto if fp6 => {
            if row_d {
                (64, 128)
            } else {
                (128, 32)
            }
        }
        EpilogueTile::Auto if r.cutlass.headers().sm120_narrow_n_tiles && cta_n < 32 => {
            (if cta_n < 16 { 128 } else { 64 }, cta_n)
        }
        EpilogueTile::Auto => (64, 32),
        EpilogueTile::Explicit { m, n } => {
            if fp6 && !((m % 128 == 0 && !row_d) || (n % 128 == 0 && row_d)) {
                return Err(rejected(
                    "EpilogueTile for narrow ElementD must have a contiguous extent that is a multiple of 128.",
                    ConfigField::EpilogueTile,
                    format!("epilogue tile {m}x{n} has no extent of 128 along the FP6 D's contiguous dimension"),
                ));
            }
            if cta_m % m != 0 || cta_n % n != 0 {
                return Err(rejected(
                    "EpilogueTile must evenly divide CTA tile",
                    ConfigField::EpilogueTile,
                    format!("epilogue tile {m}x{n} does not divide the CTA tile {cta_m}x{cta_n}"),
                ));
            }
            (m, n)
        }
    };
    // `shape_div` of the CTA's (M, N) by the subtile (`cute/int_tuple.hpp`): `ceil_div` under the
    // weak divisibility condition, one extent dividing the other.
    let shape_div = |a: u64, b: u64| {
        if a.is_multiple_of(b) || b.is_multiple_of(a) {
            Ok(a.div_ceil(b))
        } else {
            Err(rejected(
                "Divisibility Condition",
                ConfigField::Tile,
                format!("tile extent {a} and epilogue subtile extent {b} do not divide one another"),
            ))
        }
    };
    let epi_tiles = shape_div(cta_m, epi_m)? * shape_div(cta_n, epi_n)?;
    let reuse_smem = r.c.bits() == r.d.bits() && r.d.bits() > 8;
    let stages_d = if fp6 && row_d { 1 } else { epi_tiles.min(2) };
    let stages_c = if reuse_smem { epi_tiles.min(2).max(stages_d + 1) } else { stages_d };

    // The smem layout atoms, C's first (a void C is D's type in D's layout).
    let (c_elem, layout_c) = if r.c == Output::Void { (d_elem, r.layout_d) } else { (r.c, r.layout_c) };
    for (elem, layout) in [(c_elem, layout_c), (d_elem, r.layout_d)] {
        selector(epi_m, epi_n, elem, layout, r.cutlass)?;
    }

    // The collective's asserts, then the fusion's.
    let collective_reject = if cta_m % epi_m != 0 {
        Some(reject(
            "EPI_TILE_M must divide CTA_M",
            tile_field(r.tile),
            format!("the epilogue subtile is {epi_m} x {epi_n}; tile M = {cta_m} is not a multiple of {epi_m}"),
        ))
    } else if cta_n % epi_n != 0 {
        Some(reject(
            "EPI_TILE_N must divide CTA_N",
            tile_field(r.tile),
            format!("the epilogue subtile is {epi_m} x {epi_n}; tile N = {cta_n} is not a multiple of {epi_n}"),
        ))
    } else {
        r.sf_store.and_then(|(v, layout)| match layout {
            Layout::RowMajor => sf_row_store_assert(epi_n, v),
            Layout::ColumnMajor => sf_col_store_assert(epi_m, v),
        })
    };
    Ok(Built {
        params: EpilogueParams {
            c: r.c,
            d: d_elem,
            layout_c: r.layout_c,
            layout_d: r.layout_d,
            tile_m: epi_m,
            tile_n: epi_n,
            stages_c,
            stages_d,
            reuse_smem,
            fusion: r.fusion,
            contiguous_run: None,
            ptr_array: r.grouped.then_some(2),
            umma_selector: false,
        },
        collective_reject,
    })
}

/// A builder `static_assert`, boxed (an evaluation is large, and the builder's result is mostly `Ok`).
fn rejected(message: &'static str, at: ConfigField, detail: String) -> Box<Evaluation> {
    Box::new(reject(message, at, detail))
}

/// The field a subtile assert points at: the epilogue tile when it was written, else the CTA tile.
fn tile_field(tile: EpilogueTile) -> ConfigField {
    match tile {
        EpilogueTile::Auto => ConfigField::Tile,
        EpilogueTile::Explicit { .. } => ConfigField::EpilogueTile,
    }
}

/// `Sm120BlockScaleFactorRowStore`'s asserts on the subtile's N.
fn sf_row_store_assert(epi_n: u64, vector: u64) -> Option<Evaluation> {
    if !epi_n.is_multiple_of(vector) {
        return Some(reject(
            "EpilogueTileN should be divisible by SFVecSize",
            ConfigField::EpilogueTile,
            format!(
                "the epilogue subtile's N = {epi_n} is not a multiple of the output's {vector}-element scale vector"
            ),
        ));
    }
    (![1, 2, 4, 8].contains(&(epi_n / vector))).then(|| {
        reject(
            "Possible store in interleaved 4B aligned format",
            ConfigField::EpilogueTile,
            format!(
                "the epilogue subtile's N = {epi_n} holds {} scale vectors; 1, 2, 4 or 8 are stored",
                epi_n / vector
            ),
        )
    })
}

/// `Sm120BlockScaleFactorColStore`'s asserts on the subtile's M (its first message still says N).
fn sf_col_store_assert(epi_m: u64, vector: u64) -> Option<Evaluation> {
    if !epi_m.is_multiple_of(vector) {
        return Some(reject(
            "EpilogueTileN should be divisible by SFVecSize",
            ConfigField::EpilogueTile,
            format!(
                "the epilogue subtile's M = {epi_m} is not a multiple of the output's {vector}-element \
                 column-major scale vector"
            ),
        ));
    }
    (![1, 2, 4].contains(&(epi_m / vector))).then(|| {
        reject(
            "Possible store in interleaved 4B aligned format",
            ConfigField::EpilogueTile,
            format!(
                "the epilogue subtile's M = {epi_m} holds {} column-major scale vectors; 1, 2 or 4 are stored",
                epi_m / vector
            ),
        )
    })
}

/// `ss_smem_selector`'s asserts for one buffer (`gemm/collective/builders/sm90_common.inl`): both
/// subtile extents a multiple of 8, and an atom (SW128, SW64, SW32 or the 16-byte interleave) that
/// divides the contiguous extent. Which atom it picks is read again by the collective's layout.
fn selector(
    epi_m: u64,
    epi_n: u64,
    elem: Output,
    layout: Layout,
    cutlass: CutlassVersion,
) -> Result<(), Box<Evaluation>> {
    if !epi_m.is_multiple_of(8) {
        return Err(rejected(
            "BLK_MN0 must be a multiple of 8.",
            ConfigField::EpilogueTile,
            format!("the epilogue subtile's M = {epi_m} is not a multiple of 8"),
        ));
    }
    if !epi_n.is_multiple_of(8) {
        return Err(rejected(
            "BLK_K0 must be a multiple of 8.",
            ConfigField::EpilogueTile,
            format!("the epilogue subtile's N = {epi_n} is not a multiple of 8"),
        ));
    }
    let bits = if elem.bits() == 6 { 8 } else { elem.bits() };
    let (contiguous, message) = match layout {
        Layout::RowMajor => (epi_n, "BLK_K0 must be a multiple of size<1>(GMMA::Layout_K_INTER_Atom<ElementType>{})"),
        Layout::ColumnMajor if cutlass.headers().selector_mn_inter_by_size => {
            (epi_m, "BLK_MN must be a multiple of size<0>(GMMA::Layout_MN_INTER_Atom<ElementType>{})")
        }
        Layout::ColumnMajor => {
            (epi_m, "BLK_MN0 must be a multiple of size<0>(GMMA::Layout_MN_INTER_Atom<ElementType>{})")
        }
    };
    // The interleave atom is 16 bytes along the contiguous extent.
    if (contiguous * bits) % 128 != 0 {
        return Err(rejected(
            message,
            ConfigField::EpilogueTile,
            format!(
                "the epilogue subtile's contiguous extent is {contiguous} {elem} elements ({} bits), not a multiple of 16 bytes",
                contiguous * bits
            ),
        ));
    }
    Ok(())
}
