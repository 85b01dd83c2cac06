//! Field graphs: fields combined the way libnoise's modules, noise-rs's combinators and
//! FastNoise2's nodes combine them. A spec is a leaf (a [`crate::Spec`], unchanged: the
//! same bits) or a node `{ op, inputs: [spec, …], …params }`; `docs/graphs.md` lists
//! the ops. [`Graph::new`] checks and compiles it once (`parse.rs`: every error names
//! its node path), with the bound of its values (`range.rs`). Fills run a band of rows
//! at a time through each node (`eval.rs`), the leaves with their SIMD row kernels.

mod deriv;
mod eval;
mod keys;
mod node;
pub mod ops;
mod parse;
mod plain;
mod pow;
pub mod presets;
mod range;

pub use parse::MAX_VALUE;
pub use plain::Plain;

use crate::error::{Error, Result};
use crate::field::Field;
use crate::grid::{Region, MAX_ORIGIN, MAX_POINT, MAX_SIDE};
use crate::spec::Spec;
use eval::{eval, Coords, Scratch};
use node::Node;
use parse::{At, Parser, CONTEXTS};
use std::borrow::Cow;

/// Samples per band: each node runs over this many values at a time (tall enough
/// that the leaves' per-column work is shared by many rows, small enough for cache).
const BAND: usize = 16_384;

#[derive(Clone, Debug)]
pub struct Graph {
    root: Node,
    spec: Plain,
    dims: u32,
    no_3d: Option<Error>,
    no_deriv: Option<Error>,
    /// The bound of any sample, of 2D fills and of 3D fills.
    ranges: [(f32, f32); CONTEXTS],
    warnings: Vec<String>,
}

impl Graph {
    /// Checks and compiles a spec given as plain data (a leaf or a node).
    pub fn new(spec: &Plain) -> Result<Self> {
        // Positions a fill can reach: (2³¹ + 16384) / 10⁻⁶ in x and y; ±10⁷ in z.
        let xy = (MAX_ORIGIN + MAX_SIDE as f64) / (1e-6f32 as f64);
        let any = [(-xy, xy), (-xy, xy), (-MAX_POINT, MAX_POINT)];
        let flat = [(-xy, xy), (-xy, xy), (0.0, 0.0)];
        let mut p = Parser::default();
        let root = At {
            path: "",
            depth: 1,
            shift: 0,
            boxes: [any, flat, any],
        };
        let parsed = p.parse(spec, root)?;
        Ok(Self {
            root: parsed.node,
            spec: parsed.spec,
            dims: p.dims.unwrap_or(3).min(3),
            no_3d: p.no_3d,
            no_deriv: p.no_deriv,
            ranges: parsed.ranges.map(range::to_f32),
            warnings: p.warnings,
        })
    }

    /// The graph of one leaf.
    pub fn leaf(spec: Spec) -> Result<Self> {
        Self::new(&Plain::leaf(spec))
    }

    /// The leaf field, when the whole graph is one leaf.
    pub fn as_leaf(&self) -> Option<&Field> {
        match &self.root {
            Node::Leaf(f) => Some(f),
            _ => None,
        }
    }

    /// The spec with every default filled in (leaves as [`Plain::Leaf`]).
    pub fn spec(&self) -> &Plain {
        &self.spec
    }

    /// Closed bound `(lo, hi)` of every value, in any dimension.
    pub fn range(&self) -> (f32, f32) {
        self.ranges[0]
    }

    /// Closed bound of `dims`-D fills and samples (2 to [`Graph::dims`]).
    pub fn range_for(&self, dims: u32) -> Result<(f32, f32)> {
        if let Some(f) = self.as_leaf() {
            return f.range_for(dims);
        }
        self.need(dims)?;
        Ok(self.ranges[dims as usize - 1])
    }

    /// The highest dimension it fills: 2 or 3 for graphs, the field's for a leaf.
    pub fn dims(&self) -> u32 {
        self.as_leaf().map_or(self.dims, Field::dims)
    }

    /// The leaves' advice, each under its node path.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    fn need(&self, dims: u32) -> Result<()> {
        if !(2..=3).contains(&dims) {
            return Err(Error::range(
                "dims",
                format!("graph fields fill 2D and 3D, got {dims}"),
            ));
        }
        match &self.no_3d {
            Some(e) if dims == 3 => Err(e.clone()),
            _ => Ok(()),
        }
    }

    pub fn fill2d(&self, out: &mut [f32], r: &Region) -> Result<()> {
        self.fill(out, r, 2)
    }

    /// The 2D slice at depth `region.z` of the 3D graph.
    pub fn fill3d(&self, out: &mut [f32], r: &Region) -> Result<()> {
        self.fill(out, r, 3)
    }

    fn fill(&self, out: &mut [f32], r: &Region, dims: u32) -> Result<()> {
        if let Some(f) = self.as_leaf() {
            return if dims == 2 {
                f.fill2d(out, r)
            } else {
                f.fill3d(out, r)
            };
        }
        r.validate()?;
        self.need(dims)?;
        crate::error::check_len("out", out.len(), r.len(), "region.width × region.height")?;
        let xs = r.xs();
        let rows = (BAND / r.width).max(1);
        let z = if dims == 2 { 0.0 } else { r.z };
        let mut s = Scratch::default();
        for (b, band) in out.chunks_mut(rows * r.width).enumerate() {
            let ys: Vec<f64> = (0..band.len() / r.width)
                .map(|j| r.y(b * rows + j))
                .collect();
            let c = Coords::Grid {
                xs: Cow::Borrowed(&xs),
                ys: Cow::Owned(ys),
                z,
            };
            eval(&self.root, &c, dims, band, &mut s);
        }
        Ok(())
    }

    /// The value and its gradient as planes, as [`Field::fill2d_deriv`]: `out[0..n]` the
    /// bits of [`Graph::fill2d`], then ∂/∂x and ∂/∂y per noise unit (`deriv.rs`).
    /// Graphs with a `terrace` or a leaf without a derivative are an error naming it.
    pub fn fill2d_deriv(&self, out: &mut [f32], r: &Region) -> Result<()> {
        self.fill_deriv(out, r, 2)
    }

    /// [`Graph::fill2d_deriv`] of the 3D slice at `r.z`: four planes, the fourth ∂/∂z.
    pub fn fill3d_deriv(&self, out: &mut [f32], r: &Region) -> Result<()> {
        self.fill_deriv(out, r, 3)
    }

    fn fill_deriv(&self, out: &mut [f32], r: &Region, dims: u32) -> Result<()> {
        if let Some(f) = self.as_leaf() {
            return if dims == 2 {
                f.fill2d_deriv(out, r)
            } else {
                f.fill3d_deriv(out, r)
            };
        }
        r.validate()?;
        self.need(dims)?;
        if let Some(e) = &self.no_deriv {
            return Err(e.clone());
        }
        crate::field::check_deriv_len(out, r, dims)?;
        let planes = dims as usize + 1;
        let (n, xs) = (r.len(), r.xs());
        let rows = (BAND / r.width).max(1);
        let z = if dims == 2 { 0.0 } else { r.z };
        for row0 in (0..r.height).step_by(rows) {
            let ys: Vec<f64> = (row0..(row0 + rows).min(r.height))
                .map(|j| r.y(j))
                .collect();
            let at = row0 * r.width..(row0 + ys.len()) * r.width;
            let mut d = deriv::Dual::new(at.len());
            let c = Coords::Grid {
                xs: Cow::Borrowed(&xs),
                ys: Cow::Owned(ys),
                z,
            };
            deriv::eval_deriv(&self.root, &c, dims, &mut d)?;
            let from = std::iter::once(&d.v).chain(&d.g);
            for (p, plane) in from.take(planes).enumerate() {
                out[p * n..][at.clone()].copy_from_slice(plane);
            }
        }
        Ok(())
    }

    /// One sample at noise-space `(x, y)`: the same bits as a fill's cell there.
    pub fn sample2d(&self, x: f64, y: f64) -> f32 {
        if let Some(f) = self.as_leaf() {
            return f.sample2d(x, y);
        }
        self.point([x, y, 0.0], 2)
    }

    pub fn sample3d(&self, x: f64, y: f64, z: f64) -> Result<f32> {
        if let Some(f) = self.as_leaf() {
            return f.sample3d(x, y, z);
        }
        self.need(3)?;
        Ok(self.point([x, y, z], 3))
    }

    /// `[value, ∂/∂x, ∂/∂y]` at noise-space `(x, y)`: the cell of a [`Graph::fill2d_deriv`]
    /// there, the value [`Graph::sample2d`]'s bits. Errors as the fill's.
    pub fn sample2d_deriv(&self, x: f64, y: f64) -> Result<[f32; 3]> {
        if let Some(f) = self.as_leaf() {
            return f.sample2d_deriv(x, y);
        }
        let d = self.point_deriv([x, y, 0.0], 2)?;
        Ok([d[0], d[1], d[2]])
    }

    /// `[value, ∂/∂x, ∂/∂y, ∂/∂z]` of the 3D graph at `(x, y, z)`.
    pub fn sample3d_deriv(&self, x: f64, y: f64, z: f64) -> Result<[f32; 4]> {
        self.need(3)?;
        self.point_deriv([x, y, z], 3)
    }

    fn point_deriv(&self, p: [f64; 3], dims: u32) -> Result<[f32; 4]> {
        if let Some(e) = &self.no_deriv {
            return Err(e.clone());
        }
        let c = Coords::Points(p.map(|v| vec![v]));
        let mut d = deriv::Dual::new(1);
        deriv::eval_deriv(&self.root, &c, dims, &mut d)?;
        Ok([d.v[0], d.g[0][0], d.g[1][0], d.g[2][0]])
    }

    /// `out[i]` = the `dims`-D graph at point `(p[0][i], p[1][i], p[2][i])` (`p[2]` zeros
    /// for 2D; each array as long as `out`): the bits of [`Graph::sample2d`] /
    /// [`Graph::sample3d`], a band of points at a time.
    pub fn sample_points(&self, out: &mut [f32], p: &[Vec<f64>; 3], dims: u32) -> Result<()> {
        self.need(dims)?;
        crate::field::check_points(out, &[&p[0], &p[1], &p[2]])?;
        if let Some(f) = self.as_leaf() {
            f.sample_points(out, [&p[0], &p[1], &p[2]], dims);
            return Ok(());
        }
        let mut s = Scratch::default();
        for (b, band) in out.chunks_mut(BAND).enumerate() {
            let at = b * BAND..b * BAND + band.len();
            let c = Coords::Points(p.each_ref().map(|v| v[at.clone()].to_vec()));
            eval(&self.root, &c, dims, band, &mut s);
        }
        Ok(())
    }

    fn point(&self, p: [f64; 3], dims: u32) -> f32 {
        let c = Coords::Points(p.map(|v| vec![v]));
        let mut out = [0.0f32];
        eval(&self.root, &c, dims, &mut out, &mut Scratch::default());
        out[0]
    }
}
