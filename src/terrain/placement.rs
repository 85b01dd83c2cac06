//! Foliage placement (article `000`, §5.4; article `004`): trees where a density field
//! exceeds a threshold, never closer than a minimum spacing, and never on a grid.
//!
//! Candidate points come from Poisson-disk sampling of the whole rectangle by Robert
//! Bridson's algorithm ("Fast Poisson Disk Sampling in Arbitrary Dimensions", SIGGRAPH
//! 2007 sketch), driven by Mulberry32; a candidate is kept when the field value of the
//! cell under it is above the threshold. The candidates do not depend on the field or
//! the threshold, so a higher threshold keeps a subset of the trees a lower one keeps:
//! the forest thins out in place instead of reshuffling while a slider moves.
//!
//! Bridson's annulus samples are drawn by rejection from a square (only `+ × sqrt`, no
//! trigonometry), so the same seed gives the same points on every platform.

use crate::error::{check_above, check_finite_slice, check_len, Error, Result};
use crate::rng::Mulberry32;

/// Candidates tried around each active point before it retires (Bridson's `k`).
const TRIES: u32 = 30;

/// Upper limit on background-grid cells, about `width · height / spacing² · 2`, so a
/// tiny spacing cannot exhaust memory.
pub const MAX_GRID_CELLS: usize = 1 << 22;

/// Poisson-disk points in `[0, width) × [0, height)`, pairwise at least `min_spacing`
/// apart, from `seed`.
pub fn poisson_disk(width: f32, height: f32, min_spacing: f32, seed: u32) -> Result<Vec<[f32; 2]>> {
    check_above("width", width as f64, 0.0, 1e7)?;
    check_above("height", height as f64, 0.0, 1e7)?;
    check_above("minSpacing", min_spacing as f64, 0.0, 1e7)?;
    let cell = min_spacing / std::f32::consts::SQRT_2;
    let (gw, gh) = (
        (width / cell).ceil() as usize,
        (height / cell).ceil() as usize,
    );
    if gw.saturating_mul(gh) > MAX_GRID_CELLS {
        let least = ((width as f64 * height as f64 * 2.0) / MAX_GRID_CELLS as f64).sqrt();
        return Err(Error::range(
            "minSpacing",
            format!("must be at least {least:.4} for a {width} × {height} area, got {min_spacing}"),
        ));
    }
    // Background grid: each cell (side r/√2) holds at most one point, by index + 1.
    let mut grid = vec![0u32; gw * gh];
    let mut points: Vec<[f32; 2]> = vec![];
    let mut active: Vec<u32> = vec![];
    let mut rng = Mulberry32::new(seed);
    let r2 = min_spacing * min_spacing;
    let slot = |p: [f32; 2]| {
        ((p[1] / cell) as usize).min(gh - 1) * gw + ((p[0] / cell) as usize).min(gw - 1)
    };

    let first = [rng.next_f32() * width, rng.next_f32() * height];
    grid[slot(first)] = 1;
    points.push(first);
    active.push(0);
    while !active.is_empty() {
        let k = rng.next_below(active.len() as u32) as usize;
        let centre = points[active[k] as usize];
        let mut placed = false;
        for _ in 0..TRIES {
            // Uniform in the square of half-side 2r, kept if r ≤ distance < 2r.
            let (dx, dy) = loop {
                let dx = (rng.next_f32() * 4.0 - 2.0) * min_spacing;
                let dy = (rng.next_f32() * 4.0 - 2.0) * min_spacing;
                let d2 = dx * dx + dy * dy;
                if d2 >= r2 && d2 < 4.0 * r2 {
                    break (dx, dy);
                }
            };
            let p = [centre[0] + dx, centre[1] + dy];
            if !(p[0] >= 0.0 && p[0] < width && p[1] >= 0.0 && p[1] < height) {
                continue;
            }
            let (cx, cy) = ((p[0] / cell) as usize, (p[1] / cell) as usize);
            let mut clear = true;
            'near: for y in cy.saturating_sub(2)..(cy + 3).min(gh) {
                for x in cx.saturating_sub(2)..(cx + 3).min(gw) {
                    let q = grid[y * gw + x];
                    if q != 0 {
                        let o = points[q as usize - 1];
                        let (ex, ey) = (o[0] - p[0], o[1] - p[1]);
                        if ex * ex + ey * ey < r2 {
                            clear = false;
                            break 'near;
                        }
                    }
                }
            }
            if clear {
                points.push(p);
                grid[slot(p)] = points.len() as u32;
                active.push(points.len() as u32 - 1);
                placed = true;
                break;
            }
        }
        if !placed {
            active.swap_remove(k);
        }
    }
    Ok(points)
}

/// Trees on a `width × height` density field (row-major, one value per cell, finite):
/// the Poisson-disk points (spacing `min_spacing` cells, from `seed`) whose cell value is
/// above `threshold`. Coordinates are in cells: point `(x, y)` lies in cell
/// `(⌊x⌋, ⌊y⌋)`.
pub fn place(
    field: &[f32],
    width: usize,
    height: usize,
    threshold: f32,
    min_spacing: f32,
    seed: u32,
) -> Result<Vec<[f32; 2]>> {
    let want = width
        .checked_mul(height)
        .ok_or_else(|| Error::range("width", "times height overflows"))?;
    check_len(
        "field",
        field.len(),
        want,
        &format!("width {width} × height {height}"),
    )?;
    check_finite_slice("field", field)?;
    if !threshold.is_finite() {
        return Err(Error::range(
            "threshold",
            format!("must be a finite number, got {threshold}"),
        ));
    }
    let candidates = poisson_disk(width as f32, height as f32, min_spacing, seed)?;
    Ok(candidates
        .into_iter()
        .filter(|p| {
            let (x, y) = (
                (p[0] as usize).min(width - 1),
                (p[1] as usize).min(height - 1),
            );
            field[y * width + x] > threshold
        })
        .collect())
}
