//! Row kernels of Worley noise for grid fills ([`crate::rows`]): the search of
//! [`Worley::search2`] / `search3` run for four samples in lock step. The 3 × 3 (× 3)
//! block is visited in the point kernel's order; a cell updates a lane only where the
//! point kernel's skip test lets it through for that lane, with that lane's F2 at that
//! moment (the point kernel's early `continue`s only skip cells that test would reject
//! anyway). The rare farther slabs run per lane with the scalar code. So every lane ends
//! with the point kernel's bits. The cell hash is integer arithmetic and runs four-wide.

use super::RowNoise;
use crate::noise::worley::search::Best;
use crate::noise::worley::{Worley, WorleyDistance, WorleyReturn};
use crate::simd::{F4, I4, M4};

/// [`crate::rng::hash3`] on four lanes.
#[inline(always)]
fn hash3x4(seed: u32, x: I4, y: I4, z: I4) -> I4 {
    let c = |v: u32| I4::splat(v as i32);
    let mut h = c(seed) ^ (x * c(0x27D4_EB2D)) ^ (y * c(0x1656_67B1)) ^ (z * c(0x9E37_79B1));
    h = h ^ h.shr::<16>();
    h = h * c(0x7FEB_352D);
    h = h ^ h.shr::<15>();
    h = h * c(0x846C_A68B);
    h ^ h.shr::<16>()
}

/// Two smallest keys per lane.
struct Best4 {
    k1: F4,
    k2: F4,
}

impl Best4 {
    #[inline(always)]
    fn add(&mut self, k: F4, m: M4) {
        let (lt1, lt2) = (k.lt(self.k1), k.lt(self.k2));
        let k2 = lt1.select(self.k1, lt2.select(k, self.k2));
        let k1 = lt1.select(k, self.k1);
        self.k2 = m.select(k2, self.k2);
        self.k1 = m.select(k1, self.k1);
    }
}

impl Worley {
    #[inline(always)]
    fn term4(&self, v: F4) -> F4 {
        match self.params.distance {
            WorleyDistance::Euclidean => v * v,
            _ => v.abs(),
        }
    }

    #[inline(always)]
    fn join4(&self, a: F4, b: F4) -> F4 {
        match self.params.distance {
            WorleyDistance::Chebyshev => a.max(b),
            _ => a + b,
        }
    }

    #[inline(always)]
    fn gap4(&self, o: i32, f: F4) -> F4 {
        let b = F4::splat(o as f32);
        let (lo, hi) = (F4::splat(self.lo), F4::splat(self.hi));
        self.term4((b + lo - f).max(f - b - hi).max(F4::splat(0.0)))
    }

    /// Feature point offsets of four cells (`n` = 2 or 3 axes).
    #[inline(always)]
    fn offsets4(&self, c: [I4; 3], n: usize) -> [F4; 3] {
        let h = hash3x4(self.seeds[0], c[0], c[1], c[2]);
        let mut u = [
            (h & I4::splat(0xFFFF)).to_f4() * F4::splat(1.0 / 65_536.0),
            h.shr::<16>().to_f4() * F4::splat(1.0 / 65_536.0),
            F4::splat(0.0),
        ];
        if n > 2 {
            u[2] = hash3x4(self.seeds[1], c[0], c[1], c[2]).shr::<8>().to_f4()
                * F4::splat(1.0 / 16_777_216.0);
        }
        let (half, j) = (F4::splat(0.5), F4::splat(self.params.jitter));
        u.map(|v| half + j * (v - half))
    }

    #[inline(always)]
    fn finish4(&self, k1: F4, k2: F4) -> F4 {
        let unkey = |k: F4| match self.params.distance {
            WorleyDistance::Euclidean => k.sqrt(),
            _ => k,
        };
        let (f1, f2) = (unkey(k1), unkey(k2));
        match self.params.ret {
            WorleyReturn::F1 => f1,
            WorleyReturn::F2 => f2,
            WorleyReturn::F2MinusF1 => f2 - f1,
        }
    }

    /// Four samples of a row; `sx`, `sy`: whole-cell shifts of the cells (see
    /// [`crate::noise::split`]).
    fn search2x4(&self, x: F4, y: F4, sx: I4, sy: I4) -> F4 {
        let (fx, fy) = (x.floor(), y.floor());
        let (cx, cy, x, y) = (fx.to_i4() + sx, fy.to_i4() + sy, x - fx, y - fy);
        let inf = F4::splat(f32::INFINITY);
        let mut best = Best4 { k1: inf, k2: inf };
        let visit = |ox: i32, oy: i32, m: M4, best: &mut Best4| {
            let u = self.offsets4([cx + I4::splat(ox), cy + I4::splat(oy), I4::splat(0)], 2);
            let k = self.join4(
                self.term4(F4::splat(ox as f32) + u[0] - x),
                self.term4(F4::splat(oy as f32) + u[1] - y),
            );
            best.add(k, m);
        };
        visit(0, 0, M4::all_true(), &mut best);
        for oy in -1..=1 {
            let gy = self.gap4(oy, y);
            for ox in -1..=1 {
                if (ox, oy) != (0, 0) {
                    let m = self.join4(self.gap4(ox, x), gy).lt(best.k2);
                    if m.any() {
                        visit(ox, oy, m, &mut best);
                    }
                }
            }
        }
        // Farther slabs, per lane, exactly as the point kernel.
        let (xa, ya, cxa, cya) = (x.to_array(), y.to_array(), cx.to_array(), cy.to_array());
        let (mut k1, mut k2) = (best.k1.to_array(), best.k2.to_array());
        for l in 0..4 {
            let ((x0, x1), (y0, y1)) = (self.reach(xa[l], k2[l]), self.reach(ya[l], k2[l]));
            if x0 < -1 || x1 > 1 || y0 < -1 || y1 > 1 {
                let mut b = Best {
                    k1: k1[l],
                    k2: k2[l],
                };
                for oy in y0..=y1 {
                    let gy = self.gap(oy, ya[l]);
                    for ox in x0..=x1 {
                        let inner = ox.abs() <= 1 && oy.abs() <= 1;
                        if !inner && self.join(self.gap(ox, xa[l]), gy) < b.k2 {
                            let u = self
                                .offsets([cxa[l].wrapping_add(ox), cya[l].wrapping_add(oy), 0], 2);
                            b.add(self.join(
                                self.term(ox as f32 + u[0] - xa[l]),
                                self.term(oy as f32 + u[1] - ya[l]),
                            ));
                        }
                    }
                }
                (k1[l], k2[l]) = (b.k1, b.k2);
            }
        }
        self.finish4(
            F4::new(k1[0], k1[1], k1[2], k1[3]),
            F4::new(k2[0], k2[1], k2[2], k2[3]),
        )
    }

    fn search3x4(&self, x: F4, y: F4, z: F4, s: [I4; 3]) -> F4 {
        let fl = [x.floor(), y.floor(), z.floor()];
        let c = [
            fl[0].to_i4() + s[0],
            fl[1].to_i4() + s[1],
            fl[2].to_i4() + s[2],
        ];
        let p = [x - fl[0], y - fl[1], z - fl[2]];
        let inf = F4::splat(f32::INFINITY);
        let mut best = Best4 { k1: inf, k2: inf };
        let visit = |o: [i32; 3], m: M4, best: &mut Best4| {
            let u = self.offsets4(
                [
                    c[0] + I4::splat(o[0]),
                    c[1] + I4::splat(o[1]),
                    c[2] + I4::splat(o[2]),
                ],
                3,
            );
            let k = self.join4(
                self.term4(F4::splat(o[0] as f32) + u[0] - p[0]),
                self.term4(F4::splat(o[1] as f32) + u[1] - p[1]),
            );
            best.add(
                self.join4(k, self.term4(F4::splat(o[2] as f32) + u[2] - p[2])),
                m,
            );
        };
        visit([0, 0, 0], M4::all_true(), &mut best);
        for oz in -1..=1 {
            let gz = self.gap4(oz, p[2]);
            for oy in -1..=1 {
                let gyz = self.join4(self.gap4(oy, p[1]), gz);
                for ox in -1..=1 {
                    if (ox, oy, oz) != (0, 0, 0) {
                        let m = self.join4(self.gap4(ox, p[0]), gyz).lt(best.k2);
                        if m.any() {
                            visit([ox, oy, oz], m, &mut best);
                        }
                    }
                }
            }
        }
        let pa = p.map(|v| v.to_array());
        let ca = c.map(|v| v.to_array());
        let (mut k1, mut k2) = (best.k1.to_array(), best.k2.to_array());
        for l in 0..4 {
            let pl = [pa[0][l], pa[1][l], pa[2][l]];
            let r = pl.map(|f| self.reach(f, k2[l]));
            if !r.iter().any(|&(a, b)| a < -1 || b > 1) {
                continue;
            }
            let mut b = Best {
                k1: k1[l],
                k2: k2[l],
            };
            for oz in r[2].0..=r[2].1 {
                let gz = self.gap(oz, pl[2]);
                if gz >= b.k2 {
                    continue;
                }
                for oy in r[1].0..=r[1].1 {
                    let gyz = self.join(self.gap(oy, pl[1]), gz);
                    if gyz >= b.k2 {
                        continue;
                    }
                    for ox in r[0].0..=r[0].1 {
                        let inner = ox.abs() <= 1 && oy.abs() <= 1 && oz.abs() <= 1;
                        if !inner && self.join(self.gap(ox, pl[0]), gyz) < b.k2 {
                            let u = self.offsets(
                                [
                                    ca[0][l].wrapping_add(ox),
                                    ca[1][l].wrapping_add(oy),
                                    ca[2][l].wrapping_add(oz),
                                ],
                                3,
                            );
                            let k = self.join(
                                self.term(ox as f32 + u[0] - pl[0]),
                                self.term(oy as f32 + u[1] - pl[1]),
                            );
                            b.add(self.join(k, self.term(oz as f32 + u[2] - pl[2])));
                        }
                    }
                }
            }
            (k1[l], k2[l]) = (b.k1, b.k2);
        }
        self.finish4(
            F4::new(k1[0], k1[1], k1[2], k1[3]),
            F4::new(k2[0], k2[1], k2[2], k2[3]),
        )
    }
}

impl RowNoise for Worley {
    /// The columns' whole-cell shifts.
    type Cols = Vec<i32>;
    fn cols(&self, xs: &[f32]) -> Vec<i32> {
        vec![0; xs.len()]
    }
    fn cols_shifted(&self, _xs: &[f32], shifts: &[i32]) -> Vec<i32> {
        shifts.to_vec()
    }
    fn row2(&self, sx: &Vec<i32>, xs: &[f32], y: f32, out: &mut [f32]) {
        self.row2_shifted(sx, xs, (y, 0), out)
    }
    fn row3(&self, sx: &Vec<i32>, xs: &[f32], y: f32, z: f32, out: &mut [f32]) {
        self.row3_shifted(sx, xs, (y, 0), (z, 0), out)
    }

    fn row2_shifted(&self, sx: &Vec<i32>, xs: &[f32], y: (f32, i32), out: &mut [f32]) {
        let (y, sy) = (F4::splat(y.0), I4::splat(y.1));
        for k in (0..out.len()).step_by(4) {
            self.search2x4(F4::load(&xs[k..]), y, I4::load(&sx[k..]), sy)
                .store(&mut out[k..]);
        }
    }

    fn row3_shifted(
        &self,
        sx: &Vec<i32>,
        xs: &[f32],
        y: (f32, i32),
        z: (f32, i32),
        out: &mut [f32],
    ) {
        let s = |v: i32| I4::splat(v);
        let (yv, zv) = (F4::splat(y.0), F4::splat(z.0));
        for k in (0..out.len()).step_by(4) {
            let sh = [I4::load(&sx[k..]), s(y.1), s(z.1)];
            self.search3x4(F4::load(&xs[k..]), yv, zv, sh)
                .store(&mut out[k..]);
        }
    }
}
