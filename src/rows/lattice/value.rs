//! Value noise rows: corner values blended with the fades.

use super::{cell_runs, classic_first, hash4, lanes, lattice_cols, vals, Axis, LatticeCols};
use crate::noise::value::Value;
use crate::rows::RowNoise;
use crate::simd::{lerp4, F4};

impl RowNoise for Value {
    type Cols = LatticeCols;
    fn cols(&self, xs: &[f32]) -> LatticeCols {
        lattice_cols(xs, classic_first(&self.perm))
    }

    fn row2(&self, c: &LatticeCols, _xs: &[f32], y: f32, out: &mut [f32]) {
        let ya = Axis::wrapped(y);
        let corners = |p0: [u32; 4], p1: [u32; 4], uni: bool| {
            let at = |p, yi| {
                if uni {
                    vals::<true>(&self.values, hash4::<true>(&self.perm, p, yi))
                } else {
                    vals::<false>(&self.values, hash4::<false>(&self.perm, p, yi))
                }
            };
            [at(p0, ya.i0), at(p1, ya.i0), at(p0, ya.i1), at(p1, ya.i1)]
        };
        cell_runs(
            c,
            out,
            |out, k0, end| {
                let [v00, v10, v01, v11] = corners(lanes(&c.p0, k0), lanes(&c.p1, k0), true);
                // lerp4(v00, v10, u) is v00 + u · (v10 − v00): the differences are the run's.
                let (d0, d1) = (v10 - v00, v11 - v01);
                for k in (k0..end).step_by(4) {
                    let u = F4::load(&c.u[k..]);
                    lerp4(v00 + u * d0, v01 + u * d1, ya.s).store(&mut out[k..]);
                }
            },
            |out, k| {
                let [v00, v10, v01, v11] = corners(lanes(&c.p0, k), lanes(&c.p1, k), false);
                let u = F4::load(&c.u[k..]);
                lerp4(lerp4(v00, v10, u), lerp4(v01, v11, u), ya.s).store(&mut out[k..]);
            },
        );
    }

    fn row3(&self, c: &LatticeCols, _xs: &[f32], y: f32, z: f32, out: &mut [f32]) {
        let (ya, za) = (Axis::wrapped(y), Axis::wrapped(z));
        #[inline(always)]
        fn chunk<const U: bool>(
            this: &Value,
            c: &LatticeCols,
            k: usize,
            ya: &Axis,
            za: &Axis,
            out: &mut [f32],
        ) {
            let perm = &this.perm;
            let (p0, p1) = (lanes(&c.p0, k), lanes(&c.p1, k));
            let u = F4::load(&c.u[k..]);
            let (a0, a1) = (hash4::<U>(perm, p0, ya.i0), hash4::<U>(perm, p1, ya.i0));
            let (b0, b1) = (hash4::<U>(perm, p0, ya.i1), hash4::<U>(perm, p1, ya.i1));
            let layer = |zk: u32| {
                let at = |a: [u32; 4]| vals::<U>(&this.values, hash4::<U>(perm, a, zk));
                lerp4(lerp4(at(a0), at(a1), u), lerp4(at(b0), at(b1), u), ya.s)
            };
            lerp4(layer(za.i0), layer(za.i1), za.s).store(&mut out[k..]);
        }
        let perm = &self.perm;
        cell_runs(
            c,
            out,
            |out, k0, end| {
                let (p0, p1) = (lanes(&c.p0, k0), lanes(&c.p1, k0));
                let (a0, a1) = (
                    hash4::<true>(perm, p0, ya.i0),
                    hash4::<true>(perm, p1, ya.i0),
                );
                let (b0, b1) = (
                    hash4::<true>(perm, p0, ya.i1),
                    hash4::<true>(perm, p1, ya.i1),
                );
                // A layer's x pairs as (v0, v1 − v0): lerp4(v0, v1, u) is v0 + u · (v1 − v0).
                let pairs = |zk: u32| {
                    let at = |a: [u32; 4]| vals::<true>(&self.values, hash4::<true>(perm, a, zk));
                    let (x0, y0) = (at(a0), at(b0));
                    [(x0, at(a1) - x0), (y0, at(b1) - y0)]
                };
                let (l0, l1) = (pairs(za.i0), pairs(za.i1));
                for k in (k0..end).step_by(4) {
                    let u = F4::load(&c.u[k..]);
                    let layer =
                        |[(x0, dx), (y0, dy)]: [(F4, F4); 2]| lerp4(x0 + u * dx, y0 + u * dy, ya.s);
                    lerp4(layer(l0), layer(l1), za.s).store(&mut out[k..]);
                }
            },
            |out, k| chunk::<false>(self, c, k, &ya, &za, out),
        );
    }
}
