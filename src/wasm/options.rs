//! Options objects from JavaScript: `undefined`/`null` give the defaults, unknown keys
//! and wrong types throw a `TypeError` naming the argument, missing keys take their
//! defaults (`#[serde(default)]` on the Rust type).
//!
//! serde-wasm-bindgen reads only the fields a struct declares, so serde's
//! `deny_unknown_fields` never sees extra keys and a misspelt option (`blnd`) would be
//! silently ignored. [`options`] therefore compares the object's own keys with the
//! field list serde's derive passes to `deserialize_struct`, captured by a probe.
//! `undefined` values count as absent (`{ seed: undefined }` is `{}`).

use serde::de::{self, DeserializeOwned, Deserializer, Visitor};
use wasm_bindgen::{JsCast, JsValue};

use super::{js_err, JsResult};
use crate::Error;

/// Reads an options object of type `T`; `param` names the argument in errors.
pub(crate) fn options<T: DeserializeOwned + Default>(
    param: &'static str,
    v: JsValue,
) -> JsResult<T> {
    // Only a plain copy is read (see args.rs): the caller's object never runs code here.
    let v = super::args::plain(param, &v)?;
    if v.is_undefined() {
        return Ok(T::default());
    }
    check_keys(&v, param, struct_fields::<T>())?;
    serde_wasm_bindgen::from_value(v).map_err(|e| js_err(Error::kind(param, e.to_string())))
}

/// Rejects keys of a plain object that are not in `allowed` (typos would otherwise be
/// ignored): the one unknown-key check of the bindings. `undefined` and `null` pass; a
/// non-object, or an array (serde would read it by position), is a TypeError.
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

/// The field names serde's derive declares for struct `T` (empty for non-structs).
pub(crate) fn struct_fields<T: DeserializeOwned>() -> &'static [&'static str] {
    let mut fields: &'static [&'static str] = &[];
    let _ = T::deserialize(Probe(&mut fields));
    fields
}

struct Probe<'a>(&'a mut &'static [&'static str]);

impl<'de> Deserializer<'de> for Probe<'_> {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom("field probe"))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Self::Error> {
        *self.0 = fields;
        Err(de::Error::custom("field probe"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
        unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
    }
}
