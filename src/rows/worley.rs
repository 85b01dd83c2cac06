//! Row kernels of Worley noise for grid fills ([`crate::rows`]): the search of
//! [`Worley::search2`] / `search3` run for four samples in lock step. The 3 × 3 (× 3)
//! block is visited nearest cell first ([`NEAR3`]); a cell updates a lane only where
//! the point kernel's skip test lets it through for that lane, so every lane ends with
//! the two smallest keys the point kernel finds, and its bits. The rare farther slabs
//! run per lane with the scalar code. The cell hash is integer arithmetic and runs
//! four-wide; where four samples share a cell (most of them at the usual scales) the
//! feature points around it come from a [`Block`] hashed once per cell of the row.

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

/// The neighbours of a cell, nearest first (faces, then edges, then corners): with F2
/// small early the skip test rejects more of the far cells. The two smallest keys, and
/// so the bits, do not depend on the order the cells are seen in: the test only skips
/// a cell whose key cannot be below F2 (a float lower bound, monotone in each term).
const NEAR3: [[i32; 3]; 26] = neighbours::<26>(3);
const NEAR2: [[i32; 2]; 8] = {
    let n3 = neighbours::<8>(2);
    let mut out = [[0; 2]; 8];
    let mut k = 0;
    while k < 8 {
        out[k] = [n3[k][0], n3[k][1]];
        k += 1;
    }
    out
};

/// The `N` neighbours of a cell in `dims` (2 or 3) dimensions, by growing L1 distance.
const fn neighbours<const N: usize>(dims: i32) -> [[i32; 3]; N] {
    let mut out = [[0; 3]; N];
    let (mut n, mut d) = (0, 1);
    while d <= dims {
        let mut k = 0;
        while k < 27 {
            let o: [i32; 3] = [k % 3 - 1, k / 3 % 3 - 1, k / 9 - 1];
            let flat = dims == 3 || o[2] == 0;
            if flat && o[0].abs() + o[1].abs() + o[2].abs() == d {
                out[n] = o;
                n += 1;
            }
            k += 1;
        }
        d += 1;
    }
    out
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

/// The feature points of the 3 × 3 (× 3) cells around one cell of a row, hashed once
/// and reused by every group of four samples lying in that cell (at the usual scales a
/// cell spans many samples). Neighbour `(ox, oy, oz)` sits at index
/// `(ox + 1) + 3 (oy + 1) + 9 (oz + 1)` (`oz = 0` in 2D); each entry is a splat, so a
/// key is the one the hashed path computes for those lanes, bit for bit.
struct Block {
    cells: [I4; 3],
    frac: [F4; 3],
    /// `ox + u₀`, the y term and the z term of each neighbour.
    a: [F4; 27],
    ty: [F4; 27],
    tz: [F4; 27],
}

impl Block {
    /// `cells`, `frac`: the cell of the row's samples and their in-cell y and z.
    fn new(w: &Worley, cells: [i32; 3], frac: [F4; 3], n: usize) -> Block {
        let zero = F4::splat(0.0);
        let mut b = Block {
            cells: cells.map(I4::splat),
            frac,
            a: [zero; 27],
            ty: [zero; 27],
            tz: [zero; 27],
        };
        let count = if n == 2 { 9 } else { 27 };
        let offset = |k: usize| {
            let k = k.min(count - 1) as i32;
            [k % 3 - 1, k / 3 % 3 - 1, if n == 2 { 0 } else { k / 9 - 1 }]
        };
        for base in (0..count).step_by(4) {
            let o = [0, 1, 2, 3].map(|l| offset(base + l));
            let lanes = |f: &dyn Fn([i32; 3]) -> i32| I4::new(f(o[0]), f(o[1]), f(o[2]), f(o[3]));
            let of = |axis: usize| lanes(&|v| v[axis]).to_f4();
            let c = [0, 1, 2].map(|axis| lanes(&|v| cells[axis].wrapping_add(v[axis])));
            let u = w.offsets4(c, n);
            let a = (of(0) + u[0]).to_array();
            let ty = w.term4(of(1) + u[1] - frac[1]).to_array();
            let tz = w.term4(of(2) + u[2] - frac[2]).to_array();
            for l in 0..4.min(count - base) {
                b.a[base + l] = F4::splat(a[l]);
                b.ty[base + l] = F4::splat(ty[l]);
                b.tz[base + l] = F4::splat(tz[l]);
            }
        }
        b
    }

    #[inline(always)]
    fn key2(&self, w: &Worley, x: F4, ox: i32, oy: i32) -> F4 {
        let k = (ox + 1 + 3 * (oy + 1)) as usize;
        w.join4(w.term4(self.a[k] - x), self.ty[k])
    }

    #[inline(always)]
    fn key3(&self, w: &Worley, x: F4, o: [i32; 3]) -> F4 {
        let k = (o[0] + 1 + 3 * (o[1] + 1) + 9 * (o[2] + 1)) as usize;
        w.join4(w.join4(w.term4(self.a[k] - x), self.ty[k]), self.tz[k])
    }
}

/// Cell and in-cell position of a row coordinate `(v, shift)` on four lanes, as the
/// hashed path computes them.
fn cell_of(v: (f32, i32)) -> (i32, F4) {
    let f = F4::splat(v.0);
    let fl = f.floor();
    ((fl.to_i4() + I4::splat(v.1)).to_array()[0], f - fl)
}

/// The block for four samples with cells `cx` (per lane), rebuilt when they move to
/// another cell; `None` when the lanes straddle cells.
fn block_for<'a>(
    w: &Worley,
    cache: &'a mut Option<Block>,
    cx: I4,
    row: ([i32; 2], [F4; 2]),
    n: usize,
) -> Option<&'a Block> {
    let c = cx.to_array();
    if c.iter().any(|&v| v != c[0]) {
        return None;
    }
    if cache.as_ref().map_or(true, |b| b.cells[0].to_array()[0] != c[0]) {
        let zero = F4::splat(0.0);
        *cache = Some(Block::new(
            w,
            [c[0], row.0[0], row.0[1]],
            [zero, row.1[0], row.1[1]],
            n,
        ));
    }
    cache.as_ref()
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

    /// Key of the cell at offset `(ox, oy)` from cells `cx`, `cy`, hashed per lane.
    #[inline(always)]
    fn key2x4(&self, cx: I4, cy: I4, x: F4, y: F4, ox: i32, oy: i32) -> F4 {
        let u = self.offsets4([cx + I4::splat(ox), cy + I4::splat(oy), I4::splat(0)], 2);
        self.join4(
            self.term4(F4::splat(ox as f32) + u[0] - x),
            self.term4(F4::splat(oy as f32) + u[1] - y),
        )
    }

    /// The 3 × 3 block for four samples at in-cell positions `(x, y)`: the own cell,
    /// then the others nearest first ([`NEAR2`]), each for the lanes whose skip test
    /// lets it through; `key(ox, oy)` gives the four lanes' keys of a cell.
    #[inline(always)]
    fn near2x4(&self, x: F4, y: F4, key: impl Fn(i32, i32) -> F4) -> Best4 {
        let inf = F4::splat(f32::INFINITY);
        let mut best = Best4 { k1: inf, k2: inf };
        best.add(key(0, 0), M4::all_true());
        let gx = [-1, 0, 1].map(|o| self.gap4(o, x));
        let gy = [-1, 0, 1].map(|o| self.gap4(o, y));
        for [ox, oy] in NEAR2 {
            let m = self.join4(gx[(ox + 1) as usize], gy[(oy + 1) as usize]).lt(best.k2);
            if m.any() {
                best.add(key(ox, oy), m);
            }
        }
        best
    }

    /// Whether any lane's F2 may lie beyond the 3 × 3 (× 3) block along an axis: the
    /// test that opens [`Worley::reach`] (a slab two cells out nearer than F2).
    #[inline(always)]
    fn beyond4(&self, f: &[F4], k2: F4) -> bool {
        f.iter()
            .any(|&f| self.gap4(-2, f).lt(k2).or(self.gap4(2, f).lt(k2)).any())
    }

    /// Four samples of a row; `sx`, `sy`: whole-cell shifts of the cells (see
    /// [`crate::noise::split`]).
    fn search2x4(&self, x: F4, y: F4, sx: I4, sy: I4) -> F4 {
        let (fx, fy) = (x.floor(), y.floor());
        let (cx, cy, x, y) = (fx.to_i4() + sx, fy.to_i4() + sy, x - fx, y - fy);
        let best = self.near2x4(x, y, |ox, oy| self.key2x4(cx, cy, x, y, ox, oy));
        self.farther2x4(x, y, cx, cy, best)
    }

    /// Four samples whose cells are all the [`Block`]'s: its points were hashed once.
    fn search2x4_block(&self, x: F4, b: &Block) -> F4 {
        let fx = x.floor();
        let x = x - fx;
        let best = self.near2x4(x, b.frac[1], |ox, oy| b.key2(self, x, ox, oy));
        self.farther2x4(x, b.frac[1], b.cells[0], b.cells[1], best)
    }

    /// The farther slabs of [`Worley::search2`] for the lanes that need them (per lane,
    /// with the scalar code), then the result.
    fn farther2x4(&self, x: F4, y: F4, cx: I4, cy: I4, best: Best4) -> F4 {
        if !self.beyond4(&[x, y], best.k2) {
            return self.finish4(best.k1, best.k2);
        }
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

    /// Key of the cell at offset `o` from cells `c`, hashed per lane.
    #[inline(always)]
    fn key3x4(&self, c: [I4; 3], p: [F4; 3], o: [i32; 3]) -> F4 {
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
        self.join4(k, self.term4(F4::splat(o[2] as f32) + u[2] - p[2]))
    }

    /// The 3 × 3 × 3 block for four samples (see [`Worley::near2x4`], [`NEAR3`]).
    #[inline(always)]
    fn near3x4(&self, p: [F4; 3], key: impl Fn([i32; 3]) -> F4) -> Best4 {
        let inf = F4::splat(f32::INFINITY);
        let mut best = Best4 { k1: inf, k2: inf };
        best.add(key([0, 0, 0]), M4::all_true());
        let g = p.map(|f| [-1, 0, 1].map(|o| self.gap4(o, f)));
        for o in NEAR3 {
            let [gx, gy, gz] = [0, 1, 2].map(|a| g[a][(o[a] + 1) as usize]);
            let m = self.join4(gx, self.join4(gy, gz)).lt(best.k2);
            if m.any() {
                best.add(key(o), m);
            }
        }
        best
    }

    fn search3x4(&self, x: F4, y: F4, z: F4, s: [I4; 3]) -> F4 {
        let fl = [x.floor(), y.floor(), z.floor()];
        let c = [
            fl[0].to_i4() + s[0],
            fl[1].to_i4() + s[1],
            fl[2].to_i4() + s[2],
        ];
        let p = [x - fl[0], y - fl[1], z - fl[2]];
        let best = self.near3x4(p, |o| self.key3x4(c, p, o));
        self.farther3x4(p, c, best)
    }

    /// [`Worley::search3x4`] for four samples in the block's cell.
    fn search3x4_block(&self, x: F4, b: &Block) -> F4 {
        let p = [x - x.floor(), b.frac[1], b.frac[2]];
        let best = self.near3x4(p, |o| b.key3(self, p[0], o));
        self.farther3x4(p, b.cells, best)
    }

    /// The farther slabs of [`Worley::search3`] for the lanes that need them.
    fn farther3x4(&self, p: [F4; 3], c: [I4; 3], best: Best4) -> F4 {
        if !self.beyond4(&p, best.k2) {
            return self.finish4(best.k1, best.k2);
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
        let (cy, fy) = cell_of(y);
        let row = ([cy, 0], [fy, F4::splat(0.0)]);
        let (yv, sy) = (F4::splat(y.0), I4::splat(y.1));
        let mut cache = None;
        for k in (0..out.len()).step_by(4) {
            let (x, s) = (F4::load(&xs[k..]), I4::load(&sx[k..]));
            let v = match block_for(self, &mut cache, x.floor().to_i4() + s, row, 2) {
                Some(b) => self.search2x4_block(x, b),
                None => self.search2x4(x, yv, s, sy),
            };
            v.store(&mut out[k..]);
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
        let ((cy, fy), (cz, fz)) = (cell_of(y), cell_of(z));
        let row = ([cy, cz], [fy, fz]);
        let (yv, zv) = (F4::splat(y.0), F4::splat(z.0));
        let mut cache = None;
        for k in (0..out.len()).step_by(4) {
            let (x, sxk) = (F4::load(&xs[k..]), I4::load(&sx[k..]));
            let v = match block_for(self, &mut cache, x.floor().to_i4() + sxk, row, 3) {
                Some(b) => self.search3x4_block(x, b),
                None => self.search3x4(x, yv, zv, [sxk, s(y.1), s(z.1)]),
            };
            v.store(&mut out[k..]);
        }
    }
}
