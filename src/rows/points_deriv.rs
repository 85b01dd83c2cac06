//! Derivative fills at arbitrary points (below a graph's `rotate`, `displace` and
//! `turbulence`) for the lattice kernels: the value and gradient of four points at a
//! time, a batch of [`BATCH`] points per octave, and the fractal sum of the derivative
//! rows over the batch's planes ([`accumulate`]).
//!
//! The four-lane kernels are the point derivatives of `crate::noise::deriv` (the same
//! corner terms in the same order, the same fade blends: [`blend`], [`blend_values`],
//! [`blend3`]) at the cells and fractions of the plain point batches ([`axis4`]), so each
//! point keeps the bits of [`Composed::eval2_deriv`] / `eval3_deriv`. Warped and tiled
//! fields, and tiled 2D ones, go point by point.

use super::deriv_rows::{accumulate, Term};
use super::lattice::{blend, blend3, blend_values, Grads};
use super::points::{axis4, padded, same, table4, Axis4, BATCH};
use crate::compose::Composed;
use crate::noise::improved::{Improved, GRAD3, IG2};
use crate::noise::perlin::Perlin;
use crate::noise::value::Value;
use crate::noise::Noise;
use crate::simd::{fade4, fade_deriv4, F4};

/// A lattice kernel's four-lane point derivatives from four points' cells and
/// fractions: `[v, ∂x, ∂y]` and `[v, ∂x, ∂y, ∂z]`; `U` when all four share a cell.
pub trait LatticeDeriv4 {
    fn deriv2_4<const U: bool>(&self, x: Axis4, y: Axis4) -> [F4; 3];
    fn deriv3_4<const U: bool>(&self, a: [Axis4; 3]) -> [F4; 4];
}

/// The fade of a fraction and its slope.
#[inline(always)]
fn fades(f: F4) -> (F4, F4) {
    (fade4(f), fade_deriv4(f))
}

/// The offsets from corner `c` (bit `a`: the far side of axis `a`) on each axis.
#[inline(always)]
fn offsets(f: [F4; 3], c: usize) -> [F4; 3] {
    let one = F4::splat(1.0);
    let at = |a: usize| if c >> a & 1 == 1 { f[a] - one } else { f[a] };
    [at(0), at(1), at(2)]
}

/// The eight corners' terms `g · d` and gradients of a 3D gradient kernel, `grad(c)`
/// giving corner `c`'s gradient per lane.
#[inline(always)]
fn gradient_corners(f: [F4; 3], grad: impl Fn(usize) -> [F4; 3]) -> ([F4; 8], Grads) {
    let zero = F4::splat(0.0);
    let (mut n, mut g) = ([zero; 8], [(zero, zero, zero); 8]);
    for c in 0..8 {
        let ([gx, gy, gz], d) = (grad(c), offsets(f, c));
        n[c] = gx * d[0] + gy * d[1] + gz * d[2];
        g[c] = (gx, gy, gz);
    }
    (n, g)
}

/// A 2D gradient kernel from its corners' gradients (00, 10, 01, 11): the terms `g · d`
/// and the blend.
#[inline(always)]
fn gradient2(g: [(F4, F4); 4], xf: F4, yf: F4) -> [F4; 3] {
    let one = F4::splat(1.0);
    let (xf1, yf1) = (xf - one, yf - one);
    let n = [
        g[0].0 * xf + g[0].1 * yf,
        g[1].0 * xf1 + g[1].1 * yf,
        g[2].0 * xf + g[2].1 * yf1,
        g[3].0 * xf1 + g[3].1 * yf1,
    ];
    blend(n, g, fades(xf), fades(yf))
}

/// Bit `a` of corner `c`.
#[inline(always)]
fn bit(c: usize, a: usize) -> i32 {
    (c >> a & 1) as i32
}

impl LatticeDeriv4 for Perlin {
    #[inline(always)]
    fn deriv2_4<const U: bool>(&self, (xi, xf): Axis4, (yi, yf): Axis4) -> [F4; 3] {
        let g = |d| self.grad2_4::<U>(xi, yi, d);
        let g = [g((0, 0)), g((1, 0)), g((0, 1)), g((1, 1))];
        gradient2(g, xf, yf)
    }

    #[inline(always)]
    fn deriv3_4<const U: bool>(&self, [(xi, xf), (yi, yf), (zi, zf)]: [Axis4; 3]) -> [F4; 4] {
        let (n, g) = gradient_corners([xf, yf, zf], |c| {
            table4::<U, 3>(&self.grad3, |l| {
                self.hash3(xi[l] + bit(c, 0), yi[l] + bit(c, 1), zi[l] + bit(c, 2))
            })
        });
        blend3(n, Some(&g), fades(xf), fades(yf), fades(zf))
    }
}

impl LatticeDeriv4 for Improved {
    /// The factor tables as the row kernels take them (see `points.rs`): the same
    /// values as `grad2`/`grad3`.
    #[inline(always)]
    fn deriv2_4<const U: bool>(&self, (xi, xf): Axis4, (yi, yf): Axis4) -> [F4; 3] {
        let c = [xi, yi, [0; 4]];
        let g = |d| {
            let [gx, gy] = self.grads4::<U, 2, 8>(&IG2, c, d);
            (gx, gy)
        };
        let g = [g([0, 0, 0]), g([1, 0, 0]), g([0, 1, 0]), g([1, 1, 0])];
        gradient2(g, xf, yf)
    }

    #[inline(always)]
    fn deriv3_4<const U: bool>(&self, [(xi, xf), (yi, yf), (zi, zf)]: [Axis4; 3]) -> [F4; 4] {
        let cell = [xi, yi, zi];
        let (n, g) = gradient_corners([xf, yf, zf], |c| {
            let d = [0, 1, 2].map(|a| bit(c, a) as usize);
            self.grads4::<U, 3, 16>(&GRAD3, cell, d)
        });
        blend3(n, Some(&g), fades(xf), fades(yf), fades(zf))
    }
}

impl LatticeDeriv4 for Value {
    #[inline(always)]
    fn deriv2_4<const U: bool>(&self, (xi, xf): Axis4, (yi, yf): Axis4) -> [F4; 3] {
        let c = [xi, yi, [0; 4]];
        let v = |dx, dy| self.at4::<U>(c, [dx, dy, 0], 2);
        blend_values([v(0, 0), v(1, 0), v(0, 1), v(1, 1)], fades(xf), fades(yf))
    }

    #[inline(always)]
    fn deriv3_4<const U: bool>(&self, [(xi, xf), (yi, yf), (zi, zf)]: [Axis4; 3]) -> [F4; 4] {
        let cell = [xi, yi, zi];
        let mut n = [F4::splat(0.0); 8];
        for (c, n) in n.iter_mut().enumerate() {
            *n = self.at4::<U>(cell, [bit(c, 0), bit(c, 1), bit(c, 2)], 3);
        }
        blend3(n, None, fades(xf), fades(yf), fades(zf))
    }
}

impl<K: LatticeDeriv4 + Noise> Composed<K> {
    /// [`Composed::eval2_deriv`] at the points `(p[0][i], p[1][i])` into three planes of
    /// the points' length, four at a time (unwarped and untiled fields only).
    pub(crate) fn lattice_deriv2_points(&self, p: &[Vec<f64>; 3], out: [&mut [f32]; 3]) {
        let period = self.base.period(2);
        self.deriv_batches(p, out, |q, k, f| {
            let (x, y) = (axis4(&q[0], k, f, period), axis4(&q[1], k, f, period));
            if same(x.0) && same(y.0) {
                self.base.deriv2_4::<true>(x, y)
            } else {
                self.base.deriv2_4::<false>(x, y)
            }
        })
    }

    /// [`Composed::eval3_deriv`] at the points `p` into four planes (unwarped fields;
    /// a 2D tile does not apply in 3D).
    pub(crate) fn lattice_deriv3_points(&self, p: &[Vec<f64>; 3], out: [&mut [f32]; 4]) {
        let period = self.base.period(3);
        self.deriv_batches(p, out, |q, k, f| {
            let a = [0, 1, 2].map(|a| axis4(&q[a], k, f, period));
            if a.iter().all(|a| same(a.0)) {
                self.base.deriv3_4::<true>(a)
            } else {
                self.base.deriv3_4::<false>(a)
            }
        })
    }

    /// The fractal sum over batches of the points `p` (offset, padded; the `N − 1` axes
    /// of an `N`-channel derivative): `kernel(q, k, f)` gives the `N` channels of the four
    /// points from `k` at frequency `f`.
    fn deriv_batches<const N: usize>(
        &self,
        p: &[Vec<f64>; 3],
        out: [&mut [f32]; N],
        kernel: impl Fn(&[Vec<f64>; 3], usize, f64) -> [F4; N],
    ) {
        let fr = &self.fractal;
        let last = fr.freqs().len() - 1;
        let mut n: [Vec<f32>; N] = core::array::from_fn(|_| vec![0.0; BATCH]);
        let mut acc = n.clone();
        let mut batches = out.map(|o| o.chunks_mut(BATCH));
        let mut start = 0;
        while let Some(mut outs) = next_all(&mut batches) {
            let len = outs[0].len();
            let q: [Vec<f64>; 3] = core::array::from_fn(|a| match a + 1 < N {
                true => padded(&p[a][start..start + len], len, self.offset[a]),
                false => Vec::new(),
            });
            let pad = q[0].len();
            for (i, &f) in fr.freqs().iter().enumerate() {
                for k in (0..pad).step_by(4) {
                    for (plane, v) in n.iter_mut().zip(kernel(&q, k, f as f64)) {
                        v.store(&mut plane[k..]);
                    }
                }
                let term = Term {
                    amp: fr.amps()[i],
                    f,
                    first: i == 0,
                };
                let to = (i == last).then_some((&mut outs, fr.norm()));
                accumulate(&mut acc, &n, term, fr.kind, to);
            }
            start += len;
        }
    }
}

/// The next chunk of every plane, or `None` when they are done.
fn next_all<'a, const N: usize>(
    c: &mut [core::slice::ChunksMut<'a, f32>; N],
) -> Option<[&'a mut [f32]; N]> {
    let v: [Option<&mut [f32]>; N] = c.each_mut().map(|c| c.next());
    v.iter().all(Option::is_some).then(|| v.map(Option::unwrap))
}
