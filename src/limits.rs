//! The one set of size limits every step shares (fills, grids, terrain, erosion,
//! hydrology, caves, placement, and the worker pool through them), and the one check of
//! whole-number arguments: every integer a caller passes arrives as an `f64` and is
//! checked here, whole and in range, before it becomes a `usize` or `u32`. Nothing
//! wraps or truncates silently (`2^32 + 4` is not 4, `4.5` is not 4, `NaN` is not 0).

use crate::error::{Error, Result};

/// The longest side of any grid or fill.
pub const MAX_SIDE: usize = 16_384;
/// The most cells of any grid or fill (2²⁶: 256 MiB of f32, of wasm32's 4 GiB).
pub const MAX_CELLS: usize = 1 << 26;
/// The most droplets one `Eroder.run` call may run (a longer run goes in chunks).
pub const MAX_DROPLETS: u64 = 1 << 24;

/// The most nodes (ops and leaves) of one field graph (`crate::graph`).
pub const MAX_GRAPH_NODES: usize = 256;
/// The deepest nesting of graph nodes (the root is depth 1).
pub const MAX_GRAPH_DEPTH: usize = 16;
/// The most inputs of one `add`, `mul`, `min` or `max` node.
pub const MAX_GRAPH_INPUTS: usize = 8;
/// The most control points of a `curve` or `terrace` node.
pub const MAX_CONTROL_POINTS: usize = 16;

/// Checks that `v` is a whole number in `[lo, hi]` (both within ±2⁵³) and returns it.
pub fn check_int(param: &'static str, v: f64, lo: i64, hi: i64) -> Result<i64> {
    if !v.is_finite() || v.fract() != 0.0 || v < lo as f64 || v > hi as f64 {
        return Err(Error::range(
            param,
            format!("must be a whole number in [{lo}, {hi}], got {v}"),
        ));
    }
    Ok(v as i64)
}

/// A whole-number grid side in `[min, MAX_SIDE]`.
pub fn check_side(param: &'static str, v: f64, min: usize) -> Result<usize> {
    Ok(check_int(param, v, min as i64, MAX_SIDE as i64)? as usize)
}

/// Checks `width × height ≤ MAX_CELLS` (sides already checked) and returns the product.
pub fn check_cells(param: &'static str, width: usize, height: usize) -> Result<usize> {
    match width.checked_mul(height) {
        Some(n) if n <= MAX_CELLS => Ok(n),
        _ => Err(Error::range(
            param,
            format!("width × height must be at most {MAX_CELLS} cells, got {width} × {height}"),
        )),
    }
}

/// Checks both sides (each in `[min_side, MAX_SIDE]`) and the cell count of a grid.
pub fn check_size(width: usize, height: usize, min_side: usize) -> Result<usize> {
    check_side("width", width as f64, min_side)?;
    check_side("height", height as f64, min_side)?;
    check_cells("width", width, height)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_int_rejects_what_casts_would_wrap_or_truncate() {
        for bad in [4.5, f64::NAN, f64::INFINITY, -1.0, 4294967300.0, 1e10] {
            assert!(
                check_int("width", bad, 0, u32::MAX as i64).is_err(),
                "{bad}"
            );
        }
        assert_eq!(check_int("width", 4.0, 0, 8), Ok(4));
        assert_eq!(check_int("x", -3.0, -8, 8), Ok(-3));
        let e = check_int("droplets", -1.0, 0, 10).unwrap_err();
        assert_eq!(e.param(), "droplets");
        assert!(e.to_string().contains("[0, 10]"), "{e}");
    }

    /// plain.js checks specs before they enter wasm, with limits that must admit every
    /// graph within these (and no more than needed): its constants follow them.
    #[test]
    fn the_js_spec_limits_follow_the_graph_limits() {
        let js = include_str!("wasm/plain.js");
        let constant = |name: &str| -> usize {
            let at = js.find(&format!("export const {name} = ")).unwrap() + name.len() + 16;
            js[at..].split(';').next().unwrap().trim().parse().unwrap()
        };
        assert_eq!(constant("MAX_DEPTH"), 2 * MAX_GRAPH_DEPTH + 1);
        assert_eq!(
            constant("MAX_ITEMS"),
            MAX_GRAPH_INPUTS.max(MAX_CONTROL_POINTS)
        );
        assert_eq!(constant("MAX_VALUES"), 64 * MAX_GRAPH_NODES);
    }

    #[test]
    fn sizes_share_one_limit() {
        assert!(check_size(MAX_SIDE, MAX_CELLS / MAX_SIDE, 1).is_ok());
        assert!(check_size(MAX_SIDE + 1, 1, 1).is_err());
        assert!(check_size(MAX_SIDE, MAX_SIDE, 1).is_err());
        assert!(check_size(1, 4, 2).is_err());
    }
}
