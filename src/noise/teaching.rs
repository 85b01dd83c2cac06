//! Teaching variants of classic Perlin noise (the step-by-step article, `003`): the same
//! lattice and gradients as [`Perlin`], with one part of the algorithm changed so a
//! figure can show what that part does.
//!
//! - [`Variant::Linear`]: plain linear interpolation, no fade: creases along cell edges.
//! - [`Variant::Smoothstep`]: the cubic `3t² − 2t³`, smooth in value and slope but not in
//!   curvature: fainter seams.
//! - [`Variant::CornerSw`]: only the south-west corner's term of the final blend,
//!   `dot(g₀₀, (xf, yf)) · (1 − u)(1 − v)`, so a reader sees one corner's influence.

use super::perlin::Perlin;
use super::{cell, fade, lerp, Noise};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    Linear,
    Smoothstep,
    CornerSw,
}

/// Cubic smoothstep `3t² − 2t³`.
#[inline(always)]
pub fn smoothstep(t: f32) -> f32 {
    t * t * (3.0 - 2.0 * t)
}

#[derive(Clone, Debug)]
pub struct Teaching {
    pub perlin: Perlin,
    pub variant: Variant,
}

impl Teaching {
    pub fn new(seed: u32, variant: Variant) -> Self {
        Self {
            perlin: Perlin::new(seed),
            variant,
        }
    }
}

impl Noise for Teaching {
    /// Every hash sees `i & 255` only.
    fn period(&self, _dims: u32) -> Option<f64> {
        Some(256.0)
    }
    fn dims(&self) -> u32 {
        2
    }
    fn range(&self) -> (f32, f32) {
        self.perlin.range()
    }

    #[inline(always)]
    fn noise2(&self, x: f32, y: f32) -> f32 {
        let (xi, xf) = cell(x);
        let (yi, yf) = cell(y);
        let [a, b, c, d] = self.perlin.corners(xi, yi, xf, yf);
        match self.variant {
            Variant::Linear => lerp(lerp(a, b, xf), lerp(c, d, xf), yf),
            Variant::Smoothstep => {
                let u = smoothstep(xf);
                lerp(lerp(a, b, u), lerp(c, d, u), smoothstep(yf))
            }
            Variant::CornerSw => a * (1.0 - fade(xf)) * (1.0 - fade(yf)),
        }
    }

    fn noise3(&self, x: f32, y: f32, _z: f32) -> f32 {
        self.noise2(x, y)
    }
}

/// The gradient vectors of the lattice points `x0..x0+cols` × `y0..y0+rows`, row-major,
/// as `[gx, gy]` pairs: what a figure draws as arrows.
pub fn gradients(perlin: &Perlin, x0: i32, y0: i32, cols: usize, rows: usize) -> Vec<f32> {
    let mut out = Vec::with_capacity(cols * rows * 2);
    for j in 0..rows as i32 {
        for i in 0..cols as i32 {
            out.extend_from_slice(&perlin.gradient(x0 + i, y0 + j));
        }
    }
    out
}
