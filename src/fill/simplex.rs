//! Row kernels of simplex noise: the skew, floor, corner offsets and kernel falloff of
//! four samples at once; the corner hashes and gradient lookups per lane. The skew
//! mixes x and y, so nothing is shared down a column; a row still shares `y`.

use super::RowNoise;
use crate::noise::simplex::{Simplex, F2, F3, G2, G3, GRAD2, GRAD3, R2, SCALE2, SCALE3};
use crate::simd::{F4, I4, M4};

impl Simplex {
    #[inline(always)]
    fn h2(&self, i: i32, j: i32) -> usize {
        let inner = self.perm[(j & 255) as usize] as usize;
        self.perm[((i & 255) as usize + inner) & 511] as usize
    }

    #[inline(always)]
    fn h3(&self, i: i32, j: i32, k: i32) -> usize {
        let a = self.perm[(k & 255) as usize] as usize;
        let b = self.perm[((j & 255) as usize + a) & 511] as usize;
        self.perm[((i & 255) as usize + b) & 511] as usize
    }
}

/// Whether all four lanes hold the same value.
#[inline(always)]
fn same(v: [i32; 4]) -> bool {
    v[1] == v[0] && v[2] == v[0] && v[3] == v[0]
}

#[inline(always)]
fn g2(h: [usize; 4], a: usize, uni: bool) -> F4 {
    if uni {
        return F4::splat(GRAD2[h[0] & 15][a]);
    }
    F4::new(
        GRAD2[h[0] & 15][a],
        GRAD2[h[1] & 15][a],
        GRAD2[h[2] & 15][a],
        GRAD2[h[3] & 15][a],
    )
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

impl RowNoise for Simplex {
    type Cols = ();
    fn cols(&self, _xs: &[f32]) {}

    fn row2(&self, _: &(), xs: &[f32], y: f32, out: &mut [f32]) {
        let (r2, g2c, g22) = (F4::splat(R2), F4::splat(G2), F4::splat(2.0 * G2));
        let (zero, one) = (F4::splat(0.0), F4::splat(1.0));
        let y = F4::splat(y);
        for k in (0..out.len()).step_by(4) {
            let x = F4::load(&xs[k..]);
            let s = (x + y) * F4::splat(F2);
            let i = (x + s).floor();
            let j = (y + s).floor();
            let t = (i + j) * F4::splat(G2);
            let x0 = x - (i - t);
            let y0 = y - (j - t);
            let m = x0.gt(y0);
            let (i1, j1) = (m.select(one, zero), m.select(zero, one));
            // All four samples in one simplex (common at low frequencies): hash its
            // corners once and splat the gradients instead of gathering them. The test
            // reads one lane and compares in vector registers.
            let (fi, fj, m0) = (i.first(), j.first(), x0.first() > y0.first());
            let uni = i.eq(F4::splat(fi)).and(j.eq(F4::splat(fj))).all()
                && if m0 { m.all() } else { !m.any() };
            let (mut h0, mut h1, mut h2) = ([0usize; 4], [0usize; 4], [0usize; 4]);
            if uni {
                let (a, b) = (fi as i32, fj as i32);
                let (di, dj) = if m0 { (1, 0) } else { (0, 1) };
                h0[0] = self.h2(a, b);
                h1[0] = self.h2(a.wrapping_add(di), b.wrapping_add(dj));
                h2[0] = self.h2(a.wrapping_add(1), b.wrapping_add(1));
            } else {
                let (ii, jj) = (i.to_i4().to_array(), j.to_i4().to_array());
                let (i1i, j1i) = (
                    m.select(I4::splat(1), I4::splat(0)).to_array(),
                    m.select(I4::splat(0), I4::splat(1)).to_array(),
                );
                for l in 0..4 {
                    h0[l] = self.h2(ii[l], jj[l]);
                    h1[l] = self.h2(ii[l].wrapping_add(i1i[l]), jj[l].wrapping_add(j1i[l]));
                    h2[l] = self.h2(ii[l].wrapping_add(1), jj[l].wrapping_add(1));
                }
            }
            let corners = [
                (x0, y0, h0),
                (x0 - i1 + g2c, y0 - j1 + g2c, h1),
                (x0 - one + g22, y0 - one + g22, h2),
            ];
            let mut v = zero;
            for (cx, cy, h) in corners {
                let t = r2 - cx * cx - cy * cy;
                let gd = g2(h, 0, uni) * cx + g2(h, 1, uni) * cy;
                let t2 = t * t;
                let t4 = t2 * t2;
                v = t.gt(zero).select(v + t4 * gd, v);
            }
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
