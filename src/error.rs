//! One error type for every check on user input. The wasm layer turns `Range` into a JS
//! `RangeError` and `Type` into a `TypeError`; the message always names the parameter
//! and what it accepts.

use std::fmt;

#[derive(Clone, Debug, PartialEq)]
pub enum Error {
    /// A number outside its allowed range (or NaN/Infinity), or a length that does not fit.
    Range {
        param: &'static str,
        message: String,
        /// Where `param` sits in a field graph (`inputs[1].inputs[0]`), or empty.
        at: String,
    },
    /// A value of the wrong kind: an unknown name, a missing field.
    Type {
        param: &'static str,
        message: String,
        at: String,
    },
}

pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    pub fn range(param: &'static str, message: impl Into<String>) -> Self {
        Error::Range {
            param,
            message: short(message.into()),
            at: String::new(),
        }
    }
    pub fn kind(param: &'static str, message: impl Into<String>) -> Self {
        Error::Type {
            param,
            message: short(message.into()),
            at: String::new(),
        }
    }
    pub fn param(&self) -> &'static str {
        match self {
            Error::Range { param, .. } | Error::Type { param, .. } => param,
        }
    }
    /// The error placed under `prefix`, a node path of a field graph (`inputs[1]`).
    pub fn at(mut self, prefix: &str) -> Self {
        match &mut self {
            Error::Range { at, .. } | Error::Type { at, .. } => {
                *at = join(prefix, at);
            }
        }
        self
    }
    /// The full path of the parameter: [`Error::at`]'s prefixes, then [`Error::param`].
    pub fn path(&self) -> String {
        match self {
            Error::Range { param, at, .. } | Error::Type { param, at, .. } => join(at, param),
        }
    }
}

/// The longest message an error keeps: a caller's huge string (a 100 MB noise name)
/// must not become a 100 MB error message.
pub const MAX_MESSAGE: usize = 400;

/// `a.b`, or whichever is not empty; an index (`[1]`) needs no dot.
fn join(a: &str, b: &str) -> String {
    match (a.is_empty(), b.is_empty() || b.starts_with('[')) {
        (true, _) => b.to_string(),
        (false, true) => format!("{a}{b}"),
        (false, false) => format!("{a}.{b}"),
    }
}

fn short(mut m: String) -> String {
    if m.len() > MAX_MESSAGE {
        let total = m.chars().count();
        let cut = (0..=MAX_MESSAGE)
            .rev()
            .find(|&i| m.is_char_boundary(i))
            .unwrap_or(0);
        m.truncate(cut);
        m.push_str(&format!("… ({total} characters in all)"));
    }
    m
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Range { message, .. } | Error::Type { message, .. } => {
                write!(f, "landform: `{}` {message}", self.path())
            }
        }
    }
}

impl std::error::Error for Error {}

/// Checks that `v` is finite and within `[lo, hi]`.
pub fn check_range(param: &'static str, v: f64, lo: f64, hi: f64) -> Result<()> {
    if !v.is_finite() {
        return Err(Error::range(
            param,
            format!("must be a finite number in [{lo}, {hi}], got {v}"),
        ));
    }
    if v < lo || v > hi {
        return Err(Error::range(
            param,
            format!("must be in [{lo}, {hi}], got {v}"),
        ));
    }
    Ok(())
}

/// Checks that `v` is finite and strictly above `lo` (and at most `hi`).
pub fn check_above(param: &'static str, v: f64, lo: f64, hi: f64) -> Result<()> {
    if !v.is_finite() || v <= lo || v > hi {
        return Err(Error::range(
            param,
            format!("must be a finite number in ({lo}, {hi}], got {v}"),
        ));
    }
    Ok(())
}

/// Checks that every value is finite.
pub fn check_finite_slice(param: &'static str, values: &[f32]) -> Result<()> {
    match values.iter().position(|v| !v.is_finite()) {
        None => Ok(()),
        Some(i) => Err(Error::range(
            param,
            format!("must hold only finite numbers; index {i} is {}", values[i]),
        )),
    }
}

/// Checks that a buffer has exactly the length a grid needs.
pub fn check_len(param: &'static str, got: usize, want: usize, what: &str) -> Result<()> {
    if got != want {
        return Err(Error::range(
            param,
            format!("must have length {want} ({what}), got {got}"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn huge_messages_are_cut_at_a_char_boundary() {
        let name = "é".repeat(1_000_000);
        let e = super::Error::kind("noise", format!("got '{name}'"));
        let text = e.to_string();
        assert!(text.len() < 2 * super::MAX_MESSAGE, "{}", text.len());
        assert!(text.ends_with("(1000006 characters in all)"), "{text}");
    }
}
