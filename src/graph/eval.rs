//! Evaluating a graph over a band of samples into rows of f32, node by node: each op
//! runs once over the whole band (its function in `ops.rs`), not once per sample.
//!
//! Positions come in two forms. A grid (columns `xs` × rows `ys` at one `z`) is what a
//! fill starts with; leaves fill it with their row kernels (SIMD rows, columns shared),
//! and the separable domain ops (`translate`, `scale`) keep it a grid by moving the
//! columns and rows alone. `rotate` and `displace` mix axes, so below them positions are
//! explicit per sample (`Points`), and leaves there sample the band's points as a batch
//! (`crate::rows::points`). A point
//! sample is a band of one point; every leaf gives the same bits in either form, so a
//! graph's fills equal its point samples, and any split of a fill gives the same bits.

use std::borrow::Cow;

use super::node::{Move, Node, MAX_COORD};
use super::ops::{blend, select};
use crate::field::{Field, Prepared};

/// Sample positions of a band (noise space).
#[derive(Clone, Debug)]
pub enum Coords<'a> {
    /// `xs.len() × ys.len()` samples, row-major, at depth `z`.
    Grid {
        xs: Cow<'a, [f64]>,
        ys: Cow<'a, [f64]>,
        z: f64,
    },
    /// One position per sample.
    Points([Vec<f64>; 3]),
}

impl Coords<'_> {
    pub fn len(&self) -> usize {
        match self {
            Coords::Grid { xs, ys, .. } => xs.len() * ys.len(),
            Coords::Points(p) => p[0].len(),
        }
    }

    /// Every sample's position.
    pub fn points(&self) -> [Vec<f64>; 3] {
        match self {
            Coords::Points(p) => p.clone(),
            Coords::Grid { xs, ys, z } => {
                let n = self.len();
                let mut p = [vec![0.0; n], vec![0.0; n], vec![*z; n]];
                for (j, &y) in ys.iter().enumerate() {
                    let row = j * xs.len()..(j + 1) * xs.len();
                    p[0][row.clone()].copy_from_slice(xs);
                    p[1][row].fill(y);
                }
                p
            }
        }
    }

    /// The positions moved by `m`: still a grid where `m` is separable.
    pub fn moved(&self, m: &Move) -> Coords<'static> {
        match self {
            Coords::Grid { xs, ys, z } if m.separable() => Coords::Grid {
                xs: xs.iter().map(|&x| m.axis(0, x)).collect(),
                ys: ys.iter().map(|&y| m.axis(1, y)).collect(),
                z: m.axis(2, *z),
            },
            _ => {
                let mut p = self.points();
                for i in 0..p[0].len() {
                    let q = m.point([p[0][i], p[1][i], p[2][i]]);
                    (p[0][i], p[1][i], p[2][i]) = (q[0], q[1], q[2]);
                }
                Coords::Points(p)
            }
        }
    }

    /// `out[s] = f(position of sample s)`.
    pub fn each(&self, out: &mut [f32], f: impl Fn([f64; 3]) -> f32) {
        match self {
            Coords::Grid { xs, ys, z } => {
                for (row, &y) in out.chunks_exact_mut(xs.len()).zip(ys.iter()) {
                    for (o, &x) in row.iter_mut().zip(xs.iter()) {
                        *o = f([x, y, *z]);
                    }
                }
            }
            Coords::Points(p) => {
                for (s, o) in out.iter_mut().enumerate() {
                    *o = f([p[0][s], p[1][s], p[2][s]]);
                }
            }
        }
    }
}

/// What one fill reuses across nodes and bands: free rows for the inputs of ops, and
/// each grid leaf's column data (its columns are the same in every band).
#[derive(Default)]
pub struct Scratch {
    rows: Vec<Vec<f32>>,
    /// By the leaf's address (each leaf is one node of the tree).
    cols: Vec<(usize, Option<Prepared>)>,
}

impl Scratch {
    fn take(&mut self, n: usize) -> Vec<f32> {
        let mut v = self.rows.pop().unwrap_or_default();
        v.resize(n, 0.0);
        v
    }
    fn give(&mut self, v: Vec<f32>) {
        self.rows.push(v);
    }
    /// `f`'s column data for columns `xs`, made on first use.
    fn columns(&mut self, f: &Field, xs: &[f64], dims: u32) -> Option<&Prepared> {
        let key = f as *const Field as usize;
        let at = match self.cols.iter().position(|(k, _)| *k == key) {
            Some(at) => at,
            None => {
                self.cols.push((key, f.prepare(xs, dims)));
                self.cols.len() - 1
            }
        };
        self.cols[at].1.as_ref()
    }
}

/// Writes `node` at positions `c` into `out` (`c.len()` values) for a `dims`-D fill
/// (2 or 3: which kernels the leaves run).
pub fn eval(node: &Node, c: &Coords, dims: u32, out: &mut [f32], s: &mut Scratch) {
    match node {
        Node::Leaf(f) => match (c, dims) {
            (Coords::Grid { xs, ys, z }, _) => match s.columns(f, xs, dims) {
                Some(p) => f.fill_prepared(p, out, ys, *z),
                None if dims == 2 => f.fill2d_axes(out, xs, ys),
                None => f.fill3d_axes(out, xs, ys, *z),
            },
            (Coords::Points([x, y, z]), _) => f.sample_points(out, [x, y, z], dims),
        },
        Node::Constant(v) => out.fill(*v),
        Node::Coord(i) => c.each(out, |p| p[*i] as f32),
        Node::Distance(q) => c.each(out, |p| {
            let d = [p[0] - q[0], p[1] - q[1], p[2] - q[2]];
            (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt() as f32
        }),
        Node::Shape(shape, n) => {
            eval(n, c, dims, out, s);
            shape.apply(out);
        }
        Node::Fold(f, inputs) => {
            eval(&inputs[0], c, dims, out, s);
            let mut b = s.take(out.len());
            for n in &inputs[1..] {
                eval(n, c, dims, &mut b, s);
                f.apply(out, &b);
            }
            s.give(b);
        }
        Node::Blend(v) => three(v, c, dims, out, s, blend),
        Node::Select(v, lo, hi) => three(v, c, dims, out, s, |a, b, t| select(a, b, t, *lo, *hi)),
        Node::Move(m, n) => eval(n, &c.moved(m), dims, out, s),
        Node::Displace(v, z_in_2d) => {
            let mut p = c.points();
            let axes = displaced_axes(v, *z_in_2d, dims);
            let mut d = s.take(out.len());
            for (axis, n) in v[1..=axes].iter().enumerate() {
                eval(n, c, dims, &mut d, s);
                offset(&mut p[axis], &d);
            }
            s.give(d);
            eval(&v[0], &Coords::Points(p), dims, out, s);
        }
    }
}

/// How many offsets a `displace` applies: `dz` only where z matters.
pub fn displaced_axes(v: &[Node], z_in_2d: bool, dims: u32) -> usize {
    if dims == 2 && !z_in_2d {
        2
    } else {
        v.len() - 1
    }
}

/// One axis of displaced positions: `q + d`, clamped as every domain op clamps.
pub fn offset(q: &mut [f64], d: &[f32]) {
    for (q, &dv) in q.iter_mut().zip(d) {
        *q = (*q + dv as f64).clamp(-MAX_COORD, MAX_COORD);
    }
}

/// `[a, b, control]` into rows, then `op(a → out, b, control)`.
fn three(
    v: &[Node; 3],
    c: &Coords,
    dims: u32,
    out: &mut [f32],
    s: &mut Scratch,
    op: impl Fn(&mut [f32], &[f32], &[f32]),
) {
    eval(&v[0], c, dims, out, s);
    let (mut b, mut t) = (s.take(out.len()), s.take(out.len()));
    eval(&v[1], c, dims, &mut b, s);
    eval(&v[2], c, dims, &mut t, s);
    op(out, &b, &t);
    s.give(b);
    s.give(t);
}
