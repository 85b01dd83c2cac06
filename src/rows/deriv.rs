//! Derivatives of composed fields: the value and its analytic partial derivatives at a
//! point, along a row and over a grid.
//!
//! Layout: planes. A 2D fill of `n = width × height` cells writes `3n` floats: the value
//! plane (`out[0..n]`, the bits of the plain fill), then `∂/∂x` (`out[n..2n]`), then
//! `∂/∂y`; a 3D slice adds `∂/∂z` as a fourth plane. Derivatives are per noise unit (the
//! units of `sample2d`'s coordinates); per grid cell they are `∂/∂x ÷ scale`.
//!
//! The chain rule runs from the kernels ([`crate::noise::deriv`]) through
//! - the fractal sum: octave `i` at frequency `fᵢ` adds `aᵢ · shape′(nᵢ) · fᵢ · ∇nᵢ`,
//!   divided by the sum of amplitudes as the value is (`shape′` is
//!   [`crate::fractal::FractalKind::slope`]: ridged, billow and turbulence have creases);
//! - the tile period: wrapping a coordinate into the tile is a shift, so it changes no
//!   derivative;
//! - the domain warp `p′ = p + s · (Wx(w p), Wy(w p))`: `∇F(p) = Jᵀ ∇B(p′)` with
//!   `J = I + s w [∇Wx; ∇Wy]`, each warp noise's gradient again through its own fractal.
//!
//! Every value goes through the same IEEE operations as [`Composed::eval2`] /
//! [`Composed::eval3`], so the value plane equals the plain fill bit for bit and a tile
//! equals the same cells of a larger fill.

pub use super::deriv_rows::DerivFill;
use crate::compose::{tiled, Composed};
use crate::fractal::Fractal;
use crate::grid::Region;
use crate::noise::deriv::DerivNoise;
use crate::noise::split;

/// The fractal sum of `octave(i, f)` (value, then N − 1 partials of octave `i` at
/// frequency `f`) and its gradient; the value in [`Fractal::sum`]'s order.
#[inline(always)]
fn fractal_sum<const N: usize>(
    fr: &Fractal,
    mut octave: impl FnMut(usize, f32) -> [f32; N],
) -> [f32; N] {
    let mut acc = [0.0f32; N];
    for (i, (&f, &a)) in fr.freqs().iter().zip(fr.amps()).enumerate() {
        let d = octave(i, f);
        acc[0] += a * fr.kind.shape(d[0]);
        let w = a * fr.kind.slope(d[0]) * f;
        for k in 1..N {
            acc[k] += w * d[k];
        }
    }
    acc.map(|v| v / fr.norm())
}

/// `[[∂x′/∂x, ∂x′/∂y], [∂y′/∂x, ∂y′/∂y]]` of a warp.
type Jacobian = [[f32; 2]; 2];

impl<K: DerivNoise> Composed<K> {
    /// [`Composed::octave2`] with its gradient with respect to `(x, y)`.
    #[inline(always)]
    fn octave2_deriv(&self, k: &K, fractal: &Fractal, x: f64, y: f64, tile: f64) -> [f32; 3] {
        fractal_sum(fractal, |_, f| match self.period {
            None => k.deriv2_at(x * f as f64, y * f as f64),
            Some(period) => {
                let (x, y, s, [qx, qy]) = tiled(period, x, y, f, tile);
                k.deriv2_periodic_shifted(x, y, s, qx, qy)
            }
        })
    }

    /// The warped point (as [`Composed::eval2`] computes it) and the warp's Jacobian;
    /// `None` without a warp.
    #[inline(always)]
    fn warped2_deriv(&self, x: f64, y: f64) -> ((f64, f64), Option<Jacobian>) {
        let Some(w) = &self.warp else {
            return ((x, y), None);
        };
        let wf = w.frequency as f64;
        let (wx, wy) = (x * wf, y * wf);
        let a = self.octave2_deriv(&w.x, &w.fractal, wx, wy, wf);
        let b = self.octave2_deriv(&w.y, &w.fractal, wx, wy, wf);
        let (s, k) = (w.strength, w.strength * w.frequency);
        let j = [[1.0 + k * a[1], k * a[2]], [k * b[1], 1.0 + k * b[2]]];
        ((x + (s * a[0]) as f64, y + (s * b[0]) as f64), Some(j))
    }

    /// `[v, ∂v/∂x, ∂v/∂y]` at noise-space `(x, y)`; `v` is [`Composed::eval2`].
    pub fn eval2_deriv(&self, x: f64, y: f64) -> [f32; 3] {
        let ((x, y), j) = self.warped2_deriv(x + self.offset[0], y + self.offset[1]);
        let [v, bx, by] = self.octave2_deriv(&self.base, &self.fractal, x, y, 1.0);
        let [gx, gy] = chain(j, bx, by);
        [v, gx, gy]
    }

    /// `[v, ∂v/∂x, ∂v/∂y, ∂v/∂z]`; `v` is [`Composed::eval3`].
    pub fn eval3_deriv(&self, x: f64, y: f64, z: f64) -> [f32; 4] {
        let ((x, y), j) = self.warped2_deriv(x + self.offset[0], y + self.offset[1]);
        let z = z + self.offset[2];
        let p = self.base.period(3);
        let [v, bx, by, bz] = fractal_sum(&self.fractal, |_, f| {
            let f = f as f64;
            let ((x, sx), (y, sy), (z, sz)) = (split(x * f, p), split(y * f, p), split(z * f, p));
            self.base.deriv3_shifted(x, y, z, [sx, sy, sz])
        });
        let [gx, gy] = chain(j, bx, by);
        [v, gx, gy, bz]
    }

    /// One 2D row: `planes[c][i]` is channel `c` (value, ∂x, ∂y) at noise-space
    /// `(xs[i], y)`. Each plane holds at least `xs.len()` floats.
    pub fn row2_deriv(&self, xs: &[f64], y: f64, planes: [&mut [f32]; 3]) {
        let [v, dx, dy] = planes;
        for (i, &x) in xs.iter().enumerate() {
            [v[i], dx[i], dy[i]] = self.eval2_deriv(x, y);
        }
    }

    /// One row of a 3D slice at depth `z`, as [`Composed::row2_deriv`] with ∂z.
    pub fn row3_deriv(&self, xs: &[f64], y: f64, z: f64, planes: [&mut [f32]; 4]) {
        let [v, dx, dy, dz] = planes;
        for (i, &x) in xs.iter().enumerate() {
            [v[i], dx[i], dy[i], dz[i]] = self.eval3_deriv(x, y, z);
        }
    }

    /// The 2D derivative fill point by point ([`Composed::eval2_deriv`] per cell): what
    /// the row fills must equal.
    pub fn fill2d_deriv_points(&self, out: &mut [f32], r: &Region) {
        self.deriv2_points(planes(out, r.len()), &r.xs(), &r.ys())
    }

    /// [`Composed::fill2d_deriv_points`] at columns `xs` × rows `ys` (noise space) into
    /// three planes of `xs.len() · ys.len()` floats.
    pub fn deriv2_points(&self, out: [&mut [f32]; 3], xs: &[f64], ys: &[f64]) {
        for_rows(out, xs.len(), |j, planes| self.row2_deriv(xs, ys[j], planes));
    }

    /// The 2D derivative fill into three planes (module notes); `out.len() == 3 · r.len()`.
    pub fn fill2d_deriv(&self, out: &mut [f32], r: &Region)
    where
        K: DerivFill,
    {
        K::deriv2_axes(self, planes(out, r.len()), &r.xs(), &r.ys())
    }

    /// The 3D slice derivative fill into four planes; `out.len() == 4 · r.len()`.
    pub fn fill3d_deriv(&self, out: &mut [f32], r: &Region)
    where
        K: DerivFill,
    {
        K::deriv3_axes(self, planes(out, r.len()), &r.xs(), &r.ys(), r.z)
    }

    /// The 3D slice derivative fill sample by sample, [`Composed::eval3_deriv`]'s bits.
    pub fn fill3d_deriv_points(&self, out: &mut [f32], r: &Region) {
        self.deriv3_points(planes(out, r.len()), &r.xs(), &r.ys(), r.z)
    }

    /// [`Composed::fill3d_deriv_points`] at columns `xs` × rows `ys`, depth `z`. Without
    /// a warp, each column's and row's split coordinates are computed once per octave
    /// (as the plain rows do) and each sample is only the kernel calls.
    pub fn deriv3_points(&self, out: [&mut [f32]; 4], xs: &[f64], ys: &[f64], z: f64) {
        if self.warp.is_some() {
            for_rows(out, xs.len(), |j, planes| self.row3_deriv(xs, ys[j], z, planes));
            return;
        }
        let (fr, p) = (&self.fractal, self.base.period(3));
        let at = |v: f64| {
            fr.freqs()
                .iter()
                .map(|&f| split(v * f as f64, p))
                .collect::<Vec<_>>()
        };
        let cols: Vec<Vec<(f32, i32)>> = xs.iter().map(|&x| at(x + self.offset[0])).collect();
        let z = at(z + self.offset[2]);
        for_rows(out, xs.len(), |j, [v, dx, dy, dz]| {
            let y = at(ys[j] + self.offset[1]);
            for (i, col) in cols.iter().enumerate() {
                [v[i], dx[i], dy[i], dz[i]] = fractal_sum(fr, |o, _| {
                    let ((x, sx), (y, sy), (z, sz)) = (col[o], y[o], z[o]);
                    self.base.deriv3_shifted(x, y, z, [sx, sy, sz])
                });
            }
        });
    }
}

/// `Jᵀ (bx, by)`: the base field's gradient at the warped point, pulled back.
#[inline(always)]
fn chain(j: Option<Jacobian>, bx: f32, by: f32) -> [f32; 2] {
    match j {
        None => [bx, by],
        Some(j) => [bx * j[0][0] + by * j[1][0], bx * j[0][1] + by * j[1][1]],
    }
}

/// The `N` planes of `n` floats that `out` holds one after another.
pub(crate) fn planes<const N: usize>(out: &mut [f32], n: usize) -> [&mut [f32]; N] {
    let mut p = out.chunks_exact_mut(n);
    core::array::from_fn(|_| p.next().unwrap())
}

/// Calls `row(j, rows)` with row `j` (`width` floats) of each of the `N` planes.
pub(super) fn for_rows<const N: usize>(
    planes: [&mut [f32]; N],
    width: usize,
    mut row: impl FnMut(usize, [&mut [f32]; N]),
) {
    let height = planes[0].len() / width.max(1);
    let mut rows = planes.map(|p| p.chunks_exact_mut(width));
    for j in 0..height {
        row(j, rows.each_mut().map(|r| r.next().unwrap()));
    }
}
