//! `Field` and `Grid` for JavaScript.

use js_sys::{Array, Float32Array};
use serde::Deserialize;
use wasm_bindgen::prelude::*;

use super::args::{self, float32_len, int, number_in, plain, read, write};
use super::options::{check_keys, struct_fields};
use super::{js_err, JsResult};
use crate::error::{check_len, Error};
use crate::graph::{Graph, Plain};
use crate::grid::Region;
use crate::spec::{FractalSpec, Spec, WarpSpec, WorleySpec};

/// A noise field compiled from a plain spec object.
///
/// ```js
/// const f = new Field({ noise: 'perlin', seed: 42, fractal: { kind: 'fbm', octaves: 4 } });
/// const out = new Float32Array(256 * 256);
/// f.fill2d(out, { width: 256, height: 256, scale: 32 });
/// ```
/// Spec keys (all optional; `FieldSpec` in the `.d.ts` gives each one's range and default):
/// `noise`, `seed`, `permutation`, `fractal`, `warp`, `worley`, `period`, `offset`.
/// Unknown keys are a TypeError; out-of-range numbers a RangeError. A spec with an `op`
/// is a field graph (`GraphSpec`, docs/graphs.md): its fills, samples, `range` and
/// `spec` work the same, and so do `fill2dDeriv` and `fill3dDeriv` (through every op but
/// `terrace`), `sample2dDeriv` and `sample3dDeriv`; the leaf-only methods (`fill1d`,
/// `fill4d`, `sample1d`, `sample4d`, `gradients`) throw a TypeError for graphs.
#[wasm_bindgen(js_name = Field)]
pub struct JsField {
    inner: Graph,
    scratch: Vec<f32>,
}

/// The leaf field of a one-leaf graph, or a TypeError naming what graphs lack.
fn leaf<'a>(g: &'a Graph, what: &str) -> crate::Result<&'a crate::Field> {
    g.as_leaf().ok_or_else(|| {
        Error::kind(
            "spec",
            format!("is a field graph, which has no {what} (graphs fill and sample 2D and 3D)"),
        )
    })
}

/// A region of samples: `{ width, height, scale = 1, x0 = 0, y0 = 0, z = 0, w = 0 }`.
/// Column i, row j samples the field at ((x0 + i) / scale, (y0 + j) / scale); `z` and `w`
/// are noise-space coordinates (not divided by scale), e.g. time.
#[derive(Deserialize)]
pub(crate) struct RegionArg {
    #[serde(default)]
    width: Option<f64>,
    #[serde(default)]
    height: Option<f64>,
    #[serde(default = "one")]
    scale: f64,
    #[serde(default)]
    x0: f64,
    #[serde(default)]
    y0: f64,
    #[serde(default)]
    z: f64,
    #[serde(default)]
    w: f64,
}

fn one() -> f64 {
    1.0
}

fn side(param: &'static str, v: f64) -> JsResult<usize> {
    crate::limits::check_side(param, v, 1).map_err(js_err)
}

fn parse_region(value: JsValue) -> JsResult<Region> {
    parse_region_of(value, None)
}

/// A region for a fill of a [`Grid`]: its width and height come from the grid, and
/// `region.width`/`height` may be left out (if given they must match).
fn parse_grid_region(value: JsValue, grid: &Grid) -> JsResult<Region> {
    parse_region_of(value, Some((grid.width, grid.height)))
}

fn parse_region_of(value: JsValue, grid: Option<(usize, usize)>) -> JsResult<Region> {
    let value = plain("region", &value)?;
    if value.is_undefined() {
        return Err(js_err(Error::kind(
            "region",
            "is required: { width, height, scale, x0, y0 }",
        )));
    }
    check_keys(&value, "region", struct_fields::<RegionArg>())?;
    let r: RegionArg = serde_wasm_bindgen::from_value(value)
        .map_err(|e| js_err(Error::kind("region", e.to_string())))?;
    let dim = |param: &'static str, given: Option<f64>, fixed: Option<usize>| match (given, fixed) {
        (None, None) if param == "region.width" => Err(js_err(Error::kind(
            param,
            "is required (a whole number ≥ 1)",
        ))),
        (None, None) => Ok(1),
        (None, Some(n)) => Ok(n),
        (Some(v), None) => side(param, v),
        (Some(v), Some(n)) if v == n as f64 => Ok(n),
        (Some(v), Some(n)) => Err(js_err(Error::range(
            param,
            format!("must equal the grid's {n} (or be left out), got {v}"),
        ))),
    };
    // The documented bound on the f64 given, before f32 rounding moves it.
    crate::error::check_range("region.scale", r.scale, 1e-6, 1e9).map_err(js_err)?;
    let region = Region {
        width: dim("region.width", r.width, grid.map(|g| g.0))?,
        height: dim("region.height", r.height, grid.map(|g| g.1))?,
        scale: r.scale as f32,
        x0: r.x0,
        y0: r.y0,
        z: r.z,
        w: r.w,
    };
    // f64 → f32 turns a huge finite scale into infinity, which validate() reports.
    region.validate().map_err(js_err)?;
    Ok(region)
}

/// serde-wasm-bindgen reads only the keys a struct names, so misspelt keys would pass
/// silently; a typo like `octave` must be a TypeError instead. It would also read the
/// first items of a longer array: `period: [1, 2, 3]` must not become `[1, 2]`.
/// `spec` is a plain copy (args.rs), so reading it cannot run the caller's code.
fn check_spec_keys(spec: &JsValue) -> JsResult<()> {
    check_keys(spec, "spec", struct_fields::<Spec>())?;
    let get =
        |k: &str| js_sys::Reflect::get(spec, &JsValue::from_str(k)).unwrap_or(JsValue::UNDEFINED);
    check_keys(
        &get("fractal"),
        "spec.fractal",
        struct_fields::<FractalSpec>(),
    )?;
    check_keys(&get("warp"), "spec.warp", struct_fields::<WarpSpec>())?;
    check_keys(&get("worley"), "spec.worley", struct_fields::<WorleySpec>())?;
    for (key, param, len) in [("period", "spec.period", 2), ("offset", "spec.offset", 3)] {
        let v = get(key);
        if js_sys::Array::is_array(&v) && js_sys::Array::from(&v).length() != len {
            return Err(js_err(Error::kind(
                param,
                format!(
                    "must be an array of {len} numbers, got {} items",
                    js_sys::Array::from(&v).length()
                ),
            )));
        }
    }
    Ok(())
}

fn point(param: &'static str, v: &JsValue) -> JsResult<f64> {
    let max = crate::grid::MAX_POINT;
    number_in(param, v, -max, max)
}

#[wasm_bindgen(js_class = Field)]
impl JsField {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "FieldSpec | GraphSpec")] spec: Option<JsValue>,
    ) -> JsResult<JsField> {
        let spec = plain("spec", &spec.unwrap_or(JsValue::UNDEFINED))?;
        let is_graph = js_sys::Reflect::has(&spec, &JsValue::from_str("op")).unwrap_or(false);
        let inner = if spec.is_undefined() {
            Graph::leaf(Spec::default())
        } else if spec.is_object() && is_graph {
            // Plain data (args.rs): read as is, checked by the graph parser.
            let g: Plain = serde_wasm_bindgen::from_value(spec)
                .map_err(|e| js_err(Error::kind("spec", e.to_string())))?;
            Graph::new(&g)
        } else {
            check_spec_keys(&spec)?;
            let spec: Spec = serde_wasm_bindgen::from_value(spec)
                .map_err(|e| js_err(Error::kind("spec", e.to_string())))?;
            Graph::leaf(spec)
        }
        .map_err(js_err)?;
        for w in inner.warnings() {
            args::warn(&format!("landform: {w}"));
        }
        Ok(JsField {
            inner,
            scratch: Vec::new(),
        })
    }

    /// The spec with every default filled in (a plain object: use it as a permalink or a worker message).
    #[wasm_bindgen(getter, unchecked_return_type = "Required<FieldSpec> | GraphSpec")]
    pub fn spec(&self) -> JsResult<JsValue> {
        let s = serde_wasm_bindgen::Serializer::json_compatible();
        serde::Serialize::serialize(&self.inner.spec(), &s)
            .map_err(|e| JsValue::from_str(&e.to_string()))
    }

    /// `[lo, hi]`: closed bound of every value this field returns.
    #[wasm_bindgen(getter)]
    pub fn range(&self) -> Vec<f32> {
        let (lo, hi) = self.inner.range();
        vec![lo, hi]
    }

    /// `[lo, hi]`: closed bound of the values of `dims`-D fills and samples (`dims` a whole
    /// number from 1 to `field.dims`); tighter than `range` for 2D Worley (√2 against √3).
    #[wasm_bindgen(js_name = rangeFor)]
    pub fn range_for(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] dims: JsValue,
    ) -> JsResult<Vec<f32>> {
        let d = int("dims", &dims, 1, self.inner.dims() as i64)?;
        let (lo, hi) = self.inner.range_for(d as u32).map_err(js_err)?;
        Ok(vec![lo, hi])
    }

    /// Non-fatal advice (persistence > 1, lacunarity = 1); also printed with console.warn.
    #[wasm_bindgen(getter, unchecked_return_type = "string[]")]
    pub fn warnings(&self) -> Array {
        self.inner
            .warnings()
            .iter()
            .map(|w| JsValue::from_str(w))
            .collect()
    }

    /// Highest dimension the noise supports (2, 3 or 4).
    #[wasm_bindgen(getter)]
    pub fn dims(&self) -> u32 {
        self.inner.dims()
    }

    /// Fills `out` (length `region.width`) with the 1D field at `(x0 + i) / scale`.
    pub fn fill1d(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Float32Array")] out: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Region")] region: JsValue,
    ) -> JsResult<()> {
        let mut r = parse_region(region)?;
        r.height = 1;
        self.run(&out, &r, |g, buf, r| leaf(g, "fill1d")?.fill1d(buf, r))
    }

    /// Fills `out` (length `width × height`, row-major) with the 2D field.
    pub fn fill2d(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Float32Array")] out: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Region")] region: JsValue,
    ) -> JsResult<()> {
        let r = parse_region(region)?;
        self.run(&out, &r, |f, buf, r| f.fill2d(buf, r))
    }

    /// Fills `out` with the 2D slice of the 3D field at noise-space depth `region.z`.
    pub fn fill3d(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Float32Array")] out: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Region")] region: JsValue,
    ) -> JsResult<()> {
        let r = parse_region(region)?;
        self.run(&out, &r, |f, buf, r| f.fill3d(buf, r))
    }

    /// Fills `out` with the 2D slice of the 4D field at `(region.z, region.w)` (simplex only).
    pub fn fill4d(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Float32Array")] out: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Region")] region: JsValue,
    ) -> JsResult<()> {
        let r = parse_region(region)?;
        self.run(&out, &r, |g, buf, r| leaf(g, "fill4d")?.fill4d(buf, r))
    }

    /// Fills `out` (length **3** × width × height) with the 2D field and its analytic
    /// gradient as three planes: `out[0, n)` the values (the bits of `fill2d`),
    /// `out[n, 2n)` ∂/∂x, `out[2n, 3n)` ∂/∂y, `n = width × height`, each plane row-major.
    /// Derivatives are per noise unit (as `sample2dDeriv`); divide by `region.scale` for
    /// per cell. Through every fractal kind (ridged, billow and turbulence have creases
    /// where an octave crosses 0), warp and period; 'worley' F1 Euclidean too (creased at
    /// cell borders); its other forms and the teaching variants have none (a TypeError
    /// naming why).
    #[wasm_bindgen(js_name = fill2dDeriv)]
    pub fn fill2d_deriv(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Float32Array")] out: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Region")] region: JsValue,
    ) -> JsResult<()> {
        let r = parse_region(region)?;
        let what = "3 × region.width × region.height (value, ∂x, ∂y planes)";
        self.run_planes(&out, &r, 3, what, |g, buf, r| g.fill2d_deriv(buf, r))
    }

    /// `fill2dDeriv` of the 3D slice at depth `region.z`: **4** planes (value, ∂/∂x,
    /// ∂/∂y, ∂/∂z), `out` of length 4 × width × height.
    #[wasm_bindgen(js_name = fill3dDeriv)]
    pub fn fill3d_deriv(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Float32Array")] out: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Region")] region: JsValue,
    ) -> JsResult<()> {
        let r = parse_region(region)?;
        let what = "4 × region.width × region.height (value, ∂x, ∂y, ∂z planes)";
        self.run_planes(&out, &r, 4, what, |g, buf, r| g.fill3d_deriv(buf, r))
    }

    /// Fills a wasm-owned [`Grid`] in place with the 2D field: no copy at all.
    /// `region.width`/`height` come from the grid and may be left out.
    #[wasm_bindgen(js_name = fillGrid)]
    pub fn fill_grid(
        &self,
        grid: &mut Grid,
        #[wasm_bindgen(unchecked_param_type = "Region")] region: JsValue,
    ) -> JsResult<()> {
        let r = parse_grid_region(region, grid)?;
        self.inner.fill2d(&mut grid.data, &r).map_err(js_err)
    }

    /// Fills a [`Grid`] in place with the 2D slice of the 3D field at depth `region.z`.
    #[wasm_bindgen(js_name = fillGrid3d)]
    pub fn fill_grid_3d(
        &self,
        grid: &mut Grid,
        #[wasm_bindgen(unchecked_param_type = "Region")] region: JsValue,
    ) -> JsResult<()> {
        let r = parse_grid_region(region, grid)?;
        self.inner.fill3d(&mut grid.data, &r).map_err(js_err)
    }

    /// One sample of the 1D field at noise-space `x`.
    pub fn sample1d(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
    ) -> JsResult<f32> {
        let x = point("x", &x)?;
        Ok(leaf(&self.inner, "sample1d").map_err(js_err)?.sample1d(x))
    }

    /// One sample at noise-space `(x, y)` (already divided by any scale).
    pub fn sample2d(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
    ) -> JsResult<f32> {
        Ok(self.inner.sample2d(point("x", &x)?, point("y", &y)?))
    }

    pub fn sample3d(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] z: JsValue,
    ) -> JsResult<f32> {
        self.inner
            .sample3d(point("x", &x)?, point("y", &y)?, point("z", &z)?)
            .map_err(js_err)
    }

    pub fn sample4d(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] z: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] w: JsValue,
    ) -> JsResult<f32> {
        let p = [
            point("x", &x)?,
            point("y", &y)?,
            point("z", &z)?,
            point("w", &w)?,
        ];
        leaf(&self.inner, "sample4d")
            .and_then(|f| f.sample4d(p[0], p[1], p[2], p[3]))
            .map_err(js_err)
    }

    /// `[value, ∂/∂x, ∂/∂y]` at noise-space `(x, y)`, per noise unit; the kernels,
    /// fractals, warps, periods and graph ops of `fill2dDeriv` (a cell of that fill).
    #[wasm_bindgen(js_name = sample2dDeriv)]
    pub fn sample2d_deriv(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
    ) -> JsResult<Vec<f32>> {
        let (x, y) = (point("x", &x)?, point("y", &y)?);
        let d = self.inner.sample2d_deriv(x, y).map_err(js_err)?;
        Ok(d.to_vec())
    }

    /// `[value, ∂/∂x, ∂/∂y, ∂/∂z]` of the 3D field at noise-space `(x, y, z)`: a cell of
    /// `fill3dDeriv`.
    #[wasm_bindgen(js_name = sample3dDeriv)]
    pub fn sample3d_deriv(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] z: JsValue,
    ) -> JsResult<Vec<f32>> {
        let p = [point("x", &x)?, point("y", &y)?, point("z", &z)?];
        let d = self.inner.sample3d_deriv(p[0], p[1], p[2]).map_err(js_err)?;
        Ok(d.to_vec())
    }

    /// Samples `n` points: `xy` holds `x0, y0, x1, y1, …` (noise space), `out` has length `n`.
    #[wasm_bindgen(js_name = samplePoints2d)]
    pub fn sample_points_2d(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Float32Array")] xy: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Float32Array")] out: JsValue,
    ) -> JsResult<()> {
        self.points(&xy, &out, ["xy", "2 × out.length"], 2)
    }

    /// Samples `n` points: `xyz` holds `x, y, z` triples (noise space), `out` has length `n`.
    #[wasm_bindgen(js_name = samplePoints3d)]
    pub fn sample_points_3d(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Float32Array")] xyz: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Float32Array")] out: JsValue,
    ) -> JsResult<()> {
        self.points(&xyz, &out, ["xyz", "3 × out.length"], 3)
    }

    /// Gradient vectors `gx, gy` of lattice points `x0..x0+cols` × `y0..y0+rows` ('perlin' family).
    pub fn gradients(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x0: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y0: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] cols: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] rows: JsValue,
    ) -> JsResult<Vec<f32>> {
        let lattice = |p, v| int(p, v, i32::MIN as i64, i32::MAX as i64).map(|v| v as i32);
        let count = |p, v| int(p, v, 1, 1 << 20).map(|v| v as usize);
        let (x0, y0) = (lattice("x0", &x0)?, lattice("y0", &y0)?);
        let (cols, rows) = (count("cols", &cols)?, count("rows", &rows)?);
        leaf(&self.inner, "gradients")
            .and_then(|f| f.gradients(x0, y0, cols, rows))
            .map_err(js_err)
    }
}

impl JsField {
    /// Computes into the reusable scratch buffer, then one memcpy into `out`. The output
    /// length is checked after the scratch may have grown memory, so a detached view
    /// (length 0) is reported instead of silently skipped.
    fn run(
        &mut self,
        out: &JsValue,
        r: &Region,
        fill: impl FnOnce(&Graph, &mut [f32], &Region) -> crate::Result<()>,
    ) -> JsResult<()> {
        self.run_planes(out, r, 1, "region.width × region.height", fill)
    }

    /// [`JsField::run`] of a fill of `planes` planes (`what` names the length).
    fn run_planes(
        &mut self,
        out: &JsValue,
        r: &Region,
        planes: usize,
        what: &str,
        fill: impl FnOnce(&Graph, &mut [f32], &Region) -> crate::Result<()>,
    ) -> JsResult<()> {
        let n = planes * r.len();
        let (out, _) = float32_len("out", out, Some(n), what)?;
        self.scratch.resize(n, 0.0);
        fill(&self.inner, &mut self.scratch, r).map_err(js_err)?;
        write("out", &out, &self.scratch)
    }

    /// Samples the points of `coords` (`dims` numbers each, finite) into `out`.
    fn points(
        &self,
        coords: &JsValue,
        out: &JsValue,
        [param, what]: [&'static str; 2],
        dims: usize,
    ) -> JsResult<()> {
        let (c, len) = float32_len(param, coords, None, "")?;
        let (out, n) = float32_len("out", out, None, "")?;
        check_len(param, len, n * dims, what).map_err(js_err)?;
        let p = read(param, &c, len)?;
        crate::error::check_finite_slice(param, &p).map_err(js_err)?;
        // Axis arrays (z zeros in 2D), sampled a batch at a time.
        let axis = |a: usize| -> Vec<f64> {
            if a < dims {
                p.iter().skip(a).step_by(dims).map(|&v| v as f64).collect()
            } else {
                vec![0.0; n]
            }
        };
        let mut v = vec![0.0; n];
        let axes = [axis(0), axis(1), axis(2)];
        self.inner
            .sample_points(&mut v, &axes, dims as u32)
            .map_err(js_err)?;
        write("out", &out, &v)
    }
}

/// A grid of f32 owned by wasm memory, filled in place by `Field.fillGrid`.
///
/// `grid.data` returns a *fresh* `Float32Array` view each time it is read. A view dies
/// when wasm memory grows (any landform call may grow it), so read `grid.data` again
/// after every landform call instead of keeping it; or use `grid.copyTo(array)`.
#[wasm_bindgen]
pub struct Grid {
    width: usize,
    height: usize,
    data: Vec<f32>,
}

#[wasm_bindgen]
impl Grid {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
    ) -> JsResult<Grid> {
        let (w, h) = (
            args::side("width", &width, 1)?,
            args::side("height", &height, 1)?,
        );
        crate::limits::check_cells("width", w, h).map_err(js_err)?;
        Ok(Grid {
            width: w,
            height: h,
            data: vec![0.0; w * h],
        })
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.width as u32
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.height as u32
    }

    /// A live view on the grid's memory, valid until the next landform call.
    #[wasm_bindgen(getter)]
    pub fn data(&self) -> Float32Array {
        // SAFETY: the view is created fresh on each read and documented as short-lived.
        unsafe { Float32Array::view(&self.data) }
    }

    /// Copies the grid into `out` (length width × height).
    #[wasm_bindgen(js_name = copyTo)]
    pub fn copy_to(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Float32Array")] out: JsValue,
    ) -> JsResult<()> {
        let (out, _) = float32_len("out", &out, Some(self.data.len()), "width × height")?;
        write("out", &out, &self.data)
    }
}
