//! Landscape evolution: tectonic uplift, stream-power erosion and hillslope diffusion,
//! `∂h/∂t = U − K·A^m·S^n + κ·∇²h`, on the O(n) drainage core of Braun & Willett
//! (2013), which lives in [`crate::hydrology`] beside the depression filling:
//! steepest-descent receivers, donors and the stack order, drainage area up the
//! reversed stack. On it: the implicit [`stream_power`] update, implicit
//! [`diffusion`]. [`model::Landscape`] runs them per step; [`analysis`] measures the
//! network (slope–area law, Hack's law).
//!
//! The pieces also work on any heightmap: [`flow_receivers`], [`stack_order`] and
//! [`drainage_area`] (and `hydrology::flow_accumulation`, which is built on them).

pub mod analysis;
pub mod diffusion;
pub mod model;
pub mod params;
pub mod stream_power;

pub use crate::hydrology::receivers::Descent;
pub use model::{Landscape, StepReport};
pub use params::{LandscapeParams, Rate};

use crate::error::{check_range, Error, Result};
use crate::hydrology::on_border;
use crate::hydrology::stack::{stack_into, StackScratch};
use crate::terrain::{check_grid, check_heights};

/// Steepest-descent D8 receiver of every cell of `heights` (width × height) into `out`:
/// `out[i] = i` on the border, below `sea_level` (if given, in [-1e6, 1e6]) and in pits
/// (no strictly lower neighbour; fill them first for a map that drains everywhere).
pub fn flow_receivers(
    heights: &[f32],
    width: usize,
    height: usize,
    sea_level: Option<f32>,
    out: &mut [u32],
) -> Result<()> {
    check_grid("heights", heights.len(), width, height, 1)?;
    crate::error::check_len("receivers", out.len(), heights.len(), "width × height")?;
    if let Some(s) = sea_level {
        check_range("seaLevel", s as f64, -1e6, 1e6)?;
    }
    check_heights(heights)?;
    let base: Vec<bool> = heights
        .iter()
        .enumerate()
        .map(|(i, &z)| on_border(i, width, height) || sea_level.is_some_and(|s| z < s))
        .collect();
    crate::hydrology::receivers::receivers_into(
        heights,
        width,
        height,
        &base,
        Descent::Steepest,
        out,
    );
    Ok(())
}

/// Checks that `rec` (width × height) points every cell at itself or a D8 neighbour.
fn check_receivers(rec: &[u32], width: usize, height: usize) -> Result<()> {
    check_grid("receivers", rec.len(), width, height, 1)?;
    for (i, &r) in rec.iter().enumerate() {
        let r = r as usize;
        let near = r < rec.len()
            && (i % width).abs_diff(r % width) <= 1
            && (i / width).abs_diff(r / width) <= 1;
        if !near {
            return Err(Error::range(
                "receivers",
                format!("must hold each cell's own index or a D8 neighbour's; index {i} holds {r}"),
            ));
        }
    }
    Ok(())
}

/// The stack order (Braun & Willett 2013) of receivers `rec` into `out`: every cell
/// once, after its receiver. A RangeError names `receivers` if they are not
/// neighbours or form a cycle (then some cells can never be reached).
pub fn stack_order(rec: &[u32], width: usize, height: usize, out: &mut Vec<u32>) -> Result<()> {
    checked_stack(rec, width, height, out).map(|_| ())
}

/// [`stack_order`], also returning the upstream cell counts.
fn checked_stack(rec: &[u32], width: usize, height: usize, out: &mut Vec<u32>) -> Result<Vec<u32>> {
    check_receivers(rec, width, height)?;
    let mut count = vec![0u32; rec.len()];
    let placed = stack_into(rec, out, &mut count, &mut StackScratch::default());
    if placed != rec.len() {
        return Err(Error::range(
            "receivers",
            format!(
                "must form trees draining to cells that are their own receivers; {} of {} cells are on a cycle",
                rec.len() - placed,
                rec.len()
            ),
        ));
    }
    Ok(count)
}

/// Drainage area of every cell into `out`: the cells upstream (itself included) times
/// `cell_size²` (cell_size in [1e-3, 1e6]; 1 gives counts of cells).
pub fn drainage_area(
    rec: &[u32],
    width: usize,
    height: usize,
    cell_size: f64,
    out: &mut [f32],
) -> Result<()> {
    check_range("cellSize", cell_size, 1e-3, 1e6)?;
    crate::error::check_len("area", out.len(), rec.len(), "width × height")?;
    let count = checked_stack(rec, width, height, &mut Vec::with_capacity(rec.len()))?;
    let a = cell_size * cell_size;
    for (o, &c) in out.iter_mut().zip(&count) {
        *o = (c as f64 * a) as f32;
    }
    Ok(())
}
