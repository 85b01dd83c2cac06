//! Browser tests of the cave and tree-placement bindings: the golden hashes of
//! tests/caves.rs and tests/placement.rs reproduced bit for bit, hand-made grids, and
//! the bad-input matrix (RangeError naming the parameter).
#![cfg(target_arch = "wasm32")]

mod common;

use common::fnv1a_bytes;
use js_sys::{Reflect, Uint32Array, Uint8Array};
use landform::noise::simplex::Simplex;
use landform::wasm::caves as js;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

// The bindings take every argument as a `JsValue` (checked inside); these call them
// with the typed arrays and numbers JavaScript would pass.
fn f32s(v: &[f32]) -> JsValue {
    js_sys::Float32Array::from(v).into()
}

fn u8s(v: &[u8]) -> JsValue {
    Uint8Array::from(v).into()
}

fn nums<const N: usize>(n: [f64; N]) -> [JsValue; N] {
    n.map(JsValue::from)
}

fn cave_threshold(values: &[f32], threshold: f64) -> Result<Vec<u8>, JsValue> {
    js::cave_threshold(f32s(values), threshold.into())
}

fn cave_smooth(grid: &[u8], w: f64, h: f64, i: f64, b: f64, s: f64) -> Result<Vec<u8>, JsValue> {
    let [w, h, i, b, s] = nums([w, h, i, b, s]);
    js::cave_smooth(u8s(grid), w, h, i, b, s)
}

fn cave_regions(grid: &[u8], w: f64, h: f64) -> Result<JsValue, JsValue> {
    js::cave_regions(u8s(grid), w.into(), h.into())
}

fn cave_pockets(grid: &[u8], w: f64, h: f64, min_size: f64) -> Result<JsValue, JsValue> {
    js::cave_pockets(u8s(grid), w.into(), h.into(), min_size.into())
}

fn cave_connect(grid: &[u8], w: f64, h: f64) -> Result<JsValue, JsValue> {
    js::cave_connect(u8s(grid), w.into(), h.into())
}

fn place_trees(
    f: &[f32],
    w: f64,
    h: f64,
    t: f64,
    spacing: f64,
    seed: f64,
) -> Result<Vec<f32>, JsValue> {
    let [w, h, t, spacing, seed] = nums([w, h, t, spacing, seed]);
    js::place_trees(f32s(f), w, h, t, spacing, seed)
}

/// Simplex seed 7 at scale 20 on 64 × 48, mapped to [0, 1] (as in the native goldens).
fn field() -> Vec<f32> {
    let n = Simplex::new(7);
    (0..64 * 48)
        .map(|i| (n.noise2((i % 64) as f32 / 20.0, (i / 64) as f32 / 20.0) + 1.0) / 2.0)
        .collect()
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap()
}

fn num(v: &JsValue, key: &str) -> f64 {
    get(v, key).as_f64().unwrap()
}

fn error_text(e: &JsValue) -> (String, String) {
    (
        get(e, "name").as_string().unwrap(),
        get(e, "message").as_string().unwrap(),
    )
}

#[wasm_bindgen_test]
fn cave_pipeline_reproduces_the_native_golden_hashes() {
    let grid = cave_threshold(&field(), 0.5).unwrap();
    let smoothed = cave_smooth(&grid, 64.0, 48.0, 4.0, 5.0, 4.0).unwrap();
    assert_eq!(fnv1a_bytes(smoothed.iter().copied()), 3_985_070_318);
    let rep = cave_connect(&smoothed, 64.0, 48.0).unwrap();
    let connected = Uint8Array::new(&get(&rep, "grid")).to_vec();
    assert_eq!(fnv1a_bytes(connected), 984_975_233);
    assert_eq!(
        (num(&rep, "cavesBefore"), num(&rep, "cavesAfter")),
        (4.0, 1.0)
    );
    assert_eq!(
        (
            num(&rep, "pocketsBefore"),
            num(&rep, "pocketsAfter"),
            num(&rep, "changed")
        ),
        (3.0, 0.0, 15.0)
    );
}

#[wasm_bindgen_test]
fn tree_placement_reproduces_the_native_golden_hash() {
    let trees = place_trees(&field(), 64.0, 48.0, 0.5, 3.0, 42.0).unwrap();
    assert_eq!(trees.len(), 2 * 111);
    let hash = fnv1a_bytes(trees.iter().flat_map(|v| v.to_bits().to_le_bytes()));
    assert_eq!(hash, 2_503_232_783);
}

#[wasm_bindgen_test]
fn regions_and_pockets_count_a_hand_made_grid() {
    // ...#. / ##.#. / ##### / #.#.. / ###.. : regions of 4, 2, 1 and 4 cells.
    let rows = ["...#.", "##.#.", "#####", "#.#..", "###.."];
    let grid: Vec<u8> = rows
        .iter()
        .flat_map(|r| r.bytes().map(|b| u8::from(b == b'#')))
        .collect();
    let r = cave_regions(&grid, 5.0, 5.0).unwrap();
    assert_eq!(num(&r, "count"), 4.0);
    assert_eq!(
        Uint32Array::new(&get(&r, "sizes")).to_vec(),
        vec![4, 2, 1, 4]
    );
    assert_eq!(Uint32Array::new(&get(&r, "labels")).get_index(4), 2);
    let p = cave_pockets(&grid, 5.0, 5.0, 3.0).unwrap();
    assert_eq!(
        (
            num(&p, "cavesBefore"),
            num(&p, "cavesAfter"),
            num(&p, "pocketsBefore"),
            num(&p, "pocketsAfter")
        ),
        (4.0, 2.0, 2.0, 0.0)
    );
}

#[wasm_bindgen_test]
fn bad_input_throws_range_errors_naming_the_parameter() {
    let f = field();
    let g = cave_threshold(&f, 0.5).unwrap();
    let cases: Vec<(Result<JsValue, JsValue>, &str)> = vec![
        (
            cave_threshold(&[0.1, f32::NAN], 0.5).map(|_| JsValue::NULL),
            "values",
        ),
        (cave_threshold(&f, 1.5).map(|_| JsValue::NULL), "threshold"),
        (
            cave_threshold(&f, f64::NAN).map(|_| JsValue::NULL),
            "threshold",
        ),
        (
            cave_smooth(&g, 64.0, 47.0, 4.0, 5.0, 4.0).map(|_| JsValue::NULL),
            "grid",
        ),
        (
            cave_smooth(&g, 0.0, 48.0, 4.0, 5.0, 4.0).map(|_| JsValue::NULL),
            "width",
        ),
        (
            cave_smooth(&g, 64.5, 48.0, 4.0, 5.0, 4.0).map(|_| JsValue::NULL),
            "width",
        ),
        (
            cave_smooth(&g, 64.0, 48.0, -1.0, 5.0, 4.0).map(|_| JsValue::NULL),
            "iterations",
        ),
        (
            cave_smooth(&g, 64.0, 48.0, 4.0, 300.0, 4.0).map(|_| JsValue::NULL),
            "birth",
        ),
        (
            cave_smooth(&g, 64.0, 48.0, 4.0, 5.0, f64::INFINITY).map(|_| JsValue::NULL),
            "survival",
        ),
        (cave_regions(&g, 64.0, 1e9), "height"),
        (cave_pockets(&g, 64.0, 48.0, 0.5), "minSize"),
        (cave_connect(&g[1..], 64.0, 48.0), "grid"),
        (
            place_trees(&f, 64.0, 48.0, f64::NAN, 3.0, 1.0).map(|_| JsValue::NULL),
            "threshold",
        ),
        (
            place_trees(&f, 64.0, 48.0, 0.5, 0.0, 1.0).map(|_| JsValue::NULL),
            "minSpacing",
        ),
        (
            place_trees(&f, 64.0, 48.0, 0.5, 1e-4, 1.0).map(|_| JsValue::NULL),
            "minSpacing",
        ),
        (
            place_trees(&f, 64.0, 48.0, 0.5, 3.0, -1.0).map(|_| JsValue::NULL),
            "seed",
        ),
        (
            place_trees(&f, 64.0, 48.0, 0.5, 3.0, 4294967296.0).map(|_| JsValue::NULL),
            "seed",
        ),
        (
            place_trees(&f[1..], 64.0, 48.0, 0.5, 3.0, 1.0).map(|_| JsValue::NULL),
            "field",
        ),
    ];
    for (i, (result, param)) in cases.into_iter().enumerate() {
        let e = result
            .err()
            .unwrap_or_else(|| panic!("case {i} ({param}) did not throw"));
        let (name, message) = error_text(&e);
        assert_eq!(name, "RangeError", "case {i}: {message}");
        assert!(
            message.contains(&format!("`{param}`")),
            "case {i}: {message}"
        );
    }
    // Everything still works after the errors.
    assert_eq!(cave_threshold(&f, 0.5).unwrap(), g);
}
