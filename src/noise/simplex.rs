//! Simplex noise in 2D, 3D and 4D, after Stefan Gustavson, "Simplex noise demystified"
//! (Linköping University, 2005; 4D ranking from his 2012 revision), which explains Ken
//! Perlin's 2001 simplex noise. The input point is skewed onto a lattice of simplices
//! (triangles, tetrahedra, 5-cells); each corner contributes `(r² - |d|²)^4 · (g · d)`.
//!
//! Two deliberate differences from Gustavson's code:
//! - `r² = 0.5` in every dimension (his 3D/4D code uses 0.6). 0.5 is the squared
//!   distance from a point to the nearest lattice vertex outside its own simplex (we
//!   measured the minimum, 0.5, numerically in 2D, 3D and 4D), so a corner's kernel is
//!   zero wherever the corner stops being summed: the noise is continuous everywhere.
//!   With 0.6 it jumps slightly on simplex faces.
//! - 2D uses 16 unit gradients at 22.5° steps (indexed by `hash & 15`, no modulo bias).
//!   3D uses Perlin's 16 cube-edge gradients (12 edges, 4 repeated); 4D the 32 vectors
//!   with one zero and three ±1 components.
//!
//! Output range: each kernel is multiplied by a constant so that the largest value any
//! gradient arrangement can produce is just under 1. We found that supremum by a dense
//! search over points of a simplex, picking for each corner the gradient that maximises
//! its term (raw suprema 0.0100802 in 2D, 0.0130072 in 3D, 0.0159292 in 4D). Hence
//! `|v| ≤ 0.9996` in every dimension, and the field really gets there: over a million
//! random samples (tests/simplex.rs) the extremes are ±0.9995 (2D), ±0.9993 (3D) and
//! ±0.9976 (4D). The steepest 2D slope seen is about 7.2 per unit.
//!
//! Only `+ - * floor` on `f32`, no FMA: the same seed gives the same bits natively and in
//! wasm. In 2D and 3D a corner's `r² − |d|²` and `g · d` take the axes last to first
//! (`((r² − dz²) − dy²) − dx²`): a grid fill's row has one `y` and `z`, so its row
//! kernels (src/rows/simplex.rs) compute the y and z part once per simplex and the same
//! bits follow with one subtraction and one product-sum per corner and sample.

use super::improved::edges16;
use crate::rng;

/// Scale factors: just under the reciprocals of the raw suprema given above.
pub(crate) const SCALE2: f32 = 99.16;
pub(crate) const SCALE3: f32 = 76.85;
pub(crate) const SCALE4: f32 = 62.75;

/// Squared kernel radius, see the module notes.
pub(crate) const R2: f32 = 0.5;

/// 2D skew and unskew factors: (√3 − 1)/2 and (3 − √3)/6.
pub(crate) const F2: f32 = 0.366_025_4;
pub(crate) const G2: f32 = 0.211_324_87;
/// The 2D factors in f64, for points beyond [`NEAR`].
const F2_WIDE: f64 = 0.366_025_403_784_438_6;
const G2_WIDE: f64 = 0.211_324_865_405_187_13;
/// The 4D factors in f64.
const F4_WIDE: f64 = 0.309_016_994_374_947_45;
const G4_WIDE: f64 = 0.138_196_601_125_010_5;
/// Up to this `|x|`, `|y|` the 2D (and 4D) kernel runs on the point rounded to f32, as
/// it always did: f32 still holds 12 bits of the fraction there, and fBm's fine octaves
/// of ordinary fills (512 samples at 1/32, 8 octaves: up to 2048) keep the four-wide row
/// kernel. Beyond it the skew, the cell and the offsets are f64 (one sample at a time).
pub const NEAR: f64 = 4096.0;
/// 3D: 1/3 and 1/6.
pub(crate) const F3: f32 = 1.0 / 3.0;
pub(crate) const G3: f32 = 1.0 / 6.0;
/// 4D: (√5 − 1)/4 and (5 − √5)/20.
const F4: f32 = 0.309_017;
const G4: f32 = 0.138_196_6;

/// Unit vectors at angles k · 22.5°, k = 0..16.
pub(crate) const GRAD2: [[f32; 2]; 16] = [
    [1.0, 0.0],
    [0.923_879_5, 0.382_683_43],
    [0.707_106_77, 0.707_106_77],
    [0.382_683_43, 0.923_879_5],
    [0.0, 1.0],
    [-0.382_683_43, 0.923_879_5],
    [-0.707_106_77, 0.707_106_77],
    [-0.923_879_5, 0.382_683_43],
    [-1.0, 0.0],
    [-0.923_879_5, -0.382_683_43],
    [-0.707_106_77, -0.707_106_77],
    [-0.382_683_43, -0.923_879_5],
    [0.0, -1.0],
    [0.382_683_43, -0.923_879_5],
    [0.707_106_77, -0.707_106_77],
    [0.923_879_5, -0.382_683_43],
];

/// Perlin's 12 cube edges ([`edges16`]) plus 4 repeats in this kernel's own order:
/// entries 12–15 repeat edges 0, 1, 9 and 11 (improved noise repeats 0, 9, 1, 11).
pub(crate) const GRAD3: [[f32; 3]; 16] = edges16([0, 1, 9, 11]);

/// Gradient `h & 31` in 4D: component `(h >> 3) & 3` is zero, the other three are ±1
/// with signs from the low three bits.
#[inline]
fn grad4(h: u8, d: [f32; 4]) -> f32 {
    let zero = ((h >> 3) & 3) as usize;
    let mut sum = 0.0;
    let mut bit = 0;
    for (axis, &v) in d.iter().enumerate() {
        if axis != zero {
            sum += if (h >> bit) & 1 == 0 { v } else { -v };
            bit += 1;
        }
    }
    sum
}

/// Seeded simplex noise. Holds a doubled permutation table (512 bytes) and, for the
/// row kernels of `crate::rows`, the gradients its last hash level selects (10 KiB, boxed).
#[derive(Clone, Debug)]
pub struct Simplex {
    pub(crate) perm: [u8; 512],
    /// `GRAD2[perm[n] & 15]`: the last hash level and the gradient lookup in one load.
    pub(crate) grad2: Box<[[f32; 2]; 512]>,
    /// `GRAD3[perm[n] & 15]`.
    pub(crate) grad3: Box<[[f32; 3]; 512]>,
}

impl Simplex {
    /// Builds the permutation from `seed` with [`rng::permutation`] (Mulberry32).
    pub fn new(seed: u32) -> Self {
        let perm = rng::doubled(&rng::permutation(seed));
        Self {
            perm,
            grad2: Box::new(perm.map(|h| GRAD2[(h & 15) as usize])),
            grad3: Box::new(perm.map(|h| GRAD3[(h & 15) as usize])),
        }
    }

    #[inline]
    fn p(&self, i: i32, inner: u8) -> u8 {
        self.perm[(i & 255) as usize + inner as usize]
    }

    #[inline]
    fn hash2(&self, i: i32, j: i32) -> u8 {
        self.p(i, self.perm[(j & 255) as usize])
    }

    #[inline]
    fn hash3(&self, i: i32, j: i32, k: i32) -> u8 {
        self.p(i, self.p(j, self.perm[(k & 255) as usize]))
    }

    #[inline]
    fn hash4(&self, i: i32, j: i32, k: i32, l: i32) -> u8 {
        self.p(i, self.p(j, self.p(k, self.perm[(l & 255) as usize])))
    }

    /// 2D simplex noise in `[-1, 1]` (bound 0.9996, see the module notes). One lattice
    /// cell spans about 0.8 units. It is 0 at every simplex vertex, e.g. the origin.
    #[inline]
    pub fn noise2(&self, x: f32, y: f32) -> f32 {
        self.noise2_deriv(x, y).0
    }

    /// 2D simplex noise with its analytic gradient: `(value, ∂v/∂x, ∂v/∂y)`.
    ///
    /// Each corner term is `n = t⁴ (g·d)` with `t = r² − |d|²`, so
    /// `∇n = t⁴ g − 8 t³ (g·d) d`.
    #[inline]
    pub fn noise2_deriv(&self, x: f32, y: f32) -> (f32, f32, f32) {
        let s = (x + y) * F2;
        let i = (x + s).floor();
        let j = (y + s).floor();
        let t = (i + j) * G2;
        self.deriv2_in(x - (i - t), y - (j - t), i as i32, j as i32)
    }

    /// [`Simplex::noise2`] at an f64 point. Within [`NEAR`] of the origin that is the
    /// f32 kernel on the point rounded to f32 (the same bits as ever); farther out the
    /// skew, the floor to the simplex cell and the offsets from its corner are f64, so
    /// only the offsets (below 1) are rounded to f32. (The 2D skew is irrational, so no
    /// period can bring a far point near the origin as the lattice kernels do.) The two
    /// evaluations of the same formula differ by f32 rounding only.
    #[inline]
    pub fn noise2_at(&self, x: f64, y: f64) -> f32 {
        self.noise2_deriv_at(x, y).0
    }

    /// [`Simplex::noise2_deriv`] at an f64 point, as [`Simplex::noise2_at`].
    #[inline]
    pub fn noise2_deriv_at(&self, x: f64, y: f64) -> (f32, f32, f32) {
        if x.abs() < NEAR && y.abs() < NEAR {
            return self.noise2_deriv(x as f32, y as f32);
        }
        let s = (x + y) * F2_WIDE;
        let i = (x + s).floor();
        let j = (y + s).floor();
        let t = (i + j) * G2_WIDE;
        let (x0, y0) = ((x - (i - t)) as f32, (y - (j - t)) as f32);
        self.deriv2_in(x0, y0, i as i64 as i32, j as i64 as i32)
    }

    /// Value and gradient from the offsets `(x0, y0)` of a point from the first corner
    /// of its simplex, in skewed cell `(ii, jj)`.
    #[inline(always)]
    fn deriv2_in(&self, x0: f32, y0: f32, ii: i32, jj: i32) -> (f32, f32, f32) {
        let (i1, j1) = if x0 > y0 { (1, 0) } else { (0, 1) };
        let corners = [
            (x0, y0, self.hash2(ii, jj)),
            (
                x0 - i1 as f32 + G2,
                y0 - j1 as f32 + G2,
                self.hash2(ii.wrapping_add(i1), jj.wrapping_add(j1)),
            ),
            (
                x0 - 1.0 + 2.0 * G2,
                y0 - 1.0 + 2.0 * G2,
                self.hash2(ii.wrapping_add(1), jj.wrapping_add(1)),
            ),
        ];
        let (mut v, mut dx, mut dy) = (0.0f32, 0.0f32, 0.0f32);
        for (cx, cy, h) in corners {
            let t = R2 - cy * cy - cx * cx;
            if t > 0.0 {
                let g = GRAD2[(h & 15) as usize];
                let gd = g[1] * cy + g[0] * cx;
                let t2 = t * t;
                let t4 = t2 * t2;
                let k = 8.0 * t2 * t * gd;
                v += t4 * gd;
                dx += t4 * g[0] - k * cx;
                dy += t4 * g[1] - k * cy;
            }
        }
        (SCALE2 * v, SCALE2 * dx, SCALE2 * dy)
    }

    /// 3D simplex noise in `[-1, 1]` (bound 0.9996).
    #[inline]
    pub fn noise3(&self, x: f32, y: f32, z: f32) -> f32 {
        self.noise3_with::<false>(x, y, z)[0]
    }

    /// 3D simplex noise with its analytic gradient `[v, ∂v/∂x, ∂v/∂y, ∂v/∂z]`, `v` the
    /// bits of [`Simplex::noise3`]; each corner's `∇(t⁴ g·d) = t⁴ g − 8 t³ (g·d) d`.
    #[inline]
    pub fn noise3_deriv(&self, x: f32, y: f32, z: f32) -> [f32; 4] {
        self.noise3_with::<true>(x, y, z)
    }

    /// The value, and with `D` the gradient (else zeros).
    #[inline(always)]
    fn noise3_with<const D: bool>(&self, x: f32, y: f32, z: f32) -> [f32; 4] {
        let s = (x + y + z) * F3;
        let (i, j, k) = ((x + s).floor(), (y + s).floor(), (z + s).floor());
        let t = (i + j + k) * G3;
        let d0 = [x - (i - t), y - (j - t), z - (k - t)];
        // Rank the offsets: the simplex walks from the corner (0,0,0) along the axes in
        // decreasing order of the offset.
        let [x0, y0, z0] = d0;
        let (a, b): ([i32; 3], [i32; 3]) = if x0 >= y0 {
            if y0 >= z0 {
                ([1, 0, 0], [1, 1, 0])
            } else if x0 >= z0 {
                ([1, 0, 0], [1, 0, 1])
            } else {
                ([0, 0, 1], [1, 0, 1])
            }
        } else if y0 < z0 {
            ([0, 0, 1], [0, 1, 1])
        } else if x0 < z0 {
            ([0, 1, 0], [0, 1, 1])
        } else {
            ([0, 1, 0], [1, 1, 0])
        };
        let (ii, jj, kk) = (i as i32, j as i32, k as i32);
        let steps = [[0, 0, 0], a, b, [1, 1, 1]];
        let mut acc = [0.0f32; 4];
        for (n, st) in steps.iter().enumerate() {
            let off = n as f32 * G3;
            let d = [
                x0 - st[0] as f32 + off,
                y0 - st[1] as f32 + off,
                z0 - st[2] as f32 + off,
            ];
            let t = R2 - d[2] * d[2] - d[1] * d[1] - d[0] * d[0];
            if t > 0.0 {
                let h = self.hash3(
                    ii.wrapping_add(st[0]),
                    jj.wrapping_add(st[1]),
                    kk.wrapping_add(st[2]),
                );
                let g = GRAD3[(h & 15) as usize];
                let t2 = t * t;
                let gd = g[2] * d[2] + g[1] * d[1] + g[0] * d[0];
                acc[0] += t2 * t2 * gd;
                if D {
                    let (t4, k) = (t2 * t2, 8.0 * t2 * t * gd);
                    for a in 0..3 {
                        acc[a + 1] += t4 * g[a] - k * d[a];
                    }
                }
            }
        }
        acc.map(|v| SCALE3 * v)
    }

    /// 4D simplex noise in `[-1, 1]` (bound 0.9996). For a seamless loop of period `T`
    /// in time, sample `noise4(x, y, R·cos(2πt/T), R·sin(2πt/T))`.
    #[inline]
    pub fn noise4(&self, x: f32, y: f32, z: f32, w: f32) -> f32 {
        let s = (x + y + z + w) * F4;
        let c = [
            (x + s).floor(),
            (y + s).floor(),
            (z + s).floor(),
            (w + s).floor(),
        ];
        let t = (c[0] + c[1] + c[2] + c[3]) * G4;
        let d0 = [
            x - (c[0] - t),
            y - (c[1] - t),
            z - (c[2] - t),
            w - (c[3] - t),
        ];
        self.noise4_in(d0, [c[0] as i32, c[1] as i32, c[2] as i32, c[3] as i32])
    }

    /// [`Simplex::noise4`] at an f64 point, as [`Simplex::noise2_at`]: within [`NEAR`] on
    /// every axis the f32 kernel, beyond it f64 down to the cell and the offsets.
    pub fn noise4_at(&self, p: [f64; 4]) -> f32 {
        if p.iter().all(|v| v.abs() < NEAR) {
            return self.noise4(p[0] as f32, p[1] as f32, p[2] as f32, p[3] as f32);
        }
        let s = (p[0] + p[1] + p[2] + p[3]) * F4_WIDE;
        let c = p.map(|v| (v + s).floor());
        let t = (c[0] + c[1] + c[2] + c[3]) * G4_WIDE;
        let d0 = [0, 1, 2, 3].map(|a| (p[a] - (c[a] - t)) as f32);
        self.noise4_in(d0, c.map(|v| v as i64 as i32))
    }

    /// 4D noise from the offsets `d0` of a point from the first corner of its simplex
    /// in skewed cell `ci`.
    #[inline(always)]
    fn noise4_in(&self, d0: [f32; 4], ci: [i32; 4]) -> f32 {
        // Rank of each offset among the four (Gustavson 2012): the axis with rank 3 is
        // stepped first, rank 0 last.
        let mut rank = [0i32; 4];
        for a in 0..4 {
            for b in (a + 1)..4 {
                if d0[a] > d0[b] {
                    rank[a] += 1;
                } else {
                    rank[b] += 1;
                }
            }
        }
        let mut v = 0.0f32;
        for n in 0..5i32 {
            // Corner n has stepped along every axis whose rank is at least 4 − n.
            let st = rank.map(|r| i32::from(r >= 4 - n));
            let off = n as f32 * G4;
            let d = [
                d0[0] - st[0] as f32 + off,
                d0[1] - st[1] as f32 + off,
                d0[2] - st[2] as f32 + off,
                d0[3] - st[3] as f32 + off,
            ];
            let t = R2 - d[0] * d[0] - d[1] * d[1] - d[2] * d[2] - d[3] * d[3];
            if t > 0.0 {
                let h = self.hash4(
                    ci[0].wrapping_add(st[0]),
                    ci[1].wrapping_add(st[1]),
                    ci[2].wrapping_add(st[2]),
                    ci[3].wrapping_add(st[3]),
                );
                let t2 = t * t;
                v += t2 * t2 * grad4(h & 31, d);
            }
        }
        SCALE4 * v
    }
}
