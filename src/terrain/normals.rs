//! Unit surface normals of a heightmap, for lighting and normal-map textures.
//!
//! The surface is `z = heightScale · h(x, y)` over a grid of unit cells (x along a row,
//! y down the rows, z up). Slopes are central differences `(h[i+1] − h[i−1]) / 2`,
//! one-sided at the borders (and zero across a single row or column), and the normal is
//! `(−sx, −sy, 1) / √(1 + sx² + sy²)`, computed in f64 so that no finite input gives
//! NaN. A plane gives its exact normal everywhere; on a sphere cap of radius R the
//! central differences are within O(1/R²) of the true normals (tests/normals.rs).
//! [`normal_map_from_deriv`] takes the analytic slopes of a derivative fill instead.

use super::{check_grid, check_heights};
use crate::error::{check_len, check_range, Result};

/// The largest `heightScale`.
pub const MAX_HEIGHT_SCALE: f64 = 1e6;

/// Writes the unit normal of every cell of `heights` (`width × height`, row-major) to
/// `out` as interleaved `x, y, z` triples (`out.len() == 3 · width · height`).
pub fn normal_map(
    out: &mut [f32],
    heights: &[f32],
    width: usize,
    height: usize,
    height_scale: f64,
) -> Result<()> {
    check_grid("heights", heights.len(), width, height, 1)?;
    check_len(
        "out",
        out.len(),
        3 * heights.len(),
        "3 × width × height (x, y, z of each cell's normal)",
    )?;
    check_heights(heights)?;
    check_range("heightScale", height_scale, 0.0, MAX_HEIGHT_SCALE)?;
    let at = |i: usize, j: usize| heights[j * width + i] as f64;
    // The difference quotient of `v` between grid steps a < b (zero when a == b).
    let slope = |a: usize, b: usize, va: f64, vb: f64| {
        if b > a {
            height_scale * (vb - va) / (b - a) as f64
        } else {
            0.0
        }
    };
    for (k, n) in out.chunks_exact_mut(3).enumerate() {
        let (i, j) = (k % width, k / width);
        let (i0, i1) = (i.saturating_sub(1), (i + 1).min(width - 1));
        let (j0, j1) = (j.saturating_sub(1), (j + 1).min(height - 1));
        let sx = slope(i0, i1, at(i0, j), at(i1, j));
        let sy = slope(j0, j1, at(i, j0), at(i, j1));
        n.copy_from_slice(&unit_normal(sx, sy));
    }
    Ok(())
}

/// Writes the unit normals of a derivative fill's surface to `out` (interleaved as
/// [`normal_map`]): `deriv` holds the value, ∂x and ∂y planes of `width × height` cells
/// (`Field::fill2d_deriv`), and the surface's slopes are `slope_scale · ∂x`,
/// `slope_scale · ∂y` (for heights `A · value` on cells of `1 / region.scale` noise units,
/// `slope_scale = A / region.scale`). Analytic: no differences, no border cases.
pub fn normal_map_from_deriv(
    out: &mut [f32],
    deriv: &[f32],
    width: usize,
    height: usize,
    slope_scale: f64,
) -> Result<()> {
    let n = crate::limits::check_size(width, height, 1)?;
    check_len(
        "deriv",
        deriv.len(),
        3 * n,
        "3 × width × height (value, ∂x, ∂y planes)",
    )?;
    check_len(
        "out",
        out.len(),
        3 * n,
        "3 × width × height (x, y, z of each cell's normal)",
    )?;
    crate::error::check_finite_slice("deriv", deriv)?;
    check_range("slopeScale", slope_scale, 0.0, MAX_HEIGHT_SCALE)?;
    let (dx, dy) = (&deriv[n..2 * n], &deriv[2 * n..]);
    for (k, o) in out.chunks_exact_mut(3).enumerate() {
        let s = |d: f32| slope_scale * d as f64;
        o.copy_from_slice(&unit_normal(s(dx[k]), s(dy[k])));
    }
    Ok(())
}

/// The unit normal of a surface with slopes `(sx, sy)`.
#[inline]
pub fn unit_normal(sx: f64, sy: f64) -> [f32; 3] {
    let len = (1.0 + sx * sx + sy * sy).sqrt();
    [(-sx / len) as f32, (-sy / len) as f32, (1.0 / len) as f32]
}
