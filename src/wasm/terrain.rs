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

use super::args::{float32_len, int, number_in, optional_in, read, side, write};
use super::options::options;
use super::{js_err, JsResult};
use crate::erosion::{Eroder as CoreEroder, ErosionParams};
use crate::hydrology::{self, FillParams};
use crate::limits::{check_cells, MAX_DROPLETS};
use crate::terrain::biome::{self, BiomeParams, LEGEND};
use crate::terrain::island::{self, IslandParams};
use crate::terrain::normals;
use crate::terrain::MAX_HEIGHT;
use crate::Error;

fn to_js<T: Serialize>(v: &T) -> JsResult<JsValue> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| js_err(Error::kind("result", e.to_string())))
}

/// A checked heightmap argument: `heights` exactly a Float32Array of `width × height`
/// (each side a whole number in `[min_side, MAX_SIDE]`, the crate's limits).
struct Map {
    array: Float32Array,
    width: usize,
    height: usize,
}

impl Map {
    fn new(
        param: &'static str,
        heights: &JsValue,
        width: &JsValue,
        height: &JsValue,
        min_side: usize,
    ) -> JsResult<Map> {
        let (w, h) = (
            side("width", width, min_side)?,
            side("height", height, min_side)?,
        );
        let n = check_cells("width", w, h).map_err(js_err)?;
        let (array, _) = float32_len(param, heights, Some(n), "width × height")?;
        Ok(Map {
            array,
            width: w,
            height: h,
        })
    }

    fn read(&self, param: &'static str) -> JsResult<Vec<f32>> {
        read(param, &self.array, self.width * self.height)
    }
}

/// A sea level argument: absent (`undefined`/`null`) or a number in `[-1e6, 1e6]`.
fn sea(v: &JsValue) -> JsResult<Option<f32>> {
    Ok(optional_in("seaLevel", v, -(MAX_HEIGHT as f64), MAX_HEIGHT as f64)?.map(|s| s as f32))
}

/// Raises every value of `heights` to the power `exponent` (Red Blob's `e^k`), in
/// place; negative values keep their sign. `exponent` in (0, 16]; values finite, and
/// `|value|^exponent` must fit an f32 (a RangeError, never Infinity).
#[wasm_bindgen]
pub fn redistribute(
    #[wasm_bindgen(unchecked_param_type = "Float32Array")] heights: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] exponent: JsValue,
) -> JsResult<()> {
    let exponent = super::args::number("exponent", &exponent)? as f32;
    let (a, n) = float32_len("heights", &heights, None, "any length")?;
    let mut v = read("heights", &a, n)?;
    island::redistribute(&mut v, exponent).map_err(js_err)?;
    write("heights", &a, &v)
}

/// Rescales `values` in place so their minimum becomes 0 and maximum 1 (a constant
/// array becomes 0). Returns the original `[min, max]`. Values must be finite.
#[wasm_bindgen]
pub fn normalize(
    #[wasm_bindgen(unchecked_param_type = "Float32Array")] values: JsValue,
) -> JsResult<Vec<f32>> {
    let (a, n) = float32_len("values", &values, None, "any length")?;
    let mut v = read("values", &a, n)?;
    let (lo, hi) = island::normalize(&mut v).map_err(js_err)?;
    write("values", &a, &v)?;
    Ok(vec![lo, hi])
}

/// Shapes `heights` (width × height) into an island in place: elevation blended toward
/// `1 − d`, `d` the distance from the centre with `nx, ny ∈ [-1, 1]` (edges at ±1).
#[wasm_bindgen(js_name = islandFalloff)]
pub fn island_falloff(
    #[wasm_bindgen(unchecked_param_type = "Float32Array")] heights: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "IslandOptions")] opts: JsValue,
) -> JsResult<()> {
    let m = Map::new("heights", &heights, &width, &height, 1)?;
    let params: IslandParams = options("options", opts)?;
    let mut v = m.read("heights")?;
    island::island_falloff(&mut v, m.width, m.height, &params).map_err(js_err)?;
    write("heights", &m.array, &v)
}

/// Fills depressions of `heights` (width × height) in place so every cell has a
/// strictly descending D8 path to the border (or the sea); never lowers a cell.
/// Returns how many cells were raised. Heights finite, in [-1e6, 1e6].
#[wasm_bindgen(js_name = fillDepressions)]
pub fn fill_depressions(
    #[wasm_bindgen(unchecked_param_type = "Float32Array")] heights: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "FillOptions")] opts: JsValue,
) -> JsResult<u32> {
    let m = Map::new("heights", &heights, &width, &height, 1)?;
    let params: FillParams = options("options", opts)?;
    let mut v = m.read("heights")?;
    let r = hydrology::fill_depressions(&mut v, m.width, m.height, &params).map_err(js_err)?;
    write("heights", &m.array, &v)?;
    Ok(r.raised as u32)
}

/// Unit surface normals of a heightmap (`width × height`, row-major) into `out`
/// (length **3** × width × height, interleaved `x, y, z` per cell: x along a row, y down
/// the rows, z up) for the surface `z = heightScale · heights` over unit cells, by
/// central differences (one-sided at the borders). `heightScale` in [0, 1e6]; heights
/// finite in [-1e6, 1e6]. For a noise fill at `region.scale`, a height of `v · A` per
/// cell is `heightScale = A`.
#[wasm_bindgen(js_name = normalMap)]
pub fn normal_map(
    #[wasm_bindgen(unchecked_param_type = "Float32Array")] out: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Float32Array")] heights: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
    #[wasm_bindgen(js_name = "heightScale", unchecked_param_type = "number")] height_scale: JsValue,
) -> JsResult<()> {
    let m = Map::new("heights", &heights, &width, &height, 1)?;
    let max = normals::MAX_HEIGHT_SCALE;
    let scale = number_in("heightScale", &height_scale, 0.0, max)?;
    let n = 3 * m.width * m.height;
    let (out, _) = float32_len(
        "out",
        &out,
        Some(n),
        "3 × width × height (x, y, z per cell)",
    )?;
    let v = m.read("heights")?;
    let mut normals = vec![0.0; n];
    normals::normal_map(&mut normals, &v, m.width, m.height, scale).map_err(js_err)?;
    write("out", &out, &normals)
}

/// Unit normals (as `normalMap`) from a `fill2dDeriv` output `deriv` (length 3 × width ×
/// height: value, ∂x, ∂y planes): the analytic slopes times `slopeScale` (in [0, 1e6];
/// for heights `A · value` per cell at `region.scale`, `slopeScale = A / scale`).
#[wasm_bindgen(js_name = normalMapFromDeriv)]
pub fn normal_map_from_deriv(
    #[wasm_bindgen(unchecked_param_type = "Float32Array")] out: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Float32Array")] deriv: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
    #[wasm_bindgen(js_name = "slopeScale", unchecked_param_type = "number")] slope_scale: JsValue,
) -> JsResult<()> {
    let (w, h) = (side("width", &width, 1)?, side("height", &height, 1)?);
    let n = 3 * check_cells("width", w, h).map_err(js_err)?;
    let what = "3 × width × height (value, ∂x, ∂y planes)";
    let (d, _) = float32_len("deriv", &deriv, Some(n), what)?;
    let scale = number_in("slopeScale", &slope_scale, 0.0, normals::MAX_HEIGHT_SCALE)?;
    let (out, _) = float32_len(
        "out",
        &out,
        Some(n),
        "3 × width × height (x, y, z per cell)",
    )?;
    let d = read("deriv", &d, n)?;
    let mut normals = vec![0.0; n];
    normals::normal_map_from_deriv(&mut normals, &d, w, h, scale).map_err(js_err)?;
    write("out", &out, &normals)
}

/// How many cells of `heights` cannot drain (no strictly lower neighbour, not on the
/// border, not below `seaLevel`). 0 after `fillDepressions`.
#[wasm_bindgen(js_name = undrainedCount)]
pub fn undrained_count(
    #[wasm_bindgen(unchecked_param_type = "Float32Array")] heights: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
    #[wasm_bindgen(js_name = "seaLevel", unchecked_optional_param_type = "number | null")]
    sea_level: JsValue,
) -> JsResult<u32> {
    let m = Map::new("heights", &heights, &width, &height, 1)?;
    let sea_level = sea(&sea_level)?;
    let v = m.read("heights")?;
    let u = hydrology::undrained_cells(&v, m.width, m.height, sea_level).map_err(js_err)?;
    Ok(u.len() as u32)
}

/// D8 direction of every cell: 0–7 = E, SE, S, SW, W, NW, N, NE (its lowest, strictly
/// lower neighbour; ties to the first), 255 = none.
#[wasm_bindgen(js_name = flowDirections)]
pub fn flow_directions(
    #[wasm_bindgen(unchecked_param_type = "Float32Array")] heights: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
) -> JsResult<Vec<u8>> {
    let m = Map::new("heights", &heights, &width, &height, 1)?;
    let v = m.read("heights")?;
    hydrology::flow_directions(&v, m.width, m.height).map_err(js_err)
}

/// D8 flow accumulation: one unit of rain per cell, each cell passing its water to its
/// lowest neighbour, high to low. Returns a new `Float32Array` (width × height) of the
/// water through each cell. Cells below `seaLevel` (if given, in [-1e6, 1e6]) are sinks.
#[wasm_bindgen(js_name = flowAccumulation)]
pub fn flow_accumulation(
    #[wasm_bindgen(unchecked_param_type = "Float32Array")] heights: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
    #[wasm_bindgen(js_name = "seaLevel", unchecked_optional_param_type = "number | null")]
    sea_level: JsValue,
) -> JsResult<Vec<f32>> {
    let m = Map::new("heights", &heights, &width, &height, 1)?;
    let sea_level = sea(&sea_level)?;
    let v = m.read("heights")?;
    let mut acc = vec![0.0f32; v.len()];
    hydrology::flow_accumulation(&v, m.width, m.height, sea_level, &mut acc).map_err(js_err)?;
    Ok(acc)
}

/// River mask: 1 where `accumulation > threshold`, else 0. `threshold` finite, ≥ 0.
#[wasm_bindgen(js_name = riverMask)]
pub fn river_mask(
    #[wasm_bindgen(unchecked_param_type = "Float32Array")] accumulation: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] threshold: JsValue,
) -> JsResult<Vec<u8>> {
    let threshold = number_in("threshold", &threshold, 0.0, f32::MAX as f64)? as f32;
    let (a, n) = float32_len("accumulation", &accumulation, None, "any length")?;
    let acc = read("accumulation", &a, n)?;
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
    #[wasm_bindgen(unchecked_param_type = "Float32Array")] heights: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Float32Array")] moisture: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "BiomeOptions")] opts: JsValue,
) -> JsResult<JsValue> {
    let hm = Map::new("heights", &heights, &width, &height, 1)?;
    let mm = Map::new("moisture", &moisture, &width, &height, 1)?;
    let params: BiomeParams = options("options", opts)?;
    let (h, m) = (hm.read("heights")?, mm.read("moisture")?);
    let n = h.len();
    let mut ids = vec![0u8; n];
    biome::biomes(&h, &m, hm.width, hm.height, &params, &mut ids).map_err(js_err)?;
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
    /// Validates `params` (see `ErosionOptions`) and the size (each side a whole number
    /// in [2, 16384], at most 2^26 cells: the crate's limits).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ErosionOptions")] params: JsValue,
    ) -> JsResult<JsEroder> {
        let (w, h) = (side("width", &width, 2)?, side("height", &height, 2)?);
        check_cells("width", w, h).map_err(js_err)?;
        let p: ErosionParams = options("params", params)?;
        let inner = CoreEroder::new(w, h, p).map_err(js_err)?;
        Ok(JsEroder {
            inner,
            buf: Vec::new(),
        })
    }

    /// Runs `droplets` more droplets (a whole number in [0, 16777216]; longer runs go in
    /// chunks) over `heights` (width × height, finite, in [-1e6, 1e6]), modifying the
    /// caller's array in place.
    pub fn run(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Float32Array")] heights: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] droplets: JsValue,
    ) -> JsResult<()> {
        let n = self.inner.width() * self.inner.height();
        let droplets = int("droplets", &droplets, 0, MAX_DROPLETS as i64)? as u32;
        let (a, _) = float32_len("heights", &heights, Some(n), "width × height")?;
        self.buf.resize(n, 0.0); // may grow wasm memory and detach a view
        if a.length() as usize != n {
            return Err(js_err(super::detached("heights")));
        }
        a.copy_to(&mut self.buf);
        self.inner.run(&mut self.buf, droplets).map_err(js_err)?;
        write("heights", &a, &self.buf)
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
