//! Improved Perlin noise (Ken Perlin, "Improving Noise", SIGGRAPH 2002): a 512-entry
//! doubled permutation, the quintic fade, and a small fixed set of gradient directions
//! picked by the low hash bits.
//!
//! 3D uses Perlin's 12 cube-edge directions (16 with 4 repeated) exactly as his Java
//! reference `ImprovedNoise`; with [`Improved::reference`] the output equals
//! `ImprovedNoise.noise(x, y, z)` to f32 rounding. 2D uses the eight directions
//! `(±1, ±1), (±1, 0), (0, ±1)` of the Korean article (`001`); 1D uses ±1 and is doubled
//! to span [-1, 1].

use super::{cell, fade, lerp, wrap, Noise};
use crate::rng;

/// Ken Perlin's published permutation (the `p[]` of `ImprovedNoise.java`).
pub const REFERENCE_PERMUTATION: [u8; 256] = [
    151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225, 140, 36, 103, 30, 69,
    142, 8, 99, 37, 240, 21, 10, 23, 190, 6, 148, 247, 120, 234, 75, 0, 26, 197, 62, 94, 252, 219,
    203, 117, 35, 11, 32, 57, 177, 33, 88, 237, 149, 56, 87, 174, 20, 125, 136, 171, 168, 68, 175,
    74, 165, 71, 134, 139, 48, 27, 166, 77, 146, 158, 231, 83, 111, 229, 122, 60, 211, 133, 230,
    220, 105, 92, 41, 55, 46, 245, 40, 244, 102, 143, 54, 65, 25, 63, 161, 1, 216, 80, 73, 209, 76,
    132, 187, 208, 89, 18, 169, 200, 196, 135, 130, 116, 188, 159, 86, 164, 100, 109, 198, 173,
    186, 3, 64, 52, 217, 226, 250, 124, 123, 5, 202, 38, 147, 118, 126, 255, 82, 85, 212, 207, 206,
    59, 227, 47, 16, 58, 17, 182, 189, 28, 42, 223, 183, 170, 213, 119, 248, 152, 2, 44, 154, 163,
    70, 221, 153, 101, 155, 167, 43, 172, 9, 129, 22, 39, 253, 19, 98, 108, 110, 79, 113, 224, 232,
    178, 185, 112, 104, 218, 246, 97, 228, 251, 34, 242, 193, 238, 210, 144, 12, 191, 179, 162,
    241, 81, 51, 145, 235, 249, 14, 239, 107, 49, 192, 214, 31, 181, 199, 106, 157, 184, 84, 204,
    176, 115, 121, 50, 45, 127, 4, 150, 254, 138, 236, 205, 93, 222, 114, 67, 29, 24, 72, 243, 141,
    128, 195, 78, 66, 215, 61, 156, 180,
];

#[derive(Clone, Debug)]
pub struct Improved {
    pub(crate) perm: [u8; 512],
}

impl Improved {
    /// A permutation shuffled from `seed` by Mulberry32 + Fisher–Yates.
    pub fn new(seed: u32) -> Self {
        Self {
            perm: rng::doubled(&rng::permutation(seed)),
        }
    }

    /// Ken Perlin's own table, for comparison with his reference implementation.
    pub fn reference() -> Self {
        Self {
            perm: rng::doubled(&REFERENCE_PERMUTATION),
        }
    }

    #[inline(always)]
    pub(crate) fn p(&self, i: usize) -> usize {
        self.perm[i] as usize
    }

    #[inline(always)]
    fn noise2_cells(&self, x0: i32, x1: i32, y0: i32, y1: i32, xf: f32, yf: f32) -> f32 {
        let (a, b) = (self.p(x0 as usize), self.p(x1 as usize));
        let (aa, ab) = (self.p(a + y0 as usize), self.p(a + y1 as usize));
        let (ba, bb) = (self.p(b + y0 as usize), self.p(b + y1 as usize));
        let u = fade(xf);
        let x_lo = lerp(grad2(aa, xf, yf), grad2(ba, xf - 1.0, yf), u);
        let x_hi = lerp(grad2(ab, xf, yf - 1.0), grad2(bb, xf - 1.0, yf - 1.0), u);
        lerp(x_lo, x_hi, fade(yf))
    }
}

/// One of eight directions `(±1,±1), (±1,0), (0,±1)` dotted with `(x, y)`.
#[inline(always)]
pub(crate) fn grad2(h: usize, x: f32, y: f32) -> f32 {
    match h & 7 {
        0 => x + y,
        1 => -x + y,
        2 => x - y,
        3 => -x - y,
        4 => x,
        5 => -x,
        6 => y,
        _ => -y,
    }
}

/// [`grad2`]'s directions by `h & 7`, as factors (the row kernels and the derivatives).
pub(crate) const IG2: [[f32; 2]; 8] = [
    [1.0, 1.0],
    [-1.0, 1.0],
    [1.0, -1.0],
    [-1.0, -1.0],
    [1.0, 0.0],
    [-1.0, 0.0],
    [0.0, 1.0],
    [0.0, -1.0],
];

/// Perlin's 12 cube-edge directions `(±1, ±1, 0), (±1, 0, ±1), (0, ±1, ±1)`: the
/// midpoints of the cube's edges, as factors of `(x, y, z)`.
const EDGES: [[f32; 3]; 12] = [
    [1.0, 1.0, 0.0],
    [-1.0, 1.0, 0.0],
    [1.0, -1.0, 0.0],
    [-1.0, -1.0, 0.0],
    [1.0, 0.0, 1.0],
    [-1.0, 0.0, 1.0],
    [1.0, 0.0, -1.0],
    [-1.0, 0.0, -1.0],
    [0.0, 1.0, 1.0],
    [0.0, -1.0, 1.0],
    [0.0, 1.0, -1.0],
    [0.0, -1.0, -1.0],
];

/// [`EDGES`] padded to 16 entries (so `h & 15` picks one) with the four repeats
/// `EDGES[extra[0]], …, EDGES[extra[3]]`.
pub(crate) const fn edges16(extra: [usize; 4]) -> [[f32; 3]; 16] {
    let mut t = [[0.0; 3]; 16];
    let mut i = 0;
    while i < 16 {
        t[i] = EDGES[if i < 12 { i } else { extra[i - 12] }];
        i += 1;
    }
    t
}

/// [`grad3`] as a table, by `h & 15`: entries 12–15 repeat edges 0, 9, 1 and 11.
pub(crate) const GRAD3: [[f32; 3]; 16] = edges16([0, 9, 1, 11]);

/// Perlin's `grad(hash, x, y, z)`: the low four bits pick one of 12 edge directions.
#[inline(always)]
pub(crate) fn grad3(h: usize, x: f32, y: f32, z: f32) -> f32 {
    let h = h & 15;
    let u = if h < 8 { x } else { y };
    let v = if h < 4 {
        y
    } else if h == 12 || h == 14 {
        x
    } else {
        z
    };
    (if h & 1 == 0 { u } else { -u }) + (if h & 2 == 0 { v } else { -v })
}

impl Noise for Improved {
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
        (-1.04, 1.04)
    }

    fn noise1(&self, x: f32) -> f32 {
        let (xi, xf) = cell(x);
        let g = |h: usize, d: f32| if h & 1 == 0 { d } else { -d };
        let (a, b) = (
            self.p((xi & 255) as usize),
            self.p(((xi + 1) & 255) as usize),
        );
        2.0 * lerp(g(a, xf), g(b, xf - 1.0), fade(xf))
    }

    #[inline(always)]
    fn noise2(&self, x: f32, y: f32) -> f32 {
        let (xi, xf) = cell(x);
        let (yi, yf) = cell(y);
        self.noise2_cells(xi & 255, (xi & 255) + 1, yi & 255, (yi & 255) + 1, xf, yf)
    }

    fn noise2_periodic_shifted(&self, x: f32, y: f32, s: [i32; 2], px: i32, py: i32) -> f32 {
        let (xi, xf) = cell(x);
        let (yi, yf) = cell(y);
        let (xi, yi) = (xi + s[0], yi + s[1]);
        let (x0, x1) = (wrap(xi, px) & 255, wrap(xi + 1, px) & 255);
        let (y0, y1) = (wrap(yi, py) & 255, wrap(yi + 1, py) & 255);
        self.noise2_cells(x0, x1, y0, y1, xf, yf)
    }

    /// Line for line the reference `ImprovedNoise.noise`, in f32.
    fn noise3(&self, x: f32, y: f32, z: f32) -> f32 {
        let (xi, x) = cell(x);
        let (yi, y) = cell(y);
        let (zi, z) = cell(z);
        let (xi, yi, zi) = (
            (xi & 255) as usize,
            (yi & 255) as usize,
            (zi & 255) as usize,
        );
        let (u, v, w) = (fade(x), fade(y), fade(z));
        let a = self.p(xi) + yi;
        let (aa, ab) = (self.p(a) + zi, self.p(a + 1) + zi);
        let b = self.p(xi + 1) + yi;
        let (ba, bb) = (self.p(b) + zi, self.p(b + 1) + zi);
        let p = |i: usize| self.p(i);
        lerp(
            lerp(
                lerp(grad3(p(aa), x, y, z), grad3(p(ba), x - 1.0, y, z), u),
                lerp(
                    grad3(p(ab), x, y - 1.0, z),
                    grad3(p(bb), x - 1.0, y - 1.0, z),
                    u,
                ),
                v,
            ),
            lerp(
                lerp(
                    grad3(p(aa + 1), x, y, z - 1.0),
                    grad3(p(ba + 1), x - 1.0, y, z - 1.0),
                    u,
                ),
                lerp(
                    grad3(p(ab + 1), x, y - 1.0, z - 1.0),
                    grad3(p(bb + 1), x - 1.0, y - 1.0, z - 1.0),
                    u,
                ),
                v,
            ),
            w,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table the row kernels read is Perlin's `grad` function, entry by entry.
    #[test]
    fn table_is_grad3() {
        let d = [0.75f32, -2.5, 8.0];
        for (h, g) in GRAD3.iter().enumerate() {
            let dot = g[0] * d[0] + g[1] * d[1] + g[2] * d[2];
            assert_eq!(dot, grad3(h, d[0], d[1], d[2]), "h = {h}");
        }
    }
}
