//! Bindings for the cave figure (`terrain::caves`) and tree placement
//! (`terrain::placement`). Each function validates its arguments, calls the core and
//! returns fresh typed arrays (copies, never views on wasm memory, so they cannot be
//! detached). Grids are row-major `Uint8Array`s of `width × height` cells: 1 wall, 0 air.

use js_sys::{Object, Reflect, Uint32Array, Uint8Array};
use wasm_bindgen::prelude::*;

use super::args::{self, float32_len, number, number_in, read, side, uint8};
use super::{js_err, JsResult};
use crate::error::check_finite_slice;
use crate::terrain::caves::{self, CaRule, Report};
use crate::terrain::placement;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** Air regions of a cave grid. */
export interface CaveRegions {
  /** Number of 4-connected air regions (caves). */
  count: number;
  /** Size in cells of region k + 1, for k in 0..count. */
  sizes: Uint32Array;
  /** Per cell: 0 for wall, else its region number 1..count (row-major). */
  labels: Uint32Array;
}
/** The grid after a pocket operation, with cave and pocket counts before and after. */
export interface CaveReport {
  /** The new grid (a copy): 1 wall, 0 air. */
  grid: Uint8Array;
  /** Air regions before and after. */
  cavesBefore: number;
  cavesAfter: number;
  /** cavePockets: regions smaller than minSize; caveConnect: cavesBefore − 1, then 0. */
  pocketsBefore: number;
  pocketsAfter: number;
  /** Cells that switched between wall and air. */
  changed: number;
}
"#;

/// Reads an integer argument in `[lo, hi]` (the crate's one integer check).
fn int(param: &'static str, v: &JsValue, lo: i64, hi: i64) -> JsResult<u32> {
    Ok(args::int(param, v, lo, hi)? as u32)
}

/// Reads `grid` (exactly a Uint8Array), `width`, `height` (whole numbers in
/// `[1, MAX_SIDE]`) and checks that the grid holds `width × height` cells.
fn cave_grid(
    grid: &JsValue,
    width: &JsValue,
    height: &JsValue,
) -> JsResult<(Vec<u8>, usize, usize)> {
    let (w, h) = (side("width", width, 1)?, side("height", height, 1)?);
    let a = uint8("grid", grid)?;
    let len = a.length() as usize;
    args::check_length("grid", len, args::is_detached(len, &a.buffer()), None, "")?;
    caves::check_grid(len, w, h).map_err(js_err)?;
    Ok((a.to_vec(), w, h))
}

/// Reads a Float32Array argument of any length (up to the limits), as a vector.
fn floats(param: &'static str, v: &JsValue) -> JsResult<Vec<f32>> {
    let (a, n) = float32_len(param, v, None, "any length")?;
    read(param, &a, n)
}

fn set(obj: &Object, key: &str, value: &JsValue) -> JsResult<()> {
    Reflect::set(obj, &JsValue::from_str(key), value).map(|_| ())
}

fn report(grid: &[u8], r: Report) -> JsResult<JsValue> {
    let obj = Object::new();
    set(&obj, "grid", &Uint8Array::from(grid).into())?;
    set(&obj, "cavesBefore", &r.caves_before.into())?;
    set(&obj, "cavesAfter", &r.caves_after.into())?;
    set(&obj, "pocketsBefore", &r.pockets_before.into())?;
    set(&obj, "pocketsAfter", &r.pockets_after.into())?;
    set(&obj, "changed", &r.changed.into())?;
    Ok(obj.into())
}

/// Turns noise values into a cave grid: 1 (wall) where the value is below `threshold`,
/// else 0 (air), as in §4 of the caves article. Raising the threshold closes the caves.
///
/// @param values - Float32Array of noise already mapped to [0, 1], one per cell; all finite.
/// @param threshold - in [0, 1]: 0.5 gives a balanced map, 0.7 nearly all rock.
/// @returns a new Uint8Array of the same length.
#[wasm_bindgen(js_name = caveThreshold)]
pub fn cave_threshold(
    #[wasm_bindgen(unchecked_param_type = "Float32Array")] values: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] threshold: JsValue,
) -> JsResult<Vec<u8>> {
    let threshold = number_in("threshold", &threshold, 0.0, 1.0)?;
    let values = floats("values", &values)?;
    check_finite_slice("values", &values).map_err(js_err)?;
    let mut out = vec![0u8; values.len()];
    caves::threshold(&values, threshold as f32, &mut out).map_err(js_err)?;
    Ok(out)
}

/// Smooths a cave grid with a birth/survival cellular automaton. Each step counts wall
/// cells among the 8 neighbours (outside the map counts as wall): an air cell becomes
/// wall when the count is at least `birth`, a wall cell stays wall when it is at least
/// `survival`. The classic B5678/S45678 rule is birth 5, survival 4. Stops early once
/// nothing changes.
///
/// @param grid - Uint8Array of width × height cells, 1 wall, 0 air (any non-zero is wall).
/// @param width - grid width, a whole number in [1, 16384].
/// @param height - grid height, a whole number in [1, 16384].
/// @param iterations - automaton steps, an integer in [0, 1000]; 4–5 is typical.
/// @param birth - an integer in [0, 9] (9: air never turns to wall).
/// @param survival - an integer in [0, 9] (9: every wall erodes).
/// @returns the smoothed grid, a new Uint8Array.
#[wasm_bindgen(js_name = caveSmooth)]
pub fn cave_smooth(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array")] grid: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] iterations: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] birth: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] survival: JsValue,
) -> JsResult<Vec<u8>> {
    let (mut out, w, h) = cave_grid(&grid, &width, &height)?;
    let iterations = int("iterations", &iterations, 0, 1000)?;
    let rule = CaRule {
        birth: int("birth", &birth, 0, 9)? as u8,
        survival: int("survival", &survival, 0, 9)? as u8,
    };
    caves::smooth(&mut out, w, h, iterations, rule).map_err(js_err)?;
    Ok(out)
}

/// Labels the 4-connected air regions (caves) of a grid.
///
/// @param grid - Uint8Array of width × height cells, 1 wall, 0 air.
/// @param width - a whole number in [1, 16384].
/// @param height - a whole number in [1, 16384].
/// @returns `{ count, sizes, labels }`; regions are numbered from 1 in row-major order.
#[wasm_bindgen(js_name = caveRegions, unchecked_return_type = "CaveRegions")]
pub fn cave_regions(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array")] grid: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
) -> JsResult<JsValue> {
    let (grid, w, h) = cave_grid(&grid, &width, &height)?;
    let r = caves::regions(&grid, w, h).map_err(js_err)?;
    let obj = Object::new();
    set(&obj, "count", &r.count().into())?;
    set(&obj, "sizes", &Uint32Array::from(&r.sizes[..]).into())?;
    set(&obj, "labels", &Uint32Array::from(&r.labels[..]).into())?;
    Ok(obj.into())
}

/// Fills every air region smaller than `minSize` cells with wall.
///
/// @param grid - Uint8Array of width × height cells, 1 wall, 0 air.
/// @param width - a whole number in [1, 16384].
/// @param height - a whole number in [1, 16384].
/// @param minSize - smallest region kept, in cells: a whole number in [0, 67108864].
/// @returns `{ grid, cavesBefore, cavesAfter, pocketsBefore, pocketsAfter, changed }`,
///   where pockets are the regions smaller than `minSize`.
#[wasm_bindgen(js_name = cavePockets, unchecked_return_type = "CaveReport")]
#[allow(non_snake_case)] // the parameter name shows in the TypeScript signature
pub fn cave_pockets(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array")] grid: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] minSize: JsValue,
) -> JsResult<JsValue> {
    let (mut out, w, h) = cave_grid(&grid, &width, &height)?;
    let min_size = int("minSize", &minSize, 0, crate::limits::MAX_CELLS as i64)?;
    let r = caves::remove_pockets(&mut out, w, h, min_size).map_err(js_err)?;
    report(&out, r)
}

/// Joins all caves into one by carving 1-cell tunnels: a minimum spanning tree of
/// shortest 4-connected paths between neighbouring caves (deterministic).
///
/// @param grid - Uint8Array of width × height cells, 1 wall, 0 air.
/// @param width - a whole number in [1, 16384].
/// @param height - a whole number in [1, 16384].
/// @returns `{ grid, cavesBefore, cavesAfter, pocketsBefore, pocketsAfter, changed }`,
///   where pockets are the caves apart from one (cavesBefore − 1, after: 0).
#[wasm_bindgen(js_name = caveConnect, unchecked_return_type = "CaveReport")]
pub fn cave_connect(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array")] grid: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
) -> JsResult<JsValue> {
    let (mut out, w, h) = cave_grid(&grid, &width, &height)?;
    let r = caves::connect_regions(&mut out, w, h).map_err(js_err)?;
    report(&out, r)
}

/// Places trees where a density field exceeds `threshold`, never closer than
/// `minSpacing` and never on a grid (Bridson Poisson-disk sampling, seeded). A higher
/// threshold keeps a subset of the trees of a lower one with the same seed.
///
/// @param field - Float32Array of width × height finite values (e.g. fBm mapped to [0, 1]).
/// @param width - a whole number in [1, 16384].
/// @param height - a whole number in [1, 16384].
/// @param threshold - a finite number; trees stand only on cells whose value is above it.
/// @param minSpacing - minimum distance between trees in cells, finite and > 0; at least
///   √(2·width·height / 4194304) (so 0.71 for 1024 × 1024).
/// @param seed - an integer in [0, 4294967295].
/// @returns a new Float32Array of x, y pairs in cell units (tree k at [2k], [2k + 1]).
#[wasm_bindgen(js_name = placeTrees)]
#[allow(non_snake_case)] // the parameter name shows in the TypeScript signature
pub fn place_trees(
    #[wasm_bindgen(unchecked_param_type = "Float32Array")] field: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] threshold: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] minSpacing: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
) -> JsResult<Vec<f32>> {
    let (w, h) = (side("width", &width, 1)?, side("height", &height, 1)?);
    let threshold = number("threshold", &threshold)?;
    let minSpacing = number("minSpacing", &minSpacing)?;
    let seed = int("seed", &seed, 0, u32::MAX as i64)?;
    let field = floats("field", &field)?;
    if !threshold.is_finite() {
        return Err(js_err(crate::Error::range(
            "threshold",
            format!("must be a finite number, got {threshold}"),
        )));
    }
    crate::error::check_above("minSpacing", minSpacing, 0.0, 1e7).map_err(js_err)?;
    let trees = placement::place(&field, w, h, threshold as f32, minSpacing as f32, seed)
        .map_err(js_err)?;
    Ok(trees.into_iter().flatten().collect())
}
