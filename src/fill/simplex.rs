//! Row kernels of simplex noise: the skew, floor, corner offsets and kernel falloff of
//! four samples at once; the corner hashes and gradient lookups per simplex or per lane.
//! The skew mixes x and y, so nothing is shared down a column; a row still shares `y`.
//!
//! Along a row at low frequency, consecutive chunks of four samples mostly sit in one
//! simplex (at 1/32 per sample, a 2D row crosses about 2.7 simplex edges per unit, so
//! ~70% of chunks are in the previous chunk's simplex). The kernels keep that simplex
//! ([`Tri`]: its cell, its corners' gradients, and every term that depends only on the
//! simplex and the row's `y`) and test each chunk against it first: a hit costs the skew,
//! one compare, and the x-dependent half of each corner's arithmetic. A miss looks at
//! lane 3's simplex: all four lanes in it, or split between it and the kept one (a chunk
//! crossing one edge), still take no per-lane lookups. Only chunks touching three or
//! more simplices (high octaves) hash and gather per lane.
//!
//! Every value is the point kernel's (src/noise/simplex.rs) with the same operations in
//! the same order: a term kept per simplex is the one the point formula computes from
//! the same inputs (`y0`, `cy·cy`, `gy·cy`, where `t = (r² − cx²) − cy²` and
//! `g·d = gx·cx + gy·cy`, `+` being commutative), so the bits are the same.

use super::RowNoise;
use crate::noise::simplex::{Simplex, F2, F3, G2, G3, GRAD3, R2, SCALE2, SCALE3};
use crate::simd::{gather2, F4, I4, M4};

impl Simplex {
    #[inline(always)]
    fn h3(&self, i: i32, j: i32, k: i32) -> usize {
        let a = self.perm[(k & 255) as usize] as usize;
        let b = self.perm[((j & 255) as usize + a) & 511] as usize;
        self.perm[((i & 255) as usize + b) & 511] as usize
    }

    /// Indices into `grad2` of the three corners of the 2D simplex in cell `(i, j)`,
    /// lower half (`x0 > y0`) when `m`: `(i, j)`, `(i + 1, j)` or `(i, j + 1)`,
    /// `(i + 1, j + 1)`. The hash is the point kernel's `perm[(i & 255) + perm[j & 255]]`;
    /// the doubled table makes `a + 1 + inner` the same entry as `((i + 1) & 255) + inner`.
    #[inline(always)]
    fn corners2(&self, i: i32, j: i32, m: bool) -> [usize; 3] {
        let (a, b) = ((i & 255) as usize, (j & 255) as usize);
        let (in0, in1) = (self.perm[b] as usize, self.perm[b + 1] as usize);
        let mid = if m { a + 1 + in0 } else { a + in1 };
        [(a + in0) & 511, mid & 511, (a + 1 + in1) & 511]
    }
}

/// `[e(0), e(1), e(2)]` for `c => e`, written out: `[0, 1, 2].map(…)` is not always
/// inlined in the wasm build, and a call per chunk costs more than the work.
macro_rules! per_corner {
    ($c:ident => $e:expr) => {
        [{ let $c = 0; $e }, { let $c = 1; $e }, { let $c = 2; $e }]
    };
}

/// One 2D simplex on one row, with what every sample of the row inside it shares.
#[derive(Clone, Copy)]
struct Tri {
    /// Cell (floored skewed coordinates) and half (`x0 > y0`), in every lane.
    i: F4,
    j: F4,
    m: M4,
    /// `i − t` (the unskewed cell origin's x): `x0 = x − it`.
    it: F4,
    /// `y0`, the same for every sample of the row in this simplex.
    y0: F4,
    /// Corner 1's step in x (1 in the lower half).
    i1: F4,
    /// Per corner: gradient, `cy·cy` and `gy·cy`.
    gx: [F4; 3],
    gy: [F4; 3],
    cyy: [F4; 3],
    gycy: [F4; 3],
}

impl Tri {
    /// Matches no chunk (NaN cell).
    fn none() -> Self {
        let (nan, zero) = (F4::splat(f32::NAN), F4::splat(0.0));
        Tri {
            i: nan,
            j: nan,
            m: M4::splat(false),
            it: nan,
            y0: nan,
            i1: zero,
            gx: [zero; 3],
            gy: [zero; 3],
            cyy: [zero; 3],
            gycy: [zero; 3],
        }
    }

    /// The simplex of cell `(i, j)` and half `m` on the row at `y`, with scalar `f32`
    /// operations in the point kernel's order.
    #[inline(always)]
    fn new(n: &Simplex, i: f32, j: f32, m: bool, y: f32) -> Self {
        let t = (i + j) * G2;
        let y0 = y - (j - t);
        let (i1, j1) = if m { (1.0, 0.0) } else { (0.0, 1.0) };
        let cy = [y0, y0 - j1 + G2, y0 - 1.0 + 2.0 * G2];
        let h = n.corners2(i as i32, j as i32, m);
        let g = per_corner!(c => n.grad2[h[c]]);
        Tri {
            i: F4::splat(i),
            j: F4::splat(j),
            m: M4::splat(m),
            it: F4::splat(i - t),
            y0: F4::splat(y0),
            i1: F4::splat(i1),
            gx: per_corner!(c => F4::splat(g[c][0])),
            gy: per_corner!(c => F4::splat(g[c][1])),
            cyy: per_corner!(c => F4::splat(cy[c] * cy[c])),
            gycy: per_corner!(c => F4::splat(g[c][1] * cy[c])),
        }
    }

    /// The noise (before scaling) of four samples inside this simplex, `x0 = x − it`.
    #[inline(always)]
    fn eval(&self, x0: F4) -> F4 {
        let (r2, zero, one) = (F4::splat(R2), F4::splat(0.0), F4::splat(1.0));
        let cx = [
            x0,
            x0 - self.i1 + F4::splat(G2),
            x0 - one + F4::splat(2.0 * G2),
        ];
        let mut v = zero;
        for (c, cx) in cx.into_iter().enumerate() {
            let t = r2 - cx * cx - self.cyy[c];
            let gd = self.gx[c] * cx + self.gycy[c];
            let t2 = t * t;
            v = t.gt(zero).select(v + t2 * t2 * gd, v);
        }
        v
    }
}

/// The noise (before scaling) of four samples with per-lane offsets, halves and corner
/// gradients `g[corner] = (gx, gy)`.
#[inline(always)]
fn eval2(x0: F4, y0: F4, m: M4, g: [[F4; 2]; 3]) -> F4 {
    let (r2, zero, one) = (F4::splat(R2), F4::splat(0.0), F4::splat(1.0));
    let (g2c, g22) = (F4::splat(G2), F4::splat(2.0 * G2));
    let (i1, j1) = (m.select(one, zero), m.select(zero, one));
    let corners = [
        (x0, y0),
        (x0 - i1 + g2c, y0 - j1 + g2c),
        (x0 - one + g22, y0 - one + g22),
    ];
    let mut v = zero;
    for (c, (cx, cy)) in corners.into_iter().enumerate() {
        let t = r2 - cx * cx - cy * cy;
        let gd = g[c][0] * cx + g[c][1] * cy;
        let t2 = t * t;
        v = t.gt(zero).select(v + t2 * t2 * gd, v);
    }
    v
}

/// Whether all four lanes hold the same value.
#[inline(always)]
fn same(v: [i32; 4]) -> bool {
    v[1] == v[0] && v[2] == v[0] && v[3] == v[0]
}

#[inline(always)]
fn g3(h: [usize; 4], a: usize, uni: bool) -> F4 {
    if uni {
        return F4::splat(GRAD3[h[0] & 15][a]);
    }
    F4::new(
        GRAD3[h[0] & 15][a],
        GRAD3[h[1] & 15][a],
        GRAD3[h[2] & 15][a],
        GRAD3[h[3] & 15][a],
    )
}

impl Simplex {
    /// Per-lane corner gradients `[corner][component]` of four samples.
    #[inline(always)]
    fn lanes2(&self, i: F4, j: F4, m: M4) -> [[F4; 2]; 3] {
        let (ii, jj, mm) = (i.to_i4().to_array(), j.to_i4().to_array(), m.bitmask());
        let lane = |l: usize| self.corners2(ii[l], jj[l], mm >> l & 1 != 0);
        let h = [lane(0), lane(1), lane(2), lane(3)];
        per_corner!(c => {
            let (gx, gy) = gather2(&self.grad2, [h[0][c], h[1][c], h[2][c], h[3][c]]);
            [gx, gy]
        })
    }

    /// `row2` for rows where neighbouring samples are rarely in one simplex: per-lane
    /// lookups without the tests.
    fn row2_lanes(&self, xs: &[f32], y: f32, out: &mut [f32]) {
        let yv = F4::splat(y);
        for k in (0..out.len()).step_by(4) {
            let x = F4::load(&xs[k..]);
            let s = (x + yv) * F4::splat(F2);
            let i = (x + s).floor();
            let j = (yv + s).floor();
            let t = (i + j) * F4::splat(G2);
            let x0 = x - (i - t);
            let y0 = yv - (j - t);
            let m = x0.gt(y0);
            let v = eval2(x0, y0, m, self.lanes2(i, j, m));
            (F4::splat(SCALE2) * v).store(&mut out[k..]);
        }
    }
}

impl RowNoise for Simplex {
    type Cols = ();
    fn cols(&self, _xs: &[f32]) {}

    fn row2(&self, _: &(), xs: &[f32], y: f32, out: &mut [f32]) {
        // Keeping a simplex pays while chunks often stay in one; measured in Chromium, it
        // still does at 1/16 per sample and no longer at 1/8 (a chunk and its gap to the
        // next then cross ~1.4 simplex edges), where per-lane lookups without the tests win.
        let n = xs.len();
        if n > 4 && (xs[n - 1] - xs[0]).abs() > 0.1 * (n - 1) as f32 {
            return self.row2_lanes(xs, y, out);
        }
        let yv = F4::splat(y);
        let mut cur = Tri::none();
        for k in (0..out.len()).step_by(4) {
            let x = F4::load(&xs[k..]);
            let s = (x + yv) * F4::splat(F2);
            let i = (x + s).floor();
            let j = (yv + s).floor();
            // Lanes in the kept simplex: same cell, and (with that cell's `it`, so the
            // point kernel's `x0`) the same half.
            let x0c = x - cur.it;
            let in_cur = i.eq(cur.i).and(j.eq(cur.j)).and_not(x0c.gt(cur.y0).xor(cur.m));
            let v = if in_cur.all() {
                cur.eval(x0c)
            } else {
                let t = (i + j) * F4::splat(G2);
                let x0 = x - (i - t);
                let y0 = yv - (j - t);
                let m = x0.gt(y0);
                let in_last = i
                    .eq(i.last_splat())
                    .and(j.eq(j.last_splat()))
                    .and_not(m.xor(m.last_splat()));
                if in_last.or(in_cur).all() {
                    let last = Tri::new(self, i.to_array()[3], j.to_array()[3], m.bitmask() & 8 != 0, y);
                    let v = if in_last.all() {
                        last.eval(x0)
                    } else {
                        // One edge crossed: each lane takes its simplex's gradients.
                        let g = per_corner!(c => [
                            in_cur.select(cur.gx[c], last.gx[c]),
                            in_cur.select(cur.gy[c], last.gy[c]),
                        ]);
                        eval2(x0, y0, m, g)
                    };
                    cur = last;
                    v
                } else {
                    cur = Tri::none();
                    eval2(x0, y0, m, self.lanes2(i, j, m))
                }
            };
            (F4::splat(SCALE2) * v).store(&mut out[k..]);
        }
    }

    fn row3(&self, _: &(), xs: &[f32], y: f32, z: f32, out: &mut [f32]) {
        let (r2, zero, one) = (F4::splat(R2), F4::splat(0.0), F4::splat(1.0));
        let (y, z) = (F4::splat(y), F4::splat(z));
        for k in (0..out.len()).step_by(4) {
            let x = F4::load(&xs[k..]);
            let s = (x + y + z) * F4::splat(F3);
            let (i, j, kk) = ((x + s).floor(), (y + s).floor(), (z + s).floor());
            let t = (i + j + kk) * F4::splat(G3);
            let d0 = [x - (i - t), y - (j - t), z - (kk - t)];
            let (ii, jj, ki) = (
                i.to_i4().to_array(),
                j.to_i4().to_array(),
                kk.to_i4().to_array(),
            );
            // The point kernel's ranking of the offsets as lane masks: `a` is the first
            // step of the walk through the simplex, `b` the second (see noise3).
            let (xy, yz, xz) = (d0[0].ge(d0[1]), d0[1].ge(d0[2]), d0[0].ge(d0[2]));
            let ax = xy.and(xz);
            let ay = yz.and_not(xy);
            let az = M4::all_true().and_not(yz).and_not(ax);
            let bx = xy.or(yz.and(xz));
            let by = yz.or(M4::all_true().and_not(xy));
            let bz = M4::all_true()
                .and_not(yz)
                .or(M4::all_true().and_not(xy).and_not(xz));
            let stepf = |m: [M4; 3]| m.map(|m| m.select(one, zero));
            let stepi = |m: [M4; 3]| m.map(|m| m.select(I4::splat(1), I4::splat(0)).to_array());
            let (af, bf) = (stepf([ax, ay, az]), stepf([bx, by, bz]));
            let (ai, bi) = (stepi([ax, ay, az]), stepi([bx, by, bz]));
            let uni = same(ii) && same(jj) && same(ki) && ai.iter().chain(&bi).all(|&v| same(v));
            let lanes = if uni { 1 } else { 4 };
            let mut v = zero;
            for n in 0..4usize {
                let (sf, si) = match n {
                    0 => ([zero; 3], [[0i32; 4]; 3]),
                    1 => (af, ai),
                    2 => (bf, bi),
                    _ => ([one; 3], [[1i32; 4]; 3]),
                };
                let off = F4::splat(n as f32 * G3);
                let d = [
                    d0[0] - sf[0] + off,
                    d0[1] - sf[1] + off,
                    d0[2] - sf[2] + off,
                ];
                let t = r2 - d[0] * d[0] - d[1] * d[1] - d[2] * d[2];
                let m = t.gt(zero);
                if !m.any() {
                    continue;
                }
                let mut h = [0usize; 4];
                for l in 0..lanes {
                    h[l] = self.h3(
                        ii[l].wrapping_add(si[0][l]),
                        jj[l].wrapping_add(si[1][l]),
                        ki[l].wrapping_add(si[2][l]),
                    );
                }
                let t2 = t * t;
                let dot = g3(h, 0, uni) * d[0] + g3(h, 1, uni) * d[1] + g3(h, 2, uni) * d[2];
                v = m.select(v + t2 * t2 * dot, v);
            }
            (F4::splat(SCALE3) * v).store(&mut out[k..]);
        }
    }
}
