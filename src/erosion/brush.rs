//! The circular erosion brush: one table of offsets and weights for a radius, shared
//! by every cell of the map.
//!
//! Lague's reference precomputes a brush per map cell (clipped at the edges), which
//! `002` measures at about 100 MB for a 1001² map. Here there is one table of at most
//! `(2·16 + 1)²` entries; near an edge the cells that fall outside are skipped and the
//! rest renormalised on the fly, which gives the same weights the per-cell table held.

use crate::erosion::params::MAX_RADIUS;
use crate::error::{check_range, Result};

/// Offsets within `radius` of the centre and their weights `1 − dist / radius`,
/// normalised to sum to 1.
#[derive(Clone, Debug)]
pub struct Brush {
    radius: f32,
    reach: i32,
    offsets: Vec<(i32, i32)>,
    weights: Vec<f32>,
}

impl Brush {
    /// Builds the table for `radius` in `[1, 16]` cells. Cells strictly closer than
    /// `radius` to the centre take part; radius 1 is the centre cell alone.
    pub fn new(radius: f32) -> Result<Self> {
        check_range("radius", radius as f64, 1.0, MAX_RADIUS as f64)?;
        let reach = radius.ceil() as i32;
        let mut offsets = Vec::new();
        let mut weights = Vec::new();
        for dy in -reach..=reach {
            for dx in -reach..=reach {
                let dist = ((dx * dx + dy * dy) as f32).sqrt();
                if dist < radius {
                    offsets.push((dx, dy));
                    weights.push(1.0 - dist / radius);
                }
            }
        }
        let sum: f32 = weights.iter().sum();
        for w in weights.iter_mut() {
            *w /= sum;
        }
        Ok(Self {
            radius,
            reach,
            offsets,
            weights,
        })
    }

    pub fn radius(&self) -> f32 {
        self.radius
    }
    pub fn offsets(&self) -> &[(i32, i32)] {
        &self.offsets
    }
    pub fn weights(&self) -> &[f32] {
        &self.weights
    }
    pub fn len(&self) -> usize {
        self.weights.len()
    }
    pub fn is_empty(&self) -> bool {
        self.weights.is_empty()
    }
    /// Heap memory the table holds, in bytes.
    pub fn memory_bytes(&self) -> usize {
        self.offsets.capacity() * std::mem::size_of::<(i32, i32)>() + self.weights.capacity() * 4
    }

    /// Calls `f(index, weight)` for each map cell the brush covers when centred on
    /// cell `(cx, cy)` of a `width × height` map (`index = y · width + x`). Cells
    /// off the map are skipped and the remaining weights renormalised to sum to 1.
    #[inline]
    pub fn for_each(
        &self,
        cx: i32,
        cy: i32,
        width: usize,
        height: usize,
        mut f: impl FnMut(usize, f32),
    ) {
        let (w, h) = (width as i32, height as i32);
        let inside = |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < h;
        if cx - self.reach >= 0
            && cy - self.reach >= 0
            && cx + self.reach < w
            && cy + self.reach < h
        {
            for (&(dx, dy), &wt) in self.offsets.iter().zip(&self.weights) {
                f(((cy + dy) * w + cx + dx) as usize, wt);
            }
            return;
        }
        let mut sum = 0.0f32;
        for (&(dx, dy), &wt) in self.offsets.iter().zip(&self.weights) {
            if inside(cx + dx, cy + dy) {
                sum += wt;
            }
        }
        if sum <= 0.0 {
            return;
        }
        for (&(dx, dy), &wt) in self.offsets.iter().zip(&self.weights) {
            let (x, y) = (cx + dx, cy + dy);
            if inside(x, y) {
                f((y * w + x) as usize, wt / sum);
            }
        }
    }
}
