//! Interval arithmetic through a graph: the closed bound of each node's values from its
//! inputs' bounds, and the box of sample positions each node sees (domain ops move it).
//! Bounds are computed in f64 and widened by a few f32 ulps of the values involved
//! (`finish`), so they hold for the f32 arithmetic of the fills; tests/graph.rs
//! samples graphs to check that samples stay inside and reach most of the bound.

use super::node::Move;
use super::ops::{Curve, Fold, Shape, Terrace};

/// A closed interval `(lo, hi)`.
pub type Iv = (f64, f64);
/// The bounds of the x, y and z a node is sampled at.
pub type Box3 = [Iv; 3];

fn hull(ivs: impl IntoIterator<Item = f64>) -> Iv {
    ivs.into_iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        })
}

/// `iv` widened by 2⁻²⁰ of the largest magnitude among it and `inputs`: f32 rounding of
/// a few operations on values of that size stays well inside. Ops whose rounding error
/// scales with their result (one rounding, or a bounded formula) pass no inputs; ops
/// that can cancel large terms (`a·s + b`) pass the terms.
pub fn finish(iv: Iv, inputs: &[Iv]) -> Iv {
    let mag = inputs
        .iter()
        .chain([&iv])
        .fold(0.0f64, |m, &(lo, hi)| m.max(lo.abs()).max(hi.abs()));
    let e = mag * (1.0 / (1u64 << 20) as f64);
    (iv.0 - e, iv.1 + e)
}

/// The bound of `s(v)` for `v` in `a`.
pub fn shape(s: &Shape, a: Iv) -> Iv {
    let (lo, hi) = a;
    match s {
        Shape::Abs if lo >= 0.0 => a,
        Shape::Abs if hi <= 0.0 => (-hi, -lo),
        Shape::Abs => (0.0, (-lo).max(hi)),
        Shape::Neg => (-hi, -lo),
        Shape::Clamp(l, h) => (
            lo.clamp(*l as f64, *h as f64),
            hi.clamp(*l as f64, *h as f64),
        ),
        Shape::ScaleBias(s, b) => {
            let (s, b) = (*s as f64, *b as f64);
            let terms = hull([lo * s, hi * s]);
            finish(hull([terms.0 + b, terms.1 + b]), &[terms, (b, b)])
        }
        Shape::Pow(e) => {
            let p = |v: f64| v.signum() * v.abs().powf(*e as f64);
            finish((p(lo), p(hi)), &[])
        }
        Shape::Curve(c) => finish(curve(c, a), &[]),
        Shape::Terrace(t) => finish(terrace(t, a), &[]),
        Shape::Remap { from, factor, to } => {
            let terms = hull([
                (lo - *from as f64) * *factor as f64,
                (hi - *from as f64) * *factor as f64,
            ]);
            let to = *to as f64;
            finish((terms.0 + to, terms.1 + to), &[terms, a, (to, to)])
        }
    }
}

/// Each piece of a monotone cubic is monotone: the bound is the ends' values and the
/// control points between them. The ends are read through the f32 curve itself, at the
/// f32s just outside the input's bound.
fn curve(c: &Curve, a: Iv) -> Iv {
    let (lo, hi) = to_f32(a);
    let inner =
        c.xs.iter()
            .zip(&c.ys)
            .filter(|(&x, _)| x > lo && x < hi)
            .map(|(_, &y)| y as f64);
    hull([c.at(lo) as f64, c.at(hi) as f64].into_iter().chain(inner))
}

/// Terrace does not decrease: its values at the ends bound it.
fn terrace(t: &Terrace, a: Iv) -> Iv {
    let (lo, hi) = to_f32(a);
    (t.at(lo) as f64, t.at(hi) as f64)
}

/// The bound of `a ∘ b`.
pub fn fold(f: Fold, a: Iv, b: Iv) -> Iv {
    let iv = match f {
        Fold::Add => (a.0 + b.0, a.1 + b.1),
        Fold::Sub => (a.0 - b.1, a.1 - b.0),
        Fold::Mul => hull([a.0 * b.0, a.0 * b.1, a.1 * b.0, a.1 * b.1]),
        Fold::Min => (a.0.min(b.0), a.1.min(b.1)),
        Fold::Max => (a.0.max(b.0), a.1.max(b.1)),
        Fold::SmoothMin(k) => {
            let dip = smooth_dip(a, b, k as f64);
            (a.0.min(b.0) - dip, a.1.min(b.1))
        }
        Fold::SmoothMax(k) => {
            let dip = smooth_dip(a, b, k as f64);
            (a.0.max(b.0), a.1.max(b.1) + dip)
        }
    };
    match f {
        Fold::SmoothMin(_) | Fold::SmoothMax(_) => finish(iv, &[a, b]),
        _ => finish(iv, &[]),
    }
}

/// How far a smooth min can dip below the min: `k/4 · h²`, `h = (k − gap)/k` at the
/// smallest `|a − b|` the intervals allow.
fn smooth_dip(a: Iv, b: Iv, k: f64) -> f64 {
    let gap = (a.0 - b.1).max(b.0 - a.1).max(0.0);
    let h = ((k - gap) / k).max(0.0);
    h * h * k * 0.25
}

/// `a + t(b − a)`, `t = clamp((c + 1)/2)`: multilinear in `(a, b, t)`, so its extremes
/// lie at the corners of the box.
pub fn blend(a: Iv, b: Iv, c: Iv) -> Iv {
    let t = |v: f64| ((v + 1.0) * 0.5).clamp(0.0, 1.0);
    let mut corners = Vec::with_capacity(8);
    for ta in [t(c.0), t(c.1)] {
        for va in [a.0, a.1] {
            for vb in [b.0, b.1] {
                corners.push(va + ta * (vb - va));
            }
        }
    }
    finish(hull(corners), &[a, b])
}

/// `a`, `b` or a convex mix of the two, by where the control can fall.
pub fn select(a: Iv, b: Iv, c: Iv, lo: f32, hi: f32) -> Iv {
    let iv = if c.1 < lo as f64 {
        a
    } else if c.0 > hi as f64 {
        b
    } else {
        (a.0.min(b.0), a.1.max(b.1))
    };
    finish(iv, &[a, b])
}

/// The box a moved node's input sees.
pub fn moved(m: &Move, b: &Box3) -> Box3 {
    let mut out = match m {
        Move::Translate(t) => [0, 1, 2].map(|i| (b[i].0 + t[i], b[i].1 + t[i])),
        Move::Scale(s) => [0, 1, 2].map(|i| hull([b[i].0 * s[i], b[i].1 * s[i]])),
        Move::Rotate(r) => [0, 1, 2].map(|i| {
            // Centre and half-widths: |R|·half bounds the rotated box.
            let (mut c, mut h) = (0.0, 0.0);
            for j in 0..3 {
                c += r[i][j] * (b[j].0 + b[j].1) * 0.5;
                h += r[i][j].abs() * (b[j].1 - b[j].0) * 0.5;
            }
            (c - h, c + h)
        }),
    };
    for iv in &mut out {
        *iv = finish(clamp_box(*iv), &[]);
    }
    out
}

/// Positions are clamped to ±[`super::node::MAX_COORD`] where domain ops move them.
fn clamp_box((lo, hi): Iv) -> Iv {
    let m = super::node::MAX_COORD;
    (lo.clamp(-m, m), hi.clamp(-m, m))
}

/// The box the source of a `displace` sees: `b` plus each displacement's bound.
pub fn displaced(b: &Box3, d: &[Iv]) -> Box3 {
    let mut out = *b;
    for (o, d) in out.iter_mut().zip(d) {
        *o = finish(clamp_box((o.0 + d.0, o.1 + d.1)), &[]);
    }
    out
}

/// The bound of the distance from a point of `b` to `p`.
pub fn distance(b: &Box3, p: &[f64; 3]) -> Iv {
    let (mut near, mut far) = (0.0, 0.0);
    for i in 0..3 {
        let (lo, hi) = (b[i].0 - p[i], b[i].1 - p[i]);
        let n = if lo > 0.0 {
            lo
        } else if hi < 0.0 {
            -hi
        } else {
            0.0
        };
        let f = lo.abs().max(hi.abs());
        near += n * n;
        far += f * f;
    }
    finish((near.sqrt(), far.sqrt()), &[])
}

/// f64 bounds as the f32 bound they guarantee (rounded outwards).
pub fn to_f32((lo, hi): Iv) -> (f32, f32) {
    let (l, h) = (lo as f32, hi as f32);
    let l = if (l as f64) > lo { step(l, -1.0) } else { l };
    let h = if (h as f64) < hi { step(h, 1.0) } else { h };
    (l, h)
}

/// The next f32 after finite `v` towards `dir` (±1).
fn step(v: f32, dir: f32) -> f32 {
    if v == 0.0 {
        return dir * f32::from_bits(1);
    }
    let bits = v.to_bits();
    // Away from zero is one more in the magnitude bits, towards zero one less.
    f32::from_bits(if (v > 0.0) == (dir > 0.0) {
        bits + 1
    } else {
        bits - 1
    })
}
