//! Row and point kernels of Worley noise for grid fills ([`crate::rows`]): the search
//! of [`Worley::search2`] / `search3` run for four samples in lock step, with the bits
//! of the point kernel.
//!
//! - Where four samples share a cell (most of them at the usual scales) the feature
//!   points around it come from a [`Block`] hashed once per cell of the row, and every
//!   cell of the 3 × 3 (× 3) block is keyed for the four, without skip tests: a key is
//!   four or five operations, a data-dependent branch per cell cost more.
//! - Elsewhere (and for points) each neighbour is hashed per lane, nearest cell first
//!   ([`NEAR3`]), and updates a lane only where the point kernel's skip test lets it
//!   through for that lane.
//! - Either way every lane ends with the two smallest keys the point kernel finds
//!   (adding a key at or above F2 changes neither), and the rare farther slabs run per
//!   lane with the scalar code.
//! - The loops are instantiated per metric and for F1 alone ([`specialised`]): F1
//!   keeps one key, and its skip tests compare with it (see [`Best4`]).

use super::RowNoise;
use crate::noise::worley::search::Best;
use crate::noise::worley::{Worley, WorleyDistance, WorleyParams, WorleyReturn};
use crate::noise::{split, Noise};
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

/// Two smallest keys per lane; with `one` (the kernel returns F1) only the smallest,
/// which `k2` mirrors: every skip test against `k2` then tests against F1, which skips
/// more cells and still finds the smallest key of all, so F1 keeps its bits.
#[derive(Clone, Copy)]
struct Best4 {
    k1: F4,
    k2: F4,
    one: bool,
}

impl Best4 {
    #[inline(always)]
    fn first(k: F4, one: bool) -> Best4 {
        let k2 = if one { k } else { F4::splat(f32::INFINITY) };
        Best4 { k1: k, k2, one }
    }

    /// Adds key `k` in the lanes of `m`.
    #[inline(always)]
    fn add(&mut self, k: F4, m: M4) {
        if self.one {
            self.k1 = m.select(self.k1.min(k), self.k1);
            self.k2 = self.k1;
            return;
        }
        let (lt1, lt2) = (k.lt(self.k1), k.lt(self.k2));
        let k2 = lt1.select(self.k1, lt2.select(k, self.k2));
        let k1 = lt1.select(k, self.k1);
        self.k2 = m.select(k2, self.k2);
        self.k1 = m.select(k1, self.k1);
    }

    /// Adds key `k` in every lane.
    #[inline(always)]
    fn add_all(&mut self, k: F4) {
        if self.one {
            self.k1 = self.k1.min(k);
            self.k2 = self.k1;
        } else {
            let (lt1, lt2) = (k.lt(self.k1), k.lt(self.k2));
            self.k2 = lt1.select(self.k1, lt2.select(k, self.k2));
            self.k1 = lt1.select(k, self.k1);
        }
    }
}

/// Runs `f` on `w` with its distance and whether it returns F1 as constants the
/// compiler sees (one instantiation of the row loop each), so that the per-key
/// matches on the metric fold away.
#[inline(always)]
fn specialised<R>(w: &Worley, mut f: impl FnMut(&Worley, bool) -> R) -> R {
    use WorleyDistance::*;
    let with = |distance| Worley {
        params: WorleyParams {
            distance,
            ..w.params
        },
        ..w.clone()
    };
    let one = w.params.ret == WorleyReturn::F1;
    match (w.params.distance, one) {
        (Euclidean, true) => f(&with(Euclidean), true),
        (Euclidean, false) => f(&with(Euclidean), false),
        (Manhattan, true) => f(&with(Manhattan), true),
        (Manhattan, false) => f(&with(Manhattan), false),
        (Chebyshev, true) => f(&with(Chebyshev), true),
        (Chebyshev, false) => f(&with(Chebyshev), false),
    }
}

/// The feature points of the 3 × 3 (× 3) cells around one cell of a row, hashed once
/// and reused by every group of four samples lying in that cell (at the usual scales a
/// cell spans many samples). Neighbour `(ox, oy, oz)` sits at index
/// `(ox + 1) + 3 (oy + 1) + 9 (oz + 1)` (`oz = 0` in 2D); each entry is a splat, so a
/// key is the one the hashed path computes for those lanes, bit for bit. One block
/// serves a row, rebuilt in place when the samples move to another cell.
pub(super) struct Block {
    /// The x cell the entries are for (`None` before the first).
    at: Option<i32>,
    /// 2 or 3 axes: 9 or 27 entries.
    pub(super) n: usize,
    pub(super) cells: [I4; 3],
    pub(super) frac: [F4; 3],
    /// `ox + u₀`, the y and z offsets `oy + u₁ − y`, `oz + u₂ − z` of each neighbour's
    /// point, and their terms.
    pub(super) a: [F4; 27],
    pub(super) dy: [F4; 27],
    pub(super) dz: [F4; 27],
    pub(super) ty: [F4; 27],
    pub(super) tz: [F4; 27],
}

impl Block {
    /// The block of a row whose samples lie in cells `row.0` (y, z) at in-cell `row.1`.
    pub(super) fn row(row: ([i32; 2], [F4; 2]), n: usize) -> Block {
        let zero = F4::splat(0.0);
        Block {
            at: None,
            n,
            cells: [0, row.0[0], row.0[1]].map(I4::splat),
            frac: [zero, row.1[0], row.1[1]],
            a: [zero; 27],
            dy: [zero; 27],
            dz: [zero; 27],
            ty: [zero; 27],
            tz: [zero; 27],
        }
    }

    /// The entries around cell `cx` of the row.
    fn build(&mut self, w: &Worley, cx: i32) {
        let n = self.n;
        let count = if n == 2 { 9 } else { 27 };
        let offset = |k: usize| {
            let k = k.min(count - 1) as i32;
            [k % 3 - 1, k / 3 % 3 - 1, if n == 2 { 0 } else { k / 9 - 1 }]
        };
        self.cells[0] = I4::splat(cx);
        let cells = self.cells.map(|c| c.to_array()[0]);
        for base in (0..count).step_by(4) {
            let o = [0, 1, 2, 3].map(|l| offset(base + l));
            let lanes = |f: &dyn Fn([i32; 3]) -> i32| I4::new(f(o[0]), f(o[1]), f(o[2]), f(o[3]));
            let of = |axis: usize| lanes(&|v| v[axis]).to_f4();
            let c = [0, 1, 2].map(|axis| lanes(&|v| cells[axis].wrapping_add(v[axis])));
            let u = w.offsets4(c, n);
            let (dy, dz) = (of(1) + u[1] - self.frac[1], of(2) + u[2] - self.frac[2]);
            let [a, dy, dz, ty, tz] =
                [of(0) + u[0], dy, dz, w.term4(dy), w.term4(dz)].map(|v| v.to_array());
            for l in 0..4.min(count - base) {
                let k = base + l;
                self.a[k] = F4::splat(a[l]);
                (self.dy[k], self.dz[k]) = (F4::splat(dy[l]), F4::splat(dz[l]));
                (self.ty[k], self.tz[k]) = (F4::splat(ty[l]), F4::splat(tz[l]));
            }
        }
        self.at = Some(cx);
    }

    /// The two smallest keys (or F1) of the samples at in-cell `x` over every cell of
    /// the block: no skip test, whose branches cost more than the keys they save.
    #[inline(always)]
    fn near(&self, w: &Worley, x: F4, one: bool) -> Best4 {
        let mut best = Best4::first(F4::splat(f32::INFINITY), one);
        if self.n == 2 {
            for k in 0..9 {
                best.add_all(w.join4(w.term4(self.a[k] - x), self.ty[k]));
            }
        } else {
            for k in 0..27 {
                let k2 = w.join4(w.term4(self.a[k] - x), self.ty[k]);
                best.add_all(w.join4(k2, self.tz[k]));
            }
        }
        best
    }
}

/// Points `4k..4k + 4` of `v` at frequency `f`, split by period `p` as
/// [`Noise::noise2_at`] splits: the f32 rests and the whole-cell shifts.
#[inline(always)]
fn split4(v: &[f64], k: usize, f: f64, p: Option<f64>) -> (F4, I4) {
    let s = [0, 1, 2, 3].map(|l| split(v[4 * k + l] * f, p));
    (
        F4::new(s[0].0, s[1].0, s[2].0, s[3].0),
        I4::new(s[0].1, s[1].1, s[2].1, s[3].1),
    )
}

/// Cell and in-cell position of a row coordinate `(v, shift)` on four lanes, as the
/// hashed path computes them.
pub(super) fn cell_of(v: (f32, i32)) -> (i32, F4) {
    let f = F4::splat(v.0);
    let fl = f.floor();
    ((fl.to_i4() + I4::splat(v.1)).to_array()[0], f - fl)
}

/// The row's block for four samples with cells `cx` (per lane), rebuilt when they
/// move to another cell; `None` when the lanes straddle cells.
#[inline(always)]
pub(super) fn block_for<'a>(w: &Worley, block: &'a mut Block, cx: I4) -> Option<&'a Block> {
    let c = cx.to_array();
    if c.iter().any(|&v| v != c[0]) {
        return None;
    }
    if block.at != Some(c[0]) {
        block.build(w, c[0]);
    }
    Some(block)
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
    pub(super) fn offsets4(&self, c: [I4; 3], n: usize) -> [F4; 3] {
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
    fn near2x4(&self, x: F4, y: F4, one: bool, key: impl Fn(i32, i32) -> F4) -> Best4 {
        let mut best = Best4::first(key(0, 0), one);
        let gx = [-1, 0, 1].map(|o| self.gap4(o, x));
        let gy = [-1, 0, 1].map(|o| self.gap4(o, y));
        for [ox, oy] in NEAR2 {
            let m = self
                .join4(gx[(ox + 1) as usize], gy[(oy + 1) as usize])
                .lt(best.k2);
            if m.any() {
                best.add(key(ox, oy), m);
            }
        }
        best
    }

    /// Whether any lane's F2 may lie beyond the 3 × 3 (× 3) block along an axis: the
    /// test that opens [`Worley::reach`] (a slab two cells out nearer than F2).
    #[inline(always)]
    pub(super) fn beyond4(&self, f: &[F4], k2: F4) -> bool {
        f.iter()
            .any(|&f| self.gap4(-2, f).lt(k2).or(self.gap4(2, f).lt(k2)).any())
    }

    /// Four samples of a row; `sx`, `sy`: whole-cell shifts of the cells (see
    /// [`crate::noise::split`]).
    fn search2x4(&self, x: F4, y: F4, sx: I4, sy: I4, one: bool) -> F4 {
        let (fx, fy) = (x.floor(), y.floor());
        let (cx, cy, x, y) = (fx.to_i4() + sx, fy.to_i4() + sy, x - fx, y - fy);
        let best = self.near2x4(x, y, one, |ox, oy| self.key2x4(cx, cy, x, y, ox, oy));
        self.farther2x4(x, y, cx, cy, best)
    }

    /// Four samples whose cells are all the [`Block`]'s: its points were hashed once.
    fn search2x4_block(&self, x: F4, b: &Block, one: bool) -> F4 {
        let x = x - x.floor();
        let best = b.near(self, x, one);
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
    fn near3x4(&self, p: [F4; 3], one: bool, key: impl Fn([i32; 3]) -> F4) -> Best4 {
        let mut best = Best4::first(key([0, 0, 0]), one);
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

    fn search3x4(&self, x: F4, y: F4, z: F4, s: [I4; 3], one: bool) -> F4 {
        let fl = [x.floor(), y.floor(), z.floor()];
        let c = [
            fl[0].to_i4() + s[0],
            fl[1].to_i4() + s[1],
            fl[2].to_i4() + s[2],
        ];
        let p = [x - fl[0], y - fl[1], z - fl[2]];
        let best = self.near3x4(p, one, |o| self.key3x4(c, p, o));
        self.farther3x4(p, c, best)
    }

    /// [`Worley::search3x4`] for four samples in the block's cell.
    fn search3x4_block(&self, x: F4, b: &Block, one: bool) -> F4 {
        let p = [x - x.floor(), b.frac[1], b.frac[2]];
        let best = b.near(self, p[0], one);
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
        specialised(self, |w, one| {
            let mut block = Block::row(row, 2);
            for k in (0..out.len()).step_by(4) {
                let (x, s) = (F4::load(&xs[k..]), I4::load(&sx[k..]));
                let v = match block_for(w, &mut block, x.floor().to_i4() + s) {
                    Some(b) => w.search2x4_block(x, b, one),
                    None => w.search2x4(x, yv, s, sy, one),
                };
                v.store(&mut out[k..]);
            }
        })
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
        specialised(self, |w, one| {
            let mut block = Block::row(row, 3);
            for k in (0..out.len()).step_by(4) {
                let (x, sxk) = (F4::load(&xs[k..]), I4::load(&sx[k..]));
                let v = match block_for(w, &mut block, x.floor().to_i4() + sxk) {
                    Some(b) => w.search3x4_block(x, b, one),
                    None => w.search3x4(x, yv, zv, [sxk, s(y.1), s(z.1)], one),
                };
                v.store(&mut out[k..]);
            }
        })
    }

    /// Four points at a time through the hashed search (no row to share a block).
    fn points2(&self, x: &[f64], y: &[f64], f: f64, out: &mut [f32]) {
        let p = self.period(2);
        specialised(self, |w, one| {
            for (k, o) in out.chunks_exact_mut(4).enumerate() {
                let ((x, sx), (y, sy)) = (split4(x, k, f, p), split4(y, k, f, p));
                w.search2x4(x, y, sx, sy, one).store(o);
            }
        })
    }

    /// [`RowNoise::points2`] in 3D.
    fn points3(&self, p: [&[f64]; 3], f: f64, out: &mut [f32]) {
        let period = self.period(3);
        specialised(self, |w, one| {
            for (k, o) in out.chunks_exact_mut(4).enumerate() {
                let [(x, sx), (y, sy), (z, sz)] = p.map(|v| split4(v, k, f, period));
                w.search3x4(x, y, z, [sx, sy, sz], one).store(o);
            }
        })
    }
}
