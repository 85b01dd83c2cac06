//! Terrain recipes that run after the noise: redistribution and island shaping
//! ([`island`]), the elevation × moisture biome lookup ([`biome`]), caves from
//! thresholded noise ([`caves`]), tree placement ([`placement`]) and surface normals
//! ([`normals`]).
//!
//! Every step works in place on a row-major heightmap (`index = y * width + x`),
//! validates its parameters first and never panics on user input.

pub mod biome;
pub mod caves;
pub mod island;
pub mod normals;
pub mod placement;

use crate::error::{Error, Result};

/// The most cells of any terrain, erosion or hydrology grid: the crate's one limit.
pub use crate::limits::MAX_CELLS;

/// Checks a grid's dimensions against a buffer: `width`, `height` in
/// `[min_side, MAX_SIDE]`, at most [`MAX_CELLS`] cells (the limits of
/// [`crate::limits`]), and `len == width * height`. `param` names the buffer.
pub fn check_grid(
    param: &'static str,
    len: usize,
    width: usize,
    height: usize,
    min_side: usize,
) -> Result<()> {
    let cells = crate::limits::check_size(width, height, min_side)?;
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
