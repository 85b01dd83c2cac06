//! Terrain recipes that run after the noise: redistribution and island shaping
//! ([`island`]), the elevation × moisture biome lookup ([`biome`]), caves from
//! thresholded noise ([`caves`]) and tree placement ([`placement`]).
//!
//! Every step works in place on a row-major heightmap (`index = y * width + x`),
//! validates its parameters first and never panics on user input.

pub mod biome;
pub mod caves;
pub mod island;
pub mod placement;

use crate::error::{Error, Result};

/// The largest grid any terrain, erosion or hydrology step accepts: 2^28 cells
/// (16384 × 16384), so that cell indices fit in a `u32` with room to spare.
pub const MAX_CELLS: usize = 1 << 28;

/// Checks a grid's dimensions against a buffer: `width`, `height` ≥ `min_side`, at most
/// [`MAX_CELLS`] cells, and `len == width * height`. `param` names the buffer.
pub fn check_grid(
    param: &'static str,
    len: usize,
    width: usize,
    height: usize,
    min_side: usize,
) -> Result<()> {
    if width < min_side {
        return Err(Error::range(
            "width",
            format!("must be an integer in [{min_side}, {MAX_CELLS}], got {width}"),
        ));
    }
    if height < min_side {
        return Err(Error::range(
            "height",
            format!("must be an integer in [{min_side}, {MAX_CELLS}], got {height}"),
        ));
    }
    let cells = match width.checked_mul(height) {
        Some(c) if c <= MAX_CELLS => c,
        _ => {
            return Err(Error::range(
                "width",
                format!("width × height must be at most {MAX_CELLS} cells, got {width} × {height}"),
            ))
        }
    };
    crate::error::check_len(param, len, cells, "width × height")
}

/// Largest height magnitude that erosion and hydrology accept: far from `f32`
/// overflow however speeds, capacities and ε-raised chains grow.
pub const MAX_HEIGHT: f32 = 1e6;

/// Checks that every height is a finite number in `[-MAX_HEIGHT, MAX_HEIGHT]`.
pub fn check_heights(heights: &[f32]) -> Result<()> {
    match heights
        .iter()
        .position(|v| v.is_nan() || v.abs() > MAX_HEIGHT)
    {
        None => Ok(()),
        Some(i) => Err(Error::range(
            "heights",
            format!(
                "must hold finite numbers in [-1e6, 1e6]; index {i} is {}",
                heights[i]
            ),
        )),
    }
}
