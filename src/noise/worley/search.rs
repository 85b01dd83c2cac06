//! The nearest-two search of [`Worley`]: the 3×3 (×3) block around the point's cell,
//! then whatever farther slabs of cells can still hold a nearer point (see the notes
//! of the parent module).

use super::{Worley, WorleyDistance};

/// The two smallest distance keys seen so far (also one lane's state in the row
/// kernels' farther slabs).
pub(crate) struct Best {
    pub(crate) k1: f32,
    pub(crate) k2: f32,
}

impl Best {
    #[inline(always)]
    pub(crate) fn add(&mut self, k: f32) {
        if k < self.k1 {
            self.k2 = self.k1;
            self.k1 = k;
        } else if k < self.k2 {
            self.k2 = k;
        }
    }
}

impl Worley {
    /// Per-axis term of a distance key: squared for Euclidean (so the search needs no
    /// square roots), absolute value otherwise.
    #[inline(always)]
    pub(crate) fn term(&self, v: f32) -> f32 {
        match self.params.distance {
            WorleyDistance::Euclidean => v * v,
            _ => v.abs(),
        }
    }

    /// Joins per-axis terms: maximum for Chebyshev, sum otherwise.
    #[inline(always)]
    pub(crate) fn join(&self, a: f32, b: f32) -> f32 {
        match self.params.distance {
            WorleyDistance::Chebyshev => a.max(b),
            _ => a + b,
        }
    }

    #[inline(always)]
    pub(crate) fn unkey(&self, k: f32) -> f32 {
        match self.params.distance {
            WorleyDistance::Euclidean => k.sqrt(),
            _ => k,
        }
    }

    /// Key term of the gap, along one axis, between a point at `f ∈ [0, 1)` in its cell
    /// and the box where the feature point of the cell at offset `o` can lie.
    #[inline(always)]
    pub(crate) fn gap(&self, o: i32, f: f32) -> f32 {
        let b = o as f32;
        self.term((b + self.lo - f).max(f - b - self.hi).max(0.0))
    }

    /// The offsets along one axis outside which every cell is at least `k2` away.
    /// After the 3 × 3 (× 3) block, F2 < 3.5 for any metric and jitter (own cell plus a
    /// neighbour), and cells 5 or more away are at least 4 away: 4 is the widest reach.
    #[inline(always)]
    pub(crate) fn reach(&self, f: f32, k2: f32) -> (i32, i32) {
        let (mut a, mut b) = (-1, 1);
        while a > -4 && self.gap(a - 1, f) < k2 {
            a -= 1;
        }
        while b < 4 && self.gap(b + 1, f) < k2 {
            b += 1;
        }
        (a, b)
    }

    /// F1 and F2 at a 2D point. The 3 × 3 block around the point's cell first, then
    /// the cells farther out that the per-axis reach allows; any cell whose jitter box
    /// is already farther than F2 is skipped before it is hashed. `wrap` maps a cell to
    /// the cell whose hash it uses (the identity, or modulo a period).
    #[inline(always)]
    pub(crate) fn search2(
        &self,
        x: f32,
        y: f32,
        wrap: impl Fn(i32, i32) -> [i32; 3],
    ) -> (f32, f32) {
        let (fx, fy) = (x.floor(), y.floor());
        let (cx, cy, x, y) = (fx as i32, fy as i32, x - fx, y - fy);
        let mut best = Best {
            k1: f32::INFINITY,
            k2: f32::INFINITY,
        };
        let visit = |ox: i32, oy: i32, best: &mut Best| {
            let u = self.offsets(wrap(cx.wrapping_add(ox), cy.wrapping_add(oy)), 2);
            best.add(self.join(
                self.term(ox as f32 + u[0] - x),
                self.term(oy as f32 + u[1] - y),
            ));
        };
        visit(0, 0, &mut best);
        for oy in -1..=1 {
            let gy = self.gap(oy, y);
            for ox in -1..=1 {
                if (ox, oy) != (0, 0) && self.join(self.gap(ox, x), gy) < best.k2 {
                    visit(ox, oy, &mut best);
                }
            }
        }
        let ((x0, x1), (y0, y1)) = (self.reach(x, best.k2), self.reach(y, best.k2));
        if x0 < -1 || x1 > 1 || y0 < -1 || y1 > 1 {
            for oy in y0..=y1 {
                let gy = self.gap(oy, y);
                for ox in x0..=x1 {
                    let inner = ox.abs() <= 1 && oy.abs() <= 1;
                    if !inner && self.join(self.gap(ox, x), gy) < best.k2 {
                        visit(ox, oy, &mut best);
                    }
                }
            }
        }
        (self.unkey(best.k1), self.unkey(best.k2))
    }

    /// F1 and F2 at a 3D point; the same search as [`Worley::search2`], cells shifted
    /// by `s`.
    #[inline(always)]
    pub(crate) fn search3(&self, x: f32, y: f32, z: f32, s: [i32; 3]) -> (f32, f32) {
        let (fx, fy, fz) = (x.floor(), y.floor(), z.floor());
        let c = [
            (fx as i32).wrapping_add(s[0]),
            (fy as i32).wrapping_add(s[1]),
            (fz as i32).wrapping_add(s[2]),
        ];
        let p = [x - fx, y - fy, z - fz];
        let mut best = Best {
            k1: f32::INFINITY,
            k2: f32::INFINITY,
        };
        let visit = |o: [i32; 3], best: &mut Best| {
            let u = self.offsets(
                [
                    c[0].wrapping_add(o[0]),
                    c[1].wrapping_add(o[1]),
                    c[2].wrapping_add(o[2]),
                ],
                3,
            );
            let k = self.join(
                self.term(o[0] as f32 + u[0] - p[0]),
                self.term(o[1] as f32 + u[1] - p[1]),
            );
            best.add(self.join(k, self.term(o[2] as f32 + u[2] - p[2])));
        };
        visit([0, 0, 0], &mut best);
        let block = |r: [(i32, i32); 3], skip_inner: bool, best: &mut Best| {
            for oz in r[2].0..=r[2].1 {
                let gz = self.gap(oz, p[2]);
                if gz >= best.k2 {
                    continue;
                }
                for oy in r[1].0..=r[1].1 {
                    let gyz = self.join(self.gap(oy, p[1]), gz);
                    if gyz >= best.k2 {
                        continue;
                    }
                    for ox in r[0].0..=r[0].1 {
                        let inner = ox.abs() <= 1 && oy.abs() <= 1 && oz.abs() <= 1;
                        let skip = if skip_inner {
                            inner
                        } else {
                            (ox, oy, oz) == (0, 0, 0)
                        };
                        if !skip && self.join(self.gap(ox, p[0]), gyz) < best.k2 {
                            visit([ox, oy, oz], best);
                        }
                    }
                }
            }
        };
        block([(-1, 1); 3], false, &mut best);
        let r = p.map(|f| self.reach(f, best.k2));
        if r.iter().any(|&(a, b)| a < -1 || b > 1) {
            block(r, true, &mut best);
        }
        (self.unkey(best.k1), self.unkey(best.k2))
    }
}
