//! [`Plain`]: a spec as plain data (what JSON or a plain JS object holds), the input of
//! [`super::Graph::new`] and the output of [`super::Graph::spec`]. Numbers are kept as
//! f64 as given (NaN and ±∞ included, so the checks can name them), maps keep their
//! key order. A leaf map is read into a [`Spec`] through serde ([`Plain`] is a
//! `Deserializer`), then checked by [`crate::spec::Params::from_spec`] like any spec.

use serde::de::value::{MapDeserializer, SeqDeserializer};
use serde::de::{self, Deserialize, Deserializer, IntoDeserializer, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use std::fmt;

use crate::spec::Spec;

#[derive(Clone, Debug, PartialEq)]
pub enum Plain {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    List(Vec<Plain>),
    Map(Vec<(String, Plain)>),
    /// A leaf spec already typed (what [`super::Graph::spec`] returns for leaves, and a
    /// convenient way to build graphs in Rust); it serialises as the spec's object.
    Leaf(Box<Spec>),
}

impl Plain {
    /// A map from `(key, value)` pairs.
    pub fn map<K: Into<String>>(pairs: impl IntoIterator<Item = (K, Plain)>) -> Self {
        Plain::Map(pairs.into_iter().map(|(k, v)| (k.into(), v)).collect())
    }

    /// A list of numbers.
    pub fn nums(v: &[f64]) -> Self {
        Plain::List(v.iter().map(|&x| Plain::Num(x)).collect())
    }

    /// The value under `key` of a map (`None` for other values or a missing key).
    pub fn get(&self, key: &str) -> Option<&Plain> {
        match self {
            Plain::Map(m) => m.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// A typed leaf spec.
    pub fn leaf(spec: Spec) -> Self {
        Plain::Leaf(Box::new(spec))
    }

    /// A node `{ op, inputs, ...params }`.
    pub fn node<'a>(
        op: &str,
        inputs: Vec<Plain>,
        params: impl IntoIterator<Item = (&'a str, Plain)>,
    ) -> Self {
        let mut m = vec![("op".to_string(), Plain::Str(op.into()))];
        if !inputs.is_empty() {
            m.push(("inputs".into(), Plain::List(inputs)));
        }
        m.extend(params.into_iter().map(|(k, v)| (k.to_string(), v)));
        Plain::Map(m)
    }

    /// What the value is, for error messages (never its full text).
    pub fn kind(&self) -> &'static str {
        match self {
            Plain::Null => "null",
            Plain::Bool(_) => "a boolean",
            Plain::Num(_) => "a number",
            Plain::Str(_) => "a string",
            Plain::List(_) => "an array",
            Plain::Map(_) | Plain::Leaf(_) => "an object",
        }
    }
}

impl<'de> Deserialize<'de> for Plain {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(PlainVisitor)
    }
}

struct PlainVisitor;

impl<'de> Visitor<'de> for PlainVisitor {
    type Value = Plain;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("plain data")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Plain, E> {
        Ok(Plain::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Plain, E> {
        Ok(Plain::Num(v as f64))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Plain, E> {
        Ok(Plain::Num(v as f64))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Plain, E> {
        Ok(Plain::Num(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Plain, E> {
        Ok(Plain::Str(v.into()))
    }
    fn visit_unit<E>(self) -> Result<Plain, E> {
        Ok(Plain::Null)
    }
    fn visit_none<E>(self) -> Result<Plain, E> {
        Ok(Plain::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Plain, D::Error> {
        Plain::deserialize(d)
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut a: A) -> Result<Plain, A::Error> {
        let mut v = Vec::new();
        while let Some(x) = a.next_element()? {
            v.push(x);
        }
        Ok(Plain::List(v))
    }
    fn visit_map<A: de::MapAccess<'de>>(self, mut a: A) -> Result<Plain, A::Error> {
        let mut v = Vec::new();
        while let Some(kv) = a.next_entry::<String, Plain>()? {
            v.push(kv);
        }
        Ok(Plain::Map(v))
    }
}

impl Serialize for Plain {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Plain::Null => s.serialize_unit(),
            Plain::Bool(b) => s.serialize_bool(*b),
            Plain::Num(x) => s.serialize_f64(*x),
            Plain::Str(t) => s.serialize_str(t),
            Plain::List(v) => {
                let mut q = s.serialize_seq(Some(v.len()))?;
                for x in v {
                    q.serialize_element(x)?;
                }
                q.end()
            }
            Plain::Map(m) => {
                let mut q = s.serialize_map(Some(m.len()))?;
                for (k, v) in m {
                    q.serialize_entry(k, v)?;
                }
                q.end()
            }
            Plain::Leaf(spec) => spec.serialize(s),
        }
    }
}

/// Reading a leaf: `Plain` as a serde `Deserializer` (errors are serde's messages).
impl<'de> IntoDeserializer<'de, de::value::Error> for Plain {
    type Deserializer = Self;
    fn into_deserializer(self) -> Self {
        self
    }
}

impl<'de> Deserializer<'de> for Plain {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Self::Error> {
        match self {
            Plain::Null => v.visit_unit(),
            Plain::Bool(b) => v.visit_bool(b),
            Plain::Num(x) => v.visit_f64(x),
            Plain::Str(t) => v.visit_string(t),
            // `end` rejects what the visitor left unread (`period: [1, 2, 3]`).
            Plain::List(l) => {
                let mut seq = SeqDeserializer::new(l.into_iter());
                let out = v.visit_seq(&mut seq)?;
                seq.end()?;
                Ok(out)
            }
            Plain::Map(m) => {
                let mut map = MapDeserializer::new(m.into_iter());
                let out = v.visit_map(&mut map)?;
                map.end()?;
                Ok(out)
            }
            // A typed leaf read back as a map: only `Spec` itself reads it.
            Plain::Leaf(spec) => Err(de::Error::custom(format!(
                "a typed leaf ({}) read as plain data",
                spec.noise
            ))),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Self::Error> {
        match self {
            Plain::Null => v.visit_none(),
            other => v.visit_some(other),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf unit
        unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier ignored_any
    }
}
