//! The derivative fills of the kernels with derivative rows (the lattice noises,
//! simplex, Worley F1): a row at a time, four columns per step, with the bits of the
//! sample-by-sample fills of [`super::deriv`] (tests/deriv.rs compares every plane).

use super::deriv::for_rows;
use super::lattice::{LatticeDeriv, LatticeDeriv3};
use super::{pass, RowNoise};
use crate::compose::Composed;
use crate::fractal::FractalKind;
use crate::noise::deriv::DerivNoise;
use crate::noise::improved::Improved;
use crate::noise::perlin::Perlin;
use crate::noise::simplex::Simplex;
use crate::noise::value::Value;
use crate::noise::worley::Worley;
use crate::noise::{split, Noise};
use crate::simd::F4;

/// How a kernel's derivative fills run at columns `xs` × rows `ys` (noise space) into
/// planes of `xs.len() · ys.len()` floats: sample by sample unless the kernel has
/// derivative rows (the lattice noises, simplex and Worley F1: 2D unwarped and
/// untiled, 3D unwarped).
pub trait DerivFill: DerivNoise + Sized {
    fn deriv2_axes(c: &Composed<Self>, out: [&mut [f32]; 3], xs: &[f64], ys: &[f64]) {
        c.deriv2_points(out, xs, ys)
    }
    fn deriv3_axes(c: &Composed<Self>, out: [&mut [f32]; 4], xs: &[f64], ys: &[f64], z: f64) {
        c.deriv3_points(out, xs, ys, z)
    }
    /// The value and gradient at the points `p` (x, y, z arrays) into `dims + 1` planes
    /// (∂z zeros in 2D): point by point unless the kernel has four-lane point derivatives
    /// (the lattice noises, where rows apply: unwarped, and untiled in 2D).
    fn deriv_points(c: &Composed<Self>, p: &[Vec<f64>; 3], dims: u32, out: [&mut [f32]; 4]) {
        each_point_deriv(c, p, dims, out)
    }
}

/// [`DerivFill::deriv_points`] one point at a time ([`Composed::eval2_deriv`] /
/// `eval3_deriv`): what the batches must equal.
pub(crate) fn each_point_deriv<K: DerivNoise>(
    c: &Composed<K>,
    p: &[Vec<f64>; 3],
    dims: u32,
    [v, gx, gy, gz]: [&mut [f32]; 4],
) {
    for i in 0..v.len() {
        let (x, y, z) = (p[0][i], p[1][i], p[2][i]);
        if dims == 2 {
            [v[i], gx[i], gy[i]] = c.eval2_deriv(x, y);
            gz[i] = 0.0;
        } else {
            [v[i], gx[i], gy[i], gz[i]] = c.eval3_deriv(x, y, z);
        }
    }
}

/// Worley F1 (Euclidean, the form with a derivative) has derivative rows; 2D rows are
/// untiled (a tile wraps the hashed cells), 3D ones reduce y and z by the period.
impl DerivFill for Worley {
    fn deriv2_axes(c: &Composed<Self>, out: [&mut [f32]; 3], xs: &[f64], ys: &[f64]) {
        if c.rows_apply(2) && c.base.f1_euclidean() {
            let p = c.base.period(2);
            row_fill(
                c,
                out,
                (xs, ys, 0.0),
                2,
                |xs, sx, y, _, planes: [&mut [f32]; 3]| {
                    c.base.row_deriv(sx, xs, split(y, p), (0.0, 0), planes)
                },
            )
        } else {
            c.deriv2_points(out, xs, ys)
        }
    }
    fn deriv3_axes(c: &Composed<Self>, out: [&mut [f32]; 4], xs: &[f64], ys: &[f64], z: f64) {
        if c.rows_apply(3) && c.base.f1_euclidean() {
            let p = c.base.period(3);
            row_fill(
                c,
                out,
                (xs, ys, z),
                3,
                |xs, sx, y, z, planes: [&mut [f32]; 4]| {
                    c.base.row_deriv(sx, xs, split(y, p), split(z, p), planes)
                },
            )
        } else {
            c.deriv3_points(out, xs, ys, z)
        }
    }
}

/// Simplex has no 2D period (an unwarped 2D fill is never tiled); 3D rows reduce y and z
/// by its 3D period as the plain rows do.
impl DerivFill for Simplex {
    fn deriv2_axes(c: &Composed<Self>, out: [&mut [f32]; 3], xs: &[f64], ys: &[f64]) {
        if c.rows_apply(2) {
            row_fill(
                c,
                out,
                (xs, ys, 0.0),
                2,
                |xs, cc, y, _, planes: [&mut [f32]; 3]| c.base.row2_deriv(cc, xs, y, planes),
            )
        } else {
            c.deriv2_points(out, xs, ys)
        }
    }
    fn deriv3_axes(c: &Composed<Self>, out: [&mut [f32]; 4], xs: &[f64], ys: &[f64], z: f64) {
        if c.rows_apply(3) {
            let p = c.base.period(3);
            row_fill(
                c,
                out,
                (xs, ys, z),
                3,
                |xs, _, y, z, planes: [&mut [f32]; 4]| {
                    c.base.row3_deriv(xs, split(y, p).0, split(z, p).0, planes)
                },
            )
        } else {
            c.deriv3_points(out, xs, ys, z)
        }
    }
}

macro_rules! lattice_fill {
    ($($t:ty),*) => {$(
        impl DerivFill for $t {
            fn deriv2_axes(c: &Composed<Self>, out: [&mut [f32]; 3], xs: &[f64], ys: &[f64]) {
                if c.rows_apply(2) {
                    let p = c.base.period(2);
                    row_fill(c, out, (xs, ys, 0.0), 2, |_, cc, y, _, planes: [&mut [f32]; 3]| {
                        c.base.row2_deriv(cc, split(y, p).0, planes)
                    })
                } else {
                    c.deriv2_points(out, xs, ys)
                }
            }
            fn deriv3_axes(c: &Composed<Self>, out: [&mut [f32]; 4], xs: &[f64], ys: &[f64], z: f64) {
                if c.rows_apply(3) {
                    let p = c.base.period(3);
                    row_fill(c, out, (xs, ys, z), 3, |_, cc, y, z, planes: [&mut [f32]; 4]| {
                        c.base.row3_deriv(cc, split(y, p).0, split(z, p).0, planes)
                    })
                } else {
                    c.deriv3_points(out, xs, ys, z)
                }
            }
            fn deriv_points(c: &Composed<Self>, p: &[Vec<f64>; 3], dims: u32, out: [&mut [f32]; 4]) {
                if !c.rows_apply(dims) {
                    return each_point_deriv(c, p, dims, out);
                }
                let [v, gx, gy, gz] = out;
                if dims == 2 {
                    c.lattice_deriv2_points(p, [v, gx, gy]);
                    gz.fill(0.0);
                } else {
                    c.lattice_deriv3_points(p, [v, gx, gy, gz]);
                }
            }
        }
    )*};
}
lattice_fill!(Value, Perlin, Improved);

/// The row-at-a-time derivative fill of a kernel with derivative rows in `dims` (2:
/// three planes, 3: four) at columns × rows × depth `at` (noise space): per octave the
/// columns of the plain fill ([`super::Columns`]), a derivative row (`row(xs, cols, y, z,
/// planes)` at the octave's f64 y and z, which the row splits as the point fill does),
/// and the fractal sum of the point fills (`fractal_sum`) four lanes at a time: the same
/// operations, so the bits of the sample-by-sample fill.
fn row_fill<K, const N: usize>(
    c: &Composed<K>,
    out: [&mut [f32]; N],
    at: (&[f64], &[f64], f64),
    dims: u32,
    row: impl Fn(&[f32], &K::Cols, f64, f64, [&mut [f32]; N]),
) where
    K: RowNoise + DerivNoise,
{
    let (xs, ys, z) = at;
    let cols = c.columns(xs, dims);
    let (fr, pad) = (&c.fractal, cols.padded);
    let mut n: [Vec<f32>; N] = core::array::from_fn(|_| vec![0.0f32; pad]);
    let mut acc = n.clone();
    let last = cols.octaves.len() - 1;
    let z = z + c.offset[2];
    for_rows::<N>(out, xs.len(), |j, mut planes| {
        let y = ys[j] + c.offset[1];
        for (i, (xs, cc)) in cols.octaves.iter().enumerate() {
            let f = fr.freqs()[i];
            let at = |v: f64| v * f as f64;
            row(xs, cc, at(y), at(z), n.each_mut().map(|v| v.as_mut_slice()));
            let term = Term {
                amp: fr.amps()[i],
                f,
                first: i == 0,
            };
            let out = (i == last).then_some((&mut planes, fr.norm()));
            accumulate(&mut acc, &n, term, fr.kind, out);
        }
    });
}

/// One octave's place in the sum: amplitude, frequency, whether it is the first.
#[derive(Clone, Copy)]
pub(super) struct Term {
    pub(super) amp: f32,
    pub(super) f: f32,
    pub(super) first: bool,
}

/// `acc += (amp · shape(n), amp · shape′(n) · f · ∇n)` four lanes at a time, in the
/// point fills' order (`fractal_sum`); with `out` (the last octave) the sums divided by
/// `norm` go to the output rows instead (their last chunk may be partial). One pass per
/// plane ([`pass`]), each over exact chunks with its branches decided before the loop.
pub(super) fn accumulate<const N: usize>(
    acc: &mut [Vec<f32>; N],
    n: &[Vec<f32>; N],
    t: Term,
    kind: FractalKind,
    mut out: Option<(&mut [&mut [f32]; N], f32)>,
) {
    #[inline(always)]
    fn run<const N: usize>(
        acc: &mut [Vec<f32>; N],
        n: &[Vec<f32>; N],
        t: Term,
        kind: FractalKind,
        out: &mut Option<(&mut [&mut [f32]; N], f32)>,
    ) {
        let (a, f) = (F4::splat(t.amp), F4::splat(t.f));
        let value = |m: F4, _: F4| a * kind.shape(m);
        let slope = |m: F4, v: F4| a * kind.slope(m) * f * v;
        for (c, acc) in acc.iter_mut().enumerate() {
            let o = out
                .as_mut()
                .map(|(planes, norm)| (&mut *planes[c], F4::splat(*norm)));
            let ins = (&n[0][..], &n[c][..]);
            match (t.first, c) {
                (true, 0) => pass::<true>(acc, ins, o, value),
                (false, 0) => pass::<false>(acc, ins, o, value),
                (true, _) => pass::<true>(acc, ins, o, slope),
                (false, _) => pass::<false>(acc, ins, o, slope),
            }
        }
    }
    // One instantiation per kind: the shape's and slope's match is decided per row.
    use FractalKind::*;
    match kind {
        Fbm => run(acc, n, t, Fbm, &mut out),
        Ridged => run(acc, n, t, Ridged, &mut out),
        Billow => run(acc, n, t, Billow, &mut out),
        Turbulence => run(acc, n, t, Turbulence, &mut out),
    }
}
