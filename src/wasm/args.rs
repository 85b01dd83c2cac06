//! The boundary: every argument JavaScript passes is read here, before any work, by
//! steps that cannot throw inside a wasm frame. An exception that unwinds through wasm
//! leaves that call's shadow-stack frame and its `RefCell` borrow behind (enough of them
//! kill the instance; one poisons the object with "recursive use of an object"), so:
//!
//! - numbers come in as `JsValue` and must be `typeof 'number'` (no `"4"`, `[4]` or
//!   `{ valueOf }`), then pass [`crate::limits::check_int`] or a range check;
//! - typed arrays must be exactly the named kind (a real view, its own prototype, not
//!   detached), checked with `ArrayBuffer.isView` and `instanceof`, which never throw;
//! - spec and options objects go through `plainCopy` of `plain.js`, a `catch` import:
//!   whatever a getter, Proxy trap or cycle throws is caught in JS and becomes a
//!   TypeError; Rust only ever reads the fresh copy it returns;
//! - every other JS function Rust calls is a `catch` import (`console.warn` included).

use js_sys::{Float32Array, Uint32Array, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::{js_err, JsResult};
use crate::error::check_range;
use crate::limits::{check_int, MAX_CELLS};
use crate::Error;

#[wasm_bindgen(module = "/src/wasm/plain.js")]
extern "C" {
    #[wasm_bindgen(catch, js_name = plainCopy)]
    fn plain_copy(value: &JsValue, param: &str) -> Result<JsValue, JsValue>;
    /// A short description of any value, for messages (never throws).
    fn describe(value: &JsValue) -> String;
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = ArrayBuffer, js_name = isView)]
    fn is_view(value: &JsValue) -> bool;
    #[wasm_bindgen(catch, js_namespace = Reflect, js_name = getPrototypeOf)]
    fn prototype_of(value: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = console, js_name = warn)]
    fn console_warn(text: &str) -> Result<(), JsValue>;
    /// `ArrayBuffer.prototype.slice`, which throws on a detached buffer.
    #[wasm_bindgen(catch, js_namespace = ["ArrayBuffer", "prototype", "slice"], js_name = call)]
    fn slice_of(buffer: &JsValue, begin: u32) -> Result<JsValue, JsValue>;
}

/// Whether a typed array's buffer is detached (transferred, or a view on wasm memory
/// that grew). Only an empty view on an empty buffer can be; `buffer.detached` says so
/// where the engine has it, else `slice` throwing does (Node 20).
pub(crate) fn is_detached(len: usize, buffer: &js_sys::ArrayBuffer) -> bool {
    if len != 0 || buffer.byte_length() != 0 {
        return false;
    }
    match js_sys::Reflect::get(buffer, &JsValue::from_str("detached")).map(|d| d.as_bool()) {
        Ok(Some(d)) => d,
        _ => slice_of(buffer, 0).is_err(),
    }
}

/// A plain copy of a spec or options object (`undefined` for undefined/null), or the
/// TypeError `plainCopy` threw, naming `param`.
pub(crate) fn plain(param: &str, value: &JsValue) -> JsResult<JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(JsValue::UNDEFINED);
    }
    plain_copy(value, param)
}

/// Prints a warning; a `console.warn` that throws is ignored.
pub(crate) fn warn(text: &str) {
    let _ = console_warn(text);
}

fn not_number(param: &'static str, v: &JsValue) -> JsValue {
    js_err(Error::kind(
        param,
        format!("must be a number, got {}", describe(v)),
    ))
}

/// A JS number (any value, NaN included: range checks follow); else a TypeError.
pub(crate) fn number(param: &'static str, v: &JsValue) -> JsResult<f64> {
    v.as_f64().ok_or_else(|| not_number(param, v))
}

/// A number in `[lo, hi]`.
pub(crate) fn number_in(param: &'static str, v: &JsValue, lo: f64, hi: f64) -> JsResult<f64> {
    let x = number(param, v)?;
    check_range(param, x, lo, hi).map_err(js_err)?;
    Ok(x)
}

/// `undefined`/`null` → `None`, else a number in `[lo, hi]`.
pub(crate) fn optional_in(
    param: &'static str,
    v: &JsValue,
    lo: f64,
    hi: f64,
) -> JsResult<Option<f64>> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    number_in(param, v, lo, hi).map(Some)
}

/// A whole number in `[lo, hi]`: the crate's one integer check.
pub(crate) fn int(param: &'static str, v: &JsValue, lo: i64, hi: i64) -> JsResult<i64> {
    check_int(param, number(param, v)?, lo, hi).map_err(js_err)
}

/// A grid side in `[min, MAX_SIDE]`.
pub(crate) fn side(param: &'static str, v: &JsValue, min: usize) -> JsResult<usize> {
    crate::limits::check_side(param, number(param, v)?, min).map_err(js_err)
}

/// Checks that `v` is a real, attached typed array of kind `T` with prototype `proto`.
fn typed<T: JsCast + Clone>(
    param: &'static str,
    v: &JsValue,
    kind: &str,
    proto: &JsValue,
) -> JsResult<T> {
    let wrong = || {
        js_err(Error::kind(
            param,
            format!("must be a {kind}, got {}", describe(v)),
        ))
    };
    if !is_view(v) {
        return Err(wrong());
    }
    let a = v.dyn_ref::<T>().ok_or_else(wrong)?;
    // A view of another kind whose prototype was swapped would pass `instanceof`.
    if prototype_of(v).ok().as_ref() != Some(proto) {
        return Err(wrong());
    }
    Ok(a.clone())
}

thread_local! {
    /// `Float32Array.prototype` and `Uint8Array.prototype` of this realm.
    static PROTOS: (JsValue, JsValue, JsValue) = (
        prototype_of(&Float32Array::new_with_length(0)).unwrap_or(JsValue::NULL),
        prototype_of(&Uint8Array::new_with_length(0)).unwrap_or(JsValue::NULL),
        prototype_of(&Uint32Array::new_with_length(0)).unwrap_or(JsValue::NULL),
    );
}

/// Exactly a `Float32Array` (not another typed array, not an Array or array-like).
pub(crate) fn float32(param: &'static str, v: &JsValue) -> JsResult<Float32Array> {
    PROTOS.with(|p| typed::<Float32Array>(param, v, "Float32Array", &p.0))
}

/// Exactly a `Uint8Array` (not a `Uint8ClampedArray` or an Array).
pub(crate) fn uint8(param: &'static str, v: &JsValue) -> JsResult<Uint8Array> {
    PROTOS.with(|p| typed::<Uint8Array>(param, v, "Uint8Array", &p.1))
}

/// Exactly a `Uint32Array` of `want` elements, attached.
pub(crate) fn uint32_len(param: &'static str, v: &JsValue, want: usize) -> JsResult<Uint32Array> {
    let a = PROTOS.with(|p| typed::<Uint32Array>(param, v, "Uint32Array", &p.2))?;
    let len = a.length() as usize;
    check_length(
        param,
        len,
        is_detached(len, &a.buffer()),
        Some(want),
        "width × height",
    )?;
    Ok(a)
}

/// A `Float32Array` of exactly `want` elements (`want` ≤ `MAX_CELLS`), or one of any
/// length up to `MAX_CELLS` when `want` is `None`. Returns it and its length.
pub(crate) fn float32_len(
    param: &'static str,
    v: &JsValue,
    want: Option<usize>,
    what: &str,
) -> JsResult<(Float32Array, usize)> {
    let a = float32(param, v)?;
    let len = a.length() as usize;
    check_length(param, len, is_detached(len, &a.buffer()), want, what)?;
    Ok((a, len))
}

/// The length checks of [`float32_len`], for any typed array.
pub(crate) fn check_length(
    param: &'static str,
    len: usize,
    detached: bool,
    want: Option<usize>,
    what: &str,
) -> JsResult<()> {
    if detached {
        return Err(js_err(super::detached(param)));
    }
    match want {
        Some(n) => crate::error::check_len(param, len, n, what).map_err(js_err),
        None if len > MAX_CELLS => Err(js_err(Error::range(
            param,
            format!("must have at most {MAX_CELLS} elements, got {len}"),
        ))),
        None => Ok(()),
    }
}

/// Copies a checked `Float32Array` into a new vector. Allocates first: if `a` is a view
/// on wasm memory, growing that memory detaches it, which is reported, not copied.
pub(crate) fn read(param: &'static str, a: &Float32Array, len: usize) -> JsResult<Vec<f32>> {
    let mut v = vec![0.0f32; len];
    if a.length() as usize != len {
        return Err(js_err(super::detached(param)));
    }
    if len > 0 {
        a.copy_to(&mut v);
    }
    Ok(v)
}

/// Writes `v` into a checked `Float32Array` with one `memcpy`. If the array was a view
/// on wasm memory that grew meanwhile, it is detached now: a RangeError, not a panic.
pub(crate) fn write(param: &'static str, a: &Float32Array, v: &[f32]) -> JsResult<()> {
    if a.length() as usize != v.len() {
        return Err(js_err(super::detached(param)));
    }
    if !v.is_empty() {
        a.copy_from(v);
    }
    Ok(())
}
