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

/// One chunk from its corner terms `n` and gradients `g` (00, 10, 01, 11).
#[inline(always)]
pub(super) fn blend(n: [F4; 4], g: [(F4, F4); 4], u: F4, du: F4, ya: &Axis, dv: F4) -> [F4; 3] {
    let (r0, r1) = (lerp4(n[0], n[1], u), lerp4(n[2], n[3], u));
    let dx0 = lerp4(g[0].0, g[1].0, u) + du * (n[1] - n[0]);
    let dx1 = lerp4(g[2].0, g[3].0, u) + du * (n[3] - n[2]);
    let (dy0, dy1) = (lerp4(g[0].1, g[1].1, u), lerp4(g[2].1, g[3].1, u));
    [
        lerp4(r0, r1, ya.s),
        lerp4(dx0, dx1, ya.s),
        lerp4(dy0, dy1, ya.s) + dv * (r1 - r0),
    ]
}

#[inline(always)]
fn store(v: [F4; 3], planes: &mut [&mut [f32]; 3], k: usize) {
    for (p, v) in planes.iter_mut().zip(v) {
        v.store(&mut p[k..]);
    }
}

/// A gradient-noise derivative row over the 2D gradient table `g`.
#[inline(always)]
fn gradient_row<const M: usize>(
    perm: &[u8; 512],
    g: &[[f32; 2]; M],
    c: &LatticeCols,
    (ya, dv): (Axis, F4),
    mut planes: [&mut [f32]; 3],
) {
    let chunk = |gs: [(F4, F4); 4], k: usize, planes: &mut [&mut [f32]; 3]| {
        let (xf, xf1, u, du) = (
            F4::load(&c.xf[k..]),
            F4::load(&c.xf1[k..]),
            F4::load(&c.u[k..]),
            F4::load(&c.du[k..]),
        );
        let dot = |(gx, gy): (F4, F4), dx: F4, dy: F4| gx * dx + gy * dy;
        let n = [
            dot(gs[0], xf, ya.f),
            dot(gs[1], xf1, ya.f),
            dot(gs[2], xf, ya.f1),
            dot(gs[3], xf1, ya.f1),
        ];
        store(blend(n, gs, u, du, &ya, dv), planes, k);
    };
    cell_spans(c, planes[0].len(), |k0, end, uniform| {
        if uniform {
            let gs = grads::<true, M>(perm, g, c, k0, &ya);
            for k in (k0..end).step_by(4) {
                chunk(gs, k, &mut planes);
            }
        } else {
            chunk(grads::<false, M>(perm, g, c, k0, &ya), k0, &mut planes);
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
        // Value corners have no gradient of their own (the point kernel's zeros).
        let zero = [(F4::splat(0.0), F4::splat(0.0)); 4];
        let chunk = |n: [F4; 4], k: usize, planes: &mut [&mut [f32]; 3]| {
            let (u, du) = (F4::load(&c.u[k..]), F4::load(&c.du[k..]));
            store(blend(n, zero, u, du, &ya, dv), planes, k);
        };
        cell_spans(c, planes[0].len(), |k0, end, uniform| {
            if uniform {
                let n = at::<true>(self, c, k0, &ya);
                for k in (k0..end).step_by(4) {
                    chunk(n, k, &mut planes);
                }
            } else {
                chunk(at::<false>(self, c, k0, &ya), k0, &mut planes);
            }
        });
    }
}
