//! Checking a graph spec and compiling it: every node's op, keys, arity and parameters
//! (`keys.rs` reads those), the depth and node-count limits ([`crate::limits`]), each
//! leaf through [`Params::from_spec`], and the bound of every node's values
//! (`range.rs`), which must stay finite in f32. Each error names the node path (`inputs[1].inputs[0].octaves`).
//! Alongside the compiled [`Node`] it returns the spec with every default filled in.

use serde::Deserialize;

use super::keys::{Keys, MAX_PARAM};
use super::node::{Move, Node};
use super::ops::{Curve, Fold, Op, Shape, Terrace};
use super::plain::Plain;
use super::range::{self, Box3, Iv};
use crate::error::{Error, Result};
use crate::field::Field;
use crate::grid::MAX_POINT;
use crate::limits::{MAX_GRAPH_DEPTH, MAX_GRAPH_NODES};
use crate::spec::{FractalSpec, Named, Params, Spec, WarpSpec, WorleySpec};

/// The largest magnitude a node's values may reach (a quarter of f32's range, so that
/// sums and differences of two stay finite).
pub const MAX_VALUE: f64 = f32::MAX as f64 / 4.0;

/// The bounds a node is judged in: any dimension, 2D fills, 3D fills.
pub const CONTEXTS: usize = 3;

pub struct Parsed {
    pub node: Node,
    pub spec: Plain,
    /// The node's bound in each of the [`CONTEXTS`].
    pub ranges: [Iv; CONTEXTS],
}

#[derive(Default)]
pub struct Parser {
    nodes: usize,
    pub warnings: Vec<String>,
    /// Why a 3D fill is impossible (a 2D-only or tiled leaf), with its path.
    pub no_3d: Option<Error>,
    /// Why derivative fills are impossible (a `terrace`, a leaf without a derivative).
    pub no_deriv: Option<Error>,
    /// The fewest dimensions a leaf has.
    pub dims: Option<u32>,
}

/// Where a node sits: its path (`inputs[1].inputs[0]`, empty at the root), its depth
/// (1 at the root), the seed shift of the `seedOffset`s above it, and the box of
/// positions it is sampled within (one per context).
#[derive(Clone, Copy)]
pub struct At<'a> {
    pub path: &'a str,
    pub depth: usize,
    pub shift: u32,
    pub boxes: [Box3; CONTEXTS],
}

/// `a.b` for node paths (no dot before an index, none after an empty root).
fn child(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// An error about a whole node (its kind, keys or inputs).
fn node_err(path: &str, message: String) -> Error {
    if path.is_empty() {
        Error::kind("spec", message)
    } else {
        Error::kind("", message).at(path)
    }
}

impl Parser {
    /// Parses the node `p` that sits `at`.
    pub fn parse(&mut self, p: &Plain, at: At) -> Result<Parsed> {
        let (path, depth) = (at.path, at.depth);
        self.nodes += 1;
        if self.nodes > MAX_GRAPH_NODES {
            return Err(node_err(
                path,
                format!("makes the graph larger than {MAX_GRAPH_NODES} nodes"),
            ));
        }
        if depth > MAX_GRAPH_DEPTH {
            return Err(node_err(
                path,
                format!("nests deeper than {MAX_GRAPH_DEPTH} graph levels"),
            ));
        }
        let parsed = match p {
            Plain::Leaf(spec) => self.leaf(spec, path, at.shift)?,
            Plain::Map(_) if p.get("op").is_none() => {
                self.leaf(&read_leaf(p, path)?, path, at.shift)?
            }
            Plain::Map(_) => self.node(p, at)?,
            other => {
                return Err(node_err(
                    path,
                    format!(
                    "must be a spec: a leaf {{ noise, … }} or a node {{ op, inputs, … }}, got {}",
                    other.kind()
                ),
                ))
            }
        };
        for iv in parsed.ranges {
            if !(iv.0.abs() <= MAX_VALUE && iv.1.abs() <= MAX_VALUE) {
                return Err(Error::range("", format!(
                    "can reach values beyond ±{MAX_VALUE:e} (bound [{:e}, {:e}]): x, y, z and distance reach ±2^52 in fills, so bound them (clamp, remap) before multiplying or raising to powers",
                    iv.0, iv.1
                )).at(if path.is_empty() { "spec" } else { path }));
            }
        }
        Ok(parsed)
    }

    fn leaf(&mut self, spec: &Spec, path: &str, shift: u32) -> Result<Parsed> {
        let at = |e: Error| e.at(path);
        let normal = Params::from_spec(spec).map_err(at)?.to_spec();
        let mut shifted = normal.clone();
        let add = |s: f64| (s as u32).wrapping_add(shift) as f64;
        shifted.seed = add(shifted.seed);
        if let Some(w) = &mut shifted.warp {
            w.seed = add(w.seed);
        }
        let field = Field::new(&shifted).map_err(at)?;
        for w in field.warnings() {
            self.warnings.push(if path.is_empty() {
                w.clone()
            } else {
                format!("{path}: {w}")
            });
        }
        if self.no_3d.is_none() {
            self.no_3d = field.lacks(3).map(at);
        }
        if self.no_deriv.is_none() {
            self.no_deriv = field.lacks_deriv().map(at);
        }
        self.dims = Some(self.dims.unwrap_or(4).min(field.dims()));
        let ranges = [None, Some(2), Some(3)].map(|d| {
            let r = d
                .and_then(|d| field.range_for(d).ok())
                .unwrap_or(field.range());
            (r.0 as f64, r.1 as f64)
        });
        Ok(Parsed {
            node: Node::Leaf(Box::new(field)),
            spec: Plain::leaf(normal),
            ranges,
        })
    }

    fn node(&mut self, p: &Plain, at: At) -> Result<Parsed> {
        let path = at.path;
        let op = match p.get("op") {
            Some(Plain::Str(name)) => Op::parse(name).map_err(|e| e.at(path))?,
            Some(other) => {
                return Err(
                    Error::kind("op", format!("must be an op name, got {}", other.kind())).at(path),
                )
            }
            None => unreachable!("a map with `op`"),
        };
        if op == Op::Terrace && self.no_deriv.is_none() {
            self.no_deriv = Some(
                Error::kind(
                    "op",
                    "'terrace' has no derivative (its steps are meant as steps); fill2dDeriv and fill3dDeriv take every other op",
                )
                .at(path),
            );
        }
        let (lo, hi) = op.arity();
        let Plain::Map(entries) = p else {
            unreachable!("a map")
        };
        for (k, _) in entries {
            let ok = k == "op" || (k == "inputs" && hi > 0) || op.keys().contains(&k.as_str());
            if !ok {
                let mut allowed = vec!["op"];
                if hi > 0 {
                    allowed.push("inputs");
                }
                allowed.extend(op.keys());
                return Err(node_err(
                    path,
                    format!(
                        "has unknown key '{k}' for op '{}'; allowed keys: {}",
                        op.name(),
                        allowed.join(", ")
                    ),
                ));
            }
        }
        let inputs: &[Plain] = match p.get("inputs") {
            None if hi == 0 => &[],
            Some(Plain::List(v)) => v,
            _ => {
                return Err(Error::kind(
                    "inputs",
                    format!("must be an array of {} specs", arity_text(lo, hi)),
                )
                .at(path))
            }
        };
        if !(lo..=hi).contains(&inputs.len()) {
            let doc = op.inputs_doc();
            return Err(Error::kind(
                "inputs",
                format!(
                    "must hold {} specs for op '{}'{}{doc}, got {}",
                    arity_text(lo, hi),
                    op.name(),
                    if doc.is_empty() { "" } else { ": " },
                    inputs.len()
                ),
            )
            .at(path));
        }
        let mut keys = Keys {
            map: p,
            path,
            out: Vec::new(),
        };
        let mut b = Build {
            parser: self,
            inputs,
            at,
            kids: Vec::new(),
        };
        let (node, ranges) = b.op(op, &mut keys)?;
        let kids = b.kids;
        let spec = Plain::node(op.name(), kids, keys.out);
        Ok(Parsed { node, spec, ranges })
    }
}

fn arity_text(lo: usize, hi: usize) -> String {
    if lo == hi {
        format!("{lo}")
    } else {
        format!("{lo} to {hi}")
    }
}

/// A leaf object read into a [`Spec`] by serde (unknown keys and wrong types are
/// errors; each sub-object first on its own, so that its errors name it).
fn read_leaf(p: &Plain, path: &str) -> Result<Spec> {
    fn sub<'de, T: Deserialize<'de>>(p: &Plain, key: &'static str, path: &str) -> Result<()> {
        match p.get(key) {
            None | Some(Plain::Null) => Ok(()),
            Some(v) => T::deserialize(v.clone())
                .map(drop)
                .map_err(|e| Error::kind(key, e.to_string()).at(path)),
        }
    }
    sub::<FractalSpec>(p, "fractal", path)?;
    sub::<WarpSpec>(p, "warp", path)?;
    sub::<WorleySpec>(p, "worley", path)?;
    Spec::deserialize(p.clone()).map_err(|e| node_err(path, e.to_string()))
}

/// One node's children and compiled form.
struct Build<'p, 'a> {
    parser: &'p mut Parser,
    inputs: &'a [Plain],
    at: At<'a>,
    kids: Vec<Plain>,
}

impl Build<'_, '_> {
    /// Input `i`, sampled within `boxes`, its seeds shifted by `more`.
    fn input(&mut self, i: usize, boxes: &[Box3; CONTEXTS], more: u32) -> Result<Parsed> {
        let path = child(self.at.path, &format!("inputs[{i}]"));
        let at = At {
            path: &path,
            depth: self.at.depth + 1,
            shift: self.at.shift.wrapping_add(more),
            boxes: *boxes,
        };
        let parsed = self.parser.parse(&self.inputs[i], at)?;
        self.kids.push(parsed.spec.clone());
        Ok(parsed)
    }

    fn all(&mut self) -> Result<Vec<Parsed>> {
        let boxes = self.at.boxes;
        (0..self.inputs.len())
            .map(|i| self.input(i, &boxes, 0))
            .collect()
    }

    fn op(&mut self, op: Op, k: &mut Keys) -> Result<(Node, [Iv; CONTEXTS])> {
        use Op::*;
        let value = |v: f64| [(v, v); CONTEXTS];
        Ok(match op {
            Add | Sub | Mul | Min | Max | SmoothMin | SmoothMax => {
                let f = match op {
                    Add => Fold::Add,
                    Sub => Fold::Sub,
                    Mul => Fold::Mul,
                    Min => Fold::Min,
                    Max => Fold::Max,
                    SmoothMin => Fold::SmoothMin(k.num("k", 0.1, 1e-6, 1e6)? as f32),
                    _ => Fold::SmoothMax(k.num("k", 0.1, 1e-6, 1e6)? as f32),
                };
                let kids = self.all()?;
                let ranges = [0, 1, 2].map(|c| {
                    kids[1..]
                        .iter()
                        .fold(kids[0].ranges[c], |a, b| range::fold(f, a, b.ranges[c]))
                });
                (
                    Node::Fold(f, kids.into_iter().map(|p| p.node).collect()),
                    ranges,
                )
            }
            Abs | Neg | Clamp | ScaleBias | Pow | Curve | Terrace | Remap => {
                let s = shape(op, k)?;
                let kid = self.all()?.remove(0);
                let ranges = kid.ranges.map(|r| range::shape(&s, r));
                (Node::Shape(s, Box::new(kid.node)), ranges)
            }
            Blend | Select => {
                let edges = if op == Select {
                    let t = k.num("threshold", 0.0, -MAX_PARAM, MAX_PARAM)?;
                    let f = k.num("falloff", 0.0, 0.0, MAX_PARAM)?;
                    Some(((t - f) as f32, (t + f) as f32))
                } else {
                    None
                };
                let [a, b, c]: [Parsed; 3] = self
                    .all()?
                    .try_into()
                    .map_err(|_| node_err(self.at.path, "needs 3 inputs".into()))?;
                let ranges = [0, 1, 2].map(|i| match edges {
                    Some((lo, hi)) => range::select(a.ranges[i], b.ranges[i], c.ranges[i], lo, hi),
                    None => range::blend(a.ranges[i], b.ranges[i], c.ranges[i]),
                });
                let three = Box::new([a.node, b.node, c.node]);
                let node = match edges {
                    Some((lo, hi)) => Node::Select(three, lo, hi),
                    None => Node::Blend(three),
                };
                (node, ranges)
            }
            Translate | Scale | Rotate => {
                let m = match op {
                    Translate => {
                        Move::Translate(k.vec3("by", [0.0; 3], -MAX_POINT, MAX_POINT, false)?)
                    }
                    Scale => Move::Scale(k.vec3("by", [1.0; 3], -1e6, 1e6, true)?),
                    _ => {
                        let angle = k.num("angle", 0.0, -360.0, 360.0)?;
                        let axis = k.vec3("axis", [0.0, 0.0, 1.0], -1e6, 1e6, false)?;
                        Move::Rotate(rotation(angle, axis).ok_or_else(|| {
                            Error::range("axis", "must not be [0, 0, 0]").at(self.at.path)
                        })?)
                    }
                };
                let boxes = self.at.boxes.map(|b| range::moved(&m, &b));
                let kid = self.input(0, &boxes, 0)?;
                (Node::Move(m, Box::new(kid.node)), kid.ranges)
            }
            Displace => {
                let boxes = self.at.boxes;
                let mut ds = Vec::new();
                for i in 1..self.inputs.len() {
                    ds.push(self.input(i, &boxes, 0)?);
                }
                let moved = [0, 1, 2].map(|c| {
                    range::displaced(
                        &boxes[c],
                        &ds.iter().map(|d| d.ranges[c]).collect::<Vec<_>>(),
                    )
                });
                let src = self.input(0, &moved, 0)?;
                // The spec lists the source first.
                self.kids.rotate_right(1);
                let z = src.node.reads_z();
                let ranges = src.ranges;
                let nodes = std::iter::once(src.node)
                    .chain(ds.into_iter().map(|d| d.node))
                    .collect();
                (Node::Displace(nodes, z), ranges)
            }
            Turbulence => self.turbulence(k)?,
            SeedOffset => {
                let by = k.whole("by", 0.0, 0, u32::MAX as i64)? as u32;
                let boxes = self.at.boxes;
                let kid = self.input(0, &boxes, by)?;
                (kid.node, kid.ranges)
            }
            Constant => {
                let v = k.num("value", 0.0, -MAX_PARAM, MAX_PARAM)?;
                (Node::Constant(v as f32), value(v as f32 as f64))
            }
            X | Y | Z => {
                let i = [X, Y, Z].iter().position(|&o| o == op).unwrap_or(0);
                (
                    Node::Coord(i),
                    self.at.boxes.map(|b| range::finish(b[i], &[])),
                )
            }
            Distance => {
                let to = k.vec3("to", [0.0; 3], -MAX_POINT, MAX_POINT, false)?;
                (
                    Node::Distance(to),
                    self.at.boxes.map(|b| range::distance(&b, &to)),
                )
            }
        })
    }

    /// libnoise's turbulence: the source at `p + power · (n₀, n₁, n₂)(frequency · p)`,
    /// each `nᵢ` classic Perlin fBm of `roughness` octaves at seed `seed + i`. Built as
    /// a `displace` of three scaled leaves (so the offsets fill as grids).
    fn turbulence(&mut self, k: &mut Keys) -> Result<(Node, [Iv; CONTEXTS])> {
        let power = k.num("power", 1.0, 0.0, 64.0)?;
        let freq = k.num("frequency", 1.0, 1e-6, 64.0)?;
        let rough = k.whole("roughness", 3.0, 1, crate::fractal::MAX_OCTAVES as i64)?;
        let seed = k.whole("seed", 0.0, 0, u32::MAX as i64)? as u32;
        let mut ds = Vec::new();
        for i in 0..3u32 {
            let s = seed.wrapping_add(i).wrapping_add(self.at.shift);
            let f = Field::new(&Spec::new("perlin", s).fbm(rough as u32, 0.5, 2.0))
                .map_err(|e| e.at(self.at.path))?;
            let r = range::shape(
                &Shape::ScaleBias(power as f32, 0.0),
                (f.range().0 as f64, f.range().1 as f64),
            );
            let n = Node::Move(Move::Scale([freq; 3]), Box::new(Node::Leaf(Box::new(f))));
            ds.push((
                Node::Shape(Shape::ScaleBias(power as f32, 0.0), Box::new(n)),
                r,
            ));
        }
        let moved = self
            .at
            .boxes
            .map(|b| range::displaced(&b, &[ds[0].1, ds[1].1, ds[2].1]));
        let src = self.input(0, &moved, 0)?;
        let z = src.node.reads_z();
        let nodes = std::iter::once(src.node)
            .chain(ds.into_iter().map(|d| d.0))
            .collect();
        Ok((Node::Displace(nodes, z), src.ranges))
    }
}

/// The one-input ops' parameters.
fn shape(op: Op, k: &mut Keys) -> Result<Shape> {
    Ok(match op {
        Op::Abs => Shape::Abs,
        Op::Neg => Shape::Neg,
        Op::Clamp => {
            let lo = k.num("min", -1.0, -MAX_PARAM, MAX_PARAM)?;
            let hi = k.num("max", 1.0, lo, MAX_PARAM)?;
            Shape::Clamp(lo as f32, hi as f32)
        }
        Op::ScaleBias => Shape::ScaleBias(
            k.num("scale", 1.0, -1e6, 1e6)? as f32,
            k.num("bias", 0.0, -MAX_PARAM, MAX_PARAM)? as f32,
        ),
        Op::Pow => Shape::Pow(k.num("exponent", 1.0, 1e-3, 64.0)? as f32),
        Op::Curve => Shape::Curve(Curve::new(&k.points("points", 2)?)),
        Op::Terrace => {
            let points = k.points("points", 1)?.iter().map(|p| p[0] as f32).collect();
            Shape::Terrace(Terrace {
                points,
                invert: k.flag("invert")?,
            })
        }
        _ => {
            let from = k.pair("from", [-1.0, 1.0])?;
            let to = k.pair("to", [0.0, 1.0])?;
            let factor = (to[1] - to[0]) / (from[1] - from[0]);
            if factor.abs() > 1e12 {
                return Err(Error::range(
                    "from",
                    format!("is too narrow for `to`: the slope {factor:e} exceeds 1e12"),
                )
                .at(k.path));
            }
            Shape::Remap {
                from: from[0] as f32,
                factor: factor as f32,
                to: to[0] as f32,
            }
        }
    })
}

/// The rotation by `deg` degrees about `axis` (Rodrigues' formula), with libm's sin
/// and cos so that every build makes the same matrix.
fn rotation(deg: f64, axis: [f64; 3]) -> Option<[[f64; 3]; 3]> {
    let n = (axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]).sqrt();
    if n <= 0.0 {
        return None;
    }
    let [x, y, z] = axis.map(|v| v / n);
    let t = deg.to_radians();
    let (s, c) = (libm::sin(t), libm::cos(t));
    let u = 1.0 - c;
    Some([
        [c + x * x * u, x * y * u - z * s, x * z * u + y * s],
        [y * x * u + z * s, c + y * y * u, y * z * u - x * s],
        [z * x * u - y * s, z * y * u + x * s, c + z * z * u],
    ])
}
