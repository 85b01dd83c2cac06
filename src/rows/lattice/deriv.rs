//! Derivative rows of the 2D lattice noises: the value and both partials of one octave
//! for a whole row, four columns per step, in the operations of the point derivatives
//! (`crate::noise::deriv`'s blend: the fade-weighted corner blend and its product rule),
//! so a row gives the point derivatives' bits. Corners are looked up once per run of
//! chunks in one cell, as in the plain rows.

use super::gradient::grads;
use super::{cell_spans, corners, vals, Axis, LatticeCols};
use crate::noise::improved::{Improved, IG2};
use crate::noise::perlin::Perlin;
use crate::noise::value::Value;
use crate::noise::{cell, fade_deriv};
use crate::simd::{lerp4, F4};

/// A lattice kernel with a 2D derivative row.
pub(crate) trait LatticeDeriv {
    /// `planes[c][i]`: channel `c` (value, ∂x, ∂y) of the kernel at column `i` of `c`
    /// and row `y`; each plane as long as the padded columns.
    fn row2_deriv(&self, c: &LatticeCols, y: f32, planes: [&mut [f32]; 3]);
}

/// The row's y data and the slope of its fade.
#[inline(always)]
pub(super) fn row_axis(y: f32, axis: fn(f32) -> Axis) -> (Axis, F4) {
    (axis(y), F4::splat(fade_deriv(cell(y).1)))
}

/// One chunk from its corner terms `n` and gradients `g` (00, 10, 01, 11), the fades
/// `u`, `v` of x and y and their slopes `du`, `dv`.
#[inline(always)]
pub(crate) fn blend(n: [F4; 4], g: [(F4, F4); 4], (u, du): (F4, F4), (v, dv): (F4, F4)) -> [F4; 3] {
    let (r0, r1) = (lerp4(n[0], n[1], u), lerp4(n[2], n[3], u));
    let dx0 = lerp4(g[0].0, g[1].0, u) + du * (n[1] - n[0]);
    let dx1 = lerp4(g[2].0, g[3].0, u) + du * (n[3] - n[2]);
    let (dy0, dy1) = (lerp4(g[0].1, g[1].1, u), lerp4(g[2].1, g[3].1, u));
    [
        lerp4(r0, r1, v),
        lerp4(dx0, dx1, v),
        lerp4(dy0, dy1, v) + dv * (r1 - r0),
    ]
}

/// [`blend`] of value noise, whose corners have no gradient of their own (the point
/// kernel blends zeros): a lerp of two `+0.0` by a fade in `[0, 1]` is `+0.0`, so the
/// gradient lerps reduce to the `+0.0` they add, with the same bits.
#[inline(always)]
pub(crate) fn blend_values(n: [F4; 4], (u, du): (F4, F4), (v, dv): (F4, F4)) -> [F4; 3] {
    let zero = F4::splat(0.0);
    let (r0, r1) = (lerp4(n[0], n[1], u), lerp4(n[2], n[3], u));
    let dx0 = zero + du * (n[1] - n[0]);
    let dx1 = zero + du * (n[3] - n[2]);
    [lerp4(r0, r1, v), lerp4(dx0, dx1, v), zero + dv * (r1 - r0)]
}

#[inline(always)]
fn store(v: [F4; 3], planes: &mut [&mut [f32]; 3], k: usize) {
    for (p, v) in planes.iter_mut().zip(v) {
        v.store(&mut p[k..]);
    }
}

/// A gradient-noise derivative row over the 2D gradient table `g`: per run of chunks in
/// one cell (or per chunk in several) the corner gradients and their row-invariant
/// `gy · dy` products (`dot`'s order kept: gx·dx + gy·dy), then the chunks in one loop.
#[inline(always)]
fn gradient_row<const M: usize>(
    perm: &[u8; 512],
    g: &[[f32; 2]; M],
    c: &LatticeCols,
    (ya, dv): (Axis, F4),
    mut planes: [&mut [f32]; 3],
) {
    cell_spans(c, planes[0].len(), |k0, end, uniform| {
        let gs = if uniform {
            grads::<true, M>(perm, g, c, k0, &ya)
        } else {
            grads::<false, M>(perm, g, c, k0, &ya)
        };
        let [a, b, cc, d] = gs;
        let (ay, by, cy, dy) = (a.1 * ya.f, b.1 * ya.f, cc.1 * ya.f1, d.1 * ya.f1);
        for k in (k0..end).step_by(4) {
            let (xf, xf1, u, du) = (
                F4::load(&c.xf[k..]),
                F4::load(&c.xf1[k..]),
                F4::load(&c.u[k..]),
                F4::load(&c.du[k..]),
            );
            let n = [
                a.0 * xf + ay,
                b.0 * xf1 + by,
                cc.0 * xf + cy,
                d.0 * xf1 + dy,
            ];
            store(blend(n, gs, (u, du), (ya.s, dv)), &mut planes, k);
        }
    });
}

impl LatticeDeriv for Perlin {
    fn row2_deriv(&self, c: &LatticeCols, y: f32, planes: [&mut [f32]; 3]) {
        let axis = row_axis(y, Axis::wrapped);
        gradient_row(&self.perm, &self.grad2, c, axis, planes);
    }
}

impl LatticeDeriv for Improved {
    fn row2_deriv(&self, c: &LatticeCols, y: f32, planes: [&mut [f32]; 3]) {
        let axis = row_axis(y, Axis::improved);
        gradient_row(&self.perm, &IG2, c, axis, planes);
    }
}

impl LatticeDeriv for Value {
    fn row2_deriv(&self, c: &LatticeCols, y: f32, mut planes: [&mut [f32]; 3]) {
        let (ya, dv) = row_axis(y, Axis::wrapped);
        // The corner values of chunk `k` (00, 10, 01, 11).
        #[inline(always)]
        fn at<const U: bool>(this: &Value, c: &LatticeCols, k: usize, ya: &Axis) -> [F4; 4] {
            let [a, b, cc, d] = corners::<U>(&this.perm, c, k, ya);
            let v = |h| vals::<U>(&this.values, h);
            [v(a), v(b), v(cc), v(d)]
        }
        cell_spans(c, planes[0].len(), |k0, end, uniform| {
            let n = if uniform {
                at::<true>(self, c, k0, &ya)
            } else {
                at::<false>(self, c, k0, &ya)
            };
            for k in (k0..end).step_by(4) {
                let (u, du) = (F4::load(&c.u[k..]), F4::load(&c.du[k..]));
                store(blend_values(n, (u, du), (ya.s, dv)), &mut planes, k);
            }
        });
    }
}
