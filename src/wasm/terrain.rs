//! JavaScript bindings of the terrain pipeline: island shaping, erosion, depression
//! filling, D8 flow and biomes. Each converts, calls the core (which validates before
//! computing) and writes back; nothing here computes terrain.
//!
//! Heightmaps are row-major `Float32Array`s of `width × height` (`index = y·width + x`).
//! Functions that change a map change the caller's array in place (one copy in, one
//! `memcpy` out) and leave it untouched when they throw. Pass arrays you own, not views
//! on wasm memory (such as `grid.data`): any call may grow that memory and detach them.

use js_sys::{Float32Array, Object, Reflect, Uint8Array, Uint8ClampedArray};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::options::options;
use super::{check_out, detached, js_err, read_f32, JsResult};
use crate::erosion::{Eroder as CoreEroder, ErosionParams};
use crate::hydrology::{self, FillParams};
use crate::terrain::biome::{self, BiomeParams, LEGEND};
use crate::terrain::island::{self, IslandParams};
use crate::Error;

fn to_js<T: Serialize>(v: &T) -> JsResult<JsValue> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| js_err(Error::kind("result", e.to_string())))
}

/// Copies `v` back into the caller's array with one `memcpy`. If the array was a view
/// on wasm memory and that memory grew while we worked, the view is now detached
/// (length 0): throw a RangeError saying so instead of panicking.
fn write_back(param: &'static str, arr: &Float32Array, v: &[f32]) -> JsResult<()> {
    if arr.length() as usize != v.len() {
        return Err(js_err(detached(param)));
    }
    arr.copy_from(v);
    Ok(())
}

/// Number of cells of a grid, or a RangeError naming the side that is wrong.
fn cells(width: u32, height: u32, min_side: usize) -> JsResult<usize> {
    let (w, h) = (width as usize, height as usize);
    crate::terrain::check_grid("heights", w.saturating_mul(h), w, h, min_side).map_err(js_err)?;
    Ok(w * h)
}

/// Raises every value of `heights` to the power `exponent` (Red Blob's `e^k`), in
/// place; negative values keep their sign. `exponent` in (0, 16]; values finite.
#[wasm_bindgen]
pub fn redistribute(heights: &Float32Array, exponent: f32) -> JsResult<()> {
    let mut v = read_f32("heights", heights, heights.length() as usize, "any length")?;
    island::redistribute(&mut v, exponent).map_err(js_err)?;
    write_back("heights", heights, &v)
}

/// Rescales `values` in place so their minimum becomes 0 and maximum 1 (a constant
/// array becomes 0). Returns the original `[min, max]`. Values must be finite.
#[wasm_bindgen]
pub fn normalize(values: &Float32Array) -> JsResult<Vec<f32>> {
    let mut v = read_f32("values", values, values.length() as usize, "any length")?;
    let (lo, hi) = island::normalize(&mut v).map_err(js_err)?;
    write_back("values", values, &v)?;
    Ok(vec![lo, hi])
}

/// Shapes `heights` (width × height) into an island in place: elevation blended toward
/// `1 − d`, `d` the distance from the centre with `nx, ny ∈ [-1, 1]` (edges at ±1).
#[wasm_bindgen(js_name = islandFalloff)]
pub fn island_falloff(
    heights: &Float32Array,
    width: u32,
    height: u32,
    #[wasm_bindgen(unchecked_optional_param_type = "IslandOptions")] opts: JsValue,
) -> JsResult<()> {
    let n = cells(width, height, 1)?;
    let params: IslandParams = options("options", opts)?;
    let mut v = read_f32("heights", heights, n, "width × height")?;
    island::island_falloff(&mut v, width as usize, height as usize, &params).map_err(js_err)?;
    write_back("heights", heights, &v)
}

/// Fills depressions of `heights` (width × height) in place so every cell has a
/// strictly descending D8 path to the border (or the sea); never lowers a cell.
/// Returns how many cells were raised. Heights finite, in [-1e6, 1e6].
#[wasm_bindgen(js_name = fillDepressions)]
pub fn fill_depressions(
    heights: &Float32Array,
    width: u32,
    height: u32,
    #[wasm_bindgen(unchecked_optional_param_type = "FillOptions")] opts: JsValue,
) -> JsResult<u32> {
    let n = cells(width, height, 1)?;
    let params: FillParams = options("options", opts)?;
    let mut v = read_f32("heights", heights, n, "width × height")?;
    let r = hydrology::fill_depressions(&mut v, width as usize, height as usize, &params)
        .map_err(js_err)?;
    write_back("heights", heights, &v)?;
    Ok(r.raised as u32)
}

/// How many cells of `heights` cannot drain (no strictly lower neighbour, not on the
/// border, not below `seaLevel`). 0 after `fillDepressions`.
#[wasm_bindgen(js_name = undrainedCount)]
pub fn undrained_count(
    heights: &Float32Array,
    width: u32,
    height: u32,
    #[wasm_bindgen(js_name = "seaLevel")] sea_level: Option<f32>,
) -> JsResult<u32> {
    let n = cells(width, height, 1)?;
    let v = read_f32("heights", heights, n, "width × height")?;
    let u = hydrology::undrained_cells(&v, width as usize, height as usize, sea_level)
        .map_err(js_err)?;
    Ok(u.len() as u32)
}

/// D8 direction of every cell: 0–7 = E, SE, S, SW, W, NW, N, NE (its lowest, strictly
/// lower neighbour; ties to the first), 255 = none.
#[wasm_bindgen(js_name = flowDirections)]
pub fn flow_directions(heights: &Float32Array, width: u32, height: u32) -> JsResult<Vec<u8>> {
    let n = cells(width, height, 1)?;
    let v = read_f32("heights", heights, n, "width × height")?;
    hydrology::flow_directions(&v, width as usize, height as usize).map_err(js_err)
}

/// D8 flow accumulation: one unit of rain per cell, each cell passing its water to its
/// lowest neighbour, high to low. Returns a new `Float32Array` (width × height) of the
/// water through each cell. Cells below `seaLevel` (if given, in [-1e6, 1e6]) are sinks.
#[wasm_bindgen(js_name = flowAccumulation)]
pub fn flow_accumulation(
    heights: &Float32Array,
    width: u32,
    height: u32,
    #[wasm_bindgen(js_name = "seaLevel")] sea_level: Option<f32>,
) -> JsResult<Vec<f32>> {
    let n = cells(width, height, 1)?;
    let v = read_f32("heights", heights, n, "width × height")?;
    let mut acc = vec![0.0f32; n];
    hydrology::flow_accumulation(&v, width as usize, height as usize, sea_level, &mut acc)
        .map_err(js_err)?;
    Ok(acc)
}

/// River mask: 1 where `accumulation > threshold`, else 0. `threshold` finite, ≥ 0.
#[wasm_bindgen(js_name = riverMask)]
pub fn river_mask(accumulation: &Float32Array, threshold: f32) -> JsResult<Vec<u8>> {
    let acc = read_f32(
        "accumulation",
        accumulation,
        accumulation.length() as usize,
        "any length",
    )?;
    let mut mask = vec![0u8; acc.len()];
    hydrology::river_mask(&acc, threshold, &mut mask).map_err(js_err)?;
    Ok(mask)
}

/// Biomes from elevation × moisture (Red Blob's table, then rock on steep slopes, beach
/// at the waterline, snow on the peaks, marsh on low wet ground). `heights` and
/// `moisture` are width × height, finite, expected in [0, 1]. Returns
/// `{ ids: Uint8Array, rgba: Uint8ClampedArray }` (ids index `biomeLegend()`).
#[wasm_bindgen(unchecked_return_type = "BiomeMap")]
pub fn biomes(
    heights: &Float32Array,
    moisture: &Float32Array,
    width: u32,
    height: u32,
    #[wasm_bindgen(unchecked_optional_param_type = "BiomeOptions")] opts: JsValue,
) -> JsResult<JsValue> {
    let n = cells(width, height, 1)?;
    let params: BiomeParams = options("options", opts)?;
    let h = read_f32("heights", heights, n, "width × height")?;
    let m = read_f32("moisture", moisture, n, "width × height")?;
    let mut ids = vec![0u8; n];
    biome::biomes(&h, &m, width as usize, height as usize, &params, &mut ids).map_err(js_err)?;
    let mut rgba = vec![0u8; n * 4];
    biome::paint_biomes(&ids, &mut rgba).map_err(js_err)?;
    let out = Object::new();
    Reflect::set(&out, &"ids".into(), &Uint8Array::from(&ids[..]))?;
    Reflect::set(&out, &"rgba".into(), &Uint8ClampedArray::from(&rgba[..]))?;
    Ok(out.into())
}

/// Every biome in id order: `{ id, key, name, color: [r, g, b] }`.
#[wasm_bindgen(js_name = biomeLegend, unchecked_return_type = "BiomeLegendEntry[]")]
pub fn biome_legend() -> JsResult<JsValue> {
    to_js(&LEGEND)
}

/// The WGSL source of the GPU eroder (`landform/erosion.js` runs it on WebGPU): the
/// same droplet model in fixed point (millionths of a height unit, integer atomics).
#[wasm_bindgen(js_name = erosionShader)]
pub fn erosion_shader() -> String {
    crate::erosion::SHADER_WGSL.to_string()
}

/// A resumable droplet-erosion run over one map size (Lague's model with the speed
/// sign and direction bias fixed). Call `run` in chunks to report progress, preview
/// and cancel: N droplets in one call equal N split over several calls, bit for bit.
#[wasm_bindgen(js_name = Eroder)]
pub struct JsEroder {
    inner: CoreEroder,
    buf: Vec<f32>,
}

#[wasm_bindgen(js_class = Eroder)]
impl JsEroder {
    /// Validates `params` (see `ErosionOptions`) and the size (each side in [2, 65536],
    /// at most 2^28 cells).
    #[wasm_bindgen(constructor)]
    pub fn new(
        width: u32,
        height: u32,
        #[wasm_bindgen(unchecked_optional_param_type = "ErosionOptions")] params: JsValue,
    ) -> JsResult<JsEroder> {
        cells(width, height, 2)?;
        let p: ErosionParams = options("params", params)?;
        let inner = CoreEroder::new(width as usize, height as usize, p).map_err(js_err)?;
        Ok(JsEroder {
            inner,
            buf: Vec::new(),
        })
    }

    /// Runs `droplets` more droplets over `heights` (width × height, finite, in
    /// [-1e6, 1e6]), modifying the caller's array in place.
    pub fn run(&mut self, heights: &Float32Array, droplets: u32) -> JsResult<()> {
        let n = self.inner.width() * self.inner.height();
        check_out("heights", heights, n, "width × height")?;
        self.buf.resize(n, 0.0); // may grow wasm memory and detach a view
        if heights.length() as usize != n {
            return Err(js_err(detached("heights")));
        }
        heights.copy_to(&mut self.buf);
        self.inner.run(&mut self.buf, droplets).map_err(js_err)?;
        write_back("heights", heights, &self.buf)
    }

    /// Sediment totals so far: `{ eroded, deposited, lost }`.
    #[wasm_bindgen(getter, unchecked_return_type = "ErosionBudget")]
    pub fn budget(&self) -> JsResult<JsValue> {
        to_js(&self.inner.budget())
    }

    /// The run's parameters with every default filled in (an `ErosionOptions` object
    /// with all fields; `seaLevel` null when there is no sea).
    #[wasm_bindgen(getter, unchecked_return_type = "Required<ErosionOptions>")]
    pub fn params(&self) -> JsResult<JsValue> {
        to_js(self.inner.params())
    }

    /// Droplets run so far.
    #[wasm_bindgen(getter, js_name = dropletsDone)]
    pub fn droplets_done(&self) -> f64 {
        self.inner.droplets_done() as f64
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.inner.width() as u32
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.inner.height() as u32
    }
}
