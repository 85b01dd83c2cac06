//! A compiled graph: each node's op with its checked parameters, ready to evaluate.

use super::ops::{Fold, Shape};
use crate::field::Field;

/// Domain ops clamp the positions they make to ±2⁵² noise units (beyond the fills'
/// reach, 2³¹ / 10⁻⁶, and below where f64 stops holding whole numbers), so that
/// scaling and rotating never feed a kernel a position it cannot split.
pub const MAX_COORD: f64 = 4_503_599_627_370_496.0;

#[derive(Clone, Debug)]
pub enum Node {
    Leaf(Box<Field>),
    Constant(f32),
    /// The sample position's x, y or z (0, 1, 2).
    Coord(usize),
    /// Euclidean distance from the sample position to a point.
    Distance([f64; 3]),
    Shape(Shape, Box<Node>),
    /// Two or more inputs, folded left.
    Fold(Fold, Vec<Node>),
    /// `[a, b, control]`.
    Blend(Box<[Node; 3]>),
    /// `[a, b, control]`, and the control's edges `threshold ∓ falloff`.
    Select(Box<[Node; 3]>, f32, f32),
    /// The input sampled at moved positions.
    Move(Move, Box<Node>),
    /// `[source, dx, dy(, dz)]`: the source at `p + (dx(p), dy(p), dz(p))`. The flag says
    /// whether the source reads z in a 2D fill (else `dz` is not computed there).
    Displace(Vec<Node>, bool),
}

/// A map of sample positions.
#[derive(Clone, Debug, PartialEq)]
pub enum Move {
    /// `p + t`.
    Translate([f64; 3]),
    /// `p · s`, per axis.
    Scale([f64; 3]),
    /// `R p`, a rotation matrix (rows).
    Rotate([[f64; 3]; 3]),
}

impl Move {
    /// Whether the map keeps grids axis-aligned (x depends on x alone, and so on).
    pub fn separable(&self) -> bool {
        !matches!(self, Move::Rotate(_))
    }

    /// Axis `i` of a position moved (separable maps need only that axis).
    #[inline(always)]
    pub fn axis(&self, i: usize, v: f64) -> f64 {
        let v = match self {
            Move::Translate(t) => v + t[i],
            Move::Scale(s) => v * s[i],
            Move::Rotate(_) => v,
        };
        v.clamp(-MAX_COORD, MAX_COORD)
    }

    /// A whole position moved.
    #[inline(always)]
    pub fn point(&self, p: [f64; 3]) -> [f64; 3] {
        match self {
            Move::Rotate(r) => r.map(|row| {
                (row[0] * p[0] + row[1] * p[1] + row[2] * p[2]).clamp(-MAX_COORD, MAX_COORD)
            }),
            _ => [0, 1, 2].map(|i| self.axis(i, p[i])),
        }
    }
}

impl Node {
    /// Whether a 2D fill of this node depends on the sample's z (2D leaves ignore it).
    pub fn reads_z(&self) -> bool {
        match self {
            Node::Coord(2) | Node::Distance(_) => true,
            Node::Leaf(_) | Node::Constant(_) | Node::Coord(_) => false,
            Node::Move(m, n) => !m.separable() || n.reads_z(),
            Node::Shape(_, n) => n.reads_z(),
            Node::Fold(_, v) | Node::Displace(v, _) => v.iter().any(Node::reads_z),
            Node::Blend(v) | Node::Select(v, ..) => v.iter().any(Node::reads_z),
        }
    }
}
