//! Worley (cellular) noise in 2D and 3D, after Steven Worley, "A Cellular Texture Basis
//! Function" (SIGGRAPH 1996): scatter feature points, return distances to the nearest
//! (F1) and second nearest (F2).
//!
//! One feature point per unit cell, at `cell + 0.5 + jitter · (u − 0.5)` per axis with
//! `u ∈ [0, 1)` hashed from the cell by [`hash3`] (x and y from the two 16-bit halves of
//! one salted hash, z from a second).
//! `jitter = 0` gives a regular grid of points at cell centres; `jitter = 1` lets a point
//! fall anywhere in its cell.
//!
//! The search is exact, not only "usually right": the common 3×3 search can miss a
//! nearer point two cells away when jitter is high (a point at a cell corner may be √2
//! from its own point but just over 1 from a point two cells over). We visit rings of
//! cells around the point's cell, skipping any cell whose jitter box is already farther
//! than the current F2, and stop once a whole ring is farther. Every metric here is at
//! least the Chebyshev distance, which bounds a ring from below.
//!
//! Output ranges, in cell units (jitter `J`, per-axis reach `a = (1 + J)/2`):
//! - F1 ∈ [0, metric(a, …, a)]: the point's own feature point is never farther. For
//!   J = 1 that is √2 (2D Euclidean), 2 (2D Manhattan), 1 (Chebyshev), √3 and 3 in 3D.
//! - F2 ∈ [F1, metric(1 + J/2, a, …)]: a neighbouring cell along the nearer side.
//! - F2 − F1 ∈ [0, that F2 bound].
//!
//! [`Worley::bound`] returns these upper bounds. The values actually seen are smaller:
//! over a million samples with J = 1, 2D Euclidean F1 reached 1.16, F2 1.43, F2 − F1 1.27
//! (all nine combinations per dimension are in [`Worley::typical_max`], which the
//! `Field` can use to normalise to about `[0, 1]`).

use crate::error::{check_range, Result};
use crate::rng::hash3;

/// Which distance a [`Worley`] kernel returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorleyReturn {
    /// Distance to the nearest feature point.
    F1,
    /// Distance to the second nearest feature point.
    F2,
    /// `F2 − F1`: zero on cell borders, giving a network of ridges.
    F2MinusF1,
}

/// How distance is measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorleyDistance {
    /// `√(dx² + dy² + dz²)`: round cells.
    Euclidean,
    /// `|dx| + |dy| + |dz|`: diamond-shaped cells.
    Manhattan,
    /// `max(|dx|, |dy|, |dz|)`: square cells.
    Chebyshev,
}

/// Parameters of a [`Worley`] kernel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WorleyParams {
    pub ret: WorleyReturn,
    pub distance: WorleyDistance,
    /// How far feature points may stray from their cell centres, in `[0, 1]`.
    pub jitter: f32,
}

impl Default for WorleyParams {
    /// F1, Euclidean, jitter 1: the classic look.
    fn default() -> Self {
        Self {
            ret: WorleyReturn::F1,
            distance: WorleyDistance::Euclidean,
            jitter: 1.0,
        }
    }
}

impl WorleyParams {
    /// Checks that `jitter` is finite and in `[0, 1]`.
    pub fn check(&self) -> Result<()> {
        check_range("jitter", self.jitter as f64, 0.0, 1.0)
    }
}

/// Salts for the two hashes of a cell: the first gives x and y (16 bits each), the
/// second z.
const SALT: [u32; 2] = [0x68E3_1DA4, 0xB529_7A4D];

/// Cell offsets with Chebyshev norm at most 4, sorted by ring: ring `r` occupies indices
/// `(2r − 1)^N .. (2r + 1)^N`.
const fn ring_offsets<const N: usize, const LEN: usize>() -> [[i8; N]; LEN] {
    let mut out = [[0i8; N]; LEN];
    let mut n = 0;
    let mut r = 0;
    while r <= 4 {
        let mut k = 0;
        while k < LEN {
            let (mut o, mut rest, mut a, mut cheb) = ([0i8; N], k, 0, 0);
            while a < N {
                o[a] = (rest % 9) as i8 - 4;
                let m = if o[a] < 0 { -o[a] } else { o[a] };
                if m > cheb {
                    cheb = m;
                }
                rest /= 9;
                a += 1;
            }
            if cheb == r {
                out[n] = o;
                n += 1;
            }
            k += 1;
        }
        r += 1;
    }
    out
}

const RINGS2: [[i8; 2]; 81] = ring_offsets::<2, 81>();
const RINGS3: [[i8; 3]; 729] = ring_offsets::<3, 729>();

/// Seeded Worley noise. Holds only the seed and parameters.
#[derive(Clone, Debug)]
pub struct Worley {
    seeds: [u32; 2],
    params: WorleyParams,
}

impl Worley {
    /// A jitter outside `[0, 1]` is clamped (NaN becomes 1); use
    /// [`WorleyParams::check`] first to report it instead.
    pub fn new(seed: u32, params: WorleyParams) -> Self {
        let jitter = if params.jitter.is_nan() {
            1.0
        } else {
            params.jitter.clamp(0.0, 1.0)
        };
        Self {
            seeds: SALT.map(|s| seed ^ s),
            params: WorleyParams { jitter, ..params },
        }
    }

    pub fn params(&self) -> WorleyParams {
        self.params
    }

    /// Proven upper bound of the output (see the module notes); the lower bound is 0.
    pub fn bound(&self, dims: usize) -> f32 {
        let j = self.params.jitter;
        let a = (1.0 + j) / 2.0;
        let near = 1.0 + j / 2.0;
        let mut axes = [a; 3];
        if self.params.ret != WorleyReturn::F1 {
            axes[0] = near;
        }
        self.dist(&axes[..dims.clamp(2, 3)])
    }

    /// A practical scale for normalising to about `[0, 1]`: the largest value measured
    /// over 10⁶ random samples (jitter 1, tests/worley.rs; seeds move it by a few
    /// percent), rounded up to the next 0.1 and never above [`Worley::bound`]. Not a
    /// bound: clamp the rare excess.
    ///
    /// | 2D / 3D     | F1          | F2          | F2 − F1     |
    /// |-------------|-------------|-------------|-------------|
    /// | Euclidean   | 1.20 / 1.20 | 1.50 / 1.35 | 1.30 / 1.15 |
    /// | Manhattan   | 1.70 / 1.90 | 1.80 / 2.00 | 1.70 / 1.70 |
    /// | Chebyshev   | 1.00 / 1.00 | 1.40 / 1.10 | 1.20 / 0.95 |
    pub fn typical_max(&self, dims: usize) -> f32 {
        use WorleyDistance::*;
        use WorleyReturn::*;
        let row = match self.params.distance {
            Euclidean => [[1.20, 1.50, 1.30], [1.20, 1.35, 1.15]],
            Manhattan => [[1.70, 1.80, 1.70], [1.90, 2.00, 1.70]],
            Chebyshev => [[1.00, 1.40, 1.20], [1.00, 1.10, 0.95]],
        };
        let col = match self.params.ret {
            F1 => 0,
            F2 => 1,
            F2MinusF1 => 2,
        };
        row[usize::from(dims >= 3)][col]
    }

    #[inline]
    fn dist(&self, d: &[f32]) -> f32 {
        match self.params.distance {
            WorleyDistance::Euclidean => d.iter().map(|v| v * v).sum::<f32>().sqrt(),
            WorleyDistance::Manhattan => d.iter().map(|v| v.abs()).sum(),
            WorleyDistance::Chebyshev => d.iter().fold(0.0, |m, v| m.max(v.abs())),
        }
    }

    #[inline]
    fn finish(&self, f1: f32, f2: f32) -> f32 {
        match self.params.ret {
            WorleyReturn::F1 => f1,
            WorleyReturn::F2 => f2,
            WorleyReturn::F2MinusF1 => f2 - f1,
        }
    }

    /// Offsets of a cell's feature point from the cell corner, in `[0, 1)` per axis
    /// (only the first `n` are computed).
    #[inline]
    fn offsets(&self, c: [i32; 3], n: usize) -> [f32; 3] {
        let h = hash3(self.seeds[0], c[0], c[1], c[2]);
        let mut u = [
            (h & 0xFFFF) as f32 * (1.0 / 65_536.0),
            (h >> 16) as f32 * (1.0 / 65_536.0),
            0.0,
        ];
        if n > 2 {
            u[2] = (hash3(self.seeds[1], c[0], c[1], c[2]) >> 8) as f32 * (1.0 / 16_777_216.0);
        }
        u.map(|v| 0.5 + self.params.jitter * (v - 0.5))
    }

    /// Searches rings of cells (from `rings`) around `cell` for the two nearest feature
    /// points of the point at `frac` within that cell. `wrap` maps a cell to the cell
    /// whose hash it uses (the identity, or modulo a period).
    #[inline]
    fn search<const N: usize>(
        &self,
        rings: &[[i8; N]],
        cell: [i32; N],
        frac: [f32; N],
        wrap: impl Fn([i32; N]) -> [i32; 3],
    ) -> (f32, f32) {
        let j = self.params.jitter;
        let (lo, hi) = ((1.0 - j) / 2.0, (1.0 + j) / 2.0);
        let (mut f1, mut f2) = (f32::INFINITY, f32::INFINITY);
        // Every cell of ring r is at least `r − 1 + lo + edge` away along some axis,
        // where `edge` is the point's distance to the nearest side of its cell.
        let edge = frac.iter().fold(1.0f32, |m, &f| m.min(f).min(1.0 - f));
        // F2 < 3.5 for any metric, jitter and N ≤ 3 (own cell plus one neighbour), and
        // ring r ≥ 5 is at least 4 away, so rings 0..=4 always suffice.
        let mut start = 0;
        for r in 0..=4i32 {
            if r >= 1 && (r - 1) as f32 + lo + edge >= f2 {
                break;
            }
            let end = ((2 * r + 1) as usize).pow(N as u32);
            for o in &rings[start..end] {
                // Gap between the point and this cell's jitter box, per axis.
                let mut gap = [0.0f32; N];
                for a in 0..N {
                    let b = o[a] as f32;
                    gap[a] = (b + lo - frac[a]).max(frac[a] - b - hi).max(0.0);
                }
                if self.dist(&gap) >= f2 {
                    continue;
                }
                let mut c = cell;
                for a in 0..N {
                    c[a] = c[a].wrapping_add(o[a] as i32);
                }
                let u = self.offsets(wrap(c), N);
                let mut d = [0.0f32; N];
                for a in 0..N {
                    d[a] = o[a] as f32 + u[a] - frac[a];
                }
                let dist = self.dist(&d);
                if dist < f1 {
                    f2 = f1;
                    f1 = dist;
                } else if dist < f2 {
                    f2 = dist;
                }
            }
            start = end;
        }
        (f1, f2)
    }

    /// 2D Worley noise; see the module notes for the range.
    #[inline]
    pub fn noise2(&self, x: f32, y: f32) -> f32 {
        let (f1, f2) = self.nearest2(x, y);
        self.finish(f1, f2)
    }

    /// 3D Worley noise; see the module notes for the range.
    #[inline]
    pub fn noise3(&self, x: f32, y: f32, z: f32) -> f32 {
        let (f1, f2) = self.nearest3(x, y, z);
        self.finish(f1, f2)
    }

    /// Both distances `(F1, F2)` at a 2D point, whatever `ret` says.
    #[inline]
    pub fn nearest2(&self, x: f32, y: f32) -> (f32, f32) {
        let (fx, fy) = (x.floor(), y.floor());
        self.search(&RINGS2, [fx as i32, fy as i32], [x - fx, y - fy], |c| {
            [c[0], c[1], 0]
        })
    }

    /// Both distances `(F1, F2)` at a 3D point.
    #[inline]
    pub fn nearest3(&self, x: f32, y: f32, z: f32) -> (f32, f32) {
        let (fx, fy, fz) = (x.floor(), y.floor(), z.floor());
        self.search(
            &RINGS3,
            [fx as i32, fy as i32, fz as i32],
            [x - fx, y - fy, z - fz],
            |c| c,
        )
    }

    /// The feature point of 2D cell `(cx, cy)`, in absolute coordinates (for drawing
    /// the points in a figure, and for brute-force checks).
    pub fn feature2(&self, cx: i32, cy: i32) -> [f32; 2] {
        let u = self.offsets([cx, cy, 0], 2);
        [cx as f32 + u[0], cy as f32 + u[1]]
    }

    /// The feature point of 3D cell `(cx, cy, cz)`, in absolute coordinates.
    pub fn feature3(&self, cx: i32, cy: i32, cz: i32) -> [f32; 3] {
        let u = self.offsets([cx, cy, cz], 3);
        [cx as f32 + u[0], cy as f32 + u[1], cz as f32 + u[2]]
    }

    /// Tileable 2D Worley noise: cell indices are wrapped modulo the integer periods
    /// `px`, `py` (in cells, at least 1; smaller values are treated as 1) before hashing,
    /// so the pattern repeats exactly every `px` along x and `py` along y.
    #[inline]
    pub fn noise2_periodic(&self, x: f32, y: f32, px: u32, py: u32) -> f32 {
        let (px, py) = (
            px.clamp(1, i32::MAX as u32) as i32,
            py.clamp(1, i32::MAX as u32) as i32,
        );
        let (fx, fy) = (x.floor(), y.floor());
        let (f1, f2) = self.search(&RINGS2, [fx as i32, fy as i32], [x - fx, y - fy], |c| {
            [c[0].rem_euclid(px), c[1].rem_euclid(py), 0]
        });
        self.finish(f1, f2)
    }
}
