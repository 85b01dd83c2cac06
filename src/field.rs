//! A [`Field`] is a [`Spec`] compiled once: validated, defaults applied, kernels and
//! octave schedule built. It samples points and fills grids; a grid fill gives the same
//! bits as sampling each cell's point, so fills can be split into tiles and workers.

use crate::error::{check_range, Error, Result};
use crate::fill::RowNoise;
use crate::fractal::{Fractal, FractalKind};
use crate::grid::{Region, MAX_POINT};
use crate::noise::improved::Improved;
use crate::noise::perlin::Perlin;
use crate::noise::simplex::Simplex;
use crate::noise::teaching::{Teaching, Variant};
use crate::noise::value::Value;
use crate::noise::worley::{Worley, WorleyDistance, WorleyParams, WorleyReturn};
use crate::noise::{rem, split, Noise};
use crate::spec::Spec;

/// The noise names a spec accepts.
pub const NOISE_NAMES: [&str; 8] = [
    "value",
    "perlin",
    "perlin-improved",
    "simplex",
    "worley",
    "perlin-linear",
    "perlin-smoothstep",
    "perlin-corner-sw",
];

/// A kernel with its fractal, warp, period and offset: everything generic over `K`.
#[derive(Clone, Debug)]
pub struct Composed<K> {
    pub base: K,
    pub warp: Option<Warp<K>>,
    pub fractal: Fractal,
    /// Tile period in lattice cells of octave 0, and each octave's whole-number multiplier.
    pub period: Option<(i32, i32)>,
    pub offset: [f64; 3],
}

#[derive(Clone, Debug)]
pub struct Warp<K> {
    pub x: K,
    pub y: K,
    pub strength: f32,
    pub frequency: f32,
    pub fractal: Fractal,
}

impl<K: Noise> Composed<K> {
    /// One fractal sum of kernel `k` at f64 point `(x, y)`: each octave's coordinates are
    /// multiplied by its frequency and reduced by the kernel's (or the tile's) period in
    /// f64 before the kernel's f32 arithmetic. `tile` scales the tile period (the warp's
    /// frequency: the warp noise runs `tile` times faster than the field).
    #[inline(always)]
    fn octave2(&self, k: &K, fractal: &Fractal, x: f64, y: f64, tile: f64) -> f32 {
        match self.period {
            None => fractal.sum(|_, f| k.noise2_at(x * f as f64, y * f as f64)),
            Some((px, py)) => fractal.sum(|_, f| {
                let m = f as f64 * tile;
                let (qx, qy) = (px as f64 * m, py as f64 * m);
                // Into the tile, then by 256 so that f32 keeps the fraction; the kernel
                // takes the 256s back as a shift of the cell before wrapping it.
                let p = Some(256.0);
                let ((x, sx), (y, sy)) = (
                    split(rem(x * f as f64, qx), p),
                    split(rem(y * f as f64, qy), p),
                );
                k.noise2_periodic_shifted(x, y, [sx, sy], qx as i32, qy as i32)
            }),
        }
    }

    #[inline(always)]
    fn warped2(&self, x: f64, y: f64) -> (f64, f64) {
        match &self.warp {
            None => (x, y),
            Some(w) => {
                let wf = w.frequency as f64;
                let (wx, wy) = (x * wf, y * wf);
                let s = w.strength;
                (
                    x + (s * self.octave2(&w.x, &w.fractal, wx, wy, wf)) as f64,
                    y + (s * self.octave2(&w.y, &w.fractal, wx, wy, wf)) as f64,
                )
            }
        }
    }

    #[inline(always)]
    pub fn eval2(&self, x: f64, y: f64) -> f32 {
        let (x, y) = self.warped2(x + self.offset[0], y + self.offset[1]);
        self.octave2(&self.base, &self.fractal, x, y, 1.0)
    }

    pub fn eval1(&self, x: f64) -> f32 {
        let mut x = x + self.offset[0];
        if let Some(w) = &self.warp {
            let (wf, p) = (w.frequency as f64, w.x.period(1));
            let d = w.fractal.sum(|_, f| {
                let (x, s) = split(x * wf * f as f64, p);
                w.x.noise1_shifted(x, s)
            });
            x += (w.strength * d) as f64;
        }
        let p = self.base.period(1);
        self.fractal.sum(|_, f| {
            let (x, s) = split(x * f as f64, p);
            self.base.noise1_shifted(x, s)
        })
    }

    pub fn eval3(&self, x: f64, y: f64, z: f64) -> f32 {
        let (x, y) = self.warped2(x + self.offset[0], y + self.offset[1]);
        let z = z + self.offset[2];
        let p = self.base.period(3);
        self.fractal.sum(|_, f| {
            let f = f as f64;
            let ((x, sx), (y, sy), (z, sz)) = (split(x * f, p), split(y * f, p), split(z * f, p));
            self.base.noise3_shifted(x, y, z, [sx, sy, sz])
        })
    }

    pub fn eval4(&self, x: f64, y: f64, z: f64, w: f64) -> f32 {
        let (x, y) = self.warped2(x + self.offset[0], y + self.offset[1]);
        let z = z + self.offset[2];
        self.fractal.sum(|_, f| {
            let f = f as f64;
            self.base.noise4_at([x * f, y * f, z * f, w * f])
        })
    }

    /// fBm value and gradient: `Σ aᵢ fᵢ ∇n(fᵢ p) / Σ aᵢ`.
    pub fn deriv2(&self, x: f64, y: f64) -> Option<[f32; 3]> {
        let (x, y) = (x + self.offset[0], y + self.offset[1]);
        let mut acc = [0.0f32; 3];
        for (&f, &a) in self.fractal.freqs().iter().zip(self.fractal.amps()) {
            let (v, dx, dy) = self.base.noise2_deriv_at(x * f as f64, y * f as f64)?;
            acc[0] += a * v;
            acc[1] += a * f * dx;
            acc[2] += a * f * dy;
        }
        let n = self.fractal.norm();
        Some([acc[0] / n, acc[1] / n, acc[2] / n])
    }

    /// Point-by-point 2D fill: the reference the grid-aware fill must equal.
    pub fn fill2d_points(&self, out: &mut [f32], r: &Region) {
        let xs = r.xs();
        for (j, row) in out.chunks_exact_mut(r.width).enumerate() {
            let y = r.y(j);
            for (o, &x) in row.iter_mut().zip(&xs) {
                *o = self.eval2(x, y);
            }
        }
    }

    /// Point-by-point 3D slice fill.
    pub fn fill3d_points(&self, out: &mut [f32], r: &Region) {
        let xs = r.xs();
        for (j, row) in out.chunks_exact_mut(r.width).enumerate() {
            let y = r.y(j);
            for (o, &x) in row.iter_mut().zip(&xs) {
                *o = self.eval3(x, y, r.z);
            }
        }
    }

    pub fn fill4d(&self, out: &mut [f32], r: &Region) {
        let xs = r.xs();
        for (j, row) in out.chunks_exact_mut(r.width).enumerate() {
            let y = r.y(j);
            for (o, &x) in row.iter_mut().zip(&xs) {
                *o = self.eval4(x, y, r.z, r.w);
            }
        }
    }
}

impl<K: RowNoise> Composed<K> {
    /// 2D fill: grid-aware rows ([`crate::fill`]) unless warped or tiled; the same bits
    /// as [`Composed::fill2d_points`] either way.
    pub fn fill2d(&self, out: &mut [f32], r: &Region) {
        if self.warp.is_none() && self.period.is_none() {
            crate::fill::fill2d(self, out, r)
        } else {
            self.fill2d_points(out, r)
        }
    }

    /// 3D slice fill, grid-aware unless warped.
    pub fn fill3d(&self, out: &mut [f32], r: &Region) {
        if self.warp.is_none() {
            crate::fill::fill3d(self, out, r)
        } else {
            self.fill3d_points(out, r)
        }
    }
}

/// Every kernel the spec can name, each fully composed.
#[derive(Clone, Debug)]
pub enum Kernels {
    Value(Composed<Value>),
    Perlin(Composed<Perlin>),
    Improved(Composed<Improved>),
    Teaching(Composed<Teaching>),
    Simplex(Composed<Simplex>),
    Worley(Composed<Worley>),
}

/// Runs `$body` with `$c` bound to the concrete `Composed<K>`, so loops are monomorphic.
#[macro_export]
#[doc(hidden)]
macro_rules! with_composed {
    ($kernels:expr, $c:ident => $body:expr) => {
        match $kernels {
            $crate::field::Kernels::Value($c) => $body,
            $crate::field::Kernels::Perlin($c) => $body,
            $crate::field::Kernels::Improved($c) => $body,
            $crate::field::Kernels::Teaching($c) => $body,
            $crate::field::Kernels::Simplex($c) => $body,
            $crate::field::Kernels::Worley($c) => $body,
        }
    };
}

#[derive(Clone, Debug)]
pub struct Field {
    spec: Spec,
    kernels: Kernels,
    dims: u32,
    range: (f32, f32),
    warnings: Vec<String>,
}

fn seed_of(param: &'static str, v: f64) -> Result<u32> {
    if !v.is_finite() || v < 0.0 || v > u32::MAX as f64 || v.fract() != 0.0 {
        return Err(Error::range(
            param,
            format!("must be a whole number in [0, 4294967295], got {v}"),
        ));
    }
    Ok(v as u32)
}

fn whole(param: &'static str, v: f64, lo: u32, hi: u32) -> Result<u32> {
    if !v.is_finite() || v.fract() != 0.0 || v < lo as f64 || v > hi as f64 {
        return Err(Error::range(
            param,
            format!("must be a whole number in [{lo}, {hi}], got {v}"),
        ));
    }
    Ok(v as u32)
}

fn fractal_of(f: &crate::spec::FractalSpec, prefix_octaves: &'static str) -> Result<Fractal> {
    let kind = FractalKind::parse(&f.kind)?;
    let octaves = whole(prefix_octaves, f.octaves, 1, crate::fractal::MAX_OCTAVES)?;
    check_range("fractal.persistence", f.persistence, 0.0, 4.0)?;
    check_range("fractal.lacunarity", f.lacunarity, 0.0, 16.0)?;
    if f.persistence <= 0.0 {
        return Err(Error::range(
            "fractal.persistence",
            format!("must be in (0, 4], got {}", f.persistence),
        ));
    }
    if f.lacunarity <= 0.0 {
        return Err(Error::range(
            "fractal.lacunarity",
            format!("must be in (0, 16], got {}", f.lacunarity),
        ));
    }
    Fractal::new(kind, octaves, f.persistence as f32, f.lacunarity as f32)
}

impl Field {
    /// Validates `spec` and builds the kernels. Errors name the parameter and its range.
    pub fn new(spec: &Spec) -> Result<Self> {
        let seed = seed_of("seed", spec.seed)?;
        let fractal = fractal_of(&spec.fractal, "fractal.octaves")?;
        let mut offset = [0.0f64; 3];
        for (o, &v) in offset.iter_mut().zip(&spec.offset) {
            check_range("offset", v, -MAX_POINT, MAX_POINT)?;
            *o = v;
        }
        let period = match spec.period {
            None => None,
            Some([px, py]) => {
                let p = (
                    whole("period", px, 1, 4096)? as i32,
                    whole("period", py, 1, 4096)? as i32,
                );
                if fractal.lacunarity.fract() != 0.0 {
                    return Err(Error::range(
                        "fractal.lacunarity",
                        format!("must be a whole number when `period` is set (tiles need whole octave periods), got {}", fractal.lacunarity),
                    ));
                }
                tile_periods(
                    p,
                    "fractal.lacunarity^(fractal.octaves − 1)",
                    fractal.freqs(),
                )?;
                Some(p)
            }
        };
        let warp_of = |seed_w: u32| -> Result<Option<(f32, f32, Fractal, u32)>> {
            let Some(w) = &spec.warp else { return Ok(None) };
            check_range("warp.strength", w.strength, 0.0, 64.0)?;
            check_range("warp.frequency", w.frequency, 1e-6, 64.0)?;
            let octaves = whole("warp.octaves", w.octaves, 1, crate::fractal::MAX_OCTAVES)?;
            if period.is_some() && w.frequency.fract() != 0.0 {
                return Err(Error::range(
                    "warp.frequency",
                    "must be a whole number when `period` is set",
                ));
            }
            let f = Fractal::new(FractalKind::Fbm, octaves, 0.5, 2.0)?;
            if let Some(p) = period {
                let freqs: Vec<f32> = f.freqs().iter().map(|&v| v * w.frequency as f32).collect();
                tile_periods(p, "warp.frequency × 2^(warp.octaves − 1)", &freqs)?;
            }
            Ok(Some((w.strength as f32, w.frequency as f32, f, seed_w)))
        };
        let warp_seed = match &spec.warp {
            Some(w) => seed_of("warp.seed", w.seed)?,
            None => 0,
        };
        let warp = warp_of(warp_seed)?;
        if spec.permutation != "seeded" && spec.permutation != "reference" {
            return Err(Error::kind(
                "permutation",
                format!(
                    "must be 'seeded' or 'reference', got '{}'",
                    spec.permutation
                ),
            ));
        }
        if spec.permutation == "reference" && spec.noise != "perlin-improved" {
            return Err(Error::kind(
                "permutation",
                "'reference' applies only to noise 'perlin-improved'",
            ));
        }
        fn compose<K: Noise + Clone>(
            make: impl Fn(u32) -> K,
            base: K,
            warp: Option<(f32, f32, Fractal, u32)>,
            fractal: Fractal,
            period: Option<(i32, i32)>,
            offset: [f64; 3],
        ) -> Composed<K> {
            let warp = warp.map(|(strength, frequency, fractal, s)| Warp {
                x: make(s),
                y: make(s.wrapping_add(1)),
                strength,
                frequency,
                fractal,
            });
            Composed {
                base,
                warp,
                fractal,
                period,
                offset,
            }
        }
        let f = fractal.clone();
        let kernels = match spec.noise.as_str() {
            "value" => Kernels::Value(compose(
                Value::new,
                Value::new(seed),
                warp,
                f,
                period,
                offset,
            )),
            "perlin" => Kernels::Perlin(compose(
                Perlin::new,
                Perlin::new(seed),
                warp,
                f,
                period,
                offset,
            )),
            "perlin-improved" => {
                let base = if spec.permutation == "reference" {
                    Improved::reference()
                } else {
                    Improved::new(seed)
                };
                Kernels::Improved(compose(Improved::new, base, warp, f, period, offset))
            }
            "simplex" => Kernels::Simplex(compose(
                Simplex::new,
                Simplex::new(seed),
                warp,
                f,
                period,
                offset,
            )),
            "worley" => {
                let p = worley_params(&spec.worley)?;
                Kernels::Worley(compose(
                    move |s| Worley::new(s, p),
                    Worley::new(seed, p),
                    warp,
                    f,
                    period,
                    offset,
                ))
            }
            "perlin-linear" | "perlin-smoothstep" | "perlin-corner-sw" => {
                let v = match spec.noise.as_str() {
                    "perlin-linear" => Variant::Linear,
                    "perlin-smoothstep" => Variant::Smoothstep,
                    _ => Variant::CornerSw,
                };
                Kernels::Teaching(compose(
                    move |s| Teaching::new(s, v),
                    Teaching::new(seed, v),
                    warp,
                    f,
                    period,
                    offset,
                ))
            }
            other => {
                return Err(Error::kind(
                    "noise",
                    format!("must be one of {}, got '{other}'", quoted(&NOISE_NAMES)),
                ));
            }
        };
        let (dims, tileable, base_range) =
            with_composed!(&kernels, c => (c.base.dims(), c.base.tileable(), c.base.range()));
        if period.is_some() && !tileable {
            return Err(Error::kind(
                "period",
                format!(
                    "noise '{}' has no tileable form; use value, perlin, perlin-improved or worley",
                    spec.noise
                ),
            ));
        }
        let warnings = fractal.warnings();
        let range = fractal.kind.range(base_range);
        Ok(Self {
            spec: spec.clone(),
            kernels,
            dims,
            range,
            warnings,
        })
    }

    /// The spec with every default filled in.
    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    pub fn kernels(&self) -> &Kernels {
        &self.kernels
    }

    /// Closed bound `(lo, hi)` of every value this field returns.
    pub fn range(&self) -> (f32, f32) {
        self.range
    }

    /// Non-fatal advice (persistence > 1, lacunarity = 1), as in the article's `000` §9.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Highest dimension the noise supports.
    pub fn dims(&self) -> u32 {
        self.dims
    }

    fn need(&self, dims: u32) -> Result<()> {
        if dims > self.dims {
            let hint = if dims == 4 {
                "use 'simplex'"
            } else {
                "use a 3D-capable noise"
            };
            return Err(Error::kind(
                "noise",
                format!("'{}' has no {dims}D form; {hint}", self.spec.noise),
            ));
        }
        if dims != 2 && self.spec.period.is_some() {
            return Err(Error::kind("period", "tiling applies to 2D fills only"));
        }
        Ok(())
    }

    /// Points take f32 or f64 coordinates; f64 ones stay exact down to the lattice split.
    pub fn sample1d(&self, x: impl Into<f64>) -> f32 {
        let x = x.into();
        with_composed!(&self.kernels, c => c.eval1(x))
    }

    pub fn sample2d(&self, x: impl Into<f64>, y: impl Into<f64>) -> f32 {
        let (x, y) = (x.into(), y.into());
        with_composed!(&self.kernels, c => c.eval2(x, y))
    }

    pub fn sample3d(&self, x: impl Into<f64>, y: impl Into<f64>, z: impl Into<f64>) -> Result<f32> {
        let (x, y, z) = (x.into(), y.into(), z.into());
        self.need(3)?;
        Ok(with_composed!(&self.kernels, c => c.eval3(x, y, z)))
    }

    pub fn sample4d(
        &self,
        x: impl Into<f64>,
        y: impl Into<f64>,
        z: impl Into<f64>,
        w: impl Into<f64>,
    ) -> Result<f32> {
        let (x, y, z, w) = (x.into(), y.into(), z.into(), w.into());
        self.need(4)?;
        Ok(with_composed!(&self.kernels, c => c.eval4(x, y, z, w)))
    }

    /// `[value, ∂/∂x, ∂/∂y]` in noise space, for fBm of `perlin` or `simplex` without warp or tiling.
    pub fn sample2d_deriv(&self, x: impl Into<f64>, y: impl Into<f64>) -> Result<[f32; 3]> {
        let (x, y) = (x.into(), y.into());
        if self.spec.warp.is_some()
            || self.spec.period.is_some()
            || self.fractal_kind() != FractalKind::Fbm
        {
            return Err(Error::kind(
                "noise",
                "derivatives need an fbm field without warp or period",
            ));
        }
        with_composed!(&self.kernels, c => c.deriv2(x, y)).ok_or_else(|| {
            Error::kind(
                "noise",
                format!(
                    "'{}' has no analytic derivative; use 'perlin' or 'simplex'",
                    self.spec.noise
                ),
            )
        })
    }

    /// Gradient vectors `[gx, gy]` of lattice points `x0..x0+cols` × `y0..y0+rows`, row-major,
    /// for `perlin` and its teaching variants (what figures draw as arrows).
    pub fn gradients(&self, x0: i32, y0: i32, cols: usize, rows: usize) -> Result<Vec<f32>> {
        // checked: on wasm32, 65536 × 65536 would wrap to 0 and pass.
        match cols.checked_mul(rows) {
            Some(n) if (1..=1 << 20).contains(&n) => {}
            _ => {
                return Err(Error::range(
                    "cols",
                    format!("cols × rows must be in [1, 1048576], got {cols} × {rows}"),
                ))
            }
        }
        for (name, start, len) in [("x0", x0, cols), ("y0", y0, rows)] {
            if start.checked_add(len as i32).is_none() {
                return Err(Error::range(
                    name,
                    format!("+ {len} must fit in an i32, got {start}"),
                ));
            }
        }
        let perlin = match &self.kernels {
            Kernels::Perlin(c) => &c.base,
            Kernels::Teaching(c) => &c.base.perlin,
            _ => {
                return Err(Error::kind(
                    "noise",
                    format!("'{}' has no gradient table; use 'perlin'", self.spec.noise),
                ))
            }
        };
        Ok(crate::noise::teaching::gradients(
            perlin, x0, y0, cols, rows,
        ))
    }

    fn fractal_kind(&self) -> FractalKind {
        with_composed!(&self.kernels, c => c.fractal.kind)
    }

    pub fn fill1d(&self, out: &mut [f32], r: &Region) -> Result<()> {
        self.check(out, r, 1)?;
        with_composed!(&self.kernels, c => for (i, o) in out.iter_mut().enumerate() { *o = c.eval1(r.x(i)) });
        Ok(())
    }

    pub fn fill2d(&self, out: &mut [f32], r: &Region) -> Result<()> {
        self.check(out, r, 2)?;
        with_composed!(&self.kernels, c => c.fill2d(out, r));
        Ok(())
    }

    pub fn fill3d(&self, out: &mut [f32], r: &Region) -> Result<()> {
        self.check(out, r, 3)?;
        with_composed!(&self.kernels, c => c.fill3d(out, r));
        Ok(())
    }

    pub fn fill4d(&self, out: &mut [f32], r: &Region) -> Result<()> {
        self.check(out, r, 4)?;
        with_composed!(&self.kernels, c => c.fill4d(out, r));
        Ok(())
    }

    fn check(&self, out: &[f32], r: &Region, dims: u32) -> Result<()> {
        r.validate()?;
        if dims > 1 {
            self.need(dims)?;
        }
        crate::error::check_len("out", out.len(), r.len(), "region.width × region.height")
    }
}

/// The most lattice cells one octave's tile may span: a tiled octave's coordinates are
/// reduced by its period `period × frequency`, which must stay a whole number that
/// f32 and i32 hold exactly.
pub const MAX_TILE_CELLS: f64 = 16_777_216.0;

/// Checks that every octave's tile period `period × frequency` is at most
/// [`MAX_TILE_CELLS`] (2²⁴): the product used to wrap i32 to 0 and panic.
fn tile_periods(p: (i32, i32), what: &str, freqs: &[f32]) -> Result<()> {
    let top = freqs.iter().fold(0.0f64, |m, &f| m.max(f as f64));
    let cells = p.0.max(p.1) as f64 * top;
    if cells > MAX_TILE_CELLS {
        return Err(Error::range(
            "period",
            format!(
                "period × {what} must be at most {MAX_TILE_CELLS} lattice cells (the finest octave's tile), got {} × {top} = {cells}",
                p.0.max(p.1)
            ),
        ));
    }
    Ok(())
}

fn worley_params(w: &crate::spec::WorleySpec) -> Result<WorleyParams> {
    let distance = match w.distance.as_str() {
        "euclidean" => WorleyDistance::Euclidean,
        "manhattan" => WorleyDistance::Manhattan,
        "chebyshev" => WorleyDistance::Chebyshev,
        d => {
            return Err(Error::kind(
                "worley.distance",
                format!("must be 'euclidean', 'manhattan' or 'chebyshev', got '{d}'"),
            ))
        }
    };
    let ret = match w.returns.as_str() {
        "f1" => WorleyReturn::F1,
        "f2" => WorleyReturn::F2,
        "f2-f1" => WorleyReturn::F2MinusF1,
        r => {
            return Err(Error::kind(
                "worley.return",
                format!("must be 'f1', 'f2' or 'f2-f1', got '{r}'"),
            ))
        }
    };
    check_range("worley.jitter", w.jitter, 0.0, 1.0)?;
    Ok(WorleyParams {
        ret,
        distance,
        jitter: w.jitter as f32,
    })
}

fn quoted(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("'{n}'"))
        .collect::<Vec<_>>()
        .join(", ")
}
