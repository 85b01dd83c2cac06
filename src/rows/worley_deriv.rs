//! Derivative rows of Worley F1 (Euclidean): the value and gradient planes of one
//! octave for a whole row, four columns per step, with the bits of
//! [`Worley::f1_deriv`]. The gradient is `(p − q) / F1` for the nearest feature point
//! `q`, so the search keeps, per lane, the offset of the point giving the smallest key:
//! over the row's [`Block`] or, where four samples straddle cells, over their cells
//! hashed per lane (the cells in `nearest`'s order, x fastest, the first of equal keys
//! kept); for the rare chunks whose F1 may lie farther out, the scalar point
//! derivative itself.

use super::worley::{block_for, cell_of, Block};
use crate::noise::deriv::DerivNoise;
use crate::noise::worley::{Worley, WorleyDistance, WorleyReturn};
use crate::simd::{F4, I4};

/// The smallest Euclidean key per lane and the offsets `q − p` of the point giving it,
/// over the 3 × 3 (× 3) cells around the lanes' own (`n` axes) in the order of
/// [`Worley::nearest`]: `point(k)` gives neighbour `k`'s offsets and the y and z terms
/// (`(ox + 1) + 3 (oy + 1) + 9 (oz + 1)`, x fastest).
#[inline(always)]
fn nearest4(n: usize, x: F4, point: impl Fn(usize) -> (F4, [F4; 2], [F4; 2])) -> (F4, [F4; 3]) {
    let zero = F4::splat(0.0);
    let (mut k1, mut d) = (F4::splat(f32::INFINITY), [zero; 3]);
    for k in 0..if n == 2 { 9 } else { 27 } {
        let (a, [dy, dz], [ty, tz]) = point(k);
        let dx = a - x;
        let mut key = dx * dx + ty;
        if n == 3 {
            key = key + tz;
        }
        let lt = key.lt(k1);
        k1 = lt.select(key, k1);
        d = [
            lt.select(dx, d[0]),
            lt.select(dy, d[1]),
            lt.select(dz, d[2]),
        ];
    }
    (k1, d)
}

impl Block {
    /// [`nearest4`] over the block's hashed points; as the block's entries are the same
    /// for every lane, the search keeps the index of the nearest neighbour (one select
    /// per cell instead of three) and reads its offsets once at the end.
    #[inline(always)]
    fn nearest4(&self, x: F4) -> (F4, [F4; 3]) {
        let (mut k1, mut at) = (F4::splat(f32::INFINITY), F4::splat(0.0));
        for k in 0..if self.n == 2 { 9 } else { 27 } {
            let dx = self.a[k] - x;
            let mut key = dx * dx + self.ty[k];
            if self.n == 3 {
                key = key + self.tz[k];
            }
            let lt = key.lt(k1);
            k1 = lt.select(key, k1);
            at = lt.select(F4::splat(k as f32), at);
        }
        let at = at.to_array().map(|k| k as usize);
        let lanes = |t: &[F4; 27]| {
            let v = at.map(|k| t[k].to_array()[0]);
            F4::new(v[0], v[1], v[2], v[3])
        };
        (k1, [lanes(&self.a) - x, lanes(&self.dy), lanes(&self.dz)])
    }
}

impl Worley {
    /// [`nearest4`] for four lanes in their own cells `c` at in-cell `p`, each
    /// neighbour's point hashed for the four (as [`Block`] hashes it for one).
    #[inline(always)]
    fn nearest_hashed4(&self, n: usize, c: [I4; 3], p: [F4; 3]) -> (F4, [F4; 3]) {
        nearest4(n, p[0], |k| {
            let k = k as i32;
            let o = [k % 3 - 1, k / 3 % 3 - 1, if n == 2 { 0 } else { k / 9 - 1 }];
            let u = self.offsets4([0, 1, 2].map(|a| c[a] + I4::splat(o[a])), n);
            let of = |a: usize| F4::splat(o[a] as f32);
            let (dy, dz) = (of(1) + u[1] - p[1], of(2) + u[2] - p[2]);
            (of(0) + u[0], [dy, dz], [dy * dy, dz * dz])
        })
    }

    /// Whether the derivative rows apply: F1 with the Euclidean metric (the only form
    /// with a derivative).
    pub(crate) fn f1_euclidean(&self) -> bool {
        self.params.ret == WorleyReturn::F1 && self.params.distance == WorleyDistance::Euclidean
    }

    /// `planes[c][i]`: value, ∂x, ∂y (and ∂z with `z`) at column `i` of split columns
    /// `xs` + shifts `sx` and the split row `y` (and depth `z`); each plane as long as
    /// the padded columns.
    pub(crate) fn row_deriv<const M: usize>(
        &self,
        sx: &[i32],
        xs: &[f32],
        y: (f32, i32),
        z: (f32, i32),
        mut planes: [&mut [f32]; M],
    ) {
        debug_assert!(self.f1_euclidean());
        let ((cy, fy), (cz, fz)) = (cell_of(y), cell_of(z));
        let mut block = Block::row(([cy, cz], [fy, fz]), M - 1);
        let zero = F4::splat(0.0);
        for k in (0..xs.len()).step_by(4) {
            let (x, s) = (F4::load(&xs[k..]), I4::load(&sx[k..]));
            let fx = x.floor();
            let (cx, frac) = (fx.to_i4() + s, [x - fx, fy, fz]);
            let (k1, d) = match block_for(self, &mut block, cx) {
                Some(b) => b.nearest4(frac[0]),
                None => self.nearest_hashed4(M - 1, [cx, I4::splat(cy), I4::splat(cz)], frac),
            };
            if !self.beyond4(&frac[..M - 1], k1) {
                let f1 = k1.sqrt();
                let some = f1.gt(zero);
                f1.store(&mut planes[0][k..]);
                for a in 1..M {
                    some.select(-d[a - 1] / f1, zero).store(&mut planes[a][k..]);
                }
                continue;
            }
            // Lanes whose F1 may lie beyond the 3 × 3 (× 3) cells: per lane.
            let (xa, sa) = (x.to_array(), s.to_array());
            for l in 0..4 {
                let v: [f32; 4] = if M == 3 {
                    let [v, dx, dy] = self.deriv2_shifted(xa[l], y.0, [sa[l], y.1]);
                    [v, dx, dy, 0.0]
                } else {
                    self.deriv3_shifted(xa[l], y.0, z.0, [sa[l], y.1, z.1])
                };
                for (p, v) in planes.iter_mut().zip(v) {
                    p[k + l] = v;
                }
            }
        }
    }
}
