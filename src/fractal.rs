//! Fractal sums of octaves over any kernel, and domain warping.
//!
//! fBm is exactly the noise article's (`000` §3): octave `i` samples the kernel at
//! frequency `lacunarityⁱ` with amplitude `persistenceⁱ`, and the sum is divided by the
//! sum of amplitudes, so the output keeps the kernel's range. Every octave uses the
//! same kernel, so with the same seed and scale, adding octaves only adds detail: the
//! large structure of 1 octave is still there at 6.
//!
//! The other kinds shape each octave before summing (`n` is one octave in [-1, 1]):
//! ridged `2(1 − |n|)² − 1`, billow `2|n| − 1`, turbulence `|n|` (Perlin 1985).

use crate::error::{check_range, Error, Result};
use crate::simd::F4;
use core::ops::{Add, Mul, Sub};

pub const MAX_OCTAVES: u32 = 16;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FractalKind {
    Fbm,
    Ridged,
    Billow,
    Turbulence,
}

/// What [`FractalKind::shape`] works on: one sample (`f32`) or four lanes
/// ([`crate::simd::F4`], the row fills), with the same IEEE operations, hence the same bits.
pub trait Sample: Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> {
    fn splat(v: f32) -> Self;
    fn abs(self) -> Self;
    /// −1 below zero, else 1 (both zeros give 1).
    fn sign(self) -> Self;
}

impl Sample for f32 {
    #[inline(always)]
    fn splat(v: f32) -> Self {
        v
    }
    #[inline(always)]
    fn abs(self) -> Self {
        f32::abs(self)
    }
    #[inline(always)]
    fn sign(self) -> Self {
        if self < 0.0 {
            -1.0
        } else {
            1.0
        }
    }
}

impl Sample for F4 {
    #[inline(always)]
    fn splat(v: f32) -> Self {
        F4::splat(v)
    }
    #[inline(always)]
    fn abs(self) -> Self {
        F4::abs(self)
    }
    #[inline(always)]
    fn sign(self) -> Self {
        self.lt(F4::splat(0.0))
            .select(F4::splat(-1.0), F4::splat(1.0))
    }
}

impl FractalKind {
    #[inline(always)]
    pub fn shape<T: Sample>(self, n: T) -> T {
        let (one, two) = (T::splat(1.0), T::splat(2.0));
        match self {
            Self::Fbm => n,
            Self::Ridged => {
                let r = one - n.abs();
                two * r * r - one
            }
            Self::Billow => two * n.abs() - one,
            Self::Turbulence => n.abs(),
        }
    }

    /// `d shape / dn`, for the chain rule through the fractal sum. fBm is smooth; the
    /// other kinds take `|n|`, whose slope jumps where an octave crosses zero (the
    /// creases of ridged and billow noise): at `n = 0` (either zero: the row kernels may
    /// differ in its sign) the slope is the `n > 0` side's, so a derivative fill is exact
    /// everywhere except on those zero curves, where no derivative exists.
    #[inline(always)]
    pub fn slope<T: Sample>(self, n: T) -> T {
        match self {
            Self::Fbm => T::splat(1.0),
            Self::Ridged => T::splat(-4.0) * (T::splat(1.0) - n.abs()) * n.sign(),
            Self::Billow => T::splat(2.0) * n.sign(),
            Self::Turbulence => n.sign(),
        }
    }

    /// Output bound given the kernel's bound `(lo, hi)`. Each octave is shaped into the
    /// interval below and the sum divides by the sum of the (positive) amplitudes, so the
    /// sum stays in the one-octave interval. `|n|` lies in `[a, b]`: `b = max(|lo|, |hi|)`,
    /// `a = 0` when the kernel's interval holds 0. Ridged's `1 − |n|` goes negative for
    /// kernels above 1 (Worley), so its square is bounded on both signs.
    pub fn range(self, (lo, hi): (f32, f32)) -> (f32, f32) {
        let b = lo.abs().max(hi.abs());
        let a = if lo <= 0.0 && hi >= 0.0 {
            0.0
        } else {
            lo.abs().min(hi.abs())
        };
        match self {
            Self::Fbm => (lo, hi),
            Self::Ridged => {
                let (r0, r1) = (1.0 - b, 1.0 - a);
                let top = (r0 * r0).max(r1 * r1);
                let bottom = if r0 <= 0.0 && r1 >= 0.0 {
                    0.0
                } else {
                    (r0 * r0).min(r1 * r1)
                };
                (2.0 * bottom - 1.0, 2.0 * top - 1.0)
            }
            Self::Billow => (2.0 * a - 1.0, 2.0 * b - 1.0),
            Self::Turbulence => (a, b),
        }
    }
}

/// A validated octave schedule with its frequencies and amplitudes precomputed.
#[derive(Clone, Debug)]
pub struct Fractal {
    pub kind: FractalKind,
    pub octaves: u32,
    pub persistence: f32,
    pub lacunarity: f32,
    freqs: [f32; MAX_OCTAVES as usize],
    amps: [f32; MAX_OCTAVES as usize],
    norm: f32,
}

impl Fractal {
    pub fn new(kind: FractalKind, octaves: u32, persistence: f32, lacunarity: f32) -> Result<Self> {
        if !(1..=MAX_OCTAVES).contains(&octaves) {
            return Err(Error::range(
                "fractal.octaves",
                format!("must be a whole number in [1, {MAX_OCTAVES}], got {octaves}"),
            ));
        }
        check_range(
            "fractal.persistence",
            persistence as f64,
            f32::MIN_POSITIVE as f64,
            4.0,
        )?;
        check_range(
            "fractal.lacunarity",
            lacunarity as f64,
            f32::MIN_POSITIVE as f64,
            16.0,
        )?;
        let (mut freqs, mut amps) = ([0.0; MAX_OCTAVES as usize], [0.0; MAX_OCTAVES as usize]);
        let (mut f, mut a, mut norm) = (1.0f32, 1.0f32, 0.0f32);
        for i in 0..octaves as usize {
            freqs[i] = f;
            amps[i] = a;
            norm += a;
            f *= lacunarity;
            a *= persistence;
        }
        Ok(Self {
            kind,
            octaves,
            persistence,
            lacunarity,
            freqs,
            amps,
            norm,
        })
    }

    /// Frequencies of the octaves in use.
    pub fn freqs(&self) -> &[f32] {
        &self.freqs[..self.octaves as usize]
    }

    pub fn amps(&self) -> &[f32] {
        &self.amps[..self.octaves as usize]
    }

    pub fn norm(&self) -> f32 {
        self.norm
    }

    /// The documented, non-fatal warnings of `000` §9.
    pub fn warnings(&self) -> Vec<String> {
        let mut w = Vec::new();
        if self.persistence > 1.0 && self.octaves > 1 {
            w.push(format!(
                "fractal.persistence {} > 1: each octave is louder than the last, so fine detail drowns the large shapes",
                self.persistence
            ));
        }
        if self.lacunarity == 1.0 && self.octaves > 1 {
            w.push("fractal.lacunarity = 1: every octave has the same frequency, so octaves add no detail".into());
        }
        w
    }

    /// Sums the shaped octaves: `octave(i, frequency)` samples the kernel.
    #[inline(always)]
    pub fn sum(&self, mut octave: impl FnMut(usize, f32) -> f32) -> f32 {
        let mut total = 0.0f32;
        for i in 0..self.octaves as usize {
            total += self.amps[i] * self.kind.shape(octave(i, self.freqs[i]));
        }
        total / self.norm
    }
}
