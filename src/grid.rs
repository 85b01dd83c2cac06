//! Grid regions: which samples a fill computes, and where they sit in noise space.
//!
//! Column `i`, row `j` of a region samples the field at
//! `((x0 + i) / scale, (y0 + j) / scale)`, computed in f64 exactly like that. Because
//! `x0 + i` is an exact integer for integer `x0` (below 2⁵³), a tile at `x0 + a` gives the
//! same bits as the same cells of a larger fill: work can be split freely. Coordinates
//! stay f64 until a kernel's period has been taken out ([`crate::noise::reduce`]), so
//! detail does not die far from the origin.

use crate::error::{check_range, Error, Result};

/// The largest side and the most cells of a fill: the crate's one set of limits.
pub use crate::limits::{MAX_CELLS, MAX_SIDE};
/// The largest `|x0|`, `|y0|` (2³¹ samples; tests/precision.rs shows tiles there like
/// tiles at the origin).
/// The largest `|coordinate|` in noise units: points, `region.z`/`w`, `offset`.
pub const MAX_POINT: f64 = 1e7;
pub const MAX_ORIGIN: f64 = 2_147_483_648.0;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Region {
    pub width: usize,
    pub height: usize,
    pub scale: f32,
    pub x0: f64,
    pub y0: f64,
    /// Third coordinate of a 3D/4D slice, in noise units (not divided by `scale`).
    pub z: f64,
    /// Fourth coordinate of a 4D slice, in noise units.
    pub w: f64,
}

impl Default for Region {
    fn default() -> Self {
        Self {
            width: 1,
            height: 1,
            scale: 1.0,
            x0: 0.0,
            y0: 0.0,
            z: 0.0,
            w: 0.0,
        }
    }
}

impl Region {
    pub fn new(width: usize, height: usize, scale: f32) -> Self {
        Self {
            width,
            height,
            scale,
            ..Self::default()
        }
    }

    pub fn at(mut self, x0: impl Into<f64>, y0: impl Into<f64>) -> Self {
        self.x0 = x0.into();
        self.y0 = y0.into();
        self
    }

    pub fn len(&self) -> usize {
        self.width * self.height
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Checks sizes, scale and origin; errors name the parameter and its range.
    pub fn validate(&self) -> Result<()> {
        for (name, side) in [("region.width", self.width), ("region.height", self.height)] {
            if side == 0 || side > MAX_SIDE {
                return Err(Error::range(
                    name,
                    format!("must be a whole number in [1, {MAX_SIDE}], got {side}"),
                ));
            }
        }
        if self.width * self.height > MAX_CELLS {
            return Err(Error::range(
                "region",
                format!(
                    "width × height must be at most {MAX_CELLS} cells, got {}",
                    self.width * self.height
                ),
            ));
        }
        // The documented minimum 1e-6 as the f32 it rounds to (just below it).
        check_range("region.scale", self.scale as f64, 1e-6f32 as f64, 1e9)?;
        check_range("region.x0", self.x0, -MAX_ORIGIN, MAX_ORIGIN)?;
        check_range("region.y0", self.y0, -MAX_ORIGIN, MAX_ORIGIN)?;
        check_range("region.z", self.z, -MAX_POINT, MAX_POINT)?;
        check_range("region.w", self.w, -MAX_POINT, MAX_POINT)
    }

    /// Noise-space x of column `i`.
    #[inline(always)]
    pub fn x(&self, i: usize) -> f64 {
        (self.x0 + i as f64) / self.scale as f64
    }

    /// Noise-space y of row `j`.
    #[inline(always)]
    pub fn y(&self, j: usize) -> f64 {
        (self.y0 + j as f64) / self.scale as f64
    }

    /// The noise-space x of every column, computed once per fill.
    pub fn xs(&self) -> Vec<f64> {
        (0..self.width).map(|i| self.x(i)).collect()
    }

    /// The noise-space y of every row.
    pub fn ys(&self) -> Vec<f64> {
        (0..self.height).map(|j| self.y(j)).collect()
    }
}
