//! Row kernels of simplex noise: the skew, floor, corner offsets and kernel falloff of
//! four samples at once; the corner hashes and gradient lookups per simplex or per lane.
//! The skew mixes x and y, so nothing is shared down a column; a row still shares `y`
//! (and in 3D `z`).
//!
//! Along a row at low frequency, consecutive chunks of four samples mostly sit in one
//! simplex: at 1/32 per sample, a 2D row crosses about 2.7 simplex edges per unit and
//! two thirds of the chunks of W1 are in the previous chunk's simplex (3D, ~4 faces per
//! unit: half). The kernels keep that simplex ([`Tri`], [`Tet`]: its cell, its corners'
//! gradients, and every term that depends only on the simplex and the row) and test each
//! chunk against it first: a hit costs the skew, one compare, and per corner the
//! x-dependent part, `t = c − cx²` and `g·d = c' + gx·cx`. A miss looks at lane 3's
//! simplex: all four lanes in it, or split between it and the kept one (a chunk crossing
//! one edge or face, a fifth of the chunks), still take no per-lane lookups: each lane
//! selects its simplex's terms. Only chunks touching three or more simplices hash and
//! gather per lane, and rows whose samples are more than 0.1 apart (W2's octaves from
//! the third on, at 1/8, 1/4, …) do only that, without the tests.
//!
//! Every value is the point kernel's (src/noise/simplex.rs) with the same operations in
//! the same order: the point kernel takes the axes last to first, `((r² − dz²) − dy²) −
//! dx²` and `(gz·dz + gy·dy) + gx·dx`, so the part kept per simplex is an intermediate
//! value of the point formula itself, and the bits are the same. Where the point kernel
//! skips a corner (`t ≤ 0`, or NaN), the lanes add `+0.0` instead: the sum starts at
//! `+0.0` and a sum is `-0.0` only if both terms are, so it is never `-0.0` and adding
//! `+0.0` leaves it unchanged.

use super::RowNoise;
use crate::noise::{split, Noise};
use crate::noise::simplex::{Simplex, F2, F3, G2, G3, NEAR, R2, SCALE2, SCALE3};
use crate::simd::{gather2, gather3, F4, I4, M4};

/// `[e(0), e(1), …]` for `c in [0, 1, …] => e`, written out: `[0, 1, 2].map(…)` is not
/// always inlined in the wasm build, and a call per chunk costs more than the work.
macro_rules! each {
    ($c:ident in [$($n:literal),*] => $e:expr) => {
        [$({ let $c = $n; $e }),*]
    };
}

// ---- 2D

impl Simplex {
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

    /// Per-lane corner gradients `[corner][component]` of four samples.
    #[inline(always)]
    pub(super) fn lanes2(&self, i: F4, j: F4, m: M4) -> [[F4; 2]; 3] {
        let (ii, jj, mm) = (i.to_i4().to_array(), j.to_i4().to_array(), m.bitmask());
        let lane = |l: usize| self.corners2(ii[l], jj[l], mm >> l & 1 != 0);
        let h = [lane(0), lane(1), lane(2), lane(3)];
        each!(c in [0, 1, 2] => {
            let (gx, gy) = gather2(&self.grad2, [h[0][c], h[1][c], h[2][c], h[3][c]]);
            [gx, gy]
        })
    }

    /// `row2` for rows where neighbouring samples are rarely in one simplex: per-lane
    /// lookups without the tests.
    fn row2_lanes(&self, xs: &[f32], y: f32, out: &mut [f32]) {
        let yv = F4::splat(y);
        for k in (0..out.len()).step_by(4) {
            let (i, j, x0, y0, m) = skew2(F4::load(&xs[k..]), yv);
            let v = eval2(x0, y0, m, self.lanes2(i, j, m));
            (F4::splat(SCALE2) * v).store(&mut out[k..]);
        }
    }
}

/// One 2D simplex on one row, with what every sample of the row inside it shares.
#[derive(Clone, Copy)]
pub(super) struct Tri {
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
    /// Per corner: `gx`, `r² − cy²` and `gy·cy`.
    pub(super) gx: [F4; 3],
    pub(super) r2y: [F4; 3],
    pub(super) gyy: [F4; 3],
}

/// A simplex kept from chunk to chunk by [`Simplex::row2_chunks`]: [`Tri`], or [`Tri`]
/// with what a derivative row adds.
pub(super) trait Kept2: Sized {
    fn none() -> Self;
    fn new(n: &Simplex, i: f32, j: f32, m: bool, y: f32) -> Self;
    /// Per lane, `a`'s terms where `m` is set, else `b`'s.
    fn mix(m: M4, a: &Self, b: &Self) -> Self;
    fn tri(&self) -> &Tri;
}

impl Kept2 for Tri {
    #[inline(always)]
    fn none() -> Self {
        Tri::none()
    }
    #[inline(always)]
    fn new(n: &Simplex, i: f32, j: f32, m: bool, y: f32) -> Self {
        Tri::new_with(n, i, j, m, y).0
    }
    #[inline(always)]
    fn mix(m: M4, a: &Self, b: &Self) -> Self {
        Tri::mix(m, a, b)
    }
    #[inline(always)]
    fn tri(&self) -> &Tri {
        self
    }
}

/// Where the terms of a chunk of [`Simplex::row2_chunks`] come from: a kept (or mixed)
/// simplex and `x0`, or per-lane lookups of cells `(i, j)` at offsets `(x0, y0)`, half
/// `m`.
pub(super) enum From2<'a, T> {
    Kept(&'a T, F4),
    Lanes { i: F4, j: F4, x0: F4, y0: F4, m: M4 },
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
            r2y: [zero; 3],
            gyy: [zero; 3],
        }
    }

    /// The simplex of cell `(i, j)` and half `m` on the row at `y`, with scalar `f32`
    /// operations in the point kernel's order; with it, what the derivative row adds:
    /// per corner the gradient's y and the row's offset `cy`.
    #[inline(always)]
    pub(super) fn new_with(n: &Simplex, i: f32, j: f32, m: bool, y: f32) -> (Self, [[f32; 3]; 2]) {
        let t = (i + j) * G2;
        let y0 = y - (j - t);
        let (i1, j1) = if m { (1.0, 0.0) } else { (0.0, 1.0) };
        let cy = [y0, y0 - j1 + G2, y0 - 1.0 + 2.0 * G2];
        let h = n.corners2(i as i32, j as i32, m);
        let g = each!(c in [0, 1, 2] => n.grad2[h[c]]);
        let gy = each!(c in [0, 1, 2] => g[c][1]);
        let tri = Tri {
            i: F4::splat(i),
            j: F4::splat(j),
            m: M4::splat(m),
            it: F4::splat(i - t),
            y0: F4::splat(y0),
            i1: F4::splat(i1),
            gx: each!(c in [0, 1, 2] => F4::splat(g[c][0])),
            r2y: each!(c in [0, 1, 2] => F4::splat(R2 - cy[c] * cy[c])),
            gyy: each!(c in [0, 1, 2] => F4::splat(g[c][1] * cy[c])),
        };
        (tri, [gy, cy])
    }

    /// The x offsets `cx` of four samples from the three corners, `x0 = x − it`.
    #[inline(always)]
    pub(super) fn cx(&self, x0: F4) -> [F4; 3] {
        let one = F4::splat(1.0);
        [
            x0,
            x0 - self.i1 + F4::splat(G2),
            x0 - one + F4::splat(2.0 * G2),
        ]
    }

    /// Per lane, `a`'s terms where `m` is set, else `b`'s (the fields `eval` reads).
    #[inline(always)]
    fn mix(m: M4, a: &Tri, b: &Tri) -> Tri {
        Tri {
            i1: m.select(a.i1, b.i1),
            gx: each!(c in [0, 1, 2] => m.select(a.gx[c], b.gx[c])),
            r2y: each!(c in [0, 1, 2] => m.select(a.r2y[c], b.r2y[c])),
            gyy: each!(c in [0, 1, 2] => m.select(a.gyy[c], b.gyy[c])),
            ..*b
        }
    }

    /// The noise (before scaling) of four samples inside this simplex, `x0 = x − it`.
    #[inline(always)]
    fn eval(&self, x0: F4) -> F4 {
        let zero = F4::splat(0.0);
        let mut v = zero;
        for (c, cx) in self.cx(x0).into_iter().enumerate() {
            let t = self.r2y[c] - cx * cx;
            let gd = self.gyy[c] + self.gx[c] * cx;
            let t2 = t * t;
            v = v + t.gt(zero).keep(t2 * t2 * gd);
        }
        v
    }
}

/// The point kernel's skew of four samples `(x, y)`: cell `(i, j)`, offsets `(x0, y0)`
/// from its first corner and half `m` (`x0 > y0`).
#[inline(always)]
pub(super) fn skew2(x: F4, y: F4) -> (F4, F4, F4, F4, M4) {
    let s = (x + y) * F4::splat(F2);
    let i = (x + s).floor();
    let j = (y + s).floor();
    let t = (i + j) * F4::splat(G2);
    let x0 = x - (i - t);
    let y0 = y - (j - t);
    (i, j, x0, y0, x0.gt(y0))
}

/// The offsets `(cx, cy)` of a sample from the three corners of its simplex, given the
/// offsets from the first and the half `m`, as the point kernel computes them.
#[inline(always)]
pub(super) fn offsets2(x0: F4, y0: F4, m: M4) -> [(F4, F4); 3] {
    let one = F4::splat(1.0);
    let (g2c, g22) = (F4::splat(G2), F4::splat(2.0 * G2));
    let i1 = m.keep(one);
    let j1 = one - i1;
    [
        (x0, y0),
        (x0 - i1 + g2c, y0 - j1 + g2c),
        (x0 - one + g22, y0 - one + g22),
    ]
}

/// The noise (before scaling) of four samples with per-lane offsets, halves and corner
/// gradients `g[corner] = (gx, gy)`.
#[inline(always)]
fn eval2(x0: F4, y0: F4, m: M4, g: [[F4; 2]; 3]) -> F4 {
    let (r2, zero) = (F4::splat(R2), F4::splat(0.0));
    let mut v = zero;
    for (c, (cx, cy)) in offsets2(x0, y0, m).into_iter().enumerate() {
        let t = r2 - cy * cy - cx * cx;
        let gd = g[c][1] * cy + g[c][0] * cx;
        let t2 = t * t;
        v = v + t.gt(zero).keep(t2 * t2 * gd);
    }
    v
}

// ---- 3D

/// The per-lane values of a chunk of four samples in 3D: cell, offsets, order.
pub(super) struct Chunk3 {
    i: F4,
    j: F4,
    k: F4,
    d0: [F4; 3],
    /// `x0 ≥ y0`, `y0 ≥ z0`, `x0 ≥ z0`.
    xy: M4,
    yz: M4,
    xz: M4,
}

/// One lane of a [`Chunk3`] (cell and order), as scalars.
#[derive(Clone, Copy)]
pub(super) struct Lane3 {
    i: f32,
    j: f32,
    k: f32,
    xy: bool,
    yz: bool,
    xz: bool,
}

impl Chunk3 {
    #[inline(always)]
    pub(super) fn new(x: F4, y: F4, z: F4, i: F4, j: F4, k: F4) -> Self {
        let t = (i + j + k) * F4::splat(G3);
        let d0 = [x - (i - t), y - (j - t), z - (k - t)];
        let (xy, yz, xz) = (d0[0].ge(d0[1]), d0[1].ge(d0[2]), d0[0].ge(d0[2]));
        Chunk3 {
            i,
            j,
            k,
            d0,
            xy,
            yz,
            xz,
        }
    }

    /// Lane 3.
    #[inline(always)]
    fn last(&self) -> Lane3 {
        Lane3 {
            i: self.i.to_array()[3],
            j: self.j.to_array()[3],
            k: self.k.to_array()[3],
            xy: self.xy.bitmask() & 8 != 0,
            yz: self.yz.bitmask() & 8 != 0,
            xz: self.xz.bitmask() & 8 != 0,
        }
    }

    /// Lanes in the simplex of `l`.
    #[inline(always)]
    fn is(&self, l: &Lane3) -> M4 {
        self.i
            .eq(F4::splat(l.i))
            .and(self.j.eq(F4::splat(l.j)))
            .and(self.k.eq(F4::splat(l.k)))
            .and_not(self.xy.xor(M4::splat(l.xy)))
            .and_not(self.yz.xor(M4::splat(l.yz)))
            .and_not(self.xz.xor(M4::splat(l.xz)))
    }

    /// The noise (before scaling) with per-lane corner steps; `grad(steps)` gives the
    /// corner's gradient `[gx, gy, gz]` per lane.
    #[inline(always)]
    fn eval(&self, grad: impl FnMut([M4; 3]) -> [F4; 3]) -> F4 {
        let mut v = F4::splat(0.0);
        self.corners(grad, |m, t, d, g| {
            let t2 = t * t;
            let dot = g[2] * d[2] + g[1] * d[1] + g[0] * d[0];
            v = v + m.keep(t2 * t2 * dot);
        });
        v
    }

    /// Calls `corner(m, t, d, g)` for each of the four corners of every lane's simplex
    /// where some lane has `t = r² − |d|² > 0` (`m`: those lanes), with the offsets `d`
    /// from the corner and its gradient `g = grad(steps)` (only asked for then, as the
    /// point kernel hashes only then; `steps`: per axis, the lanes whose corner is one
    /// step from the cell's origin).
    #[inline(always)]
    pub(super) fn corners(
        &self,
        mut grad: impl FnMut([M4; 3]) -> [F4; 3],
        mut corner: impl FnMut(M4, F4, [F4; 3], [F4; 3]),
    ) {
        let (r2, zero, one) = (F4::splat(R2), F4::splat(0.0), F4::splat(1.0));
        // The point kernel's ranking as lane masks: `a` is the first step of the walk
        // through the simplex, `b` the second (see noise3).
        let (xy, yz, xz) = (self.xy, self.yz, self.xz);
        let ax = xy.and(xz);
        let ay = yz.and_not(xy);
        let az = M4::all_true().and_not(yz).and_not(ax);
        let bx = xy.or(yz.and(xz));
        let by = yz.or(M4::all_true().and_not(xy));
        let bz = M4::all_true()
            .and_not(yz)
            .or(M4::all_true().and_not(xy).and_not(xz));
        let (no, yes) = (M4::splat(false), M4::all_true());
        let steps = [[no; 3], [ax, ay, az], [bx, by, bz], [yes; 3]];
        for (n, st) in steps.into_iter().enumerate() {
            let off = F4::splat(n as f32 * G3);
            let d = each!(a in [0, 1, 2] => self.d0[a] - st[a].keep(one) + off);
            let t = r2 - d[2] * d[2] - d[1] * d[1] - d[0] * d[0];
            let m = t.gt(zero);
            if m.any() {
                corner(m, t, d, grad(st));
            }
        }
    }
}

/// The point kernel's walk through the simplex of a cell with offsets ordered by
/// `x0 ≥ y0`, `y0 ≥ z0`, `x0 ≥ z0`: the steps of corners 1 and 2 (the lane-mask formulas
/// of [`Chunk3::corners`], which agree with noise3's branches).
#[inline(always)]
fn steps3(xy: bool, yz: bool, xz: bool) -> [[i32; 3]; 2] {
    let ax = xy && xz;
    [
        [ax as i32, (yz && !xy) as i32, (!yz && !ax) as i32],
        [
            (xy || (yz && xz)) as i32,
            (yz || !xy) as i32,
            (!yz || (!xy && !xz)) as i32,
        ],
    ]
}

impl Simplex {
    /// Gradient of lattice point `(i, j, k)`: the point kernel's three-level hash, the
    /// last level and the gradient lookup in one load from `grad3`.
    #[inline(always)]
    fn g3(&self, i: i32, j: i32, k: i32) -> [f32; 3] {
        let a = self.perm[(k & 255) as usize] as usize;
        let b = self.perm[((j & 255) as usize + a) & 511] as usize;
        self.grad3[((i & 255) as usize + b) & 511]
    }

    /// The noise (before scaling) of a chunk with per-lane hashes and lookups.
    #[inline(always)]
    fn lanes3(&self, c: &Chunk3) -> F4 {
        c.eval(self.lane_grads3(c))
    }

    /// `grad(steps)` of [`Chunk3::corners`] with per-lane lookups. The point kernel's
    /// hash of corner `(i', j', k')` is `grad3[(i' & 255) + h(j', k')]` with the inner
    /// levels `h(j', k') = perm[(j' & 255) + perm[k' & 255]]`; `grad3` repeats after 256
    /// entries, so that is entry `(i' + h) & 255`. Where all four lanes share `j` and `k`
    /// (nearly every chunk of a row: they change every ~3 units of x), the four inner
    /// hashes of `j, j + 1` by `k, k + 1` are looked up once and each lane selects its own,
    /// so a corner costs one gather instead of three dependent loads per lane.
    #[inline(always)]
    pub(super) fn lane_grads3(&self, c: &Chunk3) -> impl Fn([M4; 3]) -> [F4; 3] + '_ {
        let (i, j, k) = (c.i.to_i4(), c.j.to_i4(), c.k.to_i4());
        let shared = c.j.eq(c.j.lane_splat::<0>()).and(c.k.eq(c.k.lane_splat::<0>())).all();
        let inner = |j: i32, k: i32| {
            let a = self.perm[(k & 255) as usize] as usize;
            self.perm[(j & 255) as usize + a] as i32
        };
        let (j0, k0) = (j.to_array()[0], k.to_array()[0]);
        let h = if shared {
            each!(dj in [0, 1] => each!(dk in [0, 1] =>
                I4::splat(inner(j0.wrapping_add(dj), k0.wrapping_add(dk)))))
        } else {
            [[I4::splat(0); 2]; 2]
        };
        #[inline(always)]
        move |[sx, sy, sz]| {
            let (one, zero) = (I4::splat(1), I4::splat(0));
            let hb = if shared {
                sy.select(sz.select(h[1][1], h[1][0]), sz.select(h[0][1], h[0][0]))
            } else {
                let (jj, kk) = (
                    (j + sy.select(one, zero)).to_array(),
                    (k + sz.select(one, zero)).to_array(),
                );
                let h = each!(l in [0, 1, 2, 3] => inner(jj[l], kk[l]));
                I4::new(h[0], h[1], h[2], h[3])
            };
            gather3(&self.grad3, i + sx.select(one, zero) + hb)
        }
    }

    /// `row3` for rows where neighbouring samples are rarely in one simplex.
    fn row3_lanes(&self, xs: &[f32], y: f32, z: f32, out: &mut [f32]) {
        let (yv, zv) = (F4::splat(y), F4::splat(z));
        for k in (0..out.len()).step_by(4) {
            let x = F4::load(&xs[k..]);
            let s = (x + yv + zv) * F4::splat(F3);
            let (i, j, kk) = ((x + s).floor(), (yv + s).floor(), (zv + s).floor());
            let v = self.lanes3(&Chunk3::new(x, yv, zv, i, j, kk));
            (F4::splat(SCALE3) * v).store(&mut out[k..]);
        }
    }
}

impl Simplex {
    /// Four-lane 3D points at frequency `f` (`out.len()` a multiple of four): each axis
    /// reduced by the period 768 as `eval3` splits, then [`Simplex::row3_lanes`]'s chunk
    /// with per-lane y and z.
    pub(crate) fn points3_lanes(&self, p: [&[f64]; 3], f: f64, out: &mut [f32]) {
        let period = self.period(3);
        let lanes = |v: &[f64], k: usize| {
            let r = |l: usize| split(v[k + l] * f, period).0;
            F4::new(r(0), r(1), r(2), r(3))
        };
        for k in (0..out.len()).step_by(4) {
            let (x, y, z) = (lanes(p[0], k), lanes(p[1], k), lanes(p[2], k));
            let s = (x + y + z) * F4::splat(F3);
            let (i, j, kk) = ((x + s).floor(), (y + s).floor(), (z + s).floor());
            let v = self.lanes3(&Chunk3::new(x, y, z, i, j, kk));
            (F4::splat(SCALE3) * v).store(&mut out[k..]);
        }
    }
}

/// One 3D simplex on one row (fixed `y` and `z`), with what every sample of the row
/// inside it shares: as [`Tri`], plus the `z` terms.
#[derive(Clone, Copy)]
pub(super) struct Tet {
    i: F4,
    j: F4,
    k: F4,
    /// `x0 ≥ y0` and `x0 ≥ z0` (`y0 ≥ z0` follows from the cell).
    xy: M4,
    xz: M4,
    it: F4,
    y0: F4,
    z0: F4,
    /// Per corner: step in x, `gx`, `(r² − cz²) − cy²` and `gz·cz + gy·cy`.
    pub(super) sx: [F4; 4],
    pub(super) gx: [F4; 4],
    pub(super) r2yz: [F4; 4],
    pub(super) gyz: [F4; 4],
}

impl Tet {
    /// Matches no chunk (NaN cell).
    fn none() -> Self {
        let (nan, zero) = (F4::splat(f32::NAN), F4::splat(0.0));
        Tet {
            i: nan,
            j: nan,
            k: nan,
            xy: M4::splat(false),
            xz: M4::splat(false),
            it: nan,
            y0: nan,
            z0: nan,
            sx: [zero; 4],
            gx: [zero; 4],
            r2yz: [zero; 4],
            gyz: [zero; 4],
        }
    }

    /// The simplex of lane `l` on the row at `(y, z)`, in the point kernel's order. The
    /// four corners' y and z terms are computed as the four lanes of one vector each;
    /// with them, those of the derivative rows: per corner (as lanes) `gy`, `gz`, `cy`,
    /// `cz`.
    #[inline(always)]
    pub(super) fn new_with(n: &Simplex, l: Lane3, y: f32, z: f32) -> (Self, [F4; 4]) {
        let t = (l.i + l.j + l.k) * G3;
        let (y0, z0) = (y - (l.j - t), z - (l.k - t));
        let [a, b] = steps3(l.xy, l.yz, l.xz);
        let st = [[0; 3], a, b, [1; 3]];
        let (ii, jj, kk) = (l.i as i32, l.j as i32, l.k as i32);
        let g = each!(c in [0, 1, 2, 3] => n.g3(
            ii.wrapping_add(st[c][0]),
            jj.wrapping_add(st[c][1]),
            kk.wrapping_add(st[c][2]),
        ));
        let corners = |a: usize, v: [[i32; 3]; 4]| {
            F4::new(
                v[0][a] as f32,
                v[1][a] as f32,
                v[2][a] as f32,
                v[3][a] as f32,
            )
        };
        let grads = |a: usize| F4::new(g[0][a], g[1][a], g[2][a], g[3][a]);
        let off = F4::new(0.0 * G3, G3, 2.0 * G3, 3.0 * G3);
        let cy = F4::splat(y0) - corners(1, st) + off;
        let cz = F4::splat(z0) - corners(2, st) + off;
        let r2yz = F4::splat(R2) - cz * cz - cy * cy;
        let gyz = grads(2) * cz + grads(1) * cy;
        let tet = Tet {
            i: F4::splat(l.i),
            j: F4::splat(l.j),
            k: F4::splat(l.k),
            xy: M4::splat(l.xy),
            xz: M4::splat(l.xz),
            it: F4::splat(l.i - t),
            y0: F4::splat(y0),
            z0: F4::splat(z0),
            sx: each!(c in [0, 1, 2, 3] => F4::splat(st[c][0] as f32)),
            gx: each!(c in [0, 1, 2, 3] => F4::splat(g[c][0])),
            r2yz: splats(r2yz),
            gyz: splats(gyz),
        };
        (tet, [grads(1), grads(2), cy, cz])
    }

    /// Per lane, `a`'s terms where `m` is set, else `b`'s (the fields `eval` reads).
    #[inline(always)]
    pub(super) fn mix(m: M4, a: &Tet, b: &Tet) -> Tet {
        Tet {
            sx: each!(c in [0, 1, 2, 3] => m.select(a.sx[c], b.sx[c])),
            gx: each!(c in [0, 1, 2, 3] => m.select(a.gx[c], b.gx[c])),
            r2yz: each!(c in [0, 1, 2, 3] => m.select(a.r2yz[c], b.r2yz[c])),
            gyz: each!(c in [0, 1, 2, 3] => m.select(a.gyz[c], b.gyz[c])),
            ..*b
        }
    }

    /// The noise (before scaling) of four samples inside this simplex, `x0 = x − it`.
    #[inline(always)]
    fn eval(&self, x0: F4) -> F4 {
        let zero = F4::splat(0.0);
        let mut v = zero;
        for n in 0..4 {
            let cx = x0 - self.sx[n] + F4::splat(n as f32 * G3);
            let t = self.r2yz[n] - cx * cx;
            let dot = self.gyz[n] + self.gx[n] * cx;
            let t2 = t * t;
            v = v + t.gt(zero).keep(t2 * t2 * dot);
        }
        v
    }
}

/// Lane `l` of `v` in all four lanes, for each `l`.
#[inline(always)]
pub(super) fn splats(v: F4) -> [F4; 4] {
    [
        v.lane_splat::<0>(),
        v.lane_splat::<1>(),
        v.lane_splat::<2>(),
        v.lane_splat::<3>(),
    ]
}

/// A simplex [`Simplex::row3_chunks`] keeps: [`Tet`], or it with more terms.
pub(super) trait Kept3: Copy {
    fn none() -> Self;
    fn new(n: &Simplex, l: Lane3, y: f32, z: f32) -> Self;
    /// Per lane, `a`'s terms where `m` is set, else `b`'s.
    fn mix(m: M4, a: &Self, b: &Self) -> Self;
    fn tet(&self) -> &Tet;
}

impl Kept3 for Tet {
    #[inline(always)]
    fn none() -> Self {
        Tet::none()
    }
    #[inline(always)]
    fn new(n: &Simplex, l: Lane3, y: f32, z: f32) -> Self {
        Tet::new_with(n, l, y, z).0
    }
    #[inline(always)]
    fn mix(m: M4, a: &Self, b: &Self) -> Self {
        Tet::mix(m, a, b)
    }
    #[inline(always)]
    fn tet(&self) -> &Tet {
        self
    }
}

/// Where the terms of a chunk of [`Simplex::row3_chunks`] come from: a kept (or mixed)
/// simplex and `x0`, or per-lane lookups.
pub(super) enum From3<'a, T> {
    Kept(&'a T, F4),
    Lanes(&'a Chunk3),
}

/// Whether a row's samples are more than 0.1 apart on average (see `row2`).
#[inline(always)]
pub(super) fn far_apart(xs: &[f32]) -> bool {
    let n = xs.len();
    n > 4 && (xs[n - 1] - xs[0]).abs() > 0.1 * (n - 1) as f32
}

impl Simplex {
    /// The chunks of a 2D row at `y` (the first `n` columns of `xs`), each with where
    /// its terms come from: the simplex kept from the chunk before while every lane is
    /// in it (same cell, and with that cell's `it`, so the point kernel's `x0`, the same
    /// half), the last lane's simplex (mixed with the kept one where one edge is
    /// crossed), or per-lane lookups.
    #[inline(always)]
    pub(super) fn row2_chunks<T: Kept2>(
        &self,
        xs: &[f32],
        y: f32,
        n: usize,
        mut chunk: impl FnMut(usize, From2<T>),
    ) {
        let yv = F4::splat(y);
        let mut cur = T::none();
        for k in (0..n).step_by(4) {
            let x = F4::load(&xs[k..]);
            let s = (x + yv) * F4::splat(F2);
            let i = (x + s).floor();
            let j = (yv + s).floor();
            let ct = cur.tri();
            let x0c = x - ct.it;
            let in_cur = i.eq(ct.i).and(j.eq(ct.j)).and_not(x0c.gt(ct.y0).xor(ct.m));
            if in_cur.all() {
                chunk(k, From2::Kept(&cur, x0c));
                continue;
            }
            let t = (i + j) * F4::splat(G2);
            let x0 = x - (i - t);
            let y0 = yv - (j - t);
            let m = x0.gt(y0);
            let in_last = i
                .eq(i.last_splat())
                .and(j.eq(j.last_splat()))
                .and_not(m.xor(m.last_splat()));
            if in_last.or(in_cur).all() {
                let (i3, j3) = (i.to_array()[3], j.to_array()[3]);
                let last = T::new(self, i3, j3, m.bitmask() & 8 != 0, y);
                // Each lane takes its simplex's terms (all lane 3's when no edge lies
                // inside the chunk: selecting costs less than a branch that goes either way).
                chunk(k, From2::Kept(&T::mix(in_cur, &cur, &last), x0));
                cur = last;
            } else {
                cur = T::none();
                chunk(k, From2::Lanes { i, j, x0, y0, m });
            }
        }
    }

    /// The chunk loop of `row3` over the first `n` columns: `chunk(k, from)` for the
    /// chunk at column `k`, from the kept simplex when every lane is in it or in lane 3's
    /// (module notes), else from per-lane lookups.
    #[inline(always)]
    pub(super) fn row3_chunks<T: Kept3>(
        &self,
        xs: &[f32],
        (y, z): (f32, f32),
        n: usize,
        mut chunk: impl FnMut(usize, From3<T>),
    ) {
        let (yv, zv) = (F4::splat(y), F4::splat(z));
        let mut cur = T::none();
        for k in (0..n).step_by(4) {
            let x = F4::load(&xs[k..]);
            let s = (x + yv + zv) * F4::splat(F3);
            let (i, j, kk) = ((x + s).floor(), (yv + s).floor(), (zv + s).floor());
            // Lanes in the kept simplex: same cell (so the same y0, z0 and their order)
            // and the same order of x0 against y0 and z0.
            let ct = cur.tet();
            let x0c = x - ct.it;
            let in_cur = i
                .eq(ct.i)
                .and(j.eq(ct.j))
                .and(kk.eq(ct.k))
                .and_not(x0c.ge(ct.y0).xor(ct.xy))
                .and_not(x0c.ge(ct.z0).xor(ct.xz));
            if in_cur.all() {
                chunk(k, From3::Kept(&cur, x0c));
                continue;
            }
            let c = Chunk3::new(x, yv, zv, i, j, kk);
            let l = c.last();
            let in_last = c.is(&l);
            if in_last.or(in_cur).all() {
                let last = T::new(self, l, y, z);
                // Each lane takes its simplex's terms, as in `row2_chunks`.
                chunk(k, From3::Kept(&T::mix(in_cur, &cur, &last), c.d0[0]));
                cur = last;
            } else {
                cur = T::none();
                chunk(k, From3::Lanes(&c));
            }
        }
    }
}

/// The f64 columns of one octave, and whether all of them are within [`NEAR`].
pub struct WideCols {
    pub(super) x: Vec<f64>,
    pub(super) near: bool,
}

impl RowNoise for Simplex {
    type Cols = WideCols;
    fn cols(&self, xs: &[f32]) -> WideCols {
        let x: Vec<f64> = xs.iter().map(|&v| v as f64).collect();
        self.cols_wide(xs, &[], &x)
    }
    fn cols_wide(&self, _xs: &[f32], _shifts: &[i32], wide: &[f64]) -> WideCols {
        let near = wide.iter().all(|v| v.abs() < NEAR);
        WideCols {
            x: wide.to_vec(),
            near,
        }
    }

    /// Rows within [`NEAR`] of the origin take the f32 row kernel below; samples beyond
    /// it the f64 point kernel ([`Simplex::noise2_at`]), which the row kernel equals
    /// near the origin, so every sample is the point kernel's wherever a tile lies.
    fn row2_wide(&self, c: &WideCols, xs: &[f32], y: f64, out: &mut [f32]) {
        if c.near && y.abs() < NEAR {
            return self.row2(c, xs, y as f32, out);
        }
        for (o, &x) in out.iter_mut().zip(&c.x) {
            *o = self.noise2_at(x, y);
        }
    }

    fn points2(&self, x: &[f64], y: &[f64], f: f64, out: &mut [f32]) {
        self.points2_lanes(x, y, f, out)
    }

    fn points3(&self, p: [&[f64]; 3], f: f64, out: &mut [f32]) {
        self.points3_lanes(p, f, out)
    }

    fn row2(&self, _: &WideCols, xs: &[f32], y: f32, out: &mut [f32]) {
        // Keeping a simplex pays while chunks often stay in one; measured in Chromium, it
        // still does at 1/16 per sample and no longer at 1/8 (a chunk and its gap to the
        // next then cross ~1.4 simplex edges), where per-lane lookups without the tests win.
        if far_apart(xs) {
            return self.row2_lanes(xs, y, out);
        }
        self.row2_chunks(xs, y, out.len(), #[inline(always)] |k, from: From2<Tri>| {
            let v = match from {
                From2::Kept(t, x0) => t.eval(x0),
                From2::Lanes { i, j, x0, y0, m } => eval2(x0, y0, m, self.lanes2(i, j, m)),
            };
            (F4::splat(SCALE2) * v).store(&mut out[k..]);
        });
    }

    fn row3(&self, _: &WideCols, xs: &[f32], y: f32, z: f32, out: &mut [f32]) {
        // As in row2.
        if far_apart(xs) {
            return self.row3_lanes(xs, y, z, out);
        }
        self.row3_chunks(xs, (y, z), out.len(), #[inline(always)]
        |k, from: From3<Tet>| {
            let v = match from {
                From3::Kept(t, x0) => t.eval(x0),
                From3::Lanes(c) => self.lanes3(c),
            };
            (F4::splat(SCALE3) * v).store(&mut out[k..]);
        });
    }
}
