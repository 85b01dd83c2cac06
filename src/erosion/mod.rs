//! Hydraulic erosion by simulated water droplets (the CPU model of `002`, Spike 54):
//! [`params`] (ranges and defaults), [`brush`] (one offsets/weights table),
//! [`droplet`] (one droplet's life and the rules that keep it physical), [`settle`]
//! (where a stopped droplet's load goes) and [`budget`] (the sediment balance).
//!
//! An [`Eroder`] holds the parameters, the random state and the running budget, so a
//! worker can call [`Eroder::run`] in chunks to report progress, preview or cancel:
//! N droplets in one call give exactly the same bits as N split over several calls.

pub mod brush;
pub mod budget;
pub mod droplet;
pub mod params;
pub mod settle;

pub use brush::Brush;
pub use budget::Budget;
pub use droplet::Model;
pub use params::ErosionParams;

/// The WGSL compute shader of the same model (fixed-point heights, integer atomics),
/// run by the package's `erosion.js` on WebGPU.
pub const SHADER_WGSL: &str = include_str!("erosion.wgsl");

use crate::error::Result;
use crate::rng::Mulberry32;
use crate::terrain::{check_grid, check_heights};

/// A resumable erosion run over one map size.
#[derive(Clone, Debug)]
pub struct Eroder {
    model: Model,
    width: usize,
    height: usize,
    rng: Mulberry32,
    budget: Budget,
    droplets_done: u64,
}

impl Eroder {
    /// Validates `params` and the map size (each side at least 2 cells).
    pub fn new(width: usize, height: usize, params: ErosionParams) -> Result<Self> {
        // The crate's limits (crate::limits): droplet positions are f32, exact to far
        // below a cell at 16384 cells.
        check_grid("heights", width.saturating_mul(height), width, height, 2)?;
        Ok(Self {
            model: Model::new(params)?,
            width,
            height,
            rng: Mulberry32::new(params.seed),
            budget: Budget::default(),
            droplets_done: 0,
        })
    }

    /// Runs `droplets` more droplets over `heights` (row-major, `width × height`
    /// values in `[-1e6, 1e6]`), in place. Droplet `k` of the whole run always starts at the same
    /// seeded position, however the run is split into calls.
    pub fn run(&mut self, heights: &mut [f32], droplets: u32) -> Result<()> {
        check_grid("heights", heights.len(), self.width, self.height, 2)?;
        check_heights(heights)?;
        let x_end = (self.width - 1) as f32;
        let y_end = (self.height - 1) as f32;
        for _ in 0..droplets {
            let x = below(self.rng.next_f32() * x_end, x_end);
            let y = below(self.rng.next_f32() * y_end, y_end);
            droplet::run_droplet(
                heights,
                self.width,
                self.height,
                &mut self.model,
                (x, y),
                &mut self.budget,
            );
            self.droplets_done += 1;
        }
        Ok(())
    }

    pub fn budget(&self) -> Budget {
        self.budget
    }
    pub fn droplets_done(&self) -> u64 {
        self.droplets_done
    }
    pub fn params(&self) -> &ErosionParams {
        &self.model.params
    }
    pub fn brush(&self) -> &Brush {
        &self.model.brush
    }
    /// Heap memory the run holds beyond the map, in bytes.
    pub fn memory_bytes(&self) -> usize {
        self.model.memory_bytes()
    }
    pub fn width(&self) -> usize {
        self.width
    }
    pub fn height(&self) -> usize {
        self.height
    }
}

/// `v` if it is below `end`, else the largest `f32` below `end` (`end` ≥ 1).
fn below(v: f32, end: f32) -> f32 {
    if v < end {
        v
    } else {
        f32::from_bits(end.to_bits() - 1)
    }
}

/// One-shot convenience: erodes `heights` with `droplets` droplets and returns the budget.
pub fn erode(
    heights: &mut [f32],
    width: usize,
    height: usize,
    params: ErosionParams,
    droplets: u32,
) -> Result<Budget> {
    let mut e = Eroder::new(width, height, params)?;
    e.run(heights, droplets)?;
    Ok(e.budget())
}
