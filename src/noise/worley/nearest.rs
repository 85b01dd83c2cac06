//! The nearest feature point alone, for the derivative of F1: `∇F1 = (p − q) / |p − q|`
//! (Euclidean) needs the point `q` the distance comes from, which the two-distance
//! search ([`super::search`]) does not keep.

use super::Worley;

impl Worley {
    /// The smallest distance key from the point with in-cell fractions `p` and the
    /// offset `q − p` of the feature point giving it; `cell(o)` is the cell (as hashed)
    /// at offset `o` from the point's. Every cell within reach of the smallest key is
    /// visited, a superset of the cells [`Worley::search2`] / `search3` visit for F1, and
    /// keys are computed as there, so the key is F1's to the bit.
    pub(crate) fn nearest<const N: usize>(
        &self,
        p: [f32; N],
        cell: impl Fn([i32; N]) -> [i32; 3],
    ) -> (f32, [f32; N]) {
        let mut best = (f32::INFINITY, [0.0f32; N]);
        let visit = |o: [i32; N], best: &mut (f32, [f32; N])| {
            let u = self.offsets(cell(o), N);
            let d: [f32; N] = core::array::from_fn(|a| o[a] as f32 + u[a] - p[a]);
            let k = d[1..]
                .iter()
                .fold(self.term(d[0]), |k, &v| self.join(k, self.term(v)));
            if k < best.0 {
                *best = (k, d);
            }
        };
        let each = |lo: [i32; N], hi: [i32; N], f: &mut dyn FnMut([i32; N])| {
            let mut o = lo;
            loop {
                f(o);
                let mut a = 0;
                while a < N {
                    if o[a] < hi[a] {
                        o[a] += 1;
                        break;
                    }
                    o[a] = lo[a];
                    a += 1;
                }
                if a == N {
                    return;
                }
            }
        };
        each([-1; N], [1; N], &mut |o| visit(o, &mut best));
        let reach: [(i32, i32); N] = core::array::from_fn(|a| self.reach(p[a], best.0));
        if reach.iter().any(|&(a, b)| a < -1 || b > 1) {
            let inner = |o: [i32; N]| o.iter().all(|v| v.abs() <= 1);
            let (lo, hi) = (reach.map(|r| r.0), reach.map(|r| r.1));
            each(lo, hi, &mut |o| {
                if !inner(o) {
                    visit(o, &mut best)
                }
            });
        }
        best
    }

    /// `[F1, ∂F1/∂x, …]` (Euclidean) at the point `x` whose cell, as hashed, is
    /// `cell(floor(x) + o)` for offset `o`; the gradient is 0 on a feature point itself
    /// (the tip of its cone, where F1 has no derivative).
    pub(crate) fn f1_deriv<const N: usize, const M: usize>(
        &self,
        x: [f32; N],
        cell: impl Fn([i32; N]) -> [i32; 3],
    ) -> [f32; M] {
        let f = x.map(f32::floor);
        let c = f.map(|v| v as i32);
        let p: [f32; N] = core::array::from_fn(|a| x[a] - f[a]);
        let (k, d) = self.nearest(p, |o| {
            cell(core::array::from_fn(|a| c[a].wrapping_add(o[a])))
        });
        let f1 = self.unkey(k);
        core::array::from_fn(|a| match a {
            0 => f1,
            _ if f1 > 0.0 => -d[a - 1] / f1,
            _ => 0.0,
        })
    }
}
