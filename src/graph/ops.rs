//! The ops a graph node can name, and what each computes on a row of values: one small
//! function per op over slices, the same code for a fill and a point (a point is a row
//! of one), so that a derivative rule can sit beside each later.
//!
//! Sources: libnoise's modules (Bevins 2003–2007: terrace, select, blend, turbulence),
//! Quilez's polynomial smooth minimum (2013), and the monotone cubic of Fritsch and
//! Carlson (1980) for `curve`.

use super::pow::pow_abs;
use crate::spec::{named, Named};

/// Every op of a node `{ op, inputs, ...params }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Min,
    Max,
    SmoothMin,
    SmoothMax,
    Abs,
    Neg,
    Clamp,
    ScaleBias,
    Pow,
    Curve,
    Terrace,
    Remap,
    Blend,
    Select,
    Translate,
    Scale,
    Rotate,
    Displace,
    Turbulence,
    SeedOffset,
    Constant,
    X,
    Y,
    Z,
    Distance,
}

named!(
    Op,
    "GraphOpName",
    "op",
    Op::Add = "add",
    Op::Sub = "sub",
    Op::Mul = "mul",
    Op::Min = "min",
    Op::Max = "max",
    Op::SmoothMin = "smoothMin",
    Op::SmoothMax = "smoothMax",
    Op::Abs = "abs",
    Op::Neg = "neg",
    Op::Clamp = "clamp",
    Op::ScaleBias = "scaleBias",
    Op::Pow = "pow",
    Op::Curve = "curve",
    Op::Terrace = "terrace",
    Op::Remap = "remap",
    Op::Blend = "blend",
    Op::Select = "select",
    Op::Translate = "translate",
    Op::Scale = "scale",
    Op::Rotate = "rotate",
    Op::Displace = "displace",
    Op::Turbulence = "turbulence",
    Op::SeedOffset = "seedOffset",
    Op::Constant = "constant",
    Op::X = "x",
    Op::Y = "y",
    Op::Z = "z",
    Op::Distance = "distance",
);

impl Op {
    /// The fewest and most inputs.
    pub fn arity(self) -> (usize, usize) {
        use Op::*;
        match self {
            Add | Mul | Min | Max => (2, crate::limits::MAX_GRAPH_INPUTS),
            Sub | SmoothMin | SmoothMax => (2, 2),
            Blend | Select => (3, 3),
            Displace => (3, 4),
            Constant | X | Y | Z | Distance => (0, 0),
            _ => (1, 1),
        }
    }

    /// What the inputs are, for arity errors.
    pub fn inputs_doc(self) -> &'static str {
        match self {
            Op::Blend | Op::Select => "[a, b, control]",
            Op::Displace => "[source, dx, dy] or [source, dx, dy, dz]",
            _ => "",
        }
    }

    /// The parameters it takes besides `op` and `inputs`.
    pub fn keys(self) -> &'static [&'static str] {
        use Op::*;
        match self {
            SmoothMin | SmoothMax => &["k"],
            Clamp => &["min", "max"],
            ScaleBias => &["scale", "bias"],
            Pow => &["exponent"],
            Curve => &["points"],
            Terrace => &["points", "invert"],
            Remap => &["from", "to"],
            Select => &["threshold", "falloff"],
            Translate | Scale | SeedOffset => &["by"],
            Rotate => &["angle", "axis"],
            Turbulence => &["power", "frequency", "roughness", "seed"],
            Constant => &["value"],
            Distance => &["to"],
            _ => &[],
        }
    }
}

/// A one-input op applied in place to a row.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    Abs,
    Neg,
    Clamp(f32, f32),
    /// `v · scale + bias`.
    ScaleBias(f32, f32),
    /// `sign(v) · |v|^e`: odd, monotone, defined for every v.
    Pow(f32),
    Curve(Curve),
    Terrace(Terrace),
    /// `(v − from) · factor + to`, with `factor = (to₁ − to₀) / (from₁ − from₀)`.
    Remap {
        from: f32,
        factor: f32,
        to: f32,
    },
}

impl Shape {
    pub fn apply(&self, v: &mut [f32]) {
        match self {
            Shape::Abs => v.iter_mut().for_each(|x| *x = x.abs()),
            Shape::Neg => v.iter_mut().for_each(|x| *x = -*x),
            Shape::Clamp(lo, hi) => v.iter_mut().for_each(|x| *x = clamp(*x, *lo, *hi)),
            Shape::ScaleBias(s, b) => v.iter_mut().for_each(|x| *x = *x * s + b),
            Shape::Pow(e) => v.iter_mut().for_each(|x| *x = pow(*x, *e)),
            Shape::Curve(c) => v.iter_mut().for_each(|x| *x = c.at(*x)),
            Shape::Terrace(t) => v.iter_mut().for_each(|x| *x = t.at(*x)),
            Shape::Remap { from, factor, to } => {
                v.iter_mut().for_each(|x| *x = (*x - from) * factor + to)
            }
        }
    }
}

impl Shape {
    /// `d shape / dv` at input `v` (the same branches as [`Shape::apply`]); `None` for
    /// `terrace`, whose steps are meant as steps. At `abs`'s kink the slope is +1; where
    /// `pow` with an exponent below 1 is vertical (at 0) it is 0, as at a crease.
    pub fn slope(&self, v: f32) -> Option<f32> {
        Some(match self {
            Shape::Abs => {
                if v < 0.0 {
                    -1.0
                } else {
                    1.0
                }
            }
            Shape::Neg => -1.0,
            Shape::Clamp(lo, hi) => {
                if v < *lo || v > *hi {
                    0.0
                } else {
                    1.0
                }
            }
            Shape::ScaleBias(s, _) => *s,
            Shape::Pow(e) => {
                let d = e * pow_abs(v.abs(), e - 1.0);
                if d.is_finite() {
                    d
                } else {
                    0.0
                }
            }
            Shape::Curve(c) => c.slope(v),
            Shape::Terrace(_) => return None,
            Shape::Remap { factor, .. } => *factor,
        })
    }
}

/// `lo` below, `hi` above, `v` between (comparisons only: the same bits in every build).
#[inline(always)]
pub fn clamp(v: f32, lo: f32, hi: f32) -> f32 {
    if v < lo {
        lo
    } else if v > hi {
        hi
    } else {
        v
    }
}

#[inline(always)]
pub fn pow(v: f32, e: f32) -> f32 {
    libm::copysignf(pow_abs(v.abs(), e), v)
}

/// A monotone cubic through control points (Fritsch and Carlson 1980), flat outside.
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    pub xs: Vec<f32>,
    pub ys: Vec<f32>,
    /// Tangents at the points, limited so that each piece is monotone.
    pub ms: Vec<f32>,
}

impl Curve {
    /// From points with strictly increasing x (checked by the parser).
    pub fn new(points: &[[f64; 2]]) -> Self {
        let n = points.len();
        let d: Vec<f64> = points
            .windows(2)
            .map(|p| (p[1][1] - p[0][1]) / (p[1][0] - p[0][0]))
            .collect();
        let mut m: Vec<f64> = (0..n)
            .map(|k| match k {
                0 => d[0],
                k if k == n - 1 => d[n - 2],
                k if d[k - 1] * d[k] > 0.0 => (d[k - 1] + d[k]) / 2.0,
                _ => 0.0,
            })
            .collect();
        for k in 0..n - 1 {
            if d[k] == 0.0 {
                m[k] = 0.0;
                m[k + 1] = 0.0;
                continue;
            }
            let (a, b) = (m[k] / d[k], m[k + 1] / d[k]);
            let r = a * a + b * b;
            if r > 9.0 {
                let t = 3.0 / r.sqrt();
                m[k] = t * a * d[k];
                m[k + 1] = t * b * d[k];
            }
        }
        Self {
            xs: points.iter().map(|p| p[0] as f32).collect(),
            ys: points.iter().map(|p| p[1] as f32).collect(),
            ms: m.iter().map(|&v| v as f32).collect(),
        }
    }

    /// The piece `k` with `xs[k] ≤ v < xs[k + 1]`, or `None` outside the points.
    fn piece(xs: &[f32], v: f32) -> Option<usize> {
        if !(v >= xs[0] && v < xs[xs.len() - 1]) {
            return None;
        }
        Some(xs.partition_point(|&x| x <= v) - 1)
    }

    pub fn at(&self, v: f32) -> f32 {
        let Some(k) = Self::piece(&self.xs, v) else {
            return if v < self.xs[0] {
                self.ys[0]
            } else {
                self.ys[self.ys.len() - 1]
            };
        };
        let h = self.xs[k + 1] - self.xs[k];
        let t = (v - self.xs[k]) / h;
        let (t2, u) = (t * t, 1.0 - t);
        let u2 = u * u;
        (1.0 + 2.0 * t) * u2 * self.ys[k]
            + t * u2 * h * self.ms[k]
            + t2 * (3.0 - 2.0 * t) * self.ys[k + 1]
            + t2 * (t - 1.0) * h * self.ms[k + 1]
    }
}

impl Curve {
    /// `d at / dv`: the Hermite piece's slope, 0 beyond the ends.
    pub fn slope(&self, v: f32) -> f32 {
        let Some(k) = Self::piece(&self.xs, v) else {
            return 0.0;
        };
        let h = self.xs[k + 1] - self.xs[k];
        let t = (v - self.xs[k]) / h;
        let t2 = t * t;
        (6.0 * t2 - 6.0 * t) * (self.ys[k] - self.ys[k + 1]) / h
            + (3.0 * t2 - 4.0 * t + 1.0) * self.ms[k]
            + (3.0 * t2 - 2.0 * t) * self.ms[k + 1]
    }
}

/// libnoise's terrace: between neighbouring points `p₀ < p₁`, `α = (v − p₀)/(p₁ − p₀)`,
/// squared (after `1 − α` and swapping the ends when inverted), then `p₀ + α²(p₁ − p₀)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Terrace {
    pub points: Vec<f32>,
    pub invert: bool,
}

impl Terrace {
    pub fn at(&self, v: f32) -> f32 {
        let p = &self.points;
        let Some(k) = Curve::piece(p, v) else {
            return if v < p[0] { p[0] } else { p[p.len() - 1] };
        };
        let (mut lo, mut hi) = (p[k], p[k + 1]);
        let mut a = (v - lo) / (hi - lo);
        if self.invert {
            a = 1.0 - a;
            std::mem::swap(&mut lo, &mut hi);
        }
        lo + a * a * (hi - lo)
    }
}

/// A two-or-more-input op, folded left over its inputs into the first one's row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fold {
    Add,
    Sub,
    Mul,
    Min,
    Max,
    SmoothMin(f32),
    SmoothMax(f32),
}

impl Fold {
    /// `acc[i] = acc[i] ∘ b[i]`.
    pub fn apply(self, acc: &mut [f32], b: &[f32]) {
        match self {
            Fold::Add => each(acc, b, |a, b| a + b),
            Fold::Sub => each(acc, b, |a, b| a - b),
            Fold::Mul => each(acc, b, |a, b| a * b),
            Fold::Min => each(acc, b, min),
            Fold::Max => each(acc, b, max),
            Fold::SmoothMin(k) => each(acc, b, |a, b| smooth_min(a, b, k)),
            Fold::SmoothMax(k) => each(acc, b, |a, b| -smooth_min(-a, -b, k)),
        }
    }
}

#[inline(always)]
fn each(acc: &mut [f32], b: &[f32], f: impl Fn(f32, f32) -> f32) {
    for (a, &b) in acc.iter_mut().zip(b) {
        *a = f(*a, b);
    }
}

#[inline(always)]
pub fn min(a: f32, b: f32) -> f32 {
    if b < a {
        b
    } else {
        a
    }
}

#[inline(always)]
pub fn max(a: f32, b: f32) -> f32 {
    if b > a {
        b
    } else {
        a
    }
}

/// Quilez's polynomial smooth minimum: `min(a, b) − h²·k/4`, `h = max(k − |a − b|, 0)/k`;
/// it equals `min` where `|a − b| ≥ k` and is at most `k/4` below it.
#[inline(always)]
pub fn smooth_min(a: f32, b: f32, k: f32) -> f32 {
    let h = max(k - (a - b).abs(), 0.0) / k;
    min(a, b) - h * h * k * 0.25
}

impl Fold {
    /// The weights `(∂/∂a, ∂/∂b)` of `acc ∘ b` at `(a, b)`: the gradient of a fold step
    /// is `wa · ∇a + wb · ∇b` (`mul`: `(b, a)`; `min`, `max`: the chosen input's).
    pub fn weights(self, a: f32, b: f32) -> (f32, f32) {
        match self {
            Fold::Add => (1.0, 1.0),
            Fold::Sub => (1.0, -1.0),
            Fold::Mul => (b, a),
            Fold::Min => pick(b < a),
            Fold::Max => pick(b > a),
            Fold::SmoothMin(k) => smooth_min_weights(a, b, k),
            Fold::SmoothMax(k) => smooth_min_weights(-a, -b, k),
        }
    }
}

fn pick(second: bool) -> (f32, f32) {
    if second {
        (0.0, 1.0)
    } else {
        (1.0, 0.0)
    }
}

/// [`smooth_min`]'s partial derivatives: with `s = sign(a − b)` and `h > 0`, the dip
/// `h²k/4` moves by `−h·s/2` per unit of `a`, so `(1 − h/2, h/2)` for `a < b`, summing
/// to 1 (and `(½, ½)` at `a = b`).
fn smooth_min_weights(a: f32, b: f32, k: f32) -> (f32, f32) {
    if a == b {
        return (0.5, 0.5);
    }
    let h = max(k - (a - b).abs(), 0.0) / k;
    let (wa, wb) = pick(b < a);
    let s = if a < b { -0.5 } else { 0.5 };
    (wa + h * s, wb - h * s)
}

/// `blend`'s `(t, dt/dcontrol)` at `control`.
pub fn blend_t(c: f32) -> (f32, f32) {
    let raw = (c + 1.0) * 0.5;
    let t = clamp(raw, 0.0, 1.0);
    (t, if (0.0..=1.0).contains(&raw) { 0.5 } else { 0.0 })
}

/// `select`'s `(t, dt/dcontrol)` at `control`: the weight of `b` (0, 1 or the smoothstep).
pub fn select_t(c: f32, lo: f32, hi: f32) -> (f32, f32) {
    if c < lo {
        (0.0, 0.0)
    } else if c > hi || hi <= lo {
        (1.0, 0.0)
    } else {
        let w = hi - lo;
        let t = (c - lo) / w;
        (t * t * (3.0 - 2.0 * t), 6.0 * t * (1.0 - t) / w)
    }
}

/// `blend`: `a + t · (b − a)` with `t = clamp((control + 1) / 2, 0, 1)` (libnoise's
/// convention: control −1 gives `a`, +1 gives `b`). `a` is overwritten.
pub fn blend(a: &mut [f32], b: &[f32], control: &[f32]) {
    for ((a, &b), &c) in a.iter_mut().zip(b).zip(control) {
        let t = clamp((c + 1.0) * 0.5, 0.0, 1.0);
        *a += t * (b - *a);
    }
}

/// `select`: `a` where `control < lo`, `b` where `control > hi`, and between them a
/// smoothstep from `a` to `b` (`lo = threshold − falloff`, `hi = threshold + falloff`;
/// with no falloff, `b` from the threshold on). `a` is overwritten.
pub fn select(a: &mut [f32], b: &[f32], control: &[f32], lo: f32, hi: f32) {
    for ((a, &b), &c) in a.iter_mut().zip(b).zip(control) {
        *a = if c < lo {
            *a
        } else if c > hi || hi <= lo {
            b
        } else {
            let t = (c - lo) / (hi - lo);
            *a + t * t * (3.0 - 2.0 * t) * (b - *a)
        };
    }
}
