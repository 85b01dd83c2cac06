//! Noise kernels: small, seeded, pure functions of a point. Each kernel is a struct of
//! precomputed tables built from a `u32` seed, with `#[inline]` methods on `f32`
//! coordinates. Composition (octaves, warping, grids) lives in [`crate::fractal`] and
//! [`crate::field`]; kernels know nothing about it.
//!
//! Output ranges (each tested over a million samples in `tests/`):
//!
//! | kernel | 1D | 2D | 3D | 4D |
//! |---|---|---|---|---|
//! | [`value::Value`] | [-1, 1] | [-1, 1] | [-1, 1] | – |
//! | [`perlin::Perlin`] (classic, unit gradients) | [-1/2, 1/2] | [-√½, √½] | [-√¾, √¾] | – |
//! | [`improved::Improved`] (Perlin 2002) | [-1, 1] | [-1, 1] | about [-1.04, 1.04] | – |
//! | [`simplex::Simplex`] | – | [-1, 1] | [-1, 1] | [-1, 1] |
//! | [`worley::Worley`] | – | see module | see module | – |

pub mod deriv;
pub mod improved;
pub mod perlin;
pub mod simplex;
pub mod teaching;
pub mod value;
pub mod worley;

/// Quintic fade `6t⁵ − 15t⁴ + 10t³` (Perlin 2002): first and second derivatives vanish
/// at t = 0 and t = 1, so cells join without visible creases.
#[inline(always)]
pub fn fade(t: f32) -> f32 {
    t * t * t * (t * (t * 6.0 - 15.0) + 10.0)
}

/// Derivative of [`fade`]: `30t⁴ − 60t³ + 30t²`.
#[inline(always)]
pub fn fade_deriv(t: f32) -> f32 {
    30.0 * t * t * (t * (t - 2.0) + 1.0)
}

#[inline(always)]
pub fn lerp(a: f32, b: f32, t: f32) -> f32 {
    a + t * (b - a)
}

/// Splits a coordinate into its lattice cell and the fraction inside it.
#[inline(always)]
pub fn cell(x: f32) -> (i32, f32) {
    let f = x.floor();
    (f as i32, x - f)
}

/// `v` reduced exactly by the period `p` (same value of a `p`-periodic noise), then
/// rounded to f32, and the whole number of cells taken off (wrapped to i32) for kernels
/// that are not periodic but take it back as a shift of their cell index (Worley). The
/// remainder `v − p·trunc(v / p)` is a multiple of `v`'s ulp no larger
/// than `|v|`, so f64 computes it exactly, and `|v| < p` is left as it is (near the
/// origin a kernel sees the very f32 it saw before coordinates were reduced). Far from
/// the origin the kernel then sees a coordinate below `p` with a full f32 fraction,
/// instead of an f32 that has lost its fraction. Without a period, a plain cast.
#[inline(always)]
pub fn split(v: f64, p: Option<f64>) -> (f32, i32) {
    match p {
        Some(p) if v.abs() >= p => {
            let k = p * (v / p).trunc();
            ((v - k) as f32, k as i64 as i32)
        }
        _ => (v as f32, 0),
    }
}

/// `v` reduced exactly by `p` into `(−p, p)`, kept f64 (see [`split`]).
#[inline(always)]
pub fn rem(v: f64, p: f64) -> f64 {
    if v.abs() < p {
        v
    } else {
        v - p * (v / p).trunc()
    }
}

/// The f32 part of [`split`], for kernels that really repeat with `p`.
#[inline(always)]
pub fn reduce(v: f64, p: Option<f64>) -> f32 {
    split(v, p).0
}

/// Lattice index wrapped into `0..period` (Euclidean remainder), used by tileable noise.
#[inline(always)]
pub fn wrap(i: i32, period: i32) -> i32 {
    i.rem_euclid(period)
}

/// A kernel the [`crate::field::Field`] can drive. Methods a kernel lacks are reported by
/// [`Noise::dims`] and [`Noise::tileable`] and never called.
pub trait Noise: Send + Sync {
    /// Highest dimension this kernel evaluates (2, 3 or 4).
    fn dims(&self) -> u32;
    /// Whether the `*_periodic` methods give seamless tiles.
    fn tileable(&self) -> bool {
        false
    }
    /// Closed bound of the output: `(lo, hi)`, whatever the dimension.
    fn range(&self) -> (f32, f32);
    /// Closed bound of the `dims`-D output (1D samples `noise2(x, 0)`); tighter than
    /// [`Noise::range`] where the bound depends on the dimension (Worley).
    fn range_in(&self, _dims: u32) -> (f32, f32) {
        self.range()
    }
    /// The step by which the fields reduce coordinates in f64 ([`split`]) before the
    /// kernel's f32 arithmetic, if any: a period of the `dims`-D noise on every axis
    /// (the lattice kernels hash `i & 255`: 256 cells), or a whole number of cells the
    /// kernel takes back through the `*_shifted` methods (Worley).
    fn period(&self, _dims: u32) -> Option<f64> {
        None
    }
    /// `noise2` at an f64 point: split by [`Noise::period`] ([`split`]), unless the
    /// kernel splits better itself (2D simplex).
    #[inline(always)]
    fn noise2_at(&self, x: f64, y: f64) -> f32 {
        let p = self.period(2);
        let ((x, sx), (y, sy)) = (split(x, p), split(y, p));
        self.noise2_shifted(x, y, sx, sy)
    }
    /// `noise4` at an f64 point, split by [`Noise::period`] unless the kernel does
    /// better (4D simplex).
    fn noise4_at(&self, p: [f64; 4]) -> f32 {
        let r = |v: f64| reduce(v, self.period(4));
        self.noise4(r(p[0]), r(p[1]), r(p[2]), r(p[3]))
    }
    /// `noise1` at `x + shift` (`shift` a multiple of [`Noise::period`]).
    fn noise1_shifted(&self, x: f32, _shift: i32) -> f32 {
        self.noise1(x)
    }
    /// `noise2` at `(x + sx, y + sy)`; periodic kernels ignore the shifts.
    fn noise2_shifted(&self, x: f32, y: f32, _sx: i32, _sy: i32) -> f32 {
        self.noise2(x, y)
    }
    /// `noise3` at `(x, y, z) + s`; periodic kernels ignore the shifts.
    fn noise3_shifted(&self, x: f32, y: f32, z: f32, _s: [i32; 3]) -> f32 {
        self.noise3(x, y, z)
    }
    fn noise1(&self, x: f32) -> f32 {
        self.noise2(x, 0.0)
    }
    fn noise2(&self, x: f32, y: f32) -> f32;
    fn noise3(&self, x: f32, y: f32, z: f32) -> f32;
    fn noise4(&self, x: f32, y: f32, z: f32, _w: f32) -> f32 {
        self.noise3(x, y, z)
    }
    fn noise2_periodic(&self, x: f32, y: f32, px: i32, py: i32) -> f32 {
        self.noise2_periodic_shifted(x, y, [0, 0], px, py)
    }
    /// `noise2_periodic` at `(x + s[0], y + s[1])`, `s` whole cells with `|s| < 2²⁴`
    /// (the tiled fields split coordinates by 256 after wrapping them into the tile).
    fn noise2_periodic_shifted(&self, x: f32, y: f32, _s: [i32; 2], _px: i32, _py: i32) -> f32 {
        self.noise2(x, y)
    }
}

impl Noise for simplex::Simplex {
    fn dims(&self) -> u32 {
        4
    }
    fn range(&self) -> (f32, f32) {
        (-1.0, 1.0)
    }
    /// 3D: the skewed lattice step `(1024, 256, 256)` (all hashes `& 255` unchanged)
    /// unskews to `(768, 0, 0)`, since `(1024 + 256 + 256) / 6 = 256`; likewise on y and
    /// z. The 2D and 4D skews are irrational: no axis period.
    fn period(&self, dims: u32) -> Option<f64> {
        (dims == 3).then_some(768.0)
    }
    #[inline(always)]
    fn noise2(&self, x: f32, y: f32) -> f32 {
        simplex::Simplex::noise2(self, x, y)
    }
    fn noise3(&self, x: f32, y: f32, z: f32) -> f32 {
        simplex::Simplex::noise3(self, x, y, z)
    }
    fn noise4(&self, x: f32, y: f32, z: f32, w: f32) -> f32 {
        simplex::Simplex::noise4(self, x, y, z, w)
    }
    #[inline(always)]
    fn noise2_at(&self, x: f64, y: f64) -> f32 {
        simplex::Simplex::noise2_at(self, x, y)
    }
    fn noise4_at(&self, p: [f64; 4]) -> f32 {
        simplex::Simplex::noise4_at(self, p)
    }
}

impl Noise for worley::Worley {
    fn dims(&self) -> u32 {
        3
    }
    fn tileable(&self) -> bool {
        true
    }
    /// `[0, proven bound]` in cell units; see [`worley::Worley::bound`].
    fn range(&self) -> (f32, f32) {
        (0.0, self.bound(2).max(self.bound(3)))
    }
    fn range_in(&self, dims: u32) -> (f32, f32) {
        (0.0, self.bound(dims.clamp(2, 3) as usize))
    }
    /// Cells are hashed whole (no period): coordinates are split into a multiple of 256
    /// cells, added back to the cell index, and the rest, which f32 holds exactly enough.
    fn period(&self, _dims: u32) -> Option<f64> {
        Some(256.0)
    }
    fn noise1_shifted(&self, x: f32, shift: i32) -> f32 {
        self.noise2_shifted(x, 0.0, shift, 0)
    }
    fn noise2_shifted(&self, x: f32, y: f32, sx: i32, sy: i32) -> f32 {
        worley::Worley::noise2_shifted(self, x, y, sx, sy)
    }
    fn noise3_shifted(&self, x: f32, y: f32, z: f32, s: [i32; 3]) -> f32 {
        worley::Worley::noise3_shifted(self, x, y, z, s)
    }
    #[inline(always)]
    fn noise2(&self, x: f32, y: f32) -> f32 {
        worley::Worley::noise2(self, x, y)
    }
    fn noise3(&self, x: f32, y: f32, z: f32) -> f32 {
        worley::Worley::noise3(self, x, y, z)
    }
    fn noise2_periodic_shifted(&self, x: f32, y: f32, s: [i32; 2], px: i32, py: i32) -> f32 {
        worley::Worley::noise2_periodic_shifted(self, x, y, s, px as u32, py as u32)
    }
}
