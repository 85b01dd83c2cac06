//! Classic Perlin gradient noise, exactly as the noise article (`000` §2) describes it:
//! a seeded table of 256 pseudo-random unit gradient vectors,
//! `hash(xi, yi) = perm[perm[xi & 255] + (yi & 255)] & 255`, the quintic fade, and
//! bilinear interpolation of the four corner dot products.
//!
//! With unit gradients the 2D output is bounded by √½ (reached at a cell centre when all
//! four gradients point at it); 3D by √¾; 1D (the row y = 0 of 2D) by ½.

use super::{cell, fade, lerp, wrap, Noise};
use crate::rng;

#[derive(Clone, Debug)]
pub struct Perlin {
    pub(crate) perm: [u8; 512],
    pub(crate) grad2: [[f32; 2]; 256],
    pub(crate) grad3: [[f32; 3]; 256],
}

impl Perlin {
    pub fn new(seed: u32) -> Self {
        let perm = rng::doubled(&rng::permutation(seed));
        Self {
            perm,
            grad2: rng::unit_gradients_2d(seed),
            grad3: unit_gradients_3d(seed),
        }
    }

    /// `perm[perm[xi & 255] + (yi & 255)] & 255`, the article's corner hash.
    #[inline(always)]
    pub fn hash2(&self, xi: i32, yi: i32) -> usize {
        self.perm[self.perm[(xi & 255) as usize] as usize + (yi & 255) as usize] as usize
    }

    #[inline(always)]
    pub(crate) fn hash3(&self, xi: i32, yi: i32, zi: i32) -> usize {
        let a = self.perm[(xi & 255) as usize] as usize + (yi & 255) as usize;
        self.perm[self.perm[a] as usize + (zi & 255) as usize] as usize
    }

    /// The gradient vector at lattice point `(xi, yi)`.
    #[inline(always)]
    pub fn gradient(&self, xi: i32, yi: i32) -> [f32; 2] {
        self.grad2[self.hash2(xi, yi)]
    }

    /// The four corner dot products of the cell holding `(x, y)`, in the order
    /// south-west `(xi, yi)`, south-east, north-west, north-east; and the fractions.
    #[inline(always)]
    pub fn corners(&self, xi: i32, yi: i32, xf: f32, yf: f32) -> [f32; 4] {
        let dot = |g: [f32; 2], dx: f32, dy: f32| g[0] * dx + g[1] * dy;
        [
            dot(self.gradient(xi, yi), xf, yf),
            dot(self.gradient(xi + 1, yi), xf - 1.0, yf),
            dot(self.gradient(xi, yi + 1), xf, yf - 1.0),
            dot(self.gradient(xi + 1, yi + 1), xf - 1.0, yf - 1.0),
        ]
    }

    #[inline(always)]
    fn noise2_at(&self, xi: i32, yi: i32, xf: f32, yf: f32) -> f32 {
        let [a, b, c, d] = self.corners(xi, yi, xf, yf);
        let u = fade(xf);
        lerp(lerp(a, b, u), lerp(c, d, u), fade(yf))
    }
}

impl Noise for Perlin {
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
    fn range(&self) -> (f32, f32) {
        (
            -std::f32::consts::FRAC_1_SQRT_2,
            std::f32::consts::FRAC_1_SQRT_2,
        )
    }

    #[inline(always)]
    fn noise2(&self, x: f32, y: f32) -> f32 {
        let (xi, xf) = cell(x);
        let (yi, yf) = cell(y);
        self.noise2_at(xi, yi, xf, yf)
    }

    fn noise3(&self, x: f32, y: f32, z: f32) -> f32 {
        let (xi, xf) = cell(x);
        let (yi, yf) = cell(y);
        let (zi, zf) = cell(z);
        let dot = |h: usize, dx: f32, dy: f32, dz: f32| {
            let g = self.grad3[h];
            g[0] * dx + g[1] * dy + g[2] * dz
        };
        let (u, v, w) = (fade(xf), fade(yf), fade(zf));
        let mut layer = [0.0f32; 2];
        for (k, out) in layer.iter_mut().enumerate() {
            let (zk, dz) = (zi + k as i32, zf - k as f32);
            let x0 = lerp(
                dot(self.hash3(xi, yi, zk), xf, yf, dz),
                dot(self.hash3(xi + 1, yi, zk), xf - 1.0, yf, dz),
                u,
            );
            let x1 = lerp(
                dot(self.hash3(xi, yi + 1, zk), xf, yf - 1.0, dz),
                dot(self.hash3(xi + 1, yi + 1, zk), xf - 1.0, yf - 1.0, dz),
                u,
            );
            *out = lerp(x0, x1, v);
        }
        lerp(layer[0], layer[1], w)
    }

    /// Seamless with period `(px, py)` lattice cells: corner indices (shifted by `s`)
    /// wrap before hashing.
    fn noise2_periodic_shifted(&self, x: f32, y: f32, s: [i32; 2], px: i32, py: i32) -> f32 {
        let (xi, xf) = cell(x);
        let (yi, yf) = cell(y);
        let (xi, yi) = (xi + s[0], yi + s[1]);
        let (x0, x1) = (wrap(xi, px), wrap(xi + 1, px));
        let (y0, y1) = (wrap(yi, py), wrap(yi + 1, py));
        let dot = |g: [f32; 2], dx: f32, dy: f32| g[0] * dx + g[1] * dy;
        let a = dot(self.gradient(x0, y0), xf, yf);
        let b = dot(self.gradient(x1, y0), xf - 1.0, yf);
        let c = dot(self.gradient(x0, y1), xf, yf - 1.0);
        let d = dot(self.gradient(x1, y1), xf - 1.0, yf - 1.0);
        let u = fade(xf);
        lerp(lerp(a, b, u), lerp(c, d, u), fade(yf))
    }
}

/// 256 unit vectors in 3D by rejection sampling of the unit ball (IEEE ops only).
fn unit_gradients_3d(seed: u32) -> [[f32; 3]; 256] {
    let mut rng = rng::Mulberry32::new(seed ^ 0x85EB_CA6B);
    let mut g = [[0.0f32; 3]; 256];
    for v in g.iter_mut() {
        loop {
            let p = [
                rng.next_f32() * 2.0 - 1.0,
                rng.next_f32() * 2.0 - 1.0,
                rng.next_f32() * 2.0 - 1.0,
            ];
            let r2 = p[0] * p[0] + p[1] * p[1] + p[2] * p[2];
            if r2 > 1e-4 && r2 <= 1.0 {
                let r = r2.sqrt();
                *v = [p[0] / r, p[1] / r, p[2] / r];
                break;
            }
        }
    }
    g
}
