//! [`Params`]: a [`Spec`] parsed into enums and checked numbers, in one place that
//! produces every error a spec can have (each names its parameter path and range).
//! [`crate::Field`] builds its kernels from it; [`Params::to_spec`] gives the spec back
//! with every default filled in.

use super::names::Named;
use super::{FractalSpec, NoiseKind, Permutation, Spec, WarpSpec, WorleySpec};
use crate::error::{check_above, check_range, Error, Result};
use crate::fractal::{Fractal, FractalKind, MAX_OCTAVES};
use crate::grid::MAX_POINT;
use crate::limits::check_int;
use crate::noise::worley::{WorleyDistance, WorleyParams, WorleyReturn};

/// The largest tile period, per axis, in noise units.
pub const MAX_PERIOD: u32 = 4096;

/// The most lattice cells one octave's tile may span: a tiled octave's coordinates are
/// reduced by its period `period × frequency`, which must stay a whole number that
/// f32 and i32 hold exactly.
pub const MAX_TILE_CELLS: f64 = 16_777_216.0;

#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    pub noise: NoiseKind,
    pub seed: u32,
    pub permutation: Permutation,
    pub fractal: FractalParams,
    pub warp: Option<WarpParams>,
    /// Read (and checked) for `worley` noise only; the defaults otherwise.
    pub worley: WorleyChoice,
    /// Tile period in noise units, `[px, py]`.
    pub period: Option<[u32; 2]>,
    pub offset: [f64; 3],
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FractalParams {
    pub kind: FractalKind,
    /// In [1, 16].
    pub octaves: u32,
    /// In (0, 4].
    pub persistence: f64,
    /// In (0, 16].
    pub lacunarity: f64,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WarpParams {
    /// In [0, 64].
    pub strength: f64,
    pub seed: u32,
    /// In [1, 16]; the warp noise is fBm with persistence 0.5 and lacunarity 2.
    pub octaves: u32,
    /// In [1e-6, 64].
    pub frequency: f64,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WorleyChoice {
    pub distance: WorleyDistance,
    pub ret: WorleyReturn,
    /// In [0, 1].
    pub jitter: f64,
}

/// A whole number in `[lo, hi]` ([`check_int`], the crate's one whole-number check).
pub fn whole(param: &'static str, v: f64, lo: u32, hi: u32) -> Result<u32> {
    check_int(param, v, lo as i64, hi as i64).map(|v| v as u32)
}

/// A seed: a whole number in [0, 2³² − 1].
pub fn seed(param: &'static str, v: f64) -> Result<u32> {
    whole(param, v, 0, u32::MAX)
}

/// A number in `(0, hi]` that stays a normal f32 (the kernels' precision).
fn positive(param: &'static str, v: f64, hi: f64) -> Result<f64> {
    check_above(param, v, 0.0, hi)?;
    if (v as f32) < f32::MIN_POSITIVE {
        return Err(Error::range(
            param,
            format!(
                "must be in (0, {hi}] and at least {} (the smallest normal f32), got {v}",
                f32::MIN_POSITIVE
            ),
        ));
    }
    Ok(v)
}

impl FractalParams {
    fn from_spec(f: &FractalSpec) -> Result<Self> {
        Ok(Self {
            kind: FractalKind::parse(&f.kind)?,
            octaves: whole("fractal.octaves", f.octaves, 1, MAX_OCTAVES)?,
            persistence: positive("fractal.persistence", f.persistence, 4.0)?,
            lacunarity: positive("fractal.lacunarity", f.lacunarity, 16.0)?,
        })
    }

    /// The octave schedule (the kernels' f32 frequencies and amplitudes).
    pub fn fractal(&self) -> Result<Fractal> {
        let (p, l) = (self.persistence as f32, self.lacunarity as f32);
        Fractal::new(self.kind, self.octaves, p, l)
    }
}

impl WarpParams {
    fn from_spec(w: &WarpSpec) -> Result<Self> {
        Ok(Self {
            seed: seed("warp.seed", w.seed)?,
            strength: {
                check_range("warp.strength", w.strength, 0.0, 64.0)?;
                w.strength
            },
            frequency: {
                check_range("warp.frequency", w.frequency, 1e-6, 64.0)?;
                w.frequency
            },
            octaves: whole("warp.octaves", w.octaves, 1, MAX_OCTAVES)?,
        })
    }

    /// The warp noise's octave schedule: fBm, persistence 0.5, lacunarity 2.
    pub fn fractal(&self) -> Result<Fractal> {
        Fractal::new(FractalKind::Fbm, self.octaves, 0.5, 2.0)
    }
}

impl WorleyChoice {
    fn from_spec(w: &WorleySpec) -> Result<Self> {
        Ok(Self {
            distance: WorleyDistance::parse(&w.distance)?,
            ret: WorleyReturn::parse(&w.returns)?,
            jitter: {
                check_range("worley.jitter", w.jitter, 0.0, 1.0)?;
                w.jitter
            },
        })
    }

    /// The kernel's parameters.
    pub fn kernel(&self) -> WorleyParams {
        WorleyParams {
            ret: self.ret,
            distance: self.distance,
            jitter: self.jitter as f32,
        }
    }
}

impl Params {
    /// Checks every value of `spec` and its combinations.
    pub fn from_spec(spec: &Spec) -> Result<Self> {
        let seed = seed("seed", spec.seed)?;
        let fractal = FractalParams::from_spec(&spec.fractal)?;
        let offset = spec.offset;
        for &v in &offset {
            check_range("offset", v, -MAX_POINT, MAX_POINT)?;
        }
        let period = match spec.period {
            None => None,
            Some([px, py]) => Some([
                whole("period", px, 1, MAX_PERIOD)?,
                whole("period", py, 1, MAX_PERIOD)?,
            ]),
        };
        let warp = spec.warp.as_ref().map(WarpParams::from_spec).transpose()?;
        let permutation = Permutation::parse(&spec.permutation)?;
        let noise = NoiseKind::parse(&spec.noise)?;
        if permutation == Permutation::Reference && noise != NoiseKind::Improved {
            return Err(Error::kind(
                "permutation",
                "'reference' applies only to noise 'perlin-improved'",
            ));
        }
        let worley = match noise {
            NoiseKind::Worley => WorleyChoice::from_spec(&spec.worley)?,
            _ => WorleyChoice::from_spec(&WorleySpec::default())?,
        };
        let params = Self {
            noise,
            seed,
            permutation,
            fractal,
            warp,
            worley,
            period,
            offset,
        };
        if let Some(p) = period {
            params.check_tiles(p)?;
        }
        Ok(params)
    }

    /// A tiled field needs whole octave periods, each at most [`MAX_TILE_CELLS`].
    fn check_tiles(&self, p: [u32; 2]) -> Result<()> {
        let lacunarity = self.fractal.lacunarity;
        if lacunarity.fract() != 0.0 {
            return Err(Error::range(
                "fractal.lacunarity",
                format!("must be a whole number when `period` is set (tiles need whole octave periods), got {lacunarity}"),
            ));
        }
        let fractal = self.fractal.fractal()?;
        tile_cells(
            p,
            "fractal.lacunarity^(fractal.octaves − 1)",
            fractal.freqs(),
        )?;
        let Some(w) = &self.warp else { return Ok(()) };
        if w.frequency.fract() != 0.0 {
            return Err(Error::range(
                "warp.frequency",
                "must be a whole number when `period` is set",
            ));
        }
        let freqs: Vec<f32> = w
            .fractal()?
            .freqs()
            .iter()
            .map(|&v| v * w.frequency as f32)
            .collect();
        tile_cells(p, "warp.frequency × 2^(warp.octaves − 1)", &freqs)
    }

    /// The spec these parameters came from, every default filled in.
    pub fn to_spec(&self) -> Spec {
        let f = &self.fractal;
        Spec {
            noise: self.noise.name().into(),
            seed: self.seed as f64,
            permutation: self.permutation.name().into(),
            fractal: FractalSpec {
                kind: f.kind.name().into(),
                octaves: f.octaves as f64,
                persistence: f.persistence,
                lacunarity: f.lacunarity,
            },
            warp: self.warp.map(|w| WarpSpec {
                strength: w.strength,
                seed: w.seed as f64,
                octaves: w.octaves as f64,
                frequency: w.frequency,
            }),
            worley: WorleySpec {
                distance: self.worley.distance.name().into(),
                returns: self.worley.ret.name().into(),
                jitter: self.worley.jitter,
            },
            period: self.period.map(|p| p.map(f64::from)),
            offset: self.offset,
        }
    }
}

/// Checks that every octave's tile period `period × frequency` is at most
/// [`MAX_TILE_CELLS`] (2²⁴): the product used to wrap i32 to 0 and panic.
fn tile_cells(p: [u32; 2], what: &str, freqs: &[f32]) -> Result<()> {
    let top = freqs.iter().fold(0.0f64, |m, &f| m.max(f as f64));
    let side = p[0].max(p[1]);
    let cells = side as f64 * top;
    if cells > MAX_TILE_CELLS {
        return Err(Error::range(
            "period",
            format!(
                "period × {what} must be at most {MAX_TILE_CELLS} lattice cells (the finest octave's tile), got {side} × {top} = {cells}"
            ),
        ));
    }
    Ok(())
}
