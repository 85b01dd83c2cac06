//! Value noise: a pseudo-random value in [-1, 1] at each lattice point, blended with the
//! quintic fade. Cheaper than gradient noise and visibly blockier (the article's `000` §6
//! table); its extremes sit on lattice points, so its range is exactly that of the seed's 256 values.

use super::{cell, fade, lerp, wrap, Noise};
use crate::rng;

#[derive(Clone, Debug)]
pub struct Value {
    pub(crate) perm: [u8; 512],
    pub(crate) values: [f32; 256],
}

impl Value {
    pub fn new(seed: u32) -> Self {
        let mut r = rng::Mulberry32::new(seed ^ 0x68E3_1DA4);
        let mut values = [0.0f32; 256];
        for v in values.iter_mut() {
            *v = r.next_f32() * 2.0 - 1.0;
        }
        Self {
            perm: rng::doubled(&rng::permutation(seed)),
            values,
        }
    }

    #[inline(always)]
    pub(crate) fn at2(&self, xi: i32, yi: i32) -> f32 {
        let h = self.perm[self.perm[(xi & 255) as usize] as usize + (yi & 255) as usize];
        self.values[h as usize]
    }

    #[inline(always)]
    pub(crate) fn at3(&self, xi: i32, yi: i32, zi: i32) -> f32 {
        let a = self.perm[(xi & 255) as usize] as usize + (yi & 255) as usize;
        self.values[self.perm[self.perm[a] as usize + (zi & 255) as usize] as usize]
    }

    #[inline(always)]
    fn blend2(&self, x0: i32, x1: i32, y0: i32, y1: i32, xf: f32, yf: f32) -> f32 {
        let u = fade(xf);
        lerp(
            lerp(self.at2(x0, y0), self.at2(x1, y0), u),
            lerp(self.at2(x0, y1), self.at2(x1, y1), u),
            fade(yf),
        )
    }
}

impl Noise for Value {
    /// Every hash sees `i & 255` only.
    fn period(&self, _dims: u32) -> Option<f64> {
        Some(256.0)
    }
    fn dims(&self) -> u32 {
        3
    }
    fn tileable(&self) -> bool {
        true
    }
    /// Exact: the smallest and largest lattice value. Every output is a convex blend of
    /// four (eight) lattice values, and every value is reached, at a lattice point: for
    /// each `x`, `perm[perm[x] + y]` runs over all 256 hashes as `y` does. Widened by 8
    /// ulps of 1 for the rounding of the f32 blends and of the octave sum.
    fn range(&self) -> (f32, f32) {
        let (lo, hi) = self
            .values
            .iter()
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), &v| {
                (lo.min(v), hi.max(v))
            });
        let e = 8.0 * f32::EPSILON;
        (lo - e, hi + e)
    }

    #[inline(always)]
    fn noise2(&self, x: f32, y: f32) -> f32 {
        let (xi, xf) = cell(x);
        let (yi, yf) = cell(y);
        self.blend2(xi, xi + 1, yi, yi + 1, xf, yf)
    }

    fn noise2_periodic_shifted(&self, x: f32, y: f32, s: [i32; 2], px: i32, py: i32) -> f32 {
        let (xi, xf) = cell(x);
        let (yi, yf) = cell(y);
        let (xi, yi) = (xi + s[0], yi + s[1]);
        self.blend2(
            wrap(xi, px),
            wrap(xi + 1, px),
            wrap(yi, py),
            wrap(yi + 1, py),
            xf,
            yf,
        )
    }

    fn noise3(&self, x: f32, y: f32, z: f32) -> f32 {
        let (xi, xf) = cell(x);
        let (yi, yf) = cell(y);
        let (zi, zf) = cell(z);
        let (u, v) = (fade(xf), fade(yf));
        let layer = |zk: i32| {
            lerp(
                lerp(self.at3(xi, yi, zk), self.at3(xi + 1, yi, zk), u),
                lerp(self.at3(xi, yi + 1, zk), self.at3(xi + 1, yi + 1, zk), u),
                v,
            )
        };
        lerp(layer(zi), layer(zi + 1), fade(zf))
    }
}
