//! The landscape model: `∂h/∂t = U − K·A^m·S^n + κ·∇²h` on a grid, one step at a time
//! (Braun & Willett 2013; the FastScape order of operations):
//!
//! 1. uplift `h += U·dt` on every cell but the border (sea cells rise too);
//! 2. base level: the border, and cells below the sea level;
//! 3. steepest-descent D8 receivers; if any cell other than base level has no lower
//!    neighbour (a pit), the depressions are filled by Priority-Flood+ε (Barnes et al.
//!    2014, [`crate::hydrology::priority_flood`]'s loop, ε = one float step: lakes
//!    become sediment-filled flats that drain), flooding only the lakes, found from
//!    the basins of the receiver forest and the passes between them
//!    ([`crate::hydrology::lakes`]); then the receivers of the lake cells and their
//!    neighbours are recomputed. The result equals filling the whole map bit for
//!    bit, and with no pit it is a no-op;
//! 4. stack and drainage area in one O(n) walk ([`crate::hydrology::stack`]);
//! 5. implicit stream-power erosion along the stack ([`super::stream_power`]);
//! 6. implicit hillslope diffusion (ADI, [`super::diffusion`]), base level fixed.
//!
//! Units: heights and `cellSize` in metres, `dt` in years, `U` in m/yr, `κ` in m²/yr,
//! drainage area in m². Heights stay within ±1e6 m (uplift is clamped there).

use super::diffusion::Diffusion;
use super::params::{check_step, LandscapeParams, Rate, MAX_UPLIFT};
use super::stream_power::{erode, AreaPower, StreamPower};
use crate::error::{Error, Result};
use crate::hydrology::lakes::{fill_lakes, LakeScratch};
use crate::hydrology::receivers::{receivers_into, receivers_near, Descent};
use crate::hydrology::stack::{stack_into, StackScratch};
use crate::order::Order;
use crate::rng::Mulberry32;
use crate::terrain::{check_grid, check_heights, MAX_HEIGHT};

/// What the last call of [`Landscape::step`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StepReport {
    /// Largest `|Δh|` of the last step, in metres.
    pub max_change: f64,
    /// Steps that found pits and ran the fill.
    pub filled_steps: u32,
    /// Cells the fills raised, summed over the steps.
    pub raised: u64,
}

/// A landscape evolving under uplift, stream power and hillslope diffusion.
#[derive(Clone, Debug)]
pub struct Landscape {
    width: usize,
    height: usize,
    params: LandscapeParams,
    heights: Vec<f32>,
    uplift: Rate,
    erodibility: Rate,
    /// Extra base-level cells besides the border and the sea (see [`Self::set_outlets`]).
    outlets: Option<Vec<bool>>,
    base: Vec<bool>,
    rec: Vec<u32>,
    stack: Vec<u32>,
    order: StackScratch,
    count: Vec<u32>,
    area: Vec<f32>,
    diffusion: Diffusion,
    area_m: AreaPower,
    lakes: LakeScratch,
    /// The heights before the last step of a [`Self::step`] call, for its report.
    before: Vec<f32>,
    time: f64,
    steps_done: u64,
}

impl Landscape {
    /// A `width × height` landscape (each side ≥ 1, at most 2^28 cells) whose heights
    /// start as a seeded perturbation in [0, 1 mm), with no uplift.
    pub fn new(width: usize, height: usize, params: LandscapeParams) -> Result<Self> {
        check_grid("heights", width.saturating_mul(height), width, height, 1)?;
        params.validate()?;
        let n = width * height;
        let mut rng = Mulberry32::new(params.seed);
        let heights = (0..n).map(|_| rng.next_f32() * 1e-3).collect();
        let mut ls = Landscape {
            width,
            height,
            params,
            heights,
            uplift: Rate::Uniform(0.0),
            erodibility: Rate::Uniform(params.k as f32),
            outlets: None,
            base: vec![false; n],
            rec: vec![0; n],
            stack: Vec::with_capacity(n),
            order: StackScratch::default(),
            count: vec![1; n],
            area: vec![0.0; n],
            diffusion: Diffusion::default(),
            area_m: AreaPower::default(),
            lakes: LakeScratch::default(),
            before: Vec::new(),
            time: 0.0,
            steps_done: 0,
        };
        ls.route();
        Ok(ls)
    }

    pub fn width(&self) -> usize {
        self.width
    }
    pub fn height(&self) -> usize {
        self.height
    }
    pub fn params(&self) -> &LandscapeParams {
        &self.params
    }
    pub fn heights(&self) -> &[f32] {
        &self.heights
    }
    /// Receiver of every cell (itself for base level) after the last step.
    pub fn receivers(&self) -> &[u32] {
        &self.rec
    }
    /// The stack order of the last step.
    pub fn stack(&self) -> &[u32] {
        &self.stack
    }
    /// Cells draining through each cell (itself included) after the last step.
    pub fn upstream_cells(&self) -> &[u32] {
        &self.count
    }
    /// Model time in years.
    pub fn time(&self) -> f64 {
        self.time
    }
    pub fn steps_done(&self) -> u64 {
        self.steps_done
    }

    /// Drainage area in m² of every cell after the last step: upstream cells × `cellSize²`.
    pub fn drainage_area(&self) -> &[f32] {
        &self.area
    }

    /// Replaces the heights (width × height, finite, in [-1e6, 1e6]) and re-routes.
    pub fn set_heights(&mut self, heights: &[f32]) -> Result<()> {
        check_grid("heights", heights.len(), self.width, self.height, 1)?;
        check_heights(heights)?;
        self.heights.copy_from_slice(heights);
        self.route();
        Ok(())
    }

    /// Uplift rate in m/yr: one value or a map; each in [-1, 1].
    pub fn set_uplift(&mut self, uplift: Rate) -> Result<()> {
        self.check_rate("uplift", &uplift)?;
        uplift.validate("uplift", -MAX_UPLIFT, MAX_UPLIFT)?;
        self.uplift = uplift;
        Ok(())
    }

    /// Erodibility `K`: one value or a map; each in [0, 1].
    pub fn set_erodibility(&mut self, k: Rate) -> Result<()> {
        self.check_rate("erodibility", &k)?;
        k.validate("erodibility", 0.0, 1.0)?;
        self.erodibility = k;
        Ok(())
    }

    /// Changes `m`, `n`, `k` (uniform erodibility), `κ` or the sea level for the next
    /// steps; the size, cell size and heights stay.
    pub fn set_params(&mut self, params: LandscapeParams) -> Result<()> {
        params.validate()?;
        if params.cell_size != self.params.cell_size {
            return Err(Error::range(
                "cellSize",
                format!(
                    "is fixed at construction ({}), got {}",
                    self.params.cell_size, params.cell_size
                ),
            ));
        }
        if params.k != self.params.k {
            self.erodibility = Rate::Uniform(params.k as f32);
        }
        self.params = params;
        self.route();
        Ok(())
    }

    /// Extra base-level cells (`true`), e.g. one end of a strip; `None` removes them.
    pub fn set_outlets(&mut self, outlets: Option<Vec<bool>>) -> Result<()> {
        if let Some(o) = &outlets {
            check_grid("outlets", o.len(), self.width, self.height, 1)?;
        }
        self.outlets = outlets;
        self.route();
        Ok(())
    }

    /// Whether the border is base level: true unless [`Self::set_outlets`] gave a mask,
    /// which then is the whole base level (with the sea).
    fn mark_base(&mut self) {
        let sea = self.params.sea_level;
        let (heights, base) = (&self.heights, &mut self.base);
        for_edges(
            self.width,
            self.height,
            self.outlets.as_deref(),
            |i, edge| {
                base[i] = edge || sea.is_some_and(|s| heights[i] < s);
            },
        );
    }

    /// Base level, receivers (filling pits first if there are any), stack and area.
    /// Returns how many cells the fill raised.
    fn route(&mut self) -> usize {
        self.mark_base();
        let (w, h) = (self.width, self.height);
        receivers_into(
            &self.heights,
            w,
            h,
            &self.base,
            Descent::Steepest,
            &mut self.rec,
        );
        let pit = self
            .rec
            .iter()
            .enumerate()
            .any(|(i, &r)| r as usize == i && !self.base[i]);
        let mut raised = 0;
        if pit {
            raised = fill_lakes(
                &mut self.heights,
                w,
                h,
                &self.base,
                &self.rec,
                &mut self.lakes,
            );
            receivers_near(
                &self.heights,
                w,
                h,
                &self.base,
                Descent::Steepest,
                self.lakes.lake_cells(),
                &mut self.rec,
            );
        }
        stack_into(&self.rec, &mut self.stack, &mut self.count, &mut self.order);
        let a = self.params.cell_size * self.params.cell_size;
        for (o, &c) in self.area.iter_mut().zip(&self.count) {
            *o = (c as f64 * a) as f32;
        }
        raised
    }

    /// Advances `steps` steps of `dt` years (dt in (0, 1e7], steps in [1, 1e6]).
    pub fn step(&mut self, dt: f64, steps: u32) -> Result<StepReport> {
        check_step(dt, steps)?;
        let mut report = StepReport::default();
        for s in 0..steps {
            let last = s + 1 == steps;
            if last {
                self.before.clear();
                self.before.extend_from_slice(&self.heights);
            }
            let raised = self.step_once(dt);
            if raised > 0 {
                report.filled_steps += 1;
                report.raised += raised as u64;
            }
            if last {
                report.max_change = max_change(&self.before, &self.heights);
            }
        }
        Ok(report)
    }

    /// One step; returns the cells the pit fill raised.
    fn step_once(&mut self, dt: f64) -> usize {
        let (w, h) = (self.width, self.height);
        self.uplift_by(dt);
        let raised = self.route();
        let cell_area = self.params.cell_size * self.params.cell_size;
        self.area_m.set(cell_area, self.params.m);
        let (count, area_m) = (&self.count, &self.area_m);
        let k = &self.erodibility;
        let law = StreamPower {
            m: self.params.m,
            n: self.params.n,
        };
        erode(
            &mut self.heights,
            w,
            &self.rec,
            &self.stack,
            |i| area_m.of(count[i]),
            |i| k.at(i) as f64,
            &self.base,
            law,
            self.params.cell_size,
            dt,
        );
        let coef = self.params.kappa * dt / cell_area;
        self.diffusion
            .step(&mut self.heights, w, h, &self.base, coef);
        self.time += dt;
        self.steps_done += 1;
        raised
    }

    /// `h += U·dt` off the border (or the outlets mask), clamped to ±1e6 m.
    fn uplift_by(&mut self, dt: f64) {
        let (uplift, z) = (&self.uplift, &mut self.heights);
        for_edges(
            self.width,
            self.height,
            self.outlets.as_deref(),
            |i, edge| {
                if !edge {
                    let v = z[i] as f64 + uplift.at(i) as f64 * dt;
                    z[i] = v.clamp(-MAX_HEIGHT as f64, MAX_HEIGHT as f64) as f32;
                }
            },
        );
    }

    fn check_rate(&self, param: &'static str, r: &Rate) -> Result<()> {
        if let Rate::Map(m) = r {
            check_grid(param, m.len(), self.width, self.height, 1)?;
        }
        Ok(())
    }
}

/// Calls `f(i, edge)` for every cell of a `width × height` grid in index order, `edge`
/// being the cell's value in the `outlets` mask or, without one, whether it is on the
/// border (row by row, so no division per cell).
#[inline(always)]
fn for_edges(
    width: usize,
    height: usize,
    outlets: Option<&[bool]>,
    mut f: impl FnMut(usize, bool),
) {
    for y in 0..height {
        let edge_row = y == 0 || y + 1 == height;
        for x in 0..width {
            let i = y * width + x;
            let edge = match outlets {
                Some(o) => o[i],
                None => edge_row || x == 0 || x + 1 == width,
            };
            f(i, edge);
        }
    }
}

/// Largest `|a − b|` over two equal-length maps.
pub fn max_change(a: &[f32], b: &[f32]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(&x, &y)| (x as f64 - y as f64).abs())
        .fold(0.0, f64::hi)
}
