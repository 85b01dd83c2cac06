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
    /// Closed bound of the output: `(lo, hi)`.
    fn range(&self) -> (f32, f32);
    fn noise1(&self, x: f32) -> f32 {
        self.noise2(x, 0.0)
    }
    fn noise2(&self, x: f32, y: f32) -> f32;
    fn noise3(&self, x: f32, y: f32, z: f32) -> f32;
    fn noise4(&self, x: f32, y: f32, z: f32, _w: f32) -> f32 {
        self.noise3(x, y, z)
    }
    fn noise2_periodic(&self, x: f32, y: f32, _px: i32, _py: i32) -> f32 {
        self.noise2(x, y)
    }
    /// Value and analytic partial derivatives `(v, ∂v/∂x, ∂v/∂y)`, where the kernel has them.
    fn noise2_deriv(&self, _x: f32, _y: f32) -> Option<(f32, f32, f32)> {
        None
    }
}

impl Noise for simplex::Simplex {
    fn dims(&self) -> u32 {
        4
    }
    fn range(&self) -> (f32, f32) {
        (-1.0, 1.0)
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
    fn noise2_deriv(&self, x: f32, y: f32) -> Option<(f32, f32, f32)> {
        Some(simplex::Simplex::noise2_deriv(self, x, y))
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
    #[inline(always)]
    fn noise2(&self, x: f32, y: f32) -> f32 {
        worley::Worley::noise2(self, x, y)
    }
    fn noise3(&self, x: f32, y: f32, z: f32) -> f32 {
        worley::Worley::noise3(self, x, y, z)
    }
    fn noise2_periodic(&self, x: f32, y: f32, px: i32, py: i32) -> f32 {
        worley::Worley::noise2_periodic(self, x, y, px as u32, py as u32)
    }
}
