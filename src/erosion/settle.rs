//! Where a droplet's load goes when it stops: it settles into the lowest ground around
//! the droplet like water filling a basin, never above the rim of that ground and never
//! lifting the sea floor out of the sea.

use crate::order::Order;
use crate::erosion::{droplet::add, Brush};

/// The cells a load may settle on with their heights, sorted once per settling;
/// reused between droplets.
#[derive(Clone, Debug, Default)]
pub struct Basin {
    cells: Vec<(usize, f32)>,
}

impl Basin {
    /// Lets `load` settle into the cells of `area` centred on `(cx, cy)`: every cell
    /// below a common level `L` is raised to `L`, with `L` at most the area's highest
    /// cell (its rim: settling never builds a mound above the ground around it) and a
    /// cell below `sea` at most just under the sea (`shelf`). Returns what the map
    /// gained; what does not fit is the caller's to count.
    ///
    /// `L` is exact: with the cells sorted by height, the volume below a level is
    /// piecewise linear, so the first piece that holds `load` gives `L` in closed form.
    /// Below the shelf every cell takes part; above it the sea cells are full and only
    /// the land cells (all at or above the sea) take more.
    pub fn settle(
        &mut self,
        map: &mut [f32],
        (width, height): (usize, usize),
        area: &Brush,
        (cx, cy): (i32, i32),
        load: f64,
        sea: f32,
    ) -> f64 {
        self.cells.clear();
        area.for_each(cx, cy, width, height, |i, _| self.cells.push((i, map[i])));
        self.cells.sort_unstable_by(|a, b| a.1.total_cmp(&b.1));
        let (lo, rim) = match (self.cells.first(), self.cells.last()) {
            (Some(a), Some(b)) if a.1 < b.1 => (a.1, b.1),
            _ => return 0.0, // a flat: nowhere lower to go
        };
        let shelf = below_sea(sea);
        let heights = self.cells.iter().map(|c| c.1);
        let level = if lo < sea {
            let wet = self.cells.partition_point(|c| c.1 < sea);
            let full: f64 = self.cells[..wet]
                .iter()
                .map(|c| (shelf - c.1).hi(0.0) as f64)
                .sum();
            if load <= full {
                fill_level(heights, load, shelf.lo(rim))
            } else {
                let land = self.cells[wet..].iter().map(|c| c.1);
                fill_level(land, load - full, rim).hi(shelf)
            }
        } else {
            fill_level(heights, load, rim)
        };
        let mut put = 0.0;
        for &(i, h) in &self.cells {
            let top = if h < sea { level.lo(shelf) } else { level };
            if top > h {
                put += add(map, i, top - h);
            }
        }
        put
    }

    /// Heap memory the scratch list holds, in bytes.
    pub fn memory_bytes(&self) -> usize {
        self.cells.capacity() * std::mem::size_of::<(usize, f32)>()
    }
}

/// The level `L ≤ cap` at which raising every one of the ascending `heights` below `L`
/// to `L` takes `load` (or `cap` when even that holds less). A level between two
/// heights `h_k ≤ L ≤ h_{k+1}` holds `(k + 1)·L − Σ_{i ≤ k} h_i`.
fn fill_level(heights: impl Iterator<Item = f32>, load: f64, cap: f32) -> f32 {
    let mut heights = heights.peekable();
    let (mut count, mut sum) = (0.0f64, 0.0f64);
    while let Some(h) = heights.next() {
        if h >= cap {
            break;
        }
        count += 1.0;
        sum += h as f64;
        let next = heights.peek().map_or(cap, |&n| n.lo(cap)) as f64;
        if count * next - sum >= load {
            // Rounded down so the cells take no more than `load`.
            let l = ((load + sum) / count) as f32;
            return if (l as f64) * count - sum > load {
                f32::from_bits(l.to_bits() - 1).hi(h)
            } else {
                l
            };
        }
    }
    cap
}

/// The highest height a sea cell may be given: the largest step under `sea` that its
/// magnitude allows (`sea` itself when there is no sea).
#[inline]
pub fn below_sea(sea: f32) -> f32 {
    if sea.is_finite() {
        sea - sea.abs().max(1.0) * f32::EPSILON
    } else {
        sea
    }
}
