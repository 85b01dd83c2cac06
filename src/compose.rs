//! Composition: a noise kernel with its fractal, domain warp, tile period and offset,
//! evaluated at f64 points. The row fills ([`crate::rows`]) build on it; [`crate::field`]
//! picks the kernel a spec names.

use crate::fractal::Fractal;
use crate::grid::Region;
use crate::noise::{rem, split, Noise};

/// A kernel with its fractal, warp, period and offset: everything generic over `K`.
#[derive(Clone, Debug)]
pub struct Composed<K> {
    pub base: K,
    pub warp: Option<Warp<K>>,
    pub fractal: Fractal,
    /// Tile period in lattice cells of octave 0, and each octave's whole-number multiplier.
    pub period: Option<(i32, i32)>,
    pub offset: [f64; 3],
}

#[derive(Clone, Debug)]
pub struct Warp<K> {
    pub x: K,
    pub y: K,
    pub strength: f32,
    pub frequency: f32,
    pub fractal: Fractal,
}

/// Point `(x, y)` of an octave at frequency `f` of a field tiled with `period` cells (times
/// `tile`, see [`Composed::octave2`]): the f32 point, its whole-cell shift and the octave's
/// period, as the kernels' `*_periodic_shifted` methods take them.
#[inline(always)]
pub(crate) fn tiled(
    (px, py): (i32, i32),
    x: f64,
    y: f64,
    f: f32,
    tile: f64,
) -> (f32, f32, [i32; 2], [i32; 2]) {
    let m = f as f64 * tile;
    let (qx, qy) = (px as f64 * m, py as f64 * m);
    // Into the tile, then by 256 so that f32 keeps the fraction; the kernel takes the
    // 256s back as a shift of the cell before wrapping it.
    let p = Some(256.0);
    let ((x, sx), (y, sy)) = (
        split(rem(x * f as f64, qx), p),
        split(rem(y * f as f64, qy), p),
    );
    (x, y, [sx, sy], [qx as i32, qy as i32])
}

impl<K: Noise> Composed<K> {
    /// One fractal sum of kernel `k` at f64 point `(x, y)`: each octave's coordinates are
    /// multiplied by its frequency and reduced by the kernel's (or the tile's) period in
    /// f64 before the kernel's f32 arithmetic. `tile` scales the tile period (the warp's
    /// frequency: the warp noise runs `tile` times faster than the field).
    #[inline(always)]
    fn octave2(&self, k: &K, fractal: &Fractal, x: f64, y: f64, tile: f64) -> f32 {
        match self.period {
            None => fractal.sum(|_, f| k.noise2_at(x * f as f64, y * f as f64)),
            Some(period) => fractal.sum(|_, f| {
                let (x, y, s, [qx, qy]) = tiled(period, x, y, f, tile);
                k.noise2_periodic_shifted(x, y, s, qx, qy)
            }),
        }
    }

    #[inline(always)]
    fn warped2(&self, x: f64, y: f64) -> (f64, f64) {
        match &self.warp {
            None => (x, y),
            Some(w) => {
                let wf = w.frequency as f64;
                let (wx, wy) = (x * wf, y * wf);
                let s = w.strength;
                (
                    x + (s * self.octave2(&w.x, &w.fractal, wx, wy, wf)) as f64,
                    y + (s * self.octave2(&w.y, &w.fractal, wx, wy, wf)) as f64,
                )
            }
        }
    }

    #[inline(always)]
    pub fn eval2(&self, x: f64, y: f64) -> f32 {
        let (x, y) = self.warped2(x + self.offset[0], y + self.offset[1]);
        self.octave2(&self.base, &self.fractal, x, y, 1.0)
    }

    pub fn eval1(&self, x: f64) -> f32 {
        let mut x = x + self.offset[0];
        if let Some(w) = &self.warp {
            let (wf, p) = (w.frequency as f64, w.x.period(1));
            let d = w.fractal.sum(|_, f| {
                let (x, s) = split(x * wf * f as f64, p);
                w.x.noise1_shifted(x, s)
            });
            x += (w.strength * d) as f64;
        }
        let p = self.base.period(1);
        self.fractal.sum(|_, f| {
            let (x, s) = split(x * f as f64, p);
            self.base.noise1_shifted(x, s)
        })
    }

    pub fn eval3(&self, x: f64, y: f64, z: f64) -> f32 {
        let (x, y) = self.warped2(x + self.offset[0], y + self.offset[1]);
        let z = z + self.offset[2];
        let p = self.base.period(3);
        self.fractal.sum(|_, f| {
            let f = f as f64;
            let ((x, sx), (y, sy), (z, sz)) = (split(x * f, p), split(y * f, p), split(z * f, p));
            self.base.noise3_shifted(x, y, z, [sx, sy, sz])
        })
    }

    pub fn eval4(&self, x: f64, y: f64, z: f64, w: f64) -> f32 {
        let (x, y) = self.warped2(x + self.offset[0], y + self.offset[1]);
        let z = z + self.offset[2];
        self.fractal.sum(|_, f| {
            let f = f as f64;
            self.base.noise4_at([x * f, y * f, z * f, w * f])
        })
    }

    /// Point-by-point 2D fill: the reference the grid-aware fill must equal.
    pub fn fill2d_points(&self, out: &mut [f32], r: &Region) {
        grid_points(out, &r.xs(), &r.ys(), |x, y| self.eval2(x, y));
    }

    /// Point-by-point 3D slice fill.
    pub fn fill3d_points(&self, out: &mut [f32], r: &Region) {
        grid_points(out, &r.xs(), &r.ys(), |x, y| self.eval3(x, y, r.z));
    }

    pub fn fill4d(&self, out: &mut [f32], r: &Region) {
        grid_points(out, &r.xs(), &r.ys(), |x, y| self.eval4(x, y, r.z, r.w));
    }
}

/// `out[j · xs.len() + i] = eval(xs[i], ys[j])`: a grid of columns `xs` × rows `ys`
/// sampled point by point.
pub fn grid_points(out: &mut [f32], xs: &[f64], ys: &[f64], eval: impl Fn(f64, f64) -> f32) {
    for (row, &y) in out.chunks_exact_mut(xs.len()).zip(ys) {
        for (o, &x) in row.iter_mut().zip(xs) {
            *o = eval(x, y);
        }
    }
}
