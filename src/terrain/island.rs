//! Heightmap shaping after the noise, after Red Blob Games, "Making maps with noise
//! functions" (redblobgames.com/maps/terrain-from-noise): redistribution `e^k` and
//! island shaping by a distance falloff blended in by a parameter, plus the
//! normalising helpers the steps expect.
//!
//! Each function is one small, composable pass over a slice. Grid coordinates map to
//! `nx, ny ∈ [-1, 1]` by `nx = 2x / (width − 1) − 1`, so the first and last columns
//! sit exactly at −1 and +1 and the map is mirror-symmetric about its centre, bit for bit.

use serde::Deserialize;

use crate::error::{check_finite_slice, check_range, Error, Result};
use crate::terrain::check_grid;

/// Largest exponent [`redistribute`] accepts.
pub const MAX_EXPONENT: f32 = 16.0;

/// Raises every value to the power `exponent` (Red Blob's `e^k`): above 1 flattens
/// valleys and sharpens peaks, below 1 does the opposite. Negative values keep their
/// sign (`-(|e|^k)`), so signed noise never turns into NaN; for values in `[0, 1]`
/// this is exactly `e^k` and the result stays in `[0, 1]`.
///
/// `exponent` must be in `(0, 16]`; values must be finite. Uses `libm::powf`, which
/// gives the same bits natively and in wasm.
pub fn redistribute(values: &mut [f32], exponent: f32) -> Result<()> {
    if !exponent.is_finite() || exponent <= 0.0 || exponent > MAX_EXPONENT {
        return Err(Error::range(
            "exponent",
            format!("must be a finite number in (0, {MAX_EXPONENT}], got {exponent}"),
        ));
    }
    check_finite_slice("heights", values)?;
    // powf grows with |v| for a positive exponent: if the largest |v| stays finite, all do.
    let top = values.iter().fold(0.0f32, |m, v| m.max(v.abs()));
    if !libm::powf(top, exponent).is_finite() {
        return Err(Error::range(
            "heights",
            format!(
                "|value|^exponent must stay below 3.4e38 (f32), but {top}^{exponent} overflows"
            ),
        ));
    }
    for v in values.iter_mut() {
        let p = libm::powf(v.abs(), exponent);
        *v = if *v < 0.0 { -p } else { p };
    }
    Ok(())
}

/// Which distance the island falloff uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FalloffShape {
    /// Euclidean: `d = min(1, sqrt(nx² + ny²))`, a round island.
    #[default]
    Radial,
    /// Red Blob's "square bump": `d = 1 − (1 − nx²)(1 − ny²)`, an island that fills
    /// the square and reaches 1 only on the map's edges.
    Square,
}

/// Options of [`island_falloff`].
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct IslandParams {
    /// Distance function: `'radial'` (default) or `'square'`.
    pub shape: FalloffShape,
    /// How far elevation moves toward `1 − d`, in `[0, 1]`: 0 leaves the map alone,
    /// 1 replaces it by `1 − d`. Default 0.5.
    pub blend: f32,
}

impl Default for IslandParams {
    fn default() -> Self {
        Self {
            shape: FalloffShape::Radial,
            blend: 0.5,
        }
    }
}

impl IslandParams {
    pub fn validate(&self) -> Result<()> {
        check_range("blend", self.blend as f64, 0.0, 1.0)
    }
}

/// The falloff distance `d ∈ [0, 1]` at normalised coordinates `nx, ny ∈ [-1, 1]`.
#[inline]
pub fn falloff_distance(shape: FalloffShape, nx: f32, ny: f32) -> f32 {
    match shape {
        FalloffShape::Radial => (nx * nx + ny * ny).sqrt().min(1.0),
        FalloffShape::Square => 1.0 - (1.0 - nx * nx) * (1.0 - ny * ny),
    }
}

/// The normalised coordinate of column (or row) `i` of `n`: −1 at the first, +1 at the
/// last, 0 for a single cell.
#[inline]
pub fn normalised_coord(i: usize, n: usize) -> f32 {
    if n < 2 {
        0.0
    } else {
        // (2i − (n−1)) / (n−1): the numerator is an exact integer, so column i and
        // column n−1−i get exactly opposite coordinates and the falloff is symmetric.
        (2.0 * i as f32 - (n - 1) as f32) / (n - 1) as f32
    }
}

/// Shapes a heightmap into an island: `e ← e + (1 − d − e) · blend`, that is `e`
/// blended toward `1 − d` where `d` is [`falloff_distance`] from the grid centre.
/// With `blend = 1` the result is exactly `1 − d`.
pub fn island_falloff(
    heights: &mut [f32],
    width: usize,
    height: usize,
    params: &IslandParams,
) -> Result<()> {
    check_grid("heights", heights.len(), width, height, 1)?;
    params.validate()?;
    check_finite_slice("heights", heights)?;
    let blend = params.blend;
    for (y, row) in heights.chunks_exact_mut(width).enumerate() {
        let ny = normalised_coord(y, height);
        for (x, e) in row.iter_mut().enumerate() {
            let target = 1.0 - falloff_distance(params.shape, normalised_coord(x, width), ny);
            *e += (target - *e) * blend;
        }
    }
    Ok(())
}

/// The smallest and largest value, or `None` for an empty slice. NaNs are skipped.
pub fn min_max(values: &[f32]) -> Option<(f32, f32)> {
    let mut it = values.iter().copied().filter(|v| !v.is_nan());
    let first = it.next()?;
    Some(it.fold((first, first), |(lo, hi), v| (lo.min(v), hi.max(v))))
}

/// Rescales values linearly so the smallest becomes 0 and the largest 1 (a constant
/// map becomes all 0). Returns the original `(min, max)`. Values must be finite.
pub fn normalize(values: &mut [f32]) -> Result<(f32, f32)> {
    check_finite_slice("values", values)?;
    let Some((lo, hi)) = min_max(values) else {
        return Ok((0.0, 0.0));
    };
    let span = hi as f64 - lo as f64;
    for v in values.iter_mut() {
        *v = if span > 0.0 {
            ((*v as f64 - lo as f64) / span) as f32
        } else {
            0.0
        };
    }
    Ok((lo, hi))
}

/// Maps values from `[from_lo, from_hi]` to `[0, 1]` and clamps, for noise whose
/// theoretical range is known (e.g. `[-1, 1]`), so that the result does not depend
/// on what one particular map happens to contain. Needs `from_lo < from_hi`.
pub fn normalize_from(values: &mut [f32], from_lo: f32, from_hi: f32) -> Result<()> {
    if !from_lo.is_finite() || !from_hi.is_finite() || from_lo >= from_hi {
        return Err(Error::range(
            "fromLo",
            format!(
                "fromLo and fromHi must be finite with fromLo < fromHi, got [{from_lo}, {from_hi}]"
            ),
        ));
    }
    check_finite_slice("values", values)?;
    let span = from_hi as f64 - from_lo as f64;
    for v in values.iter_mut() {
        *v = ((*v as f64 - from_lo as f64) / span).clamp(0.0, 1.0) as f32;
    }
    Ok(())
}
