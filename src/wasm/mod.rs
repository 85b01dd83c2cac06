//! The JavaScript face of landform: `#[wasm_bindgen]` types and functions only.
//! Each binding converts its arguments, validates them through the plain-Rust core,
//! calls it, and writes results back. Nothing here computes terrain.

use wasm_bindgen::prelude::*;

pub(crate) mod args;
pub mod caves;
pub mod field;
mod field_types;
pub mod graph;
pub mod landscape;
#[cfg(test)]
mod landscape_tests;
pub(crate) mod options;
pub mod terrain;
#[cfg(test)]
mod terrain_tests;
pub(crate) mod terrain_types;

use crate::Error;

/// The crate's size limits (`crate::limits`), for callers that check before posting
/// work (the worker pool): `{ maxSide, maxCells, maxDroplets, maxGraphNodes, maxGraphDepth }`.
#[wasm_bindgen(
    unchecked_return_type = "{ maxSide: number; maxCells: number; maxDroplets: number; maxGraphNodes: number; maxGraphDepth: number }"
)]
pub fn limits() -> JsValue {
    let o = js_sys::Object::new();
    for (k, v) in [
        ("maxSide", crate::limits::MAX_SIDE as f64),
        ("maxCells", crate::limits::MAX_CELLS as f64),
        ("maxDroplets", crate::limits::MAX_DROPLETS as f64),
        ("maxGraphNodes", crate::limits::MAX_GRAPH_NODES as f64),
        ("maxGraphDepth", crate::limits::MAX_GRAPH_DEPTH as f64),
    ] {
        let _ = js_sys::Reflect::set(&o, &JsValue::from_str(k), &JsValue::from_f64(v));
    }
    o.into()
}

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// Whether this build runs its row kernels with WebAssembly SIMD (`+simd128`).
#[wasm_bindgen]
pub fn simd() -> bool {
    crate::simd::SIMD
}

/// Turns a core error into the matching JS error class (`RangeError` or `TypeError`),
/// whose message names the parameter and its allowed values.
pub(crate) fn js_err(e: Error) -> JsValue {
    let text = e.to_string();
    match e {
        Error::Range { .. } => js_sys::RangeError::new(&text).into(),
        Error::Type { .. } => js_sys::TypeError::new(&text).into(),
    }
}

/// Shorthand for bindings: `core_call().map_err(js_err)?`.
pub(crate) type JsResult<T> = Result<T, JsValue>;

/// The error for a caller's array that was a view on wasm memory and got detached.
pub(crate) fn detached(param: &'static str) -> Error {
    Error::range(
        param,
        "was detached (its buffer was transferred, or it was a view on wasm memory, which grew); pass an array you own",
    )
}
