//! The JavaScript face of landform: `#[wasm_bindgen]` types and functions only.
//! Each binding converts its arguments, validates them through the plain-Rust core,
//! calls it, and writes results back. Nothing here computes terrain.

use wasm_bindgen::prelude::*;

pub mod caves;
pub mod field;
pub mod landscape;
#[cfg(test)]
mod landscape_tests;
pub(crate) mod options;
pub mod terrain;
#[cfg(test)]
mod terrain_tests;
pub(crate) mod terrain_types;

use crate::Error;

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

/// Copies a JS `Float32Array` into a Rust vector after checking its length.
#[allow(dead_code)] // used by the terrain bindings
pub(crate) fn read_f32(
    param: &'static str,
    a: &js_sys::Float32Array,
    want: usize,
    what: &str,
) -> JsResult<Vec<f32>> {
    crate::error::check_len(param, a.length() as usize, want, what).map_err(js_err)?;
    // Allocate first: if `a` is a view on wasm memory, growing that memory detaches it,
    // and `to_vec` would then fail inside JS (an abort). Checked here, it is a RangeError.
    let mut v = vec![0.0f32; want];
    if a.length() as usize != want {
        return Err(js_err(detached(param)));
    }
    a.copy_to(&mut v);
    Ok(v)
}

/// The error for a caller's array that was a view on wasm memory and got detached.
pub(crate) fn detached(param: &'static str) -> Error {
    Error::range(
        param,
        "was detached (a view on wasm memory, which grew); pass a Float32Array you own",
    )
}

/// Checks that a caller's output `Float32Array` has the length a result needs.
pub(crate) fn check_out(
    param: &'static str,
    a: &js_sys::Float32Array,
    want: usize,
    what: &str,
) -> JsResult<()> {
    crate::error::check_len(param, a.length() as usize, want, what).map_err(js_err)
}

/// Rejects keys of a plain options object that are not in `allowed` (typos would
/// otherwise be ignored). `undefined` and `null` pass; a non-object is a TypeError.
pub(crate) fn check_keys(value: &JsValue, param: &'static str, allowed: &[&str]) -> JsResult<()> {
    if value.is_undefined() || value.is_null() {
        return Ok(());
    }
    if !value.is_object() || js_sys::Array::is_array(value) {
        return Err(js_err(Error::kind(param, "must be a plain object")));
    }
    for key in js_sys::Object::keys(value.unchecked_ref::<js_sys::Object>()).iter() {
        let key = key.as_string().unwrap_or_default();
        if !allowed.contains(&key.as_str()) {
            return Err(js_err(Error::kind(
                param,
                format!(
                    "has unknown key '{key}'; allowed keys: {}",
                    allowed.join(", ")
                ),
            )));
        }
    }
    Ok(())
}
