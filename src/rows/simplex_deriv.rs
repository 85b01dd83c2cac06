//! The simplex derivative rows: value and partials of one octave for a whole row, four
//! samples per step, with the operations of the point derivatives
//! (`Simplex::noise2_deriv`, `noise3_deriv`, src/noise/simplex.rs) in their order, so a
//! row gives their bits. Each corner adds `t⁴ (g·d)` to the value and
//! `t⁴ g − 8 t³ (g·d) d` to the gradient (Gustavson 2005). The skew, the floor, the
//! simplex walk and the per-lane corner gradients are the plain rows' (`lanes2`,
//! `Chunk3`); the rows do not keep a simplex from chunk to chunk as the plain rows do.
//!
//! Where the point kernel skips a corner (`t ≤ 0`, or NaN), the lanes add `+0.0` to each
//! sum instead, which leaves it unchanged (the sums start at `+0.0` and so are never
//! `-0.0`; see src/rows/simplex.rs).

use super::simplex::{Chunk3, WideCols};
use crate::noise::simplex::{Simplex, F2, F3, G2, NEAR, R2, SCALE2, SCALE3};
use crate::simd::{F4, M4};

impl Simplex {
    /// `planes[c][i]`: channel `c` (value, ∂x, ∂y) at the octave's column `i` and the
    /// f64 row `y`, as [`crate::noise::deriv::DerivNoise::deriv2_at`] gives it. Rows
    /// within [`NEAR`] take four lanes; beyond it every sample is the f64 point
    /// derivative, as the plain row does. Each plane is as long as the padded columns.
    pub(crate) fn row2_deriv(&self, c: &WideCols, xs: &[f32], y: f64, planes: [&mut [f32]; 3]) {
        let [v, dx, dy] = planes;
        if !(c.near && y.abs() < NEAR) {
            for (i, &x) in c.x.iter().enumerate() {
                (v[i], dx[i], dy[i]) = self.noise2_deriv_at(x, y);
            }
            return;
        }
        let yv = F4::splat(y as f32);
        let sc = F4::splat(SCALE2);
        for k in (0..v.len()).step_by(4) {
            let x = F4::load(&xs[k..]);
            let s = (x + yv) * F4::splat(F2);
            let i = (x + s).floor();
            let j = (yv + s).floor();
            let t = (i + j) * F4::splat(G2);
            let x0 = x - (i - t);
            let y0 = yv - (j - t);
            let m = x0.gt(y0);
            let [a, b, d] = deriv2(x0, y0, m, self.lanes2(i, j, m));
            (sc * a).store(&mut v[k..]);
            (sc * b).store(&mut dx[k..]);
            (sc * d).store(&mut dy[k..]);
        }
    }

    /// `planes[c][i]`: channel `c` (value, ∂x, ∂y, ∂z) at column `xs[i]` and the row
    /// `(y, z)`, as `Simplex::noise3_deriv` gives it (the coordinates already reduced by
    /// the 3D period, as for the plain row).
    pub(crate) fn row3_deriv(&self, xs: &[f32], y: f32, z: f32, mut planes: [&mut [f32]; 4]) {
        let (yv, zv) = (F4::splat(y), F4::splat(z));
        let (zero, eight, sc) = (F4::splat(0.0), F4::splat(8.0), F4::splat(SCALE3));
        for k in (0..planes[0].len()).step_by(4) {
            let x = F4::load(&xs[k..]);
            let s = (x + yv + zv) * F4::splat(F3);
            let (i, j, kk) = ((x + s).floor(), (yv + s).floor(), (zv + s).floor());
            let c = Chunk3::new(x, yv, zv, i, j, kk);
            let mut acc = [zero; 4];
            c.corners(self.lane_grads3(&c), |on, t, d, g| {
                let t2 = t * t;
                let gd = g[2] * d[2] + g[1] * d[1] + g[0] * d[0];
                let (t4, q) = (t2 * t2, eight * t2 * t * gd);
                acc[0] = acc[0] + on.keep(t4 * gd);
                for a in 0..3 {
                    acc[a + 1] = acc[a + 1] + on.keep(t4 * g[a] - q * d[a]);
                }
            });
            for (p, v) in planes.iter_mut().zip(acc) {
                (sc * v).store(&mut p[k..]);
            }
        }
    }
}

/// Value and gradient (before scaling) of four samples with per-lane offsets `(x0, y0)`,
/// halves `m` (`x0 > y0`) and corner gradients `g[corner] = (gx, gy)`.
#[inline(always)]
fn deriv2(x0: F4, y0: F4, m: M4, g: [[F4; 2]; 3]) -> [F4; 3] {
    let (r2, zero, one, eight) = (
        F4::splat(R2),
        F4::splat(0.0),
        F4::splat(1.0),
        F4::splat(8.0),
    );
    let (g2c, g22) = (F4::splat(G2), F4::splat(2.0 * G2));
    let i1 = m.keep(one);
    let j1 = one - i1;
    let corners = [
        (x0, y0),
        (x0 - i1 + g2c, y0 - j1 + g2c),
        (x0 - one + g22, y0 - one + g22),
    ];
    let (mut v, mut dx, mut dy) = (zero, zero, zero);
    for (c, (cx, cy)) in corners.into_iter().enumerate() {
        let [gx, gy] = g[c];
        let t = r2 - cy * cy - cx * cx;
        let on = t.gt(zero);
        let gd = gy * cy + gx * cx;
        let t2 = t * t;
        let t4 = t2 * t2;
        let k = eight * t2 * t * gd;
        v = v + on.keep(t4 * gd);
        dx = dx + on.keep(t4 * gx - k * cx);
        dy = dy + on.keep(t4 * gy - k * cy);
    }
    [v, dx, dy]
}
