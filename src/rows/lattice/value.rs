//! Value noise rows: corner values blended with the fades.

use super::{
    cell_runs, classic_first, corners, hash4, lattice_cols, lattice_row3, vals, Axis, LatticeCols,
    Row3,
};
use crate::noise::value::Value;
use crate::rows::RowNoise;
use crate::simd::{lerp4, F4};

impl RowNoise for Value {
    type Cols = LatticeCols;
    fn cols(&self, xs: &[f32]) -> LatticeCols {
        lattice_cols(xs, classic_first(&self.perm))
    }

    fn points2(&self, x: &[f64], y: &[f64], f: f64, out: &mut [f32]) {
        crate::rows::points::lattice_points2(self, x, y, f, out)
    }

    fn points3(&self, p: [&[f64]; 3], f: f64, out: &mut [f32]) {
        crate::rows::points::lattice_points3(self, p, f, out)
    }

    fn row2(&self, c: &LatticeCols, _xs: &[f32], y: f32, out: &mut [f32]) {
        let ya = Axis::wrapped(y);
        // The values at chunk `k`'s corners 00, 10, 01, 11.
        #[inline(always)]
        fn at<const U: bool>(this: &Value, c: &LatticeCols, k: usize, ya: &Axis) -> [F4; 4] {
            let [a, b, cc, d] = corners::<U>(&this.perm, c, k, ya);
            let v = |h| vals::<U>(&this.values, h);
            [v(a), v(b), v(cc), v(d)]
        }
        cell_runs(
            c,
            out,
            |out, k0, end| {
                let [v00, v10, v01, v11] = at::<true>(self, c, k0, &ya);
                // lerp4(v00, v10, u) is v00 + u · (v10 − v00): the differences are the run's.
                let (d0, d1) = (v10 - v00, v11 - v01);
                for k in (k0..end).step_by(4) {
                    let u = F4::load(&c.u[k..]);
                    lerp4(v00 + u * d0, v01 + u * d1, ya.s).store(&mut out[k..]);
                }
            },
            |out, k| {
                let [v00, v10, v01, v11] = at::<false>(self, c, k, &ya);
                let u = F4::load(&c.u[k..]);
                lerp4(lerp4(v00, v10, u), lerp4(v01, v11, u), ya.s).store(&mut out[k..]);
            },
        );
    }

    fn row3(&self, c: &LatticeCols, _xs: &[f32], y: f32, z: f32, out: &mut [f32]) {
        lattice_row3(self, c, y, z, out)
    }
}

impl Row3 for Value {
    fn axis(v: f32) -> Axis {
        Axis::wrapped(v)
    }

    #[inline(always)]
    fn run3(&self, c: &LatticeCols, out: &mut [f32], k0: usize, end: usize, ya: &Axis, za: &Axis) {
        let perm = &self.perm;
        let [a0, a1, b0, b1] = corners::<true>(perm, c, k0, ya);
        // A layer's x pairs as (v0, v1 − v0): lerp4(v0, v1, u) is v0 + u · (v1 − v0).
        let pairs = |zk: u32| {
            let at = |a: [u32; 4]| vals::<true>(&self.values, hash4::<true>(perm, a, zk));
            let (x0, y0) = (at(a0), at(b0));
            [(x0, at(a1) - x0), (y0, at(b1) - y0)]
        };
        let (l0, l1) = (pairs(za.i0), pairs(za.i1));
        for k in (k0..end).step_by(4) {
            let u = F4::load(&c.u[k..]);
            let layer = |[(x0, dx), (y0, dy)]: [(F4, F4); 2]| lerp4(x0 + u * dx, y0 + u * dy, ya.s);
            lerp4(layer(l0), layer(l1), za.s).store(&mut out[k..]);
        }
    }

    #[inline(always)]
    fn chunk3(&self, c: &LatticeCols, out: &mut [f32], k: usize, ya: &Axis, za: &Axis) {
        let perm = &self.perm;
        let u = F4::load(&c.u[k..]);
        let [a0, a1, b0, b1] = corners::<false>(perm, c, k, ya);
        let layer = |zk: u32| {
            let at = |a: [u32; 4]| vals::<false>(&self.values, hash4::<false>(perm, a, zk));
            lerp4(lerp4(at(a0), at(a1), u), lerp4(at(b0), at(b1), u), ya.s)
        };
        lerp4(layer(za.i0), layer(za.i1), za.s).store(&mut out[k..]);
    }
}
