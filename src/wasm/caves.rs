//! Bindings for the cave figure (`terrain::caves`) and tree placement
//! (`terrain::placement`). Each function validates its arguments, calls the core and
//! returns fresh typed arrays (copies, never views on wasm memory, so they cannot be
//! detached). Grids are row-major `Uint8Array`s of `width × height` cells: 1 wall, 0 air.

use js_sys::{Object, Reflect, Uint32Array, Uint8Array};
use wasm_bindgen::prelude::*;

use super::{js_err, JsResult};
use crate::error::{check_finite_slice, check_range};
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

/// Largest grid side the cave functions accept.
const MAX_SIDE: f64 = 16384.0;

/// Reads a JS number that must be an integer in `[lo, hi]`.
fn int(param: &'static str, v: f64, lo: f64, hi: f64) -> JsResult<u32> {
    check_range(param, v, lo, hi).map_err(js_err)?;
    if v.fract() != 0.0 {
        return Err(js_err(crate::Error::range(
            param,
            format!("must be an integer in [{lo}, {hi}], got {v}"),
        )));
    }
    Ok(v as u32)
}

/// Reads `width`, `height` and checks that `len` equals their product.
fn size(len: usize, width: f64, height: f64) -> JsResult<(usize, usize)> {
    let w = int("width", width, 1.0, MAX_SIDE)? as usize;
    let h = int("height", height, 1.0, MAX_SIDE)? as usize;
    caves::check_grid(len, w, h).map_err(js_err)?;
    Ok((w, h))
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
pub fn cave_threshold(values: &[f32], threshold: f64) -> JsResult<Vec<u8>> {
    check_finite_slice("values", values).map_err(js_err)?;
    check_range("threshold", threshold, 0.0, 1.0).map_err(js_err)?;
    let mut out = vec![0u8; values.len()];
    caves::threshold(values, threshold as f32, &mut out).map_err(js_err)?;
    Ok(out)
}

/// Smooths a cave grid with a birth/survival cellular automaton. Each step counts wall
/// cells among the 8 neighbours (outside the map counts as wall): an air cell becomes
/// wall when the count is at least `birth`, a wall cell stays wall when it is at least
/// `survival`. The classic B5678/S45678 rule is birth 5, survival 4. Stops early once
/// nothing changes.
///
/// @param grid - Uint8Array of width × height cells, 1 wall, 0 air (any non-zero is wall).
/// @param width - grid width, an integer in [1, 16384].
/// @param height - grid height, an integer in [1, 16384].
/// @param iterations - automaton steps, an integer in [0, 1000]; 4–5 is typical.
/// @param birth - an integer in [0, 9] (9: air never turns to wall).
/// @param survival - an integer in [0, 9] (9: every wall erodes).
/// @returns the smoothed grid, a new Uint8Array.
#[wasm_bindgen(js_name = caveSmooth)]
pub fn cave_smooth(
    grid: &[u8],
    width: f64,
    height: f64,
    iterations: f64,
    birth: f64,
    survival: f64,
) -> JsResult<Vec<u8>> {
    let (w, h) = size(grid.len(), width, height)?;
    let iterations = int("iterations", iterations, 0.0, 1000.0)?;
    let rule = CaRule {
        birth: int("birth", birth, 0.0, 9.0)? as u8,
        survival: int("survival", survival, 0.0, 9.0)? as u8,
    };
    let mut out = grid.to_vec();
    caves::smooth(&mut out, w, h, iterations, rule).map_err(js_err)?;
    Ok(out)
}

/// Labels the 4-connected air regions (caves) of a grid.
///
/// @param grid - Uint8Array of width × height cells, 1 wall, 0 air.
/// @param width - an integer in [1, 16384].
/// @param height - an integer in [1, 16384].
/// @returns `{ count, sizes, labels }`; regions are numbered from 1 in row-major order.
#[wasm_bindgen(js_name = caveRegions, unchecked_return_type = "CaveRegions")]
pub fn cave_regions(grid: &[u8], width: f64, height: f64) -> JsResult<JsValue> {
    let (w, h) = size(grid.len(), width, height)?;
    let r = caves::regions(grid, w, h).map_err(js_err)?;
    let obj = Object::new();
    set(&obj, "count", &r.count().into())?;
    set(&obj, "sizes", &Uint32Array::from(&r.sizes[..]).into())?;
    set(&obj, "labels", &Uint32Array::from(&r.labels[..]).into())?;
    Ok(obj.into())
}

/// Fills every air region smaller than `minSize` cells with wall.
///
/// @param grid - Uint8Array of width × height cells, 1 wall, 0 air.
/// @param width - an integer in [1, 16384].
/// @param height - an integer in [1, 16384].
/// @param minSize - smallest region kept, in cells: an integer in [0, 268435456].
/// @returns `{ grid, cavesBefore, cavesAfter, pocketsBefore, pocketsAfter, changed }`,
///   where pockets are the regions smaller than `minSize`.
#[wasm_bindgen(js_name = cavePockets, unchecked_return_type = "CaveReport")]
#[allow(non_snake_case)] // the parameter name shows in the TypeScript signature
pub fn cave_pockets(grid: &[u8], width: f64, height: f64, minSize: f64) -> JsResult<JsValue> {
    let (w, h) = size(grid.len(), width, height)?;
    let min_size = int("minSize", minSize, 0.0, MAX_SIDE * MAX_SIDE)?;
    let mut out = grid.to_vec();
    let r = caves::remove_pockets(&mut out, w, h, min_size).map_err(js_err)?;
    report(&out, r)
}

/// Joins all caves into one by carving 1-cell tunnels: a minimum spanning tree of
/// shortest 4-connected paths between neighbouring caves (deterministic).
///
/// @param grid - Uint8Array of width × height cells, 1 wall, 0 air.
/// @param width - an integer in [1, 16384].
/// @param height - an integer in [1, 16384].
/// @returns `{ grid, cavesBefore, cavesAfter, pocketsBefore, pocketsAfter, changed }`,
///   where pockets are the caves apart from one (cavesBefore − 1, after: 0).
#[wasm_bindgen(js_name = caveConnect, unchecked_return_type = "CaveReport")]
pub fn cave_connect(grid: &[u8], width: f64, height: f64) -> JsResult<JsValue> {
    let (w, h) = size(grid.len(), width, height)?;
    let mut out = grid.to_vec();
    let r = caves::connect_regions(&mut out, w, h).map_err(js_err)?;
    report(&out, r)
}

/// Places trees where a density field exceeds `threshold`, never closer than
/// `minSpacing` and never on a grid (Bridson Poisson-disk sampling, seeded). A higher
/// threshold keeps a subset of the trees of a lower one with the same seed.
///
/// @param field - Float32Array of width × height finite values (e.g. fBm mapped to [0, 1]).
/// @param width - an integer in [1, 16384].
/// @param height - an integer in [1, 16384].
/// @param threshold - a finite number; trees stand only on cells whose value is above it.
/// @param minSpacing - minimum distance between trees in cells, finite and > 0; at least
///   √(2·width·height / 4194304) (so 0.71 for 1024 × 1024).
/// @param seed - an integer in [0, 4294967295].
/// @returns a new Float32Array of x, y pairs in cell units (tree k at [2k], [2k + 1]).
#[wasm_bindgen(js_name = placeTrees)]
#[allow(non_snake_case)] // the parameter name shows in the TypeScript signature
pub fn place_trees(
    field: &[f32],
    width: f64,
    height: f64,
    threshold: f64,
    minSpacing: f64,
    seed: f64,
) -> JsResult<Vec<f32>> {
    let w = int("width", width, 1.0, MAX_SIDE)? as usize;
    let h = int("height", height, 1.0, MAX_SIDE)? as usize;
    if !threshold.is_finite() {
        return Err(js_err(crate::Error::range(
            "threshold",
            format!("must be a finite number, got {threshold}"),
        )));
    }
    crate::error::check_above("minSpacing", minSpacing, 0.0, 1e7).map_err(js_err)?;
    let seed = int("seed", seed, 0.0, u32::MAX as f64)?;
    let trees =
        placement::place(field, w, h, threshold as f32, minSpacing as f32, seed).map_err(js_err)?;
    Ok(trees.into_iter().flatten().collect())
}
