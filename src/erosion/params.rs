//! The droplet model's parameters, their defaults (those of Sebastian Lague's
//! "Hydraulic-Erosion", MIT, which `002` adapts) and their allowed ranges.

use serde::{Deserialize, Serialize};

use crate::error::{check_range, Error, Result};

/// Largest brush radius, in cells.
pub const MAX_RADIUS: f32 = 16.0;
/// Longest droplet lifetime, in steps.
pub const MAX_LIFETIME: u32 = 1024;

/// Everything that shapes one erosion run. Field docs give each range and default.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct ErosionParams {
    /// Seed of the Mulberry32 generator that places droplets, any `u32`. Default 1.
    pub seed: u32,
    /// How much of its previous direction a droplet keeps each step, in `[0, 1]`:
    /// 0 follows the gradient exactly, 1 never turns. Default 0.05.
    pub inertia: f32,
    /// Multiplier of the sediment capacity `−Δh · speed · water · capacityFactor`,
    /// in `[0, 64]`. Default 4.
    pub capacity_factor: f32,
    /// Floor of the capacity, so droplets on flat ground still carry a little,
    /// in `[0, 1]`. Default 0.01.
    pub min_capacity: f32,
    /// Fraction of the free capacity eroded per step, in `[0, 1]`. Default 0.3.
    pub erode_speed: f32,
    /// Fraction of the surplus sediment deposited per step, in `[0, 1]`. Default 0.3.
    pub deposit_speed: f32,
    /// Fraction of water lost per step, in `[0, 1]`. Default 0.01.
    pub evaporation: f32,
    /// Acceleration from height loss: `speed² ← max(0, speed² − Δh · gravity)`,
    /// in `[0, 64]`. Default 4.
    pub gravity: f32,
    /// Steps before a droplet dies, an integer in `[1, 1024]`. Default 30.
    pub lifetime: u32,
    /// Erosion brush radius in cells, in `[1, 16]` (fractions allowed). Default 3.
    pub radius: f32,
    /// Water a droplet starts with, in `(0, 16]`. Default 1.
    pub initial_water: f32,
    /// Speed a droplet starts with, in `[0, 16]`. Default 1.
    pub initial_speed: f32,
    /// Terminal speed: `speed` never exceeds it, in `(0, 64]`. Default 8.
    pub max_speed: f32,
    /// Sea level: a droplet whose height falls below it settles its load there and
    /// stops (rivers end at the coast); `None` (default) = no sea.
    pub sea_level: Option<f32>,
}

impl Default for ErosionParams {
    fn default() -> Self {
        Self {
            seed: 1,
            inertia: 0.05,
            capacity_factor: 4.0,
            min_capacity: 0.01,
            erode_speed: 0.3,
            deposit_speed: 0.3,
            evaporation: 0.01,
            gravity: 4.0,
            lifetime: 30,
            radius: 3.0,
            initial_water: 1.0,
            initial_speed: 1.0,
            max_speed: 8.0,
            sea_level: None,
        }
    }
}

impl ErosionParams {
    /// Checks every field against its range; the error names the field (camelCase,
    /// as JavaScript spells it) and the range.
    pub fn validate(&self) -> Result<()> {
        check_range("inertia", self.inertia as f64, 0.0, 1.0)?;
        check_range("capacityFactor", self.capacity_factor as f64, 0.0, 64.0)?;
        check_range("minCapacity", self.min_capacity as f64, 0.0, 1.0)?;
        check_range("erodeSpeed", self.erode_speed as f64, 0.0, 1.0)?;
        check_range("depositSpeed", self.deposit_speed as f64, 0.0, 1.0)?;
        check_range("evaporation", self.evaporation as f64, 0.0, 1.0)?;
        check_range("gravity", self.gravity as f64, 0.0, 64.0)?;
        if !(1..=MAX_LIFETIME).contains(&self.lifetime) {
            return Err(Error::range(
                "lifetime",
                format!(
                    "must be an integer in [1, {MAX_LIFETIME}], got {}",
                    self.lifetime
                ),
            ));
        }
        check_range("radius", self.radius as f64, 1.0, MAX_RADIUS as f64)?;
        crate::error::check_above("initialWater", self.initial_water as f64, 0.0, 16.0)?;
        check_range("initialSpeed", self.initial_speed as f64, 0.0, 16.0)?;
        crate::error::check_above("maxSpeed", self.max_speed as f64, 0.0, 64.0)?;
        if let Some(s) = self.sea_level {
            check_range("seaLevel", s as f64, -1e6, 1e6)?;
        }
        Ok(())
    }
}
