//! Grid-aware fills, a row at a time (the word "fill" elsewhere in the crate means
//! depression filling, [`crate::hydrology`]). A grid fill is not a million independent point queries: every
//! sample of a column shares its x, every sample of a row its y, and each octave shares
//! the column coordinates scaled by its frequency. So a fill
//!
//! - computes each column's noise-space x once per octave, and from it whatever the
//!   kernel can reuse down the column ([`RowNoise::cols`]: lattice cell, fraction, fade,
//!   first-level hash);
//! - computes each row's y-side values once per row and octave (cell, fraction, fade);
//! - evaluates one octave for a whole row at a time, four columns per step with
//!   [`crate::simd`] (WebAssembly SIMD or SSE where the build has them), and adds the shaped
//!   octave into a row accumulator.
//!
//! Coordinates are f64 up to the octave's multiplication by its frequency and the
//! reduction by the kernel's period ([`crate::noise::reduce`]): both are per column or
//! per row, so the per-sample work stays f32.
//!
//! Every value is computed with the same IEEE operations in the same order as
//! [`crate::field::Composed::eval2`] / `eval3` on the point (no FMA, no reassociation),
//! so a fill equals point sampling bit for bit, in every build. The only freedom taken
//! is the sign of an intermediate zero in improved Perlin's gradient dot products
//! (`0·y + x` for `x`), which cannot change any non-zero result and is erased by the
//! fractal sum's `0.0 + …`; tests/fill.rs checks millions of samples of every kernel.

mod deriv;
mod deriv_rows;
mod lattice;
mod points;
mod points_deriv;

pub use deriv::DerivFill;
#[cfg(test)]
pub(crate) use deriv_rows::each_point_deriv;
mod simplex;
mod simplex_deriv;
mod worley;
mod worley_deriv;

use crate::compose::Composed;
use crate::fractal::FractalKind;
use crate::grid::Region;
use crate::noise::{split, Noise};
use crate::simd::F4;

/// A kernel that can evaluate a whole row of a grid at once.
pub trait RowNoise: Noise {
    /// What the kernel precomputes per column (for one octave).
    type Cols;
    /// Precomputes column data from the octave's x coordinates `xs` (length a multiple
    /// of 4).
    fn cols(&self, xs: &[f32]) -> Self::Cols;
    /// `out[i] = noise2(xs[i], y)`; `out.len() == xs.len()`, a multiple of 4.
    fn row2(&self, cols: &Self::Cols, xs: &[f32], y: f32, out: &mut [f32]);
    /// `out[i] = noise3(xs[i], y, z)`.
    fn row3(&self, cols: &Self::Cols, xs: &[f32], y: f32, z: f32, out: &mut [f32]);
    /// [`RowNoise::cols`] of columns `xs + shifts` (whole cells, see
    /// [`crate::noise::split`]); periodic kernels ignore the shifts.
    fn cols_shifted(&self, xs: &[f32], _shifts: &[i32]) -> Self::Cols {
        self.cols(xs)
    }
    /// Column data from the f64 columns `wide` and their split `xs + shifts`.
    fn cols_wide(&self, xs: &[f32], shifts: &[i32], _wide: &[f64]) -> Self::Cols {
        self.cols_shifted(xs, shifts)
    }
    /// A 2D row at f64 `y`: split by [`Noise::period`] unless the kernel does better.
    fn row2_wide(&self, cols: &Self::Cols, xs: &[f32], y: f64, out: &mut [f32]) {
        self.row2_shifted(cols, xs, split(y, self.period(2)), out)
    }
    /// A 3D row at f64 `y`, `z`.
    fn row3_wide(&self, cols: &Self::Cols, xs: &[f32], y: f64, z: f64, out: &mut [f32]) {
        let p = self.period(3);
        self.row3_shifted(cols, xs, split(y, p), split(z, p), out)
    }
    /// [`RowNoise::row2`] on row `y.0 + y.1`.
    fn row2_shifted(&self, cols: &Self::Cols, xs: &[f32], y: (f32, i32), out: &mut [f32]) {
        self.row2(cols, xs, y.0, out)
    }
    /// `out[i]` = the octave at frequency `f` of point `(x[i], y[i])`, as
    /// [`crate::compose::Composed::eval2`] samples it (`out.len()` a multiple of 4).
    fn points2(&self, x: &[f64], y: &[f64], f: f64, out: &mut [f32]) {
        for (o, (&x, &y)) in out.iter_mut().zip(x.iter().zip(y)) {
            *o = self.noise2_at(x * f, y * f);
        }
    }
    /// The 3D [`RowNoise::points2`], as `eval3` samples an octave.
    fn points3(&self, p: [&[f64]; 3], f: f64, out: &mut [f32]) {
        let period = self.period(3);
        for (i, o) in out.iter_mut().enumerate() {
            let [(x, sx), (y, sy), (z, sz)] = p.map(|v| split(v[i] * f, period));
            *o = self.noise3_shifted(x, y, z, [sx, sy, sz]);
        }
    }
    /// [`RowNoise::row3`] at `y.0 + y.1`, `z.0 + z.1`.
    fn row3_shifted(
        &self,
        cols: &Self::Cols,
        xs: &[f32],
        y: (f32, i32),
        z: (f32, i32),
        out: &mut [f32],
    ) {
        self.row3(cols, xs, y.0, z.0, out)
    }
}

/// Point-by-point rows, for kernels without a row form (the teaching variants).
macro_rules! pointwise_rows {
    ($t:ty) => {
        impl $crate::rows::RowNoise for $t {
            type Cols = ();
            fn cols(&self, _xs: &[f32]) {}
            fn row2(&self, _: &(), xs: &[f32], y: f32, out: &mut [f32]) {
                for (o, &x) in out.iter_mut().zip(xs) {
                    *o = self.noise2(x, y);
                }
            }
            fn row3(&self, _: &(), xs: &[f32], y: f32, z: f32, out: &mut [f32]) {
                for (o, &x) in out.iter_mut().zip(xs) {
                    *o = self.noise3(x, y, z);
                }
            }
        }
    };
}
pointwise_rows!(crate::noise::teaching::Teaching);

/// `acc += amp · shape(n)`, four lanes at a time, the order of [`crate::fractal::Fractal::sum`]
/// (`acc` starts at `0.0`: `first` adds to a zero instead of reading `acc`). With `out`
/// (the last octave), writes `(acc + amp · shape(n)) / norm` to `out` instead of `acc`:
/// the whole sum, without a pass to divide or a zeroed accumulator.
#[inline]
fn accumulate(
    acc: &mut [f32],
    n: &[f32],
    amp: f32,
    kind: FractalKind,
    first: bool,
    out: Option<(&mut [f32], f32)>,
) {
    let a = F4::splat(amp);
    let out = out.map(|(o, norm)| (o, F4::splat(norm)));
    #[inline(always)]
    fn go(
        acc: &mut [f32],
        n: &[f32],
        shape: impl Fn(F4, F4) -> F4,
        first: bool,
        out: Option<(&mut [f32], F4)>,
    ) {
        if first {
            pass::<true>(acc, (n, n), out, shape)
        } else {
            pass::<false>(acc, (n, n), out, shape)
        }
    }
    // One instantiation per kind (each `shape` call below is on a constant): the shape's
    // match is decided once per row, not per chunk.
    use FractalKind::*;
    match kind {
        Fbm => go(acc, n, |v, _| a * Fbm.shape(v), first, out),
        Ridged => go(acc, n, |v, _| a * Ridged.shape(v), first, out),
        Billow => go(acc, n, |v, _| a * Billow.shape(v), first, out),
        Turbulence => go(acc, n, |v, _| a * Turbulence.shape(v), first, out),
    }
}

/// One accumulator row: `acc = prev + term(n₀, n_c)` chunk by chunk over the padded
/// rows (`prev` 0 on the first octave: `FIRST` decides it once per row), or with `out`
/// (the last octave) `(prev + term) / norm` into `out`, whose last chunk may be partial
/// (the padded lanes are dropped). Exact chunks: no bounds checks inside the loops.
#[inline(always)]
fn pass<const FIRST: bool>(
    acc: &mut [f32],
    (n0, nc): (&[f32], &[f32]),
    out: Option<(&mut [f32], F4)>,
    term: impl Fn(F4, F4) -> F4,
) {
    let ins = n0.chunks_exact(4).zip(nc.chunks_exact(4));
    let sum = |acc: &[f32], (m, v): (&[f32], &[f32])| {
        let prev = if FIRST { F4::splat(0.0) } else { F4::load(acc) };
        prev + term(F4::load(m), F4::load(v))
    };
    let mut pairs = acc.chunks_exact_mut(4).zip(ins);
    let Some((out, norm)) = out else {
        for (acc, i) in pairs {
            sum(acc, i).store(acc);
        }
        return;
    };
    let mut outs = out.chunks_exact_mut(4);
    for (o, (acc, i)) in (&mut outs).zip(&mut pairs) {
        (sum(acc, i) / norm).store(o);
    }
    let rest = outs.into_remainder();
    if let (false, Some((acc, i))) = (rest.is_empty(), pairs.next()) {
        let mut tail = [0.0f32; 4];
        (sum(acc, i) / norm).store(&mut tail);
        let len = rest.len();
        rest.copy_from_slice(&tail[..len]);
    }
}

/// The per-octave column data of one fill: computed once per set of columns, and
/// reusable by every band of rows over them (graphs fill in bands).
pub struct Columns<C> {
    octaves: Vec<(Vec<f32>, C)>,
    width: usize,
    padded: usize,
}

impl<C> Columns<C> {
    /// The columns of region `r`'s fills.
    fn new<K: RowNoise<Cols = C>>(c: &Composed<K>, r: &Region, dims: u32) -> Self {
        Self::at(c, &r.xs(), dims)
    }

    /// `dims` picks the kernel's period ([`Noise::period`]) the columns are reduced by;
    /// `xs` are the columns' noise-space x (before the offset).
    fn at<K: RowNoise<Cols = C>>(c: &Composed<K>, xs: &[f64], dims: u32) -> Self {
        let w = xs.len();
        let padded = (w + 3) & !3;
        let p = c.base.period(dims);
        // Padding columns repeat the last real column: finite, discarded.
        let base: Vec<f64> = (0..padded)
            .map(|i| xs[i.min(w - 1)] + c.offset[0])
            .collect();
        let octaves = c
            .fractal
            .freqs()
            .iter()
            .map(|&f| {
                let wide: Vec<f64> = base.iter().map(|&x| x * f as f64).collect();
                let (xs, shifts): (Vec<f32>, Vec<i32>) = wide.iter().map(|&x| split(x, p)).unzip();
                let cols = c.base.cols_wide(&xs, &shifts, &wide);
                (xs, cols)
            })
            .collect();
        Self {
            octaves,
            width: w,
            padded,
        }
    }
}

/// 2D fill of an unwarped, untiled field at columns `xs` × rows `ys` (noise space,
/// before the offset): `out[j · xs.len() + i]` equals `eval2(xs[i], ys[j])`.
pub fn fill2d<K: RowNoise>(c: &Composed<K>, out: &mut [f32], xs: &[f64], ys: &[f64]) {
    fill2d_with(c, &Columns::at(c, xs, 2), out, ys)
}

/// 3D slice fill of an unwarped field at depth `z`; equals `eval3` on every cell.
pub fn fill3d<K: RowNoise>(c: &Composed<K>, out: &mut [f32], xs: &[f64], ys: &[f64], z: f64) {
    fill3d_with(c, &Columns::at(c, xs, 3), out, ys, z)
}

/// [`fill2d`] over columns prepared by [`Composed::columns`] (`dims` 2).
pub fn fill2d_with<K: RowNoise>(
    c: &Composed<K>,
    cols: &Columns<K::Cols>,
    out: &mut [f32],
    ys: &[f64],
) {
    fill_rows(c, cols, out, ys, |cc, xs, y, f, n| {
        c.base.row2_wide(cc, xs, y * f, n)
    });
}

/// [`fill3d`] over columns prepared by [`Composed::columns`] (`dims` 3).
pub fn fill3d_with<K: RowNoise>(
    c: &Composed<K>,
    cols: &Columns<K::Cols>,
    out: &mut [f32],
    ys: &[f64],
    z: f64,
) {
    let z = z + c.offset[2];
    fill_rows(c, cols, out, ys, |cc, xs, y, f, n| {
        c.base.row3_wide(cc, xs, y * f, z * f, n)
    });
}

/// The fractal sum row by row: `row(cols, xs, y, f, n)` writes one octave's kernel row
/// at frequency `f` into `n`, and the octaves accumulate into each output row.
#[inline(always)]
fn fill_rows<K: RowNoise>(
    c: &Composed<K>,
    cols: &Columns<K::Cols>,
    out: &mut [f32],
    ys: &[f64],
    row: impl Fn(&K::Cols, &[f32], f64, f64, &mut [f32]),
) {
    let fr = &c.fractal;
    let mut acc = vec![0.0f32; cols.padded];
    let mut n = vec![0.0f32; cols.padded];
    for (out_row, &y) in out.chunks_exact_mut(cols.width).zip(ys) {
        let y = y + c.offset[1];
        let last = cols.octaves.len() - 1;
        for (i, (xs, cc)) in cols.octaves.iter().enumerate() {
            row(cc, xs, y, fr.freqs()[i] as f64, &mut n);
            let out = (i == last).then_some((&mut *out_row, fr.norm()));
            accumulate(&mut acc, &n, fr.amps()[i], fr.kind, i == 0, out);
        }
    }
}

/// [`fill2d_with`] or [`fill3d_with`] over columns made by [`Composed::columns`] of
/// the same `c` (anything else is a bug: it fills nothing).
pub fn fill_prepared<K: RowNoise>(
    c: &Composed<K>,
    cols: &dyn std::any::Any,
    dims: u32,
    out: &mut [f32],
    ys: &[f64],
    z: f64,
) where
    K::Cols: 'static,
{
    let Some(cols) = cols.downcast_ref::<Columns<K::Cols>>() else {
        debug_assert!(false, "columns of another kernel");
        return;
    };
    if dims == 2 {
        fill2d_with(c, cols, out, ys)
    } else {
        fill3d_with(c, cols, out, ys, z)
    }
}

impl<K: RowNoise> Composed<K> {
    /// 2D fill: grid-aware rows (this module) unless warped or tiled (then point batches,
    /// `points.rs`); the same bits
    /// as [`Composed::fill2d_points`] either way.
    pub fn fill2d(&self, out: &mut [f32], r: &Region) {
        if self.rows_apply(2) {
            fill2d_with(self, &Columns::new(self, r, 2), out, &r.ys())
        } else {
            self.points_grid(out, &r.xs(), &r.ys(), None)
        }
    }

    /// 3D slice fill, grid-aware unless warped.
    pub fn fill3d(&self, out: &mut [f32], r: &Region) {
        if self.rows_apply(3) {
            fill3d_with(self, &Columns::new(self, r, 3), out, &r.ys(), r.z)
        } else {
            self.points_grid(out, &r.xs(), &r.ys(), Some(r.z))
        }
    }

    /// [`Composed::fill2d`] at columns `xs` × rows `ys` (noise space): `eval2(xs[i], ys[j])`.
    pub fn fill2d_axes(&self, out: &mut [f32], xs: &[f64], ys: &[f64]) {
        if self.rows_apply(2) {
            fill2d(self, out, xs, ys)
        } else {
            self.points_grid(out, xs, ys, None)
        }
    }

    /// Whether `dims`-D fills run the row kernels (else they sample point by point).
    pub fn rows_apply(&self, dims: u32) -> bool {
        self.warp.is_none() && (dims == 3 || self.period.is_none())
    }

    /// The column data of fills at columns `xs` ([`fill2d_with`], [`fill3d_with`]).
    pub fn columns(&self, xs: &[f64], dims: u32) -> Columns<K::Cols> {
        Columns::at(self, xs, dims)
    }

    /// [`Composed::fill3d`] at columns `xs` × rows `ys`, depth `z`: `eval3(xs[i], ys[j], z)`.
    pub fn fill3d_axes(&self, out: &mut [f32], xs: &[f64], ys: &[f64], z: f64) {
        if self.rows_apply(3) {
            fill3d(self, out, xs, ys, z)
        } else {
            self.points_grid(out, xs, ys, Some(z))
        }
    }
}
