//! Fills at arbitrary points (below a graph's `rotate`, `displace` and `turbulence`,
//! `samplePoints2d`/`3d`, and warped fields): no column or row to share, but still a
//! batch. Each octave runs over a batch of [`BATCH`] points ([`RowNoise::points2`] /
//! `points3`) and adds into an accumulator as the row fills do, so the fractal's loop,
//! the shape's match and the kernel's dispatch happen once per octave instead of once
//! per sample. The lattice kernels (classic and improved Perlin, value: [`Lattice4`])
//! and 2D simplex have their four-lane point kernels here, 3D simplex and Worley beside
//! their row kernels (`simplex.rs`, `worley.rs`); the teaching variants evaluate their
//! scalar point functions inside the octave loop. The same IEEE operations in the same order as
//! [`Composed::eval2`] / `eval3`, so every sample keeps its bits.

use super::{accumulate, RowNoise};
use crate::compose::Composed;
use crate::fractal::Fractal;
use crate::noise::improved::{Improved, GRAD3, IG2};
use crate::noise::perlin::Perlin;
use crate::noise::value::Value;
use crate::noise::simplex::{Simplex, F2, G2, NEAR, R2, SCALE2};
use crate::noise::split;
use crate::simd::{fade4, gather2, lerp4, F4};

/// Points per batch: the octave loop runs over this many at a time, so that its buffers
/// stay small (large ones come from `mmap` and cost page faults on every fill) and warm
/// in cache.
pub(super) const BATCH: usize = 1024;

impl<K: RowNoise> Composed<K> {
    /// `out[i] = eval2(x[i], y[i])`.
    pub fn points2(&self, out: &mut [f32], [x, y]: [&[f64]; 2]) {
        if self.period.is_some() {
            let at = out.iter_mut().zip(x.iter().zip(y));
            return at.for_each(|(o, (&x, &y))| *o = self.eval2(x, y));
        }
        for (b, out) in out.chunks_mut(BATCH).enumerate() {
            let at = b * BATCH..;
            let (xs, ys) = self.warped(&x[at.clone()], &y[at], out.len());
            sum(&self.fractal, out, |f, n| self.base.points2(&xs, &ys, f, n));
        }
    }

    /// `out[i] = eval3(x[i], y[i], z[i])`.
    pub fn points3(&self, out: &mut [f32], p: [&[f64]; 3]) {
        for (b, out) in out.chunks_mut(BATCH).enumerate() {
            let at = b * BATCH..;
            let (xs, ys) = self.warped(&p[0][at.clone()], &p[1][at.clone()], out.len());
            let zs = padded(&p[2][at], out.len(), self.offset[2]);
            sum(&self.fractal, out, |f, n| self.base.points3([&xs, &ys, &zs], f, n));
        }
    }

    /// Columns `xs` × rows `ys` (at depth `z` for 3D) through the point batches, a band
    /// of rows at a time: how warped fields fill (their warp moves every sample).
    pub(crate) fn points_grid(&self, out: &mut [f32], xs: &[f64], ys: &[f64], z: Option<f64>) {
        let w = xs.len();
        let rows = (BATCH / w).max(1);
        for (band, yb) in out.chunks_mut(rows * w).zip(ys.chunks(rows)) {
            let n = band.len();
            let px: Vec<f64> = (0..n).map(|k| xs[k % w]).collect();
            let py: Vec<f64> = (0..n).map(|k| yb[k / w]).collect();
            match z {
                None => self.points2(band, [&px, &py]),
                Some(z) => self.points3(band, [&px, &py, &vec![z; n]]),
            }
        }
    }

    /// The first `n` points offset and warped (`Composed::warped2` for a batch), padded
    /// to a multiple of four.
    fn warped(&self, x: &[f64], y: &[f64], n: usize) -> (Vec<f64>, Vec<f64>) {
        let (mut xs, mut ys) = (padded(x, n, self.offset[0]), padded(y, n, self.offset[1]));
        if let Some(w) = &self.warp {
            let wf = w.frequency as f64;
            let (wx, wy): (Vec<f64>, Vec<f64>) = xs.iter().zip(&ys).map(|(&x, &y)| (x * wf, y * wf)).unzip();
            let mut d = vec![0.0f32; xs.len()];
            for (axis, k) in [(&mut xs, &w.x), (&mut ys, &w.y)] {
                sum(&w.fractal, &mut d, |f, n| k.points2(&wx, &wy, f, n));
                for (v, &d) in axis.iter_mut().zip(&d) {
                    *v += (w.strength * d) as f64;
                }
            }
        }
        (xs, ys)
    }
}

/// The fractal sum `fr` into `out`: `octave(f, n)` writes one octave at frequency `f`
/// for the padded batch (as [`crate::fractal::Fractal::sum`] adds, via `accumulate`).
fn sum(fr: &Fractal, out: &mut [f32], mut octave: impl FnMut(f64, &mut [f32])) {
    let len = (out.len() + 3) & !3;
    let (mut acc, mut n) = (vec![0.0f32; len], vec![0.0f32; len]);
    let last = fr.freqs().len() - 1;
    for (i, &f) in fr.freqs().iter().enumerate() {
        octave(f as f64, &mut n);
        let out = (i == last).then_some((&mut *out, fr.norm()));
        accumulate(&mut acc, &n, fr.amps()[i], fr.kind, i == 0, out);
    }
}

/// `v[..n] + offset`, padded to a multiple of four with its last value (finite, dropped).
pub(super) fn padded(v: &[f64], n: usize, offset: f64) -> Vec<f64> {
    let len = (n + 3) & !3;
    (0..len).map(|i| v[i.min(n - 1)] + offset).collect()
}

/// Four points' lattice cells and fractions on one axis, after the f64 reduction by the
/// kernel's period (as [`crate::noise::Noise::noise2_at`] splits).
#[inline(always)]
pub(super) fn axis4(v: &[f64], k: usize, f: f64, p: Option<f64>) -> Axis4 {
    // `crate::noise::cell` four lanes at once (a scalar floor is a call on x86-64).
    let s = |l: usize| split(v[k + l] * f, p).0;
    let v = F4::new(s(0), s(1), s(2), s(3));
    let fl = v.floor();
    (fl.to_i4().to_array(), v - fl)
}

/// The table entries `t[h(l)]` of four lanes as `N` component vectors; one lookup
/// splatted when `U` (all four lanes hash alike).
#[inline(always)]
pub(super) fn table4<const U: bool, const N: usize>(t: &[[f32; N]], h: impl Fn(usize) -> usize) -> [F4; N] {
    if U {
        let g = &t[h(0)];
        core::array::from_fn(|a| F4::splat(g[a]))
    } else {
        let g = [&t[h(0)], &t[h(1)], &t[h(2)], &t[h(3)]];
        core::array::from_fn(|a| F4::new(g[0][a], g[1][a], g[2][a], g[3][a]))
    }
}

#[inline(always)]
pub(super) fn same(i: [i32; 4]) -> bool {
    i[1] == i[0] && i[2] == i[0] && i[3] == i[0]
}

/// A lattice kernel's four-lane point forms: four points' cells and fractions in, the
/// noise out; `U` when all four share a cell (one lookup per corner, splatted).
pub(crate) trait Lattice4 {
    fn noise2_4<const U: bool>(&self, x: Axis4, y: Axis4) -> F4;
    fn noise3_4<const U: bool>(&self, a: [Axis4; 3]) -> F4;
}

/// Four points' lattice cells and fractions on one axis.
pub(super) type Axis4 = ([i32; 4], F4);

/// Four-lane 2D points of a lattice kernel (`out.len()` a multiple of four, as
/// [`Composed::points2`] pads), at frequency `f`, reduced by the period 256.
pub(crate) fn lattice_points2<N: Lattice4>(n: &N, x: &[f64], y: &[f64], f: f64, out: &mut [f32]) {
    let p = Some(256.0);
    for k in (0..out.len()).step_by(4) {
        let (ax, ay) = (axis4(x, k, f, p), axis4(y, k, f, p));
        let v = if same(ax.0) && same(ay.0) {
            n.noise2_4::<true>(ax, ay)
        } else {
            n.noise2_4::<false>(ax, ay)
        };
        v.store(&mut out[k..]);
    }
}

/// Four-lane 3D points of a lattice kernel.
pub(crate) fn lattice_points3<N: Lattice4>(n: &N, p3: [&[f64]; 3], f: f64, out: &mut [f32]) {
    let p = Some(256.0);
    for k in (0..out.len()).step_by(4) {
        let a = [axis4(p3[0], k, f, p), axis4(p3[1], k, f, p), axis4(p3[2], k, f, p)];
        let v = if same(a[0].0) && same(a[1].0) && same(a[2].0) {
            n.noise3_4::<true>(a)
        } else {
            n.noise3_4::<false>(a)
        };
        v.store(&mut out[k..]);
    }
}

impl Perlin {
    /// Corner `(dx, dy)` of four 2D cells: its gradient components, one lookup
    /// splatted when all four points share the cell (`U`).
    #[inline(always)]
    pub(super) fn grad2_4<const U: bool>(&self, xi: [i32; 4], yi: [i32; 4], d: (i32, i32)) -> (F4, F4) {
        let h = |l: usize| self.hash2(xi[l] + d.0, yi[l] + d.1);
        if U {
            let g = self.grad2[h(0)];
            (F4::splat(g[0]), F4::splat(g[1]))
        } else {
            gather2(&self.grad2, [h(0), h(1), h(2), h(3)])
        }
    }

}

impl Lattice4 for Perlin {
    /// [`crate::noise::Noise::noise2`] of four points, in its order of operations.
    #[inline(always)]
    fn noise2_4<const U: bool>(&self, (xi, xf): Axis4, (yi, yf): Axis4) -> F4 {
        let one = F4::splat(1.0);
        let (xf1, yf1) = (xf - one, yf - one);
        let dot = |(gx, gy): (F4, F4), dx: F4, dy: F4| gx * dx + gy * dy;
        let g = |d| self.grad2_4::<U>(xi, yi, d);
        let u = fade4(xf);
        let r0 = lerp4(dot(g((0, 0)), xf, yf), dot(g((1, 0)), xf1, yf), u);
        let r1 = lerp4(dot(g((0, 1)), xf, yf1), dot(g((1, 1)), xf1, yf1), u);
        lerp4(r0, r1, fade4(yf))
    }

    /// [`crate::noise::Noise::noise3`] of four points: the two z layers of four
    /// corners each, in its order of operations.
    #[inline(always)]
    fn noise3_4<const U: bool>(&self, a: [Axis4; 3]) -> F4 {
        let [(xi, xf), (yi, yf), (zi, zf)] = a;
        let one = F4::splat(1.0);
        let (xf1, yf1) = (xf - one, yf - one);
        let corner = |dx: i32, dy: i32, dz: i32| {
            table4::<U, 3>(&self.grad3, |l| self.hash3(xi[l] + dx, yi[l] + dy, zi[l] + dz))
        };
        let dot = |[gx, gy, gz]: [F4; 3], dx: F4, dy: F4, dz: F4| gx * dx + gy * dy + gz * dz;
        let (u, v, w) = (fade4(xf), fade4(yf), fade4(zf));
        let layer = |k: i32| {
            let dz = zf - F4::splat(k as f32);
            let x0 = lerp4(dot(corner(0, 0, k), xf, yf, dz), dot(corner(1, 0, k), xf1, yf, dz), u);
            let x1 = lerp4(
                dot(corner(0, 1, k), xf, yf1, dz),
                dot(corner(1, 1, k), xf1, yf1, dz),
                u,
            );
            lerp4(x0, x1, v)
        };
        lerp4(layer(0), layer(1), w)
    }
}

impl Simplex {
    /// Four-lane 2D points: [`Simplex::noise2_at`] four at a time where all four are
    /// within [`NEAR`] (the f32 kernel: skew, cell, the three corners, each corner's
    /// term added only where it reaches the point, as the scalar `if t > 0`), the f64
    /// point kernel lane by lane beyond it.
    pub(crate) fn points2_lanes(&self, x: &[f64], y: &[f64], f: f64, out: &mut [f32]) {
        let (one, zero) = (F4::splat(1.0), F4::splat(0.0));
        for k in (0..out.len()).step_by(4) {
            let px = [x[k] * f, x[k + 1] * f, x[k + 2] * f, x[k + 3] * f];
            let py = [y[k] * f, y[k + 1] * f, y[k + 2] * f, y[k + 3] * f];
            if !(0..4).all(|l| px[l].abs() < NEAR && py[l].abs() < NEAR) {
                for l in 0..4 {
                    out[k + l] = self.noise2_at(px[l], py[l]);
                }
                continue;
            }
            let xv = F4::new(px[0] as f32, px[1] as f32, px[2] as f32, px[3] as f32);
            let yv = F4::new(py[0] as f32, py[1] as f32, py[2] as f32, py[3] as f32);
            let s = (xv + yv) * F4::splat(F2);
            let (i, j) = ((xv + s).floor(), (yv + s).floor());
            let t = (i + j) * F4::splat(G2);
            let (x0, y0) = (xv - (i - t), yv - (j - t));
            let (ii, jj) = (i.to_i4().to_array(), j.to_i4().to_array());
            let m = x0.gt(y0);
            let up = m.bitmask();
            let (i1, j1) = (m.select(one, zero), m.select(zero, one));
            // `grad2[(i & 255) + perm[j & 255]]` is GRAD2[hash2(i, j) & 15].
            let g = |d: [[i32; 2]; 4]| {
                let h = |l: usize| {
                    let (a, b) = (ii[l].wrapping_add(d[l][0]), jj[l].wrapping_add(d[l][1]));
                    (a & 255) as usize + self.perm[(b & 255) as usize] as usize
                };
                gather2(&self.grad2, [h(0), h(1), h(2), h(3)])
            };
            let mid = |l: usize| if up >> l & 1 == 1 { [1, 0] } else { [0, 1] };
            let g2 = F4::splat(G2);
            let corners = [
                (x0, y0, g([[0, 0]; 4])),
                (x0 - i1 + g2, y0 - j1 + g2, g([mid(0), mid(1), mid(2), mid(3)])),
                (
                    x0 - one + F4::splat(2.0 * G2),
                    y0 - one + F4::splat(2.0 * G2),
                    g([[1, 1]; 4]),
                ),
            ];
            let mut v = zero;
            for (cx, cy, (gx, gy)) in corners {
                let t = F4::splat(R2) - cy * cy - cx * cx;
                let gd = gy * cy + gx * cx;
                let t2 = t * t;
                v = t.gt(zero).select(v + t2 * t2 * gd, v);
            }
            (F4::splat(SCALE2) * v).store(&mut out[k..]);
        }
    }
}

impl Value {
    /// The values at corner `d` of four cells, one lookup splatted when `U`.
    #[inline(always)]
    pub(super) fn at4<const U: bool>(&self, c: [[i32; 4]; 3], d: [i32; 3], dims: u32) -> F4 {
        let at = |l: usize| match dims {
            2 => self.at2(c[0][l] + d[0], c[1][l] + d[1]),
            _ => self.at3(c[0][l] + d[0], c[1][l] + d[1], c[2][l] + d[2]),
        };
        if U {
            F4::splat(at(0))
        } else {
            F4::new(at(0), at(1), at(2), at(3))
        }
    }
}

impl Lattice4 for Value {
    /// [`crate::noise::Noise::noise2`] (`blend2`) of four points.
    #[inline(always)]
    fn noise2_4<const U: bool>(&self, (xi, xf): Axis4, (yi, yf): Axis4) -> F4 {
        let c = [xi, yi, [0; 4]];
        let v = |dx, dy| self.at4::<U>(c, [dx, dy, 0], 2);
        let u = fade4(xf);
        lerp4(lerp4(v(0, 0), v(1, 0), u), lerp4(v(0, 1), v(1, 1), u), fade4(yf))
    }

    /// [`crate::noise::Noise::noise3`] of four points: two z layers.
    #[inline(always)]
    fn noise3_4<const U: bool>(&self, a: [Axis4; 3]) -> F4 {
        let [(xi, xf), (yi, yf), (zi, zf)] = a;
        let c = [xi, yi, zi];
        let (u, v) = (fade4(xf), fade4(yf));
        let layer = |dz| {
            let at = |dx, dy| self.at4::<U>(c, [dx, dy, dz], 3);
            lerp4(lerp4(at(0, 0), at(1, 0), u), lerp4(at(0, 1), at(1, 1), u), v)
        };
        lerp4(layer(0), layer(1), fade4(zf))
    }
}

impl Improved {
    /// `p(p(p(x + dx) + y + dy) + z + dz)` of lane `l`'s cell (`c` its lattice indices):
    /// the reference's corner hashes (2D stops after the y level).
    #[inline(always)]
    fn hash4(&self, c: [[i32; 4]; 3], l: usize, d: [usize; 3], dims: u32) -> usize {
        let m = |a: usize| (c[a][l] & 255) as usize;
        let h = self.p(self.p(m(0) + d[0]) + m(1) + d[1]);
        if dims == 2 {
            h
        } else {
            self.p(h + m(2) + d[2])
        }
    }

    /// The gradient factors of corner `d` in table `t` (masked to its size).
    #[inline(always)]
    pub(super) fn grads4<const U: bool, const N: usize, const M: usize>(
        &self,
        t: &[[f32; N]; M],
        c: [[i32; 4]; 3],
        d: [usize; 3],
    ) -> [F4; N] {
        // A table of N components serves the N-D noise (IG2: 2D, GRAD3: 3D).
        table4::<U, N>(t, |l| self.hash4(c, l, d, N as u32) & (M - 1))
    }
}

/// Improved Perlin's `grad2`/`grad3` as factor tables (`IG2`, `GRAD3`), as its row
/// kernels take them: the same values but for the sign of an intermediate zero, which
/// the fractal sum's `0.0 + …` erases (src/rows/mod.rs).
impl Lattice4 for Improved {
    #[inline(always)]
    fn noise2_4<const U: bool>(&self, (xi, xf): Axis4, (yi, yf): Axis4) -> F4 {
        let one = F4::splat(1.0);
        let (xf1, yf1) = (xf - one, yf - one);
        let c = [xi, yi, [0; 4]];
        let dot = |d: [usize; 3], dx: F4, dy: F4| {
            let [gx, gy] = self.grads4::<U, 2, 8>(&IG2, c, d);
            gx * dx + gy * dy
        };
        let u = fade4(xf);
        let lo = lerp4(dot([0, 0, 0], xf, yf), dot([1, 0, 0], xf1, yf), u);
        let hi = lerp4(dot([0, 1, 0], xf, yf1), dot([1, 1, 0], xf1, yf1), u);
        lerp4(lo, hi, fade4(yf))
    }

    #[inline(always)]
    fn noise3_4<const U: bool>(&self, a: [Axis4; 3]) -> F4 {
        let [(xi, xf), (yi, yf), (zi, zf)] = a;
        let one = F4::splat(1.0);
        let (xf1, yf1) = (xf - one, yf - one);
        let c = [xi, yi, zi];
        let (u, v, w) = (fade4(xf), fade4(yf), fade4(zf));
        let layer = |dz: usize, z: F4| {
            let dot = |dx: usize, dy: usize, x: F4, y: F4| {
                let [gx, gy, gz] = self.grads4::<U, 3, 16>(&GRAD3, c, [dx, dy, dz]);
                gx * x + gy * y + gz * z
            };
            let lo = lerp4(dot(0, 0, xf, yf), dot(1, 0, xf1, yf), u);
            lerp4(lo, lerp4(dot(0, 1, xf, yf1), dot(1, 1, xf1, yf1), u), v)
        };
        lerp4(layer(0, zf), layer(1, zf - one), w)
    }
}
