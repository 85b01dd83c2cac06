//! Reading a node's parameters: each with its default, checked against its range, and
//! collected filled in for the node's spec; errors name the parameter under the node's
//! path.

use super::plain::Plain;
use crate::error::{check_range, Error, Result};
use crate::limits::{check_int, MAX_CONTROL_POINTS};

/// The largest magnitude of value-like parameters (`constant`, `clamp`, `bias`, …).
pub const MAX_PARAM: f64 = 1e12;

/// The params of one node, read with their defaults; `out` collects them filled in.
pub struct Keys<'a> {
    pub map: &'a Plain,
    pub path: &'a str,
    pub out: Vec<(&'static str, Plain)>,
}

impl<'a> Keys<'a> {
    fn given(&self, key: &str) -> Option<&'a Plain> {
        self.map.get(key).filter(|v| **v != Plain::Null)
    }

    pub fn num(&mut self, key: &'static str, default: f64, lo: f64, hi: f64) -> Result<f64> {
        let v = match self.given(key) {
            None => default,
            Some(Plain::Num(v)) => *v,
            Some(other) => return Err(self.wrong(key, "a number", other)),
        };
        check_range(key, v, lo, hi).map_err(|e| e.at(self.path))?;
        self.out.push((key, Plain::Num(v)));
        Ok(v)
    }

    pub fn whole(&mut self, key: &'static str, default: f64, lo: i64, hi: i64) -> Result<i64> {
        let v = self.num(key, default, f64::NEG_INFINITY, f64::INFINITY)?;
        check_int(key, v, lo, hi).map_err(|e| e.at(self.path))
    }

    pub fn flag(&mut self, key: &'static str) -> Result<bool> {
        let v = match self.given(key) {
            None => false,
            Some(Plain::Bool(b)) => *b,
            Some(other) => return Err(self.wrong(key, "true or false", other)),
        };
        self.out.push((key, Plain::Bool(v)));
        Ok(v)
    }

    /// `[x, y, z]` (`[x, y]` leaves z at `default[2]`; a number means all three when
    /// `scalar`), each in `[lo, hi]`.
    pub fn vec3(
        &mut self,
        key: &'static str,
        default: [f64; 3],
        lo: f64,
        hi: f64,
        scalar: bool,
    ) -> Result<[f64; 3]> {
        let v = match self.given(key) {
            None => default,
            Some(Plain::Num(v)) if scalar => [*v; 3],
            Some(Plain::List(items)) if (2..=3).contains(&items.len()) => {
                let mut v = default;
                for (o, item) in v.iter_mut().zip(items) {
                    *o = self.item(key, item)?;
                }
                v
            }
            Some(other) => {
                let what = if scalar {
                    "a number or an array of 2 or 3 numbers"
                } else {
                    "an array of 2 or 3 numbers"
                };
                return Err(self.wrong(key, what, other));
            }
        };
        for x in v {
            check_range(key, x, lo, hi).map_err(|e| e.at(self.path))?;
        }
        self.out.push((key, Plain::nums(&v)));
        Ok(v)
    }

    /// `[a, b]`, each in ±[`MAX_PARAM`], `a ≠ b`.
    pub fn pair(&mut self, key: &'static str, default: [f64; 2]) -> Result<[f64; 2]> {
        let v = match self.given(key) {
            None => default,
            Some(Plain::List(items)) if items.len() == 2 => {
                [self.item(key, &items[0])?, self.item(key, &items[1])?]
            }
            Some(other) => return Err(self.wrong(key, "an array of 2 numbers", other)),
        };
        for x in v {
            check_range(key, x, -MAX_PARAM, MAX_PARAM).map_err(|e| e.at(self.path))?;
        }
        if v[0] as f32 == v[1] as f32 {
            return Err(Error::range(
                key,
                format!("must have two different ends, got [{}, {}]", v[0], v[1]),
            )
            .at(self.path));
        }
        self.out.push((key, Plain::nums(&v)));
        Ok(v)
    }

    /// Required control points: 2 to [`MAX_CONTROL_POINTS`] numbers (`width` 1) or
    /// `[x, y]` pairs (`width` 2), x strictly increasing (also as f32).
    pub fn points(&mut self, key: &'static str, width: usize) -> Result<Vec<[f64; 2]>> {
        let what = if width == 1 {
            "numbers"
        } else {
            "[x, y] pairs"
        };
        let items = match self.given(key) {
            Some(Plain::List(items)) if (2..=MAX_CONTROL_POINTS).contains(&items.len()) => items,
            Some(other) => {
                return Err(self.wrong(
                    key,
                    &format!("an array of 2 to {MAX_CONTROL_POINTS} {what}"),
                    other,
                ))
            }
            None => {
                return Err(Error::kind(
                    key,
                    format!("is required: an array of 2 to {MAX_CONTROL_POINTS} {what}"),
                )
                .at(self.path))
            }
        };
        let mut pts = Vec::with_capacity(items.len());
        for item in items {
            let p = match (width, item) {
                (1, _) => {
                    let x = self.item(key, item)?;
                    [x, x]
                }
                (_, Plain::List(xy)) if xy.len() == 2 => {
                    [self.item(key, &xy[0])?, self.item(key, &xy[1])?]
                }
                _ => return Err(self.wrong(key, "an array of [x, y] pairs", item)),
            };
            for v in p {
                check_range(key, v, -MAX_PARAM, MAX_PARAM).map_err(|e| e.at(self.path))?;
            }
            if let Some(prev) = pts.last().map(|q: &[f64; 2]| q[0]) {
                if p[0] as f32 <= prev as f32 {
                    return Err(Error::range(
                        key,
                        format!("must have strictly increasing x, got {} after {prev}", p[0]),
                    )
                    .at(self.path));
                }
            }
            pts.push(p);
        }
        let plain = pts
            .iter()
            .map(|p| {
                if width == 1 {
                    Plain::Num(p[0])
                } else {
                    Plain::nums(p)
                }
            })
            .collect();
        self.out.push((key, Plain::List(plain)));
        Ok(pts)
    }

    fn item(&self, key: &'static str, v: &Plain) -> Result<f64> {
        match v {
            Plain::Num(x) => Ok(*x),
            other => Err(self.wrong(key, "numbers", other)),
        }
    }

    fn wrong(&self, key: &'static str, what: &str, got: &Plain) -> Error {
        Error::kind(key, format!("must be {what}, got {}", got.kind())).at(self.path)
    }
}
