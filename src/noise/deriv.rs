//! Analytic derivatives of the kernels: each method returns the value with exactly the
//! bits of the plain kernel (same operations in the same order) and the partial
//! derivatives with respect to the kernel's own coordinates.
//!
//! Lattice noises (value, classic and improved Perlin) are a fade-weighted blend of corner
//! terms `n = lerp(lerp(n₀₀, n₁₀, u), lerp(n₀₁, n₁₁, u), v)`, `u = fade(x_f)`; by the
//! product rule `∂n/∂x = lerp(lerp(∂n₀₀, ∂n₁₀, u) + u′(n₁₀ − n₀₀), …, v)` and likewise
//! for y (and z), where a gradient corner's term `g · d` has gradient `g` and a value
//! corner's a zero gradient (Quilez, "Value noise derivatives", 2008). Simplex corners
//! are `t⁴ (g · d)` with `t = r² − |d|²`: `∇ = t⁴ g − 8 t³ (g · d) d` (Gustavson 2005).
//!
//! Worley F1 (Euclidean) is the distance to the nearest feature point, with gradient the
//! unit vector away from it; F2, F2 − F1 and the Manhattan and Chebyshev metrics have
//! no derivative the fields offer (their slopes jump wherever they switch axes).

use super::improved::{grad2, grad3, Improved, GRAD3, IG2};
use super::perlin::Perlin;
use super::simplex::Simplex;
use super::value::Value;
use super::worley::Worley;
use super::{cell, fade, fade_deriv, lerp, split, wrap, Noise};

/// A kernel with analytic derivatives, every method mirroring the [`Noise`] method of
/// the same name (shifts as there, ignored by periodic kernels).
pub trait DerivNoise: Noise {
    /// `[v, ∂v/∂x, ∂v/∂y]` at `(x + s[0], y + s[1])`: `v` is [`Noise::noise2_shifted`].
    fn deriv2_shifted(&self, x: f32, y: f32, s: [i32; 2]) -> [f32; 3];
    /// The tiled form: `v` is [`Noise::noise2_periodic_shifted`].
    fn deriv2_periodic_shifted(&self, x: f32, y: f32, s: [i32; 2], px: i32, py: i32) -> [f32; 3];
    /// `[v, ∂v/∂x, ∂v/∂y, ∂v/∂z]`: `v` is [`Noise::noise3_shifted`].
    fn deriv3_shifted(&self, x: f32, y: f32, z: f32, s: [i32; 3]) -> [f32; 4];
    /// At an f64 point, as [`Noise::noise2_at`].
    #[inline(always)]
    fn deriv2_at(&self, x: f64, y: f64) -> [f32; 3] {
        let p = self.period(2);
        let ((x, sx), (y, sy)) = (split(x, p), split(y, p));
        self.deriv2_shifted(x, y, [sx, sy])
    }
}

/// The fade blend of corner terms `n` (corners 00, 10, 01, 11) with corner gradients
/// `g`, and its gradient; the value in the kernels' order.
#[inline(always)]
fn blend2(n: [f32; 4], g: [[f32; 2]; 4], xf: f32, yf: f32) -> [f32; 3] {
    let (u, du, dv) = (fade(xf), fade_deriv(xf), fade_deriv(yf));
    let (r0, r1) = (lerp(n[0], n[1], u), lerp(n[2], n[3], u));
    let dx0 = lerp(g[0][0], g[1][0], u) + du * (n[1] - n[0]);
    let dx1 = lerp(g[2][0], g[3][0], u) + du * (n[3] - n[2]);
    let (dy0, dy1) = (lerp(g[0][1], g[1][1], u), lerp(g[2][1], g[3][1], u));
    let v = fade(yf);
    [
        lerp(r0, r1, v),
        lerp(dx0, dx1, v),
        lerp(dy0, dy1, v) + dv * (r1 - r0),
    ]
}

/// [`blend2`] in 3D: corners `x + 2y + 4z`, two z layers blended by `fade(zf)`.
#[inline(always)]
fn blend3(n: [f32; 8], g: [[f32; 3]; 8], [xf, yf, zf]: [f32; 3]) -> [f32; 4] {
    let (u, v) = (fade(xf), fade(yf));
    let layer = |o: usize| {
        let [val, dx, dy] = blend2(
            [n[o], n[o + 1], n[o + 2], n[o + 3]],
            [0, 1, 2, 3].map(|c| [g[o + c][0], g[o + c][1]]),
            xf,
            yf,
        );
        let z = |c: usize| g[o + c][2];
        [
            val,
            dx,
            dy,
            lerp(lerp(z(0), z(1), u), lerp(z(2), z(3), u), v),
        ]
    };
    let (a, b) = (layer(0), layer(4));
    let w = fade(zf);
    [
        lerp(a[0], b[0], w),
        lerp(a[1], b[1], w),
        lerp(a[2], b[2], w),
        lerp(a[3], b[3], w) + fade_deriv(zf) * (b[0] - a[0]),
    ]
}

/// Cell and fraction of each axis.
#[inline(always)]
fn cells<const N: usize>(p: [f32; N]) -> ([i32; N], [f32; N]) {
    let c = p.map(cell);
    (c.map(|c| c.0), c.map(|c| c.1))
}

/// The two lattice indices on each axis of the cell holding `(x, y)` and the fractions;
/// with a tile `(s, px, py)` the indices shifted by `s` and wrapped into it, as the
/// kernels' `noise2_periodic_shifted`.
#[inline(always)]
fn lattice2(x: f32, y: f32, tile: Option<([i32; 2], i32, i32)>) -> ([i32; 2], [i32; 2], f32, f32) {
    let ([xi, yi], [xf, yf]) = cells([x, y]);
    match tile {
        None => ([xi, xi + 1], [yi, yi + 1], xf, yf),
        Some((s, px, py)) => {
            let (xi, yi) = (xi + s[0], yi + s[1]);
            let (xs, ys) = (
                [wrap(xi, px), wrap(xi + 1, px)],
                [wrap(yi, py), wrap(yi + 1, py)],
            );
            (xs, ys, xf, yf)
        }
    }
}

/// The offsets of corner `c` (bit `a` set: the far side of axis `a`) from the point.
#[inline(always)]
fn offset<const N: usize>(f: [f32; N], c: usize) -> [f32; N] {
    let mut d = f;
    for (a, v) in d.iter_mut().enumerate() {
        if c >> a & 1 == 1 {
            *v -= 1.0;
        }
    }
    d
}

/// [`DerivNoise::deriv2_shifted`] and [`DerivNoise::deriv2_periodic_shifted`] of a
/// kernel whose `deriv2_cells` takes the corner indices (value, classic Perlin).
macro_rules! cells2 {
    () => {
        fn deriv2_shifted(&self, x: f32, y: f32, _s: [i32; 2]) -> [f32; 3] {
            let (xs, ys, xf, yf) = lattice2(x, y, None);
            self.deriv2_cells(xs, ys, xf, yf)
        }
        fn deriv2_periodic_shifted(
            &self,
            x: f32,
            y: f32,
            s: [i32; 2],
            px: i32,
            py: i32,
        ) -> [f32; 3] {
            let (xs, ys, xf, yf) = lattice2(x, y, Some((s, px, py)));
            self.deriv2_cells(xs, ys, xf, yf)
        }
    };
}

impl Value {
    fn deriv2_cells(&self, x: [i32; 2], y: [i32; 2], xf: f32, yf: f32) -> [f32; 3] {
        let n = [0, 1, 2, 3].map(|c| self.at2(x[c & 1], y[c >> 1]));
        blend2(n, [[0.0; 2]; 4], xf, yf)
    }
}

impl DerivNoise for Value {
    cells2!();
    fn deriv3_shifted(&self, x: f32, y: f32, z: f32, _s: [i32; 3]) -> [f32; 4] {
        let ([xi, yi, zi], f) = cells([x, y, z]);
        let n = core::array::from_fn(|c| {
            let b = |a: usize| (c >> a & 1) as i32;
            self.at3(xi + b(0), yi + b(1), zi + b(2))
        });
        blend3(n, [[0.0; 3]; 8], f)
    }
}

impl Perlin {
    fn deriv2_cells(&self, x: [i32; 2], y: [i32; 2], xf: f32, yf: f32) -> [f32; 3] {
        let g = [0, 1, 2, 3].map(|c| self.gradient(x[c & 1], y[c >> 1]));
        let n = [0, 1, 2, 3].map(|c| {
            let [dx, dy] = offset([xf, yf], c);
            g[c][0] * dx + g[c][1] * dy
        });
        blend2(n, g, xf, yf)
    }
}

impl DerivNoise for Perlin {
    cells2!();
    fn deriv3_shifted(&self, x: f32, y: f32, z: f32, _s: [i32; 3]) -> [f32; 4] {
        let ([xi, yi, zi], f) = cells([x, y, z]);
        let g: [[f32; 3]; 8] = core::array::from_fn(|c| {
            let b = |a: usize| (c >> a & 1) as i32;
            self.grad3[self.hash3(xi + b(0), yi + b(1), zi + b(2))]
        });
        let n = core::array::from_fn(|c| {
            let d = offset(f, c);
            g[c][0] * d[0] + g[c][1] * d[1] + g[c][2] * d[2]
        });
        blend3(n, g, f)
    }
}

impl Improved {
    /// Corner hashes as in `noise2_cells`: `p(p(x) + y)`.
    fn deriv2_cells(&self, x: [i32; 2], y: [i32; 2], xf: f32, yf: f32) -> [f32; 3] {
        let h = [0, 1, 2, 3].map(|c| self.p(self.p(x[c & 1] as usize) + y[c >> 1] as usize));
        let n = [0, 1, 2, 3].map(|c| {
            let [dx, dy] = offset([xf, yf], c);
            grad2(h[c], dx, dy)
        });
        blend2(n, h.map(|h| IG2[h & 7]), xf, yf)
    }
}

impl DerivNoise for Improved {
    fn deriv2_shifted(&self, x: f32, y: f32, _s: [i32; 2]) -> [f32; 3] {
        let ([xi, yi], [xf, yf]) = cells([x, y]);
        let (x0, y0) = (xi & 255, yi & 255);
        self.deriv2_cells([x0, x0 + 1], [y0, y0 + 1], xf, yf)
    }
    fn deriv2_periodic_shifted(&self, x: f32, y: f32, s: [i32; 2], px: i32, py: i32) -> [f32; 3] {
        let (xs, ys, xf, yf) = lattice2(x, y, Some((s, px, py)));
        self.deriv2_cells(xs.map(|i| i & 255), ys.map(|i| i & 255), xf, yf)
    }
    /// The hashes of the reference `ImprovedNoise.noise`: `p(p(p(x) + y) + z)`.
    fn deriv3_shifted(&self, x: f32, y: f32, z: f32, _s: [i32; 3]) -> [f32; 4] {
        let ([xi, yi, zi], f) = cells([x, y, z]);
        let [xi, yi, zi] = [xi, yi, zi].map(|i| (i & 255) as usize);
        let h: [usize; 8] = core::array::from_fn(|c| {
            let b = |a: usize| c >> a & 1;
            self.p(self.p(self.p(xi + b(0)) + yi + b(1)) + zi + b(2))
        });
        let n = core::array::from_fn(|c| {
            let d = offset(f, c);
            grad3(h[c], d[0], d[1], d[2])
        });
        blend3(n, h.map(|h| GRAD3[h & 15]), f)
    }
}

impl DerivNoise for Simplex {
    fn deriv2_shifted(&self, x: f32, y: f32, _s: [i32; 2]) -> [f32; 3] {
        let (v, dx, dy) = self.noise2_deriv(x, y);
        [v, dx, dy]
    }
    /// Simplex has no tiled form ([`Noise::tileable`]): the plain kernel, as
    /// [`Noise::noise2_periodic_shifted`] is.
    fn deriv2_periodic_shifted(&self, x: f32, y: f32, s: [i32; 2], _: i32, _: i32) -> [f32; 3] {
        self.deriv2_shifted(x, y, s)
    }
    fn deriv3_shifted(&self, x: f32, y: f32, z: f32, _s: [i32; 3]) -> [f32; 4] {
        self.noise3_deriv(x, y, z)
    }
    fn deriv2_at(&self, x: f64, y: f64) -> [f32; 3] {
        let (v, dx, dy) = self.noise2_deriv_at(x, y);
        [v, dx, dy]
    }
}

/// Worley F1, Euclidean only ([`crate::field::Field`] refuses the other forms): the
/// gradient of the distance to the nearest feature point is the unit vector away from
/// it. F1 has creases where two points are equally near (the cell borders).
impl DerivNoise for Worley {
    fn deriv2_shifted(&self, x: f32, y: f32, s: [i32; 2]) -> [f32; 3] {
        self.f1_deriv([x, y], |c| {
            [c[0].wrapping_add(s[0]), c[1].wrapping_add(s[1]), 0]
        })
    }
    fn deriv2_periodic_shifted(&self, x: f32, y: f32, s: [i32; 2], px: i32, py: i32) -> [f32; 3] {
        self.f1_deriv([x, y], Worley::tile(s, px as u32, py as u32))
    }
    fn deriv3_shifted(&self, x: f32, y: f32, z: f32, s: [i32; 3]) -> [f32; 4] {
        self.f1_deriv([x, y, z], |c| {
            core::array::from_fn(|a| c[a].wrapping_add(s[a]))
        })
    }
}
