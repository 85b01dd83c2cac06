//! 3D derivative rows of the lattice noises: value and the three partials of one octave
//! for a whole row of a slice, four columns per step, in the operations of the point
//! derivatives (`crate::noise::deriv`'s 3D blend: two z layers of the 2D blend, then
//! the z lerp and its product rule). Corners are `x + 2y + 4z`.

use super::deriv::{blend, blend_values, row_axis};
use super::{cell_spans, corners, hash4, ig, lanes, vals, Axis, LatticeCols};
use crate::noise::improved::{Improved, GRAD3};
use crate::noise::perlin::Perlin;
use crate::noise::value::Value;
use crate::simd::{lerp4, F4};

/// A lattice kernel with a 3D derivative row.
pub(crate) trait LatticeDeriv3 {
    /// `planes[c][i]`: channel `c` (value, ∂x, ∂y, ∂z) at column `i` of `c`, row `y`,
    /// depth `z`.
    fn row3_deriv(&self, c: &LatticeCols, y: f32, z: f32, planes: [&mut [f32]; 4]);
}

/// Per-corner gradients `(gx, gy, gz)` of one chunk.
pub(crate) type Grads = [(F4, F4, F4); 8];

/// One chunk from its corner terms `n` and the corners' gradients `g` (`None`: value
/// noise, whose corners have none).
#[inline(always)]
fn chunk(
    c: &LatticeCols,
    k: usize,
    (ya, dv): &(Axis, F4),
    (za, dw): &(Axis, F4),
    n: [F4; 8],
    g: Option<&Grads>,
    planes: &mut [&mut [f32]; 4],
) {
    let u = (F4::load(&c.u[k..]), F4::load(&c.du[k..]));
    let out = blend3(n, g, u, (ya.s, *dv), (za.s, *dw));
    for (p, v) in planes.iter_mut().zip(out) {
        v.store(&mut p[k..]);
    }
}

/// Four samples from their corner terms `n` (corners `x + 2y + 4z`) and gradients `g`
/// (`None`: zeros), with the fade and its slope on each axis: the point derivative's
/// blend (`crate::noise::deriv`), two z layers of [`blend`].
#[inline(always)]
pub(crate) fn blend3(
    n: [F4; 8],
    g: Option<&Grads>,
    u: (F4, F4),
    v: (F4, F4),
    (w, dw): (F4, F4),
) -> [F4; 4] {
    let layer = |o: usize| {
        let n4 = [n[o], n[o + 1], n[o + 2], n[o + 3]];
        let Some(g) = g else {
            // The point kernel blends zero gradients: `+0.0` (see `blend_values`).
            let [val, dx, dy] = blend_values(n4, u, v);
            return [val, dx, dy, F4::splat(0.0)];
        };
        let g2 = [0, 1, 2, 3].map(|q| (g[o + q].0, g[o + q].1));
        let [val, dx, dy] = blend(n4, g2, u, v);
        let gz = |q: usize| g[o + q].2;
        let dz = lerp4(lerp4(gz(0), gz(1), u.0), lerp4(gz(2), gz(3), u.0), v.0);
        [val, dx, dy, dz]
    };
    let (a, b) = (layer(0), layer(4));
    [
        lerp4(a[0], b[0], w),
        lerp4(a[1], b[1], w),
        lerp4(a[2], b[2], w),
        lerp4(a[3], b[3], w) + dw * (b[0] - a[0]),
    ]
}

/// A gradient-noise 3D derivative row: `hashes::<U>(k)` gives the eight corners' hashes
/// into the table `g` (masked to its size). Per run of chunks in one cell the corners'
/// `gy · dy` and `gz · dz` (the row's and the slice's), so a chunk's corner term is
/// `(gx · dx + gy · dy) + gz · dz` in the point kernel's order with one product left.
#[inline(always)]
fn gradient_row3<const M: usize, H0, H1>(
    g: &[[f32; 3]; M],
    c: &LatticeCols,
    axes: (&(Axis, F4), &(Axis, F4)),
    hashes: (H0, H1),
    mut planes: [&mut [f32]; 4],
) where
    H0: Fn(usize) -> [[u32; 4]; 8],
    H1: Fn(usize) -> [[u32; 4]; 8],
{
    let (y, z) = axes;
    let grads = |h: [[u32; 4]; 8], uniform: bool| -> Grads {
        core::array::from_fn(|q| {
            let gi = |a| {
                if uniform {
                    ig::<true, 3, M>(g, h[q], a)
                } else {
                    ig::<false, 3, M>(g, h[q], a)
                }
            };
            (gi(0), gi(1), gi(2))
        })
    };
    cell_spans(c, planes[0].len(), |k0, end, uniform| {
        let gs = if uniform {
            grads(hashes.0(k0), true)
        } else {
            grads(hashes.1(k0), false)
        };
        let dy = |q: usize| if q & 2 == 0 { y.0.f } else { y.0.f1 };
        let dz = |q: usize| if q & 4 == 0 { z.0.f } else { z.0.f1 };
        let pyz: [(F4, F4); 8] = core::array::from_fn(|q| (gs[q].1 * dy(q), gs[q].2 * dz(q)));
        for k in (k0..end).step_by(4) {
            let (xf, xf1) = (F4::load(&c.xf[k..]), F4::load(&c.xf1[k..]));
            let t = |q: usize, dx: F4| gs[q].0 * dx + pyz[q].0 + pyz[q].1;
            // (Written out: `array::from_fn` is not always inlined.)
            let n = [
                t(0, xf),
                t(1, xf1),
                t(2, xf),
                t(3, xf1),
                t(4, xf),
                t(5, xf1),
                t(6, xf),
                t(7, xf1),
            ];
            chunk(c, k, y, z, n, Some(&gs), &mut planes);
        }
    });
}

/// Classic hashing's eight corners: the 2D corners' second level, then `+ z`.
#[inline(always)]
fn classic_hashes<const U: bool>(
    perm: &[u8; 512],
    c: &LatticeCols,
    k: usize,
    ya: &Axis,
    za: &Axis,
) -> [[u32; 4]; 8] {
    let xy = corners::<U>(perm, c, k, ya);
    core::array::from_fn(|q| hash4::<U>(perm, xy[q & 3], if q & 4 == 0 { za.i0 } else { za.i1 }))
}

impl LatticeDeriv3 for Perlin {
    fn row3_deriv(&self, c: &LatticeCols, y: f32, z: f32, planes: [&mut [f32]; 4]) {
        let (ya, za) = (row_axis(y, Axis::wrapped), row_axis(z, Axis::wrapped));
        let perm = &self.perm;
        let h0 = |k| classic_hashes::<true>(perm, c, k, &ya.0, &za.0);
        let h1 = |k| classic_hashes::<false>(perm, c, k, &ya.0, &za.0);
        gradient_row3(&self.grad3, c, (&ya, &za), (h0, h1), planes);
    }
}

/// Improved noise's corners, as its reference: `p(p(p(x) + y) + z)`.
#[inline(always)]
fn improved_hashes<const U: bool>(
    perm: &[u8; 512],
    c: &LatticeCols,
    k: usize,
    ya: &Axis,
    za: &Axis,
) -> [[u32; 4]; 8] {
    let (p0, p1) = (lanes(&c.p0, k), lanes(&c.p1, k));
    let (a, b) = (p0.map(|v| v + ya.i0), p1.map(|v| v + ya.i0));
    // x0y0, x1y0, x0y1, x1y1 with z added.
    let second = |i: [u32; 4], add: u32| hash4::<U>(perm, i, add).map(|v| v + za.i0);
    let xy = [second(a, 0), second(b, 0), second(a, 1), second(b, 1)];
    core::array::from_fn(|q| hash4::<U>(perm, xy[q & 3], (q >> 2) as u32))
}

impl LatticeDeriv3 for Improved {
    fn row3_deriv(&self, c: &LatticeCols, y: f32, z: f32, planes: [&mut [f32]; 4]) {
        let (ya, za) = (row_axis(y, Axis::improved), row_axis(z, Axis::improved));
        let perm = &self.perm;
        let h0 = |k| improved_hashes::<true>(perm, c, k, &ya.0, &za.0);
        let h1 = |k| improved_hashes::<false>(perm, c, k, &ya.0, &za.0);
        gradient_row3(&GRAD3, c, (&ya, &za), (h0, h1), planes);
    }
}

impl LatticeDeriv3 for Value {
    fn row3_deriv(&self, c: &LatticeCols, y: f32, z: f32, mut planes: [&mut [f32]; 4]) {
        let (ya, za) = (row_axis(y, Axis::wrapped), row_axis(z, Axis::wrapped));
        let values = |h: [[u32; 4]; 8], uniform: bool| -> [F4; 8] {
            core::array::from_fn(|q| {
                if uniform {
                    vals::<true>(&self.values, h[q])
                } else {
                    vals::<false>(&self.values, h[q])
                }
            })
        };
        cell_spans(c, planes[0].len(), |k0, end, uniform| {
            let n = if uniform {
                values(
                    classic_hashes::<true>(&self.perm, c, k0, &ya.0, &za.0),
                    true,
                )
            } else {
                values(
                    classic_hashes::<false>(&self.perm, c, k0, &ya.0, &za.0),
                    false,
                )
            };
            for k in (k0..end).step_by(4) {
                chunk(c, k, &ya, &za, n, None, &mut planes);
            }
        });
    }
}
