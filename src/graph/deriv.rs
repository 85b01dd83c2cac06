//! Derivatives through a graph: each node's value row and its gradient rows (∂x, ∂y, ∂z
//! per noise unit of the fill's positions), band by band as `eval.rs` runs values.
//!
//! The value row of every node goes through the same functions as [`super::eval`]
//! (`Shape::apply`, `Fold::apply`, `blend`, `select`, the same moved and displaced
//! positions, leaves' derivative rows whose values are their fills' bits), so the value
//! plane equals [`super::Graph::fill2d`] bit for bit. The gradient follows the chain
//! rule: a shape multiplies by its slope at the input, a fold step by its weights, a
//! domain op `f(m(p))` gives `J_mᵀ · ∇f`: `scale` by `s` per axis, `rotate` by `Rᵀ`,
//! `displace` by `(I + J_d)ᵀ` with `J_d` the offsets' own gradients.

use super::eval::{displaced_axes, offset, Coords};
use super::node::{Move, Node};
use super::ops::{blend, blend_t, select, select_t};
use crate::error::Result;
use crate::field::Field;

/// A node's values and gradient over one band.
pub struct Dual {
    pub v: Vec<f32>,
    pub g: [Vec<f32>; 3],
}

impl Dual {
    pub fn new(n: usize) -> Self {
        Self {
            v: vec![0.0; n],
            g: [vec![0.0; n], vec![0.0; n], vec![0.0; n]],
        }
    }

    fn len(&self) -> usize {
        self.v.len()
    }

    /// `g = wa · g + wb · gb`, sample by sample.
    fn combine(&mut self, b: &Dual, w: impl Fn(usize) -> (f32, f32)) {
        for i in 0..self.len() {
            let (wa, wb) = w(i);
            for k in 0..3 {
                self.g[k][i] = wa * self.g[k][i] + wb * b.g[k][i];
            }
        }
    }
}

/// `node` at positions `c` for a `dims`-D fill into `out` (`c.len()` samples). Errors
/// come from leaves without a derivative (the graph checks them first, so none here).
pub fn eval_deriv(node: &Node, c: &Coords, dims: u32, out: &mut Dual) -> Result<()> {
    let n = out.len();
    match node {
        Node::Leaf(f) => leaf(f, c, dims, out)?,
        Node::Constant(v) => {
            out.v.fill(*v);
            out.g.iter_mut().for_each(|g| g.fill(0.0));
        }
        Node::Coord(i) => {
            c.each(&mut out.v, |p| p[*i] as f32);
            for (k, g) in out.g.iter_mut().enumerate() {
                g.fill(if k == *i { 1.0 } else { 0.0 });
            }
        }
        Node::Distance(q) => {
            c.each(&mut out.v, |p| {
                let d = [p[0] - q[0], p[1] - q[1], p[2] - q[2]];
                (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt() as f32
            });
            for (k, g) in out.g.iter_mut().enumerate() {
                c.each(g, |p| {
                    let d = [p[0] - q[0], p[1] - q[1], p[2] - q[2]];
                    let r = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
                    if r > 0.0 {
                        (d[k] / r) as f32
                    } else {
                        0.0
                    }
                });
            }
        }
        Node::Shape(shape, input) => {
            eval_deriv(input, c, dims, out)?;
            for i in 0..n {
                // Terrace is refused before any fill (`Graph::deriv_error`).
                let s = shape.slope(out.v[i]).unwrap_or(0.0);
                out.g.iter_mut().for_each(|g| g[i] *= s);
            }
            shape.apply(&mut out.v);
        }
        Node::Fold(f, inputs) => {
            eval_deriv(&inputs[0], c, dims, out)?;
            let mut b = Dual::new(n);
            for input in &inputs[1..] {
                eval_deriv(input, c, dims, &mut b)?;
                let v = &out.v;
                let w: Vec<(f32, f32)> = (0..n).map(|i| f.weights(v[i], b.v[i])).collect();
                out.combine(&b, |i| w[i]);
                f.apply(&mut out.v, &b.v);
            }
        }
        Node::Blend(v) => three(v, c, dims, out, blend_t, blend)?,
        Node::Select(v, lo, hi) => three(
            v,
            c,
            dims,
            out,
            |t| select_t(t, *lo, *hi),
            |a, b, t| select(a, b, t, *lo, *hi),
        )?,
        Node::Move(m, input) => {
            eval_deriv(input, &c.moved(m), dims, out)?;
            moved(m, &mut out.g);
        }
        Node::Displace(v, z_in_2d) => {
            let mut p = c.points();
            let axes = displaced_axes(v, *z_in_2d, dims);
            let mut ds = Vec::with_capacity(axes);
            for (axis, input) in v[1..=axes].iter().enumerate() {
                let mut d = Dual::new(n);
                eval_deriv(input, c, dims, &mut d)?;
                offset(&mut p[axis], &d.v);
                ds.push(d);
            }
            eval_deriv(&v[0], &Coords::Points(p), dims, out)?;
            // ∂/∂p_j f(p + d(p)) = g_j + Σ_k ∂d_k/∂p_j · g_k, g = ∇f at the moved point.
            for i in 0..n {
                let g = [out.g[0][i], out.g[1][i], out.g[2][i]];
                for j in 0..3 {
                    let mut sum = g[j];
                    for (k, d) in ds.iter().enumerate() {
                        sum += d.g[j][i] * g[k];
                    }
                    out.g[j][i] = sum;
                }
            }
        }
    }
    Ok(())
}

/// A leaf's derivative rows: by grid row, or one point at a time (a row of one).
fn leaf(f: &Field, c: &Coords, dims: u32, out: &mut Dual) -> Result<()> {
    let [gx, gy, gz] = &mut out.g;
    match c {
        Coords::Grid { xs, ys, z } => {
            f.deriv_axes([&mut out.v, gx, gy, gz], xs, ys, *z, dims)?;
            if dims == 2 {
                gz.fill(0.0);
            }
        }
        Coords::Points(p) => f.points_deriv(p, dims, [&mut out.v, gx, gy, gz])?,
    }
    Ok(())
}

/// `∇(f ∘ m) = J_mᵀ · ∇f` in place (translate: `J = I`).
fn moved(m: &Move, g: &mut [Vec<f32>; 3]) {
    match m {
        Move::Translate(_) => {}
        Move::Scale(s) => {
            for (g, &s) in g.iter_mut().zip(s) {
                g.iter_mut().for_each(|v| *v = (*v as f64 * s) as f32);
            }
        }
        Move::Rotate(r) => {
            for i in 0..g[0].len() {
                let q = [g[0][i] as f64, g[1][i] as f64, g[2][i] as f64];
                for j in 0..3 {
                    g[j][i] = (r[0][j] * q[0] + r[1][j] * q[1] + r[2][j] * q[2]) as f32;
                }
            }
        }
    }
}

/// `[a, b, control]`: `v = a + t(b − a)` with `(t, t′) = weight(control)`, so
/// `∇v = (1 − t)∇a + t∇b + (b − a) t′ ∇control`; the values by `op` (a into `out`).
fn three(
    v: &[Node; 3],
    c: &Coords,
    dims: u32,
    out: &mut Dual,
    weight: impl Fn(f32) -> (f32, f32),
    op: impl Fn(&mut [f32], &[f32], &[f32]),
) -> Result<()> {
    let n = out.len();
    eval_deriv(&v[0], c, dims, out)?;
    let (mut b, mut t) = (Dual::new(n), Dual::new(n));
    eval_deriv(&v[1], c, dims, &mut b)?;
    eval_deriv(&v[2], c, dims, &mut t)?;
    for i in 0..n {
        let (w, dw) = weight(t.v[i]);
        let spread = (b.v[i] - out.v[i]) * dw;
        for k in 0..3 {
            out.g[k][i] = (1.0 - w) * out.g[k][i] + w * b.g[k][i] + spread * t.g[k][i];
        }
    }
    op(&mut out.v, &b.v, &t.v);
    Ok(())
}
