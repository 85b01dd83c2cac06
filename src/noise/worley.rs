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
//! from its own point but just over 1 from a point two cells over). We search the
//! 3×3 (×3) block first, then, per axis, every offset whose slab of cells can still be
//! nearer than the current F2 (at most 4 cells out), skipping any cell whose jitter box
//! is farther than F2 before hashing it. Distances are compared as keys (squared for
//! Euclidean), so only the two results take a square root. Release-build cost on this
//! machine's CPU: about 50 ns per 2D sample and 220 ns per 3D sample.
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

mod nearest;
pub(crate) mod search;

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

/// Seeded Worley noise. Holds only the seed and parameters.
#[derive(Clone, Debug)]
pub struct Worley {
    pub(crate) seeds: [u32; 2],
    pub(crate) params: WorleyParams,
    /// Where feature points can lie within a cell, per axis: `[lo, hi)`.
    pub(crate) lo: f32,
    pub(crate) hi: f32,
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
            lo: (1.0 - jitter) / 2.0,
            hi: (1.0 + jitter) / 2.0,
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
        self.unkey(d.iter().fold(0.0, |k, &v| self.join(k, self.term(v))))
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
    pub(crate) fn offsets(&self, c: [i32; 3], n: usize) -> [f32; 3] {
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

    /// 2D Worley noise; see the module notes for the range.
    #[inline]
    pub fn noise2(&self, x: f32, y: f32) -> f32 {
        let (f1, f2) = self.nearest2(x, y);
        self.finish(f1, f2)
    }

    /// 3D Worley noise; see the module notes for the range.
    #[inline]
    pub fn noise3(&self, x: f32, y: f32, z: f32) -> f32 {
        self.noise3_shifted(x, y, z, [0; 3])
    }

    /// Both distances `(F1, F2)` at a 2D point, whatever `ret` says.
    #[inline]
    pub fn nearest2(&self, x: f32, y: f32) -> (f32, f32) {
        self.search2(x, y, |cx, cy| [cx, cy, 0])
    }

    /// Both distances `(F1, F2)` at a 3D point.
    #[inline]
    pub fn nearest3(&self, x: f32, y: f32, z: f32) -> (f32, f32) {
        self.search3(x, y, z, [0; 3])
    }

    /// [`Worley::noise2`] at `(x + sx, y + sy)` for whole-cell shifts: the cell index
    /// takes the shift, the f32 arithmetic only the small rest (far from the origin).
    #[inline]
    pub fn noise2_shifted(&self, x: f32, y: f32, sx: i32, sy: i32) -> f32 {
        let (f1, f2) = self.search2(x, y, |cx, cy| [cx.wrapping_add(sx), cy.wrapping_add(sy), 0]);
        self.finish(f1, f2)
    }

    /// [`Worley::noise3`] at `(x, y, z) + s` for whole-cell shifts.
    #[inline]
    pub fn noise3_shifted(&self, x: f32, y: f32, z: f32, s: [i32; 3]) -> f32 {
        let (f1, f2) = self.search3(x, y, z, s);
        self.finish(f1, f2)
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
        self.noise2_periodic_shifted(x, y, [0, 0], px, py)
    }

    /// [`Worley::noise2_periodic`] at `(x + s[0], y + s[1])` for whole-cell shifts.
    #[inline]
    pub fn noise2_periodic_shifted(&self, x: f32, y: f32, s: [i32; 2], px: u32, py: u32) -> f32 {
        let wrap = Self::tile(s, px, py);
        let (f1, f2) = self.search2(x, y, |cx, cy| wrap([cx, cy]));
        self.finish(f1, f2)
    }

    /// The cell hashed for cell `c` of a tile of `px × py` cells (at least 1; smaller
    /// values are treated as 1), `c` shifted by `s` first.
    #[inline(always)]
    pub(crate) fn tile(s: [i32; 2], px: u32, py: u32) -> impl Fn([i32; 2]) -> [i32; 3] {
        let (px, py) = (
            px.clamp(1, i32::MAX as u32) as i64,
            py.clamp(1, i32::MAX as u32) as i64,
        );
        let wrap = |c: i32, s: i32, p: i64| (c as i64 + s as i64).rem_euclid(p) as i32;
        move |c| [wrap(c[0], s[0], px), wrap(c[1], s[1], py), 0]
    }
}
