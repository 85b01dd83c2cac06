//! JavaScript bindings of the landscape model (`crate::landscape`): the `Landscape`
//! class and the O(n) drainage pieces `flowReceivers`, `stackOrder`, `drainageArea`.
//! Each converts, checks the argument's type (a TypeError naming it, before any wasm
//! work), calls the core (which validates ranges) and writes back.
//!
//! Ownership follows `Grid`: `heights`, `drainageArea` and `receivers` are *fresh*
//! views on wasm memory each time they are read, valid until the next landform call
//! (any call may grow memory and detach them); `copyHeightsTo(out)` and friends copy
//! into arrays the caller owns.

use js_sys::{Float32Array, Object, Uint32Array};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::args;
use super::options::options;
use super::{js_err, JsResult};
use crate::landscape::{self as core, LandscapeParams, Rate};
use crate::terrain::check_grid;
use crate::Error;

#[wasm_bindgen(typescript_custom_section)]
const TS_LANDSCAPE_TYPES: &str = LANDSCAPE_TYPES;

/// The declarations as text (the tests check them against `LandscapeParams`' fields).
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) const LANDSCAPE_TYPES: &str = r#"
/** Options of `new Landscape`; every field optional. Units: metres and years. */
export interface LandscapeOptions {
  /** Cell side dx in metres, in [1e-3, 1e6]. Default 100. Fixed after construction. */
  cellSize?: number;
  /** Drainage-area exponent m, in [0, 2]. Default 0.5. */
  m?: number;
  /** Slope exponent n, in [0.1, 4]. Default 1 (closed form); other values use Newton's method. */
  n?: number;
  /** Erodibility K (uniform), in [0, 1]. Default 2e-5. `setErodibility` gives a map. */
  k?: number;
  /** Hillslope diffusivity κ in m²/yr, in [0, 1e4]. Default 0.01. */
  kappa?: number;
  /** Cells strictly below this height are base level (sea), in [-1e6, 1e6]. Default null: only the border. */
  seaLevel?: number | null;
  /** Seed of the default initial surface (a perturbation below 1 mm), a u32. Default 1. */
  seed?: number;
}
/** What `Landscape.step` did. */
export interface LandscapeStepReport {
  /** Largest |Δh| in metres during the last of the steps (steady state: maxChange / dt ≪ uplift). */
  maxChange: number;
  /** How many of the steps found pits and filled them (Priority-Flood+ε). */
  filledSteps: number;
  /** Cells those fills raised, in all. */
  raised: number;
}
"#;

/// `width × height` after checking both sides and the cell limit (crate::limits).
fn size(width: &JsValue, height: &JsValue) -> JsResult<(usize, usize)> {
    let (w, h) = (
        args::side("width", width, 1)?,
        args::side("height", height, 1)?,
    );
    check_grid("heights", w * h, w, h, 1).map_err(js_err)?;
    Ok((w, h))
}

/// A `Float32Array` of exactly `want` values, copied into Rust (args.rs checks).
fn read_floats(param: &'static str, v: &JsValue, want: usize) -> JsResult<Vec<f32>> {
    let (a, n) = args::float32_len(param, v, Some(want), "width × height")?;
    args::read(param, &a, n)
}

fn read_u32s(param: &'static str, v: &JsValue, want: usize) -> JsResult<Vec<u32>> {
    let a = args::uint32_len(param, v, want)?;
    let mut out = vec![0u32; want];
    if a.length() as usize != want {
        return Err(js_err(super::detached(param)));
    }
    if want > 0 {
        a.copy_to(&mut out);
    }
    Ok(out)
}

/// A number (uniform) or a `Float32Array` of `cells` values (a map).
fn read_rate(param: &'static str, v: &JsValue, cells: usize) -> JsResult<Rate> {
    if let Some(x) = v.as_f64() {
        return Ok(Rate::Uniform(x as f32));
    }
    if v.is_object() {
        return Ok(Rate::Map(read_floats(param, v, cells)?));
    }
    Err(js_err(Error::kind(
        param,
        "must be a number or a Float32Array of width × height",
    )))
}

fn to_js<T: Serialize>(v: &T) -> JsResult<JsValue> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| js_err(Error::kind("result", e.to_string())))
}

/// A landscape evolving under uplift, stream-power erosion and hillslope diffusion:
/// `∂h/∂t = U − K·A^m·S^n + κ·∇²h` (Braun & Willett 2013). Heights in metres.
#[wasm_bindgen(js_name = Landscape)]
pub struct JsLandscape {
    inner: core::Landscape,
}

#[wasm_bindgen(js_class = Landscape)]
impl JsLandscape {
    /// `width`, `height`: whole numbers in [1, 16384], at most 2^26 cells (the crate's limits). Starts from a
    /// seeded perturbation below 1 mm, with no uplift.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "LandscapeOptions")] opts: JsValue,
    ) -> JsResult<JsLandscape> {
        let (w, h) = size(&width, &height)?;
        let p: LandscapeParams = options("options", opts)?;
        let inner = core::Landscape::new(w, h, p).map_err(js_err)?;
        Ok(JsLandscape { inner })
    }

    fn cells(&self) -> usize {
        self.inner.width() * self.inner.height()
    }

    /// Replaces the heights (a `Float32Array` of width × height, finite, in [-1e6, 1e6]).
    /// Pits are filled at once (Priority-Flood+ε) so that every cell drains.
    #[wasm_bindgen(js_name = setHeights)]
    pub fn set_heights(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Float32Array")] heights: JsValue,
    ) -> JsResult<()> {
        let v = read_floats("heights", &heights, self.cells())?;
        self.inner.set_heights(&v).map_err(js_err)
    }

    /// Uplift rate in m/yr: a number (uniform) or a `Float32Array` map; values in [-1, 1].
    /// The border never rises.
    #[wasm_bindgen(js_name = setUplift)]
    pub fn set_uplift(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number | Float32Array")] uplift: JsValue,
    ) -> JsResult<()> {
        let r = read_rate("uplift", &uplift, self.cells())?;
        self.inner.set_uplift(r).map_err(js_err)
    }

    /// Erodibility K: a number (uniform) or a `Float32Array` map; values in [0, 1].
    #[wasm_bindgen(js_name = setErodibility)]
    pub fn set_erodibility(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number | Float32Array")] k: JsValue,
    ) -> JsResult<()> {
        let r = read_rate("erodibility", &k, self.cells())?;
        self.inner.set_erodibility(r).map_err(js_err)
    }

    /// Changes options for the next steps: keys given replace the current values, the
    /// others stay (`cellSize` cannot change; a new `k` makes erodibility uniform).
    #[wasm_bindgen(js_name = setOptions)]
    pub fn set_options(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "LandscapeOptions")] opts: JsValue,
    ) -> JsResult<()> {
        // A plain copy (args.rs): Object.assign on the caller's object would run its getters.
        let opts = args::plain("options", &opts)?;
        if !opts.is_object() || js_sys::Array::is_array(&opts) {
            return Err(js_err(Error::kind("options", "must be a plain object")));
        }
        let merged = to_js(&current(self.inner.params()))?;
        Object::assign(
            merged.unchecked_ref::<Object>(),
            opts.unchecked_ref::<Object>(),
        );
        let p: LandscapeParams = options("options", merged)?;
        self.inner.set_params(p).map_err(js_err)
    }

    /// The current options (a plain object with every key).
    #[wasm_bindgen(getter, unchecked_return_type = "Required<LandscapeOptions>")]
    pub fn options(&self) -> JsResult<JsValue> {
        to_js(&current(self.inner.params()))
    }

    /// Advances `steps` steps of `dt` years: `dt` in (0, 1e7], `steps` a whole number
    /// in [1, 1e6] (default 1). Same bits however the steps are split between calls.
    #[wasm_bindgen(unchecked_return_type = "LandscapeStepReport")]
    pub fn step(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] dt: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] steps: JsValue,
    ) -> JsResult<JsValue> {
        let dt = args::number("dt", &dt)?;
        let s = match steps.is_undefined() || steps.is_null() {
            true => 1,
            false => args::int("steps", &steps, 1, 1_000_000)?,
        };
        let r = self.inner.step(dt, s as u32).map_err(js_err)?;
        to_js(&r)
    }

    /// Heights in metres: a fresh view on wasm memory, valid until the next landform call.
    #[wasm_bindgen(getter)]
    pub fn heights(&self) -> Float32Array {
        // SAFETY: created fresh on each read and documented as short-lived (as Grid.data).
        unsafe { Float32Array::view(self.inner.heights()) }
    }

    /// Drainage area in m² after the last step: a fresh view, valid until the next call.
    #[wasm_bindgen(getter, js_name = drainageArea)]
    pub fn drainage_area(&self) -> Float32Array {
        // SAFETY: as `heights`.
        unsafe { Float32Array::view(self.inner.drainage_area()) }
    }

    /// Receiver index of every cell (itself for base level): a fresh view, valid until
    /// the next call.
    #[wasm_bindgen(getter)]
    pub fn receivers(&self) -> Uint32Array {
        // SAFETY: as `heights`.
        unsafe { Uint32Array::view(self.inner.receivers()) }
    }

    /// Copies the heights into `out` (a `Float32Array` of width × height you own).
    #[wasm_bindgen(js_name = copyHeightsTo)]
    pub fn copy_heights_to(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Float32Array")] out: JsValue,
    ) -> JsResult<()> {
        copy_floats("out", &out, self.inner.heights())
    }

    /// Copies the drainage area into `out` (a `Float32Array` of width × height).
    #[wasm_bindgen(js_name = copyDrainageAreaTo)]
    pub fn copy_drainage_area_to(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Float32Array")] out: JsValue,
    ) -> JsResult<()> {
        copy_floats("out", &out, self.inner.drainage_area())
    }

    /// Copies the receivers into `out` (a `Uint32Array` of width × height).
    #[wasm_bindgen(js_name = copyReceiversTo)]
    pub fn copy_receivers_to(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Uint32Array")] out: JsValue,
    ) -> JsResult<()> {
        let v = self.inner.receivers();
        let a = args::uint32_len("out", &out, v.len())?;
        if !v.is_empty() {
            a.copy_from(v);
        }
        Ok(())
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.inner.width() as u32
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.inner.height() as u32
    }

    /// Model time in years.
    #[wasm_bindgen(getter)]
    pub fn time(&self) -> f64 {
        self.inner.time()
    }

    #[wasm_bindgen(getter, js_name = stepsDone)]
    pub fn steps_done(&self) -> f64 {
        self.inner.steps_done() as f64
    }
}

fn copy_floats(param: &'static str, out: &JsValue, v: &[f32]) -> JsResult<()> {
    let (a, _) = args::float32_len(param, out, Some(v.len()), "width × height")?;
    args::write(param, &a, v)
}

/// The options as JavaScript names them.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Current {
    cell_size: f64,
    m: f64,
    n: f64,
    k: f64,
    kappa: f64,
    sea_level: Option<f32>,
    seed: u32,
}

fn current(p: &LandscapeParams) -> Current {
    Current {
        cell_size: p.cell_size,
        m: p.m,
        n: p.n,
        k: p.k,
        kappa: p.kappa,
        sea_level: p.sea_level,
        seed: p.seed,
    }
}

/// Steepest-descent D8 receivers of `heights` (width × height): a new `Uint32Array`
/// whose cell `i` holds the index of its receiver (itself on the border, below
/// `seaLevel` if given, and in pits; fill them first with `fillDepressions`).
#[wasm_bindgen(js_name = flowReceivers)]
pub fn flow_receivers(
    #[wasm_bindgen(unchecked_param_type = "Float32Array")] heights: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
    #[wasm_bindgen(js_name = "seaLevel", unchecked_optional_param_type = "number | null")]
    sea_level: JsValue,
) -> JsResult<Vec<u32>> {
    let (w, h) = size(&width, &height)?;
    let sea_level = args::optional_in("seaLevel", &sea_level, -1e6, 1e6)?.map(|s| s as f32);
    let z = read_floats("heights", &heights, w * h)?;
    let mut rec = vec![0u32; w * h];
    core::flow_receivers(&z, w, h, sea_level, &mut rec).map_err(js_err)?;
    Ok(rec)
}

/// The stack order of `receivers` (a `Uint32Array`, width × height): a new `Uint32Array`
/// of every cell once, each after its receiver (Braun & Willett 2013; O(n)).
#[wasm_bindgen(js_name = stackOrder)]
pub fn stack_order(
    #[wasm_bindgen(unchecked_param_type = "Uint32Array")] receivers: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
) -> JsResult<Vec<u32>> {
    let (w, h) = size(&width, &height)?;
    let rec = read_u32s("receivers", &receivers, w * h)?;
    let mut out = Vec::with_capacity(w * h);
    core::stack_order(&rec, w, h, &mut out).map_err(js_err)?;
    Ok(out)
}

/// Drainage area of every cell from `receivers` (width × height): a new `Float32Array`
/// of upstream cells (itself included) × `cellSize²` (`cellSize` in [1e-3, 1e6],
/// default 1: counts of cells).
#[wasm_bindgen(js_name = drainageArea)]
pub fn drainage_area(
    #[wasm_bindgen(unchecked_param_type = "Uint32Array")] receivers: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
    #[wasm_bindgen(js_name = "cellSize", unchecked_optional_param_type = "number")]
    cell_size: JsValue,
) -> JsResult<Vec<f32>> {
    let (w, h) = size(&width, &height)?;
    let cell_size = args::optional_in("cellSize", &cell_size, f64::MIN, f64::MAX)?;
    let rec = read_u32s("receivers", &receivers, w * h)?;
    let mut out = vec![0.0f32; w * h];
    core::drainage_area(&rec, w, h, cell_size.unwrap_or(1.0), &mut out).map_err(js_err)?;
    Ok(out)
}
