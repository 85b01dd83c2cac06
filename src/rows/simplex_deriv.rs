//! The simplex derivative rows: value and partials of one octave for a whole row, four
//! samples per step, with the operations of the point derivatives
//! (`Simplex::noise2_deriv`, `noise3_deriv`, src/noise/simplex.rs) in their order, so a
//! row gives their bits. Each corner adds `t⁴ (g·d)` to the value and
//! `t⁴ g − 8 t³ (g·d) d` to the gradient (Gustavson 2005). The skew, the floor, the
//! simplex walk and the per-lane corner gradients are the plain rows' (`skew2`,
//! `lanes2`, `Chunk3`). The 3D row keeps a simplex from chunk to chunk as the plain row
//! does (`row3_chunks`, its y and z terms with the gradient's added: `DTet`); the 2D row
//! looks up every lane (one octave of 1024²: about 1.5–2× the plain fill, which keeps
//! its simplex).
//!
//! Where the point kernel skips a corner (`t ≤ 0`, or NaN), the lanes add `+0.0` to each
//! sum instead, which leaves it unchanged (the sums start at `+0.0` and so are never
//! `-0.0`; see src/rows/simplex.rs).

use super::simplex::{
    far_apart, offsets2, skew2, splats, Chunk3, From2, From3, Kept2, Kept3, Lane3, Tet, Tri,
    WideCols,
};
use crate::noise::simplex::{Simplex, F3, G3, NEAR, R2, SCALE2, SCALE3};
use crate::simd::{F4, M4};

/// The kept simplex of the 3D derivative row: [`Tet`] and per corner (splatted) the
/// terms the gradient adds, `gy`, `gz`, `cy`, `cz`.
#[derive(Clone, Copy)]
struct DTet {
    t: Tet,
    yz: [[F4; 4]; 4],
}

impl Kept3 for DTet {
    #[inline(always)]
    fn none() -> Self {
        DTet {
            t: Tet::none(),
            yz: [[F4::splat(0.0); 4]; 4],
        }
    }
    #[inline(always)]
    fn new(n: &Simplex, l: Lane3, y: f32, z: f32) -> Self {
        let (t, yz) = Tet::new_with(n, l, y, z);
        DTet {
            t,
            yz: yz.map(splats),
        }
    }
    #[inline(always)]
    fn mix(m: M4, a: &Self, b: &Self) -> Self {
        let pick = |q: usize| core::array::from_fn(|c| m.select(a.yz[q][c], b.yz[q][c]));
        DTet {
            t: Tet::mix(m, &a.t, &b.t),
            yz: [pick(0), pick(1), pick(2), pick(3)],
        }
    }
    #[inline(always)]
    fn tet(&self) -> &Tet {
        &self.t
    }
}

/// The kept simplex of the 2D derivative row: [`Tri`] and per corner (splatted) the
/// gradient's y and the row's offset `cy`.
#[derive(Clone, Copy)]
struct DTri {
    t: Tri,
    gy: [F4; 3],
    cy: [F4; 3],
}

impl Kept2 for DTri {
    #[inline(always)]
    fn none() -> Self {
        let zero = [F4::splat(0.0); 3];
        DTri {
            t: Tri::none(),
            gy: zero,
            cy: zero,
        }
    }
    #[inline(always)]
    fn new(n: &Simplex, i: f32, j: f32, m: bool, y: f32) -> Self {
        let (t, [gy, cy]) = Tri::new_with(n, i, j, m, y);
        DTri {
            t,
            gy: gy.map(F4::splat),
            cy: cy.map(F4::splat),
        }
    }
    #[inline(always)]
    fn mix(m: M4, a: &Self, b: &Self) -> Self {
        let pick = |a: &[F4; 3], b: &[F4; 3]| [0, 1, 2].map(|c| m.select(a[c], b[c]));
        DTri {
            t: Tri::mix(m, &a.t, &b.t),
            gy: pick(&a.gy, &b.gy),
            cy: pick(&a.cy, &b.cy),
        }
    }
    #[inline(always)]
    fn tri(&self) -> &Tri {
        &self.t
    }
}

impl DTri {
    /// [`deriv2`] of four samples inside this simplex, `x0 = x − it`: the corner terms
    /// `r² − cy²` and `gy·cy` are the row's.
    #[inline(always)]
    fn eval(&self, x0: F4) -> [F4; 3] {
        let mut acc = [F4::splat(0.0); 3];
        for (c, cx) in self.t.cx(x0).into_iter().enumerate() {
            let (gx, gy, cy) = (self.t.gx[c], self.gy[c], self.cy[c]);
            let t = self.t.r2y[c] - cx * cx;
            let gd = self.t.gyy[c] + gx * cx;
            add_corner2(&mut acc, t, gd, [gx, gy], [cx, cy]);
        }
        acc
    }
}

impl Simplex {
    /// `planes[c][i]`: channel `c` (value, ∂x, ∂y) at the octave's column `i` and the
    /// f64 row `y`, as [`crate::noise::deriv::DerivNoise::deriv2_at`] gives it. Rows
    /// within [`NEAR`] take four lanes; beyond it every sample is the f64 point
    /// derivative, as the plain row does. Each plane is as long as the padded columns.
    pub(crate) fn row2_deriv(
        &self,
        c: &WideCols,
        xs: &[f32],
        y: f64,
        mut planes: [&mut [f32]; 3],
    ) {
        if !(c.near && y.abs() < NEAR) {
            let [v, dx, dy] = planes;
            for (i, &x) in c.x.iter().enumerate() {
                (v[i], dx[i], dy[i]) = self.noise2_deriv_at(x, y);
            }
            return;
        }
        #[inline(always)]
        fn put(planes: &mut [&mut [f32]; 3], k: usize, v: [F4; 3]) {
            for (p, v) in planes.iter_mut().zip(v) {
                (F4::splat(SCALE2) * v).store(&mut p[k..]);
            }
        }
        let n = planes[0].len();
        // As the plain row: the simplex kept while samples are close, else per lane.
        if !far_apart(xs) {
            return self.row2_chunks(xs, y as f32, n, #[inline(always)]
            |k, from: From2<DTri>| match from {
                From2::Kept(t, x0) => put(&mut planes, k, t.eval(x0)),
                From2::Lanes { i, j, x0, y0, m } => {
                    put(&mut planes, k, deriv2(x0, y0, m, self.lanes2(i, j, m)))
                }
            });
        }
        let yv = F4::splat(y as f32);
        for k in (0..n).step_by(4) {
            let (i, j, x0, y0, m) = skew2(F4::load(&xs[k..]), yv);
            put(&mut planes, k, deriv2(x0, y0, m, self.lanes2(i, j, m)));
        }
    }

    /// `planes[c][i]`: channel `c` (value, ∂x, ∂y, ∂z) at column `xs[i]` and the row
    /// `(y, z)`, as `Simplex::noise3_deriv` gives it (the coordinates already reduced by
    /// the 3D period, as for the plain row). As the plain row, the chunk loop keeps a
    /// simplex while samples are close, and otherwise looks up every lane.
    pub(crate) fn row3_deriv(&self, xs: &[f32], y: f32, z: f32, mut planes: [&mut [f32]; 4]) {
        let n = planes[0].len();
        let mut put = |k: usize, acc: [F4; 4]| {
            for (p, v) in planes.iter_mut().zip(acc) {
                (F4::splat(SCALE3) * v).store(&mut p[k..]);
            }
        };
        if !far_apart(xs) {
            return self.row3_chunks(xs, (y, z), n, #[inline(always)]
            |k, from: From3<DTet>| match from {
                From3::Kept(t, x0) => put(k, kept3(t, x0)),
                From3::Lanes(c) => put(k, self.lanes_deriv3(c)),
            });
        }
        let (yv, zv) = (F4::splat(y), F4::splat(z));
        for k in (0..n).step_by(4) {
            let x = F4::load(&xs[k..]);
            let s = (x + yv + zv) * F4::splat(F3);
            let (i, j, kk) = ((x + s).floor(), (yv + s).floor(), (zv + s).floor());
            put(k, self.lanes_deriv3(&Chunk3::new(x, yv, zv, i, j, kk)));
        }
    }

    /// Value and gradient (before scaling) of a chunk with per-lane lookups.
    #[inline(always)]
    fn lanes_deriv3(&self, c: &Chunk3) -> [F4; 4] {
        let (zero, eight) = (F4::splat(0.0), F4::splat(8.0));
        let mut acc = [zero; 4];
        c.corners(self.lane_grads3(c), |on, t, d, g| {
            let t2 = t * t;
            let gd = g[2] * d[2] + g[1] * d[1] + g[0] * d[0];
            let (t4, q) = (t2 * t2, eight * t2 * t * gd);
            acc[0] = acc[0] + on.keep(t4 * gd);
            for a in 0..3 {
                acc[a + 1] = acc[a + 1] + on.keep(t4 * g[a] - q * d[a]);
            }
        });
        acc
    }
}

/// Value and gradient (before scaling) of four samples inside the kept simplex `t`,
/// `x0 = x − it`: its per-corner y and z terms and the x terms per lane, in the point
/// derivative's order (`Tet`'s `r2yz`, `gyz` are its intermediate values).
#[inline(always)]
fn kept3(d: &DTet, x0: F4) -> [F4; 4] {
    let (t, [gy, gz, cy, cz]) = (&d.t, &d.yz);
    let (zero, eight) = (F4::splat(0.0), F4::splat(8.0));
    let mut acc = [zero; 4];
    for n in 0..4 {
        let cx = x0 - t.sx[n] + F4::splat(n as f32 * G3);
        let tt = t.r2yz[n] - cx * cx;
        let gd = t.gyz[n] + t.gx[n] * cx;
        let t2 = tt * tt;
        let (t4, q) = (t2 * t2, eight * t2 * tt * gd);
        let on = tt.gt(zero);
        let terms = [
            t4 * gd,
            t4 * t.gx[n] - q * cx,
            t4 * gy[n] - q * cy[n],
            t4 * gz[n] - q * cz[n],
        ];
        for (a, v) in acc.iter_mut().zip(terms) {
            *a = *a + on.keep(v);
        }
    }
    acc
}

/// Value and gradient (before scaling) of four samples with per-lane offsets `(x0, y0)`,
/// halves `m` (`x0 > y0`) and corner gradients `g[corner] = (gx, gy)`.
#[inline(always)]
fn deriv2(x0: F4, y0: F4, m: M4, g: [[F4; 2]; 3]) -> [F4; 3] {
    let r2 = F4::splat(R2);
    let mut acc = [F4::splat(0.0); 3];
    for (c, (cx, cy)) in offsets2(x0, y0, m).into_iter().enumerate() {
        let [gx, gy] = g[c];
        let t = r2 - cy * cy - cx * cx;
        let gd = gy * cy + gx * cx;
        add_corner2(&mut acc, t, gd, [gx, gy], [cx, cy]);
    }
    acc
}

/// One corner's falloff `t⁴·(g·d)` and its gradient `t⁴·g − 8t³(g·d)·d` added into
/// `acc` (value, ∂x, ∂y) where `t = r² − |d|² > 0`.
#[inline(always)]
fn add_corner2(acc: &mut [F4; 3], t: F4, gd: F4, g: [F4; 2], d: [F4; 2]) {
    let on = t.gt(F4::splat(0.0));
    let t2 = t * t;
    let t4 = t2 * t2;
    let k = F4::splat(8.0) * t2 * t * gd;
    acc[0] = acc[0] + on.keep(t4 * gd);
    acc[1] = acc[1] + on.keep(t4 * g[0] - k * d[0]);
    acc[2] = acc[2] + on.keep(t4 * g[1] - k * d[1]);
}
