//! Options of the landscape model, with their units, ranges and defaults.

use serde::Deserialize;

use crate::error::{check_range, Error, Result};

/// Options of [`Landscape`](super::Landscape). Units: metres and years.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct LandscapeParams {
    /// Cell side `dx` in metres, in [1e-3, 1e6]. Default 100.
    pub cell_size: f64,
    /// Drainage-area exponent `m`, in [0, 2]. Default 0.5.
    pub m: f64,
    /// Slope exponent `n`, in [0.1, 4]. Default 1 (closed-form update; otherwise Newton).
    pub n: f64,
    /// Erodibility `K` in m^(1−2m)·yr⁻¹ (for n = 1), in [0, 1]. Default 2e-5.
    pub k: f64,
    /// Hillslope diffusivity `κ` in m²/yr, in [0, 1e4]. Default 0.01.
    pub kappa: f64,
    /// Cells strictly below this height are sea: base level, like the border. In
    /// [-1e6, 1e6]; `None` (default): only the border is base level.
    pub sea_level: Option<f32>,
    /// Seed of the default initial surface (a perturbation of at most 1 mm).
    pub seed: u32,
}

impl Default for LandscapeParams {
    fn default() -> Self {
        LandscapeParams {
            cell_size: 100.0,
            m: 0.5,
            n: 1.0,
            k: 2e-5,
            kappa: 0.01,
            sea_level: None,
            seed: 1,
        }
    }
}

impl LandscapeParams {
    pub fn validate(&self) -> Result<()> {
        check_range("cellSize", self.cell_size, 1e-3, 1e6)?;
        check_range("m", self.m, 0.0, 2.0)?;
        check_range("n", self.n, 0.1, 4.0)?;
        check_range("k", self.k, 0.0, 1.0)?;
        check_range("kappa", self.kappa, 0.0, 1e4)?;
        if let Some(s) = self.sea_level {
            check_range("seaLevel", s as f64, -1e6, 1e6)?;
        }
        Ok(())
    }
}

/// Largest uplift rate magnitude accepted, in m/yr (1 m/yr is a thousand times the
/// fastest measured mountain uplift).
pub const MAX_UPLIFT: f32 = 1.0;

/// Checks a time step: `dt` in years in (0, 1e7], `steps` in [1, 1e6].
pub fn check_step(dt: f64, steps: u32) -> Result<()> {
    if !(dt.is_finite() && dt > 0.0 && dt <= 1e7) {
        return Err(Error::range(
            "dt",
            format!("must be a finite number of years in (0, 1e7], got {dt}"),
        ));
    }
    if !(1..=1_000_000).contains(&steps) {
        return Err(Error::range(
            "steps",
            format!("must be an integer in [1, 1000000], got {steps}"),
        ));
    }
    Ok(())
}

/// A per-cell rate: one value everywhere, or a map of width × height.
#[derive(Clone, Debug, PartialEq)]
pub enum Rate {
    Uniform(f32),
    Map(Vec<f32>),
}

impl Rate {
    #[inline]
    pub fn at(&self, i: usize) -> f32 {
        match self {
            Rate::Uniform(v) => *v,
            Rate::Map(m) => m[i],
        }
    }

    /// Checks every value against `[lo, hi]`, naming `param`.
    pub fn validate(&self, param: &'static str, lo: f32, hi: f32) -> Result<()> {
        let bad = |v: f32| !(v >= lo && v <= hi);
        match self {
            Rate::Uniform(v) if bad(*v) => Err(Error::range(
                param,
                format!("must be a finite number in [{lo}, {hi}], got {v}"),
            )),
            Rate::Map(m) => match m.iter().position(|&v| bad(v)) {
                Some(i) => Err(Error::range(
                    param,
                    format!(
                        "must hold finite numbers in [{lo}, {hi}]; index {i} is {}",
                        m[i]
                    ),
                )),
                None => Ok(()),
            },
            _ => Ok(()),
        }
    }
}
