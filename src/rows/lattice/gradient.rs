//! Gradient noise rows: classic Perlin (seeded unit gradients) and improved Perlin
//! (Ken Perlin's fixed directions), corner gradients dotted with the offsets, then the
//! fade lerps.

use super::{
    cell_runs, classic_first, corners, hash4, ig, lanes, lattice_cols, lattice_row3, Axis,
    LatticeCols, Row3,
};
use crate::noise::improved::{Improved, GRAD3, IG2};
use crate::noise::perlin::Perlin;
use crate::rows::RowNoise;
use crate::simd::{gather2, lerp4, F4};

/// The (x, y) gradient components of chunk `k`'s corners 00, 10, 01, 11 in the table
/// `g` (one lookup per corner when `U`: the chunk is in one cell).
#[inline(always)]
pub(super) fn grads<const U: bool, const M: usize>(
    perm: &[u8; 512],
    g: &[[f32; 2]; M],
    c: &LatticeCols,
    k: usize,
    ya: &Axis,
) -> [(F4, F4); 4] {
    let m = M as u32 - 1;
    let corner = |h: [u32; 4]| {
        if U {
            (ig::<U, _, _>(g, h, 0), ig::<U, _, _>(g, h, 1))
        } else {
            // Both components of each lane's entry in one 64-bit load.
            let i = |l: usize| (h[l] & m) as usize;
            gather2(g, [i(0), i(1), i(2), i(3)])
        }
    };
    // (Written out: `array::map` is not always inlined in wasm builds.)
    let [h00, h10, h01, h11] = corners::<U>(perm, c, k, ya);
    [corner(h00), corner(h10), corner(h01), corner(h11)]
}

/// A 2D gradient-noise row, four columns per step: the four corner hashes, the gradient
/// table's components dotted with the corner offsets, then the fade lerps, in exactly the
/// point kernels' order. Classic Perlin passes its 256 seeded unit vectors, improved
/// Perlin its eight directions (the mask follows the table size).
#[inline(always)]
fn gradient_row2<const M: usize>(
    perm: &[u8; 512],
    g: &[[f32; 2]; M],
    c: &LatticeCols,
    ya: &Axis,
    out: &mut [f32],
) {
    let dot = |(gx, gy): (F4, F4), dx: F4, dy: F4| gx * dx + gy * dy;
    let (f, f1) = (ya.f, ya.f1);
    cell_runs(
        c,
        out,
        |out, k0, end| {
            let [a, b, cc, d] = grads::<true, M>(perm, g, c, k0, ya);
            // gy · dy is the row's: once per run (`dot`'s order kept: gx·dx + gy·dy).
            let (ay, by, cy, dy) = (a.1 * f, b.1 * f, cc.1 * f1, d.1 * f1);
            for k in (k0..end).step_by(4) {
                let (xf, xf1, u) = (
                    F4::load(&c.xf[k..]),
                    F4::load(&c.xf1[k..]),
                    F4::load(&c.u[k..]),
                );
                let (r0, r1) = (
                    lerp4(a.0 * xf + ay, b.0 * xf1 + by, u),
                    lerp4(cc.0 * xf + cy, d.0 * xf1 + dy, u),
                );
                lerp4(r0, r1, ya.s).store(&mut out[k..]);
            }
        },
        |out, k| {
            let [a, b, cc, d] = grads::<false, M>(perm, g, c, k, ya);
            let (xf, xf1, u) = (
                F4::load(&c.xf[k..]),
                F4::load(&c.xf1[k..]),
                F4::load(&c.u[k..]),
            );
            let (r0, r1) = (
                lerp4(dot(a, xf, f), dot(b, xf1, f), u),
                lerp4(dot(cc, xf, f1), dot(d, xf1, f1), u),
            );
            lerp4(r0, r1, ya.s).store(&mut out[k..]);
        },
    );
}

/// Corner 00, 10, 01 and 11 of one z layer as `(gx, gy·dy, gz·dz)`: within a run the
/// y and z products are the row's, and the dot (gx·dx + gy·dy) + gz·dz needs only gx·dx.
type RunLayer = [(F4, F4, F4); 4];

/// A run's layer from the four corners' hashes (00, 10, 01, 11) into the 3D gradient
/// table `g`, with y offsets `ya.f` / `ya.f1` and the layer's z offset `dz`.
#[inline(always)]
fn run_layer<const M: usize>(g: &[[f32; 3]; M], h: [[u32; 4]; 4], ya: &Axis, dz: F4) -> RunLayer {
    let corner = |h, dy: F4| {
        let gi = |axis| ig::<true, _, _>(g, h, axis);
        (gi(0), gi(1) * dy, gi(2) * dz)
    };
    [
        corner(h[0], ya.f),
        corner(h[1], ya.f),
        corner(h[2], ya.f1),
        corner(h[3], ya.f1),
    ]
}

/// The chunks of a 3D gradient row in `cols` (one cell's run) from the two layers'
/// corners, in the point kernels' order.
#[inline(always)]
fn gradient_run3(
    c: &LatticeCols,
    out: &mut [f32],
    cols: core::ops::Range<usize>,
    layers: [RunLayer; 2],
    ys: F4,
    zs: F4,
) {
    for k in cols.step_by(4) {
        let (xf, xf1) = (F4::load(&c.xf[k..]), F4::load(&c.xf1[k..]));
        let u = F4::load(&c.u[k..]);
        let dot = |(gx, gy, gz): (F4, F4, F4), dx: F4| gx * dx + gy + gz;
        let blend = |[c00, c10, c01, c11]: RunLayer| {
            let r0 = lerp4(dot(c00, xf), dot(c10, xf1), u);
            lerp4(r0, lerp4(dot(c01, xf), dot(c11, xf1), u), ys)
        };
        lerp4(blend(layers[0]), blend(layers[1]), zs).store(&mut out[k..]);
    }
}

impl RowNoise for Perlin {
    type Cols = LatticeCols;
    fn cols(&self, xs: &[f32]) -> LatticeCols {
        lattice_cols(xs, classic_first(&self.perm))
    }

    fn row2(&self, c: &LatticeCols, _xs: &[f32], y: f32, out: &mut [f32]) {
        gradient_row2(&self.perm, &self.grad2, c, &Axis::wrapped(y), out);
    }

    fn row3(&self, c: &LatticeCols, _xs: &[f32], y: f32, z: f32, out: &mut [f32]) {
        lattice_row3(self, c, y, z, out)
    }

    fn points2(&self, x: &[f64], y: &[f64], f: f64, out: &mut [f32]) {
        crate::rows::points::lattice_points2(self, x, y, f, out)
    }

    fn points3(&self, p: [&[f64]; 3], f: f64, out: &mut [f32]) {
        crate::rows::points::lattice_points3(self, p, f, out)
    }
}

impl Row3 for Perlin {
    fn axis(v: f32) -> Axis {
        Axis::wrapped(v)
    }

    #[inline(always)]
    fn run3(&self, c: &LatticeCols, out: &mut [f32], k0: usize, end: usize, ya: &Axis, za: &Axis) {
        let (perm, g) = (&self.perm, &self.grad3);
        let [a0, a1, b0, b1] = corners::<true>(perm, c, k0, ya);
        let layer = |zk: u32, dz: F4| {
            let h = |a| hash4::<true>(perm, a, zk);
            run_layer(g, [h(a0), h(a1), h(b0), h(b1)], ya, dz)
        };
        let layers = [layer(za.i0, za.f), layer(za.i1, za.f1)];
        gradient_run3(c, out, k0..end, layers, ya.s, za.s);
    }

    #[inline(always)]
    fn chunk3(&self, c: &LatticeCols, out: &mut [f32], k: usize, ya: &Axis, za: &Axis) {
        let perm = &self.perm;
        let g = &self.grad3;
        let (xf, xf1, u) = (
            F4::load(&c.xf[k..]),
            F4::load(&c.xf1[k..]),
            F4::load(&c.u[k..]),
        );
        let [a0, a1, b0, b1] = corners::<false>(perm, c, k, ya);
        let layer = |zk: u32, dz: F4| {
            let dot = |a: [u32; 4], dx: F4, dy: F4| {
                let h = hash4::<false>(perm, a, zk);
                ig::<false, _, _>(g, h, 0) * dx
                    + ig::<false, _, _>(g, h, 1) * dy
                    + ig::<false, _, _>(g, h, 2) * dz
            };
            lerp4(
                lerp4(dot(a0, xf, ya.f), dot(a1, xf1, ya.f), u),
                lerp4(dot(b0, xf, ya.f1), dot(b1, xf1, ya.f1), u),
                ya.s,
            )
        };
        // `zf - 0.0` in the point kernel is `zf` exactly.
        lerp4(layer(za.i0, za.f), layer(za.i1, za.f1), za.s).store(&mut out[k..]);
    }
}

impl RowNoise for Improved {
    type Cols = LatticeCols;
    fn cols(&self, xs: &[f32]) -> LatticeCols {
        lattice_cols(xs, |xi| {
            let x0 = (xi & 255) as usize;
            (self.perm[x0] as u32, self.perm[x0 + 1] as u32)
        })
    }

    fn row2(&self, c: &LatticeCols, _xs: &[f32], y: f32, out: &mut [f32]) {
        gradient_row2(&self.perm, &IG2, c, &Axis::improved(y), out);
    }

    fn points2(&self, x: &[f64], y: &[f64], f: f64, out: &mut [f32]) {
        crate::rows::points::lattice_points2(self, x, y, f, out)
    }

    fn points3(&self, p: [&[f64]; 3], f: f64, out: &mut [f32]) {
        crate::rows::points::lattice_points3(self, p, f, out)
    }

    fn row3(&self, c: &LatticeCols, _xs: &[f32], y: f32, z: f32, out: &mut [f32]) {
        lattice_row3(self, c, y, z, out)
    }
}

impl Row3 for Improved {
    fn axis(v: f32) -> Axis {
        Axis::improved(v)
    }

    #[inline(always)]
    fn run3(&self, c: &LatticeCols, out: &mut [f32], k0: usize, end: usize, ya: &Axis, za: &Axis) {
        let perm = &self.perm;
        let (p0, p1) = (lanes(&c.p0, k0), lanes(&c.p1, k0));
        let (a, b) = (p0[0] + ya.i0, p1[0] + ya.i0);
        let second = |i: u32, add: u32| [perm[((i + add) & 511) as usize] as u32 + za.i0; 4];
        let (aa, ab, ba, bb) = (second(a, 0), second(a, 1), second(b, 0), second(b, 1));
        let layer = |add: u32, dz: F4| {
            let h = |i| hash4::<true>(perm, i, add);
            run_layer(&GRAD3, [h(aa), h(ba), h(ab), h(bb)], ya, dz)
        };
        gradient_run3(
            c,
            out,
            k0..end,
            [layer(0, za.f), layer(1, za.f1)],
            ya.s,
            za.s,
        );
    }

    #[inline(always)]
    fn chunk3(&self, c: &LatticeCols, out: &mut [f32], k: usize, ya: &Axis, za: &Axis) {
        let perm = &self.perm;
        let (p0, p1) = (lanes(&c.p0, k), lanes(&c.p1, k));
        let (xf, xf1, u) = (
            F4::load(&c.xf[k..]),
            F4::load(&c.xf1[k..]),
            F4::load(&c.u[k..]),
        );
        // a = p(xi) + yi; aa = p(a) + zi; ab = p(a + 1) + zi (likewise b).
        let a = p0.map(|v| v + ya.i0);
        let b = p1.map(|v| v + ya.i0);
        let aa = hash4::<false>(perm, a, 0).map(|v| v + za.i0);
        let ab = hash4::<false>(perm, a, 1).map(|v| v + za.i0);
        let ba = hash4::<false>(perm, b, 0).map(|v| v + za.i0);
        let bb = hash4::<false>(perm, b, 1).map(|v| v + za.i0);
        let g = |i: [u32; 4], add: u32, dx: F4, dy: F4, dz: F4| {
            let h = hash4::<false>(perm, i, add);
            ig::<false, _, _>(&GRAD3, h, 0) * dx
                + ig::<false, _, _>(&GRAD3, h, 1) * dy
                + ig::<false, _, _>(&GRAD3, h, 2) * dz
        };
        let layer = |add: u32, dz: F4| {
            lerp4(
                lerp4(g(aa, add, xf, ya.f, dz), g(ba, add, xf1, ya.f, dz), u),
                lerp4(g(ab, add, xf, ya.f1, dz), g(bb, add, xf1, ya.f1, dz), u),
                ya.s,
            )
        };
        lerp4(layer(0, za.f), layer(1, za.f1), za.s).store(&mut out[k..]);
    }
}
