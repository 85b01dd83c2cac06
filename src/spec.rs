//! The plain, JSON-serialisable description of a field. The same object is a permalink,
//! a message to a worker and the argument of `new Field(spec)`. Every field is optional;
//! [`Spec::default`] documents the defaults. [`Params::from_spec`] checks it and parses
//! its names (each listed once, in `spec/names.rs`) into enums.

use serde::{Deserialize, Serialize};

use crate::fractal::FractalKind;
use crate::noise::worley::{WorleyDistance, WorleyReturn};

mod names;
mod params;

pub(crate) use names::named;
pub use names::{quoted, Named, NoiseKind, Permutation, TS_UNIONS};
pub use params::{
    seed, whole, FractalParams, Params, WarpParams, WorleyChoice, MAX_PERIOD, MAX_TILE_CELLS,
};

/// ```json
/// { "noise": "perlin", "seed": 0, "permutation": "seeded",
///   "fractal": { "kind": "fbm", "octaves": 1, "persistence": 0.5, "lacunarity": 2 },
///   "warp": null, "worley": { "distance": "euclidean", "return": "f1", "jitter": 1 },
///   "period": null, "offset": [0, 0, 0] }
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct Spec {
    /// A [`NoiseKind`] name: `perlin` (classic), `perlin-improved`, a teaching variant….
    pub noise: String,
    /// A whole number in [0, 4294967295].
    pub seed: f64,
    /// A [`Permutation`] name.
    pub permutation: String,
    pub fractal: FractalSpec,
    /// Domain warp `p' = p + s · (noise₁(p), noise₂(p))`, off when absent.
    pub warp: Option<WarpSpec>,
    /// Read for `worley` noise only.
    pub worley: WorleySpec,
    /// Tile period `[px, py]` in noise units (whole numbers, 1 to 4096): 2D fills repeat
    /// seamlessly every `px` × `py`. Needs a whole-number lacunarity, and every octave's
    /// tile `max(px, py) × frequency` (the warp's too) at most 2²⁴ lattice cells.
    pub period: Option<[f64; 2]>,
    /// Added to every noise-space coordinate before anything else.
    pub offset: [f64; 3],
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct FractalSpec {
    /// A [`crate::fractal::FractalKind`] name (`fbm`, `ridged`, …).
    pub kind: String,
    /// Whole number in [1, 16].
    pub octaves: f64,
    /// Amplitude ratio between octaves, in (0, 4]; above 1 draws a warning.
    pub persistence: f64,
    /// Frequency ratio between octaves, in (0, 16]; exactly 1 draws a warning.
    pub lacunarity: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct WarpSpec {
    /// Displacement `s` in noise units, in [0, 64].
    pub strength: f64,
    /// Seed of the warp noise (whole number); the second axis uses `seed + 1`.
    pub seed: f64,
    /// Octaves of the warp noise, [1, 16].
    pub octaves: f64,
    /// Frequency of the warp noise relative to the field, in (0, 64].
    pub frequency: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct WorleySpec {
    /// A [`crate::noise::worley::WorleyDistance`] name (`euclidean`, …).
    pub distance: String,
    /// A [`crate::noise::worley::WorleyReturn`] name (`f1`, …).
    #[serde(rename = "return")]
    pub returns: String,
    /// Feature point jitter in [0, 1]: 0 is a regular grid, 1 fills the whole cell.
    pub jitter: f64,
}

impl Default for Spec {
    fn default() -> Self {
        Self {
            noise: NoiseKind::Perlin.name().into(),
            seed: 0.0,
            permutation: Permutation::Seeded.name().into(),
            fractal: FractalSpec::default(),
            warp: None,
            worley: WorleySpec::default(),
            period: None,
            offset: [0.0; 3],
        }
    }
}

impl Default for FractalSpec {
    fn default() -> Self {
        Self {
            kind: FractalKind::Fbm.name().into(),
            octaves: 1.0,
            persistence: 0.5,
            lacunarity: 2.0,
        }
    }
}

impl Default for WarpSpec {
    fn default() -> Self {
        Self {
            strength: 1.0,
            seed: 1.0,
            octaves: 1.0,
            frequency: 1.0,
        }
    }
}

impl Default for WorleySpec {
    fn default() -> Self {
        Self {
            distance: WorleyDistance::Euclidean.name().into(),
            returns: WorleyReturn::F1.name().into(),
            jitter: 1.0,
        }
    }
}

impl Spec {
    pub fn new(noise: &str, seed: u32) -> Self {
        Self {
            noise: noise.into(),
            seed: seed as f64,
            ..Self::default()
        }
    }

    pub fn fbm(mut self, octaves: u32, persistence: f64, lacunarity: f64) -> Self {
        self.fractal = FractalSpec {
            kind: FractalKind::Fbm.name().into(),
            octaves: octaves as f64,
            persistence,
            lacunarity,
        };
        self
    }
}
