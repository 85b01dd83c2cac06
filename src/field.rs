//! A [`Field`] is a [`Spec`] compiled once: validated, defaults applied, kernels and
//! octave schedule built. It samples points and fills grids; a grid fill gives the same
//! bits as sampling each cell's point, so fills can be split into tiles and workers.

use crate::error::{Error, Result};
use crate::fill::RowNoise;
use crate::fractal::{Fractal, FractalKind};
use crate::grid::Region;
use crate::noise::improved::Improved;
use crate::noise::perlin::Perlin;
use crate::noise::simplex::Simplex;
use crate::noise::teaching::{Teaching, Variant};
use crate::noise::value::Value;
use crate::noise::worley::Worley;
use crate::noise::{rem, split, Noise};
use crate::spec::{Named, NoiseKind, Params, Permutation, Spec};

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
    params: Params,
    kernels: Kernels,
    dims: u32,
    range: (f32, f32),
    /// [`Field::range_for`] of 1D to 4D.
    ranges: [(f32, f32); 4],
    warnings: Vec<String>,
}

/// `base` with the fractal, warp, period and offset of `params`; `make(s)` builds the
/// warp's kernels at seeds `s` and `s + 1`.
fn compose<K>(params: &Params, base: K, make: impl Fn(u32) -> K) -> Result<Composed<K>> {
    let warp = match &params.warp {
        None => None,
        Some(w) => Some(Warp {
            x: make(w.seed),
            y: make(w.seed.wrapping_add(1)),
            strength: w.strength as f32,
            frequency: w.frequency as f32,
            fractal: w.fractal()?,
        }),
    };
    Ok(Composed {
        base,
        warp,
        fractal: params.fractal.fractal()?,
        period: params.period.map(|[px, py]| (px as i32, py as i32)),
        offset: params.offset,
    })
}

/// Every kernel composed as `params` says.
fn kernels(p: &Params) -> Result<Kernels> {
    let seed = p.seed;
    let teaching = |v: Variant| {
        compose(p, Teaching::new(seed, v), move |s| Teaching::new(s, v)).map(Kernels::Teaching)
    };
    Ok(match p.noise {
        NoiseKind::Value => Kernels::Value(compose(p, Value::new(seed), Value::new)?),
        NoiseKind::Perlin => Kernels::Perlin(compose(p, Perlin::new(seed), Perlin::new)?),
        NoiseKind::Improved => {
            let base = match p.permutation {
                Permutation::Reference => Improved::reference(),
                Permutation::Seeded => Improved::new(seed),
            };
            Kernels::Improved(compose(p, base, Improved::new)?)
        }
        NoiseKind::Simplex => Kernels::Simplex(compose(p, Simplex::new(seed), Simplex::new)?),
        NoiseKind::Worley => {
            let w = p.worley.kernel();
            Kernels::Worley(compose(p, Worley::new(seed, w), |s| Worley::new(s, w))?)
        }
        NoiseKind::PerlinLinear => teaching(Variant::Linear)?,
        NoiseKind::PerlinSmoothstep => teaching(Variant::Smoothstep)?,
        NoiseKind::PerlinCornerSw => teaching(Variant::CornerSw)?,
    })
}

impl Field {
    /// Validates `spec` ([`Params::from_spec`]: errors name the parameter and its range)
    /// and builds the kernels.
    pub fn new(spec: &Spec) -> Result<Self> {
        Self::from_params(Params::from_spec(spec)?)
    }

    /// Builds the kernels of checked parameters (only [`Params::from_spec`] checks them).
    fn from_params(params: Params) -> Result<Self> {
        let kernels = kernels(&params)?;
        let (dims, tileable, base_range, base_ranges) = with_composed!(&kernels, c => (
            c.base.dims(),
            c.base.tileable(),
            c.base.range(),
            [1, 2, 3, 4].map(|d| c.base.range_in(d)),
        ));
        if params.period.is_some() && !tileable {
            return Err(Error::kind(
                "period",
                format!(
                    "noise '{}' has no tileable form; use value, perlin, perlin-improved or worley",
                    params.noise.name()
                ),
            ));
        }
        let fractal = params.fractal.fractal()?;
        let kind = fractal.kind;
        Ok(Self {
            warnings: fractal.warnings(),
            range: kind.range(base_range),
            ranges: base_ranges.map(|r| kind.range(r)),
            params,
            kernels,
            dims,
        })
    }

    /// The spec with every default filled in (from the checked parameters).
    pub fn spec(&self) -> Spec {
        self.params.to_spec()
    }

    /// The checked parameters.
    pub fn params(&self) -> &Params {
        &self.params
    }

    pub fn kernels(&self) -> &Kernels {
        &self.kernels
    }

    /// Closed bound `(lo, hi)` of every value this field returns, in any dimension.
    pub fn range(&self) -> (f32, f32) {
        self.range
    }

    /// Closed bound of the values of `dims`-D fills and samples (1 to [`Field::dims`]):
    /// the same as [`Field::range`] except for Worley, whose 2D bound is below its 3D one
    /// (F1 Euclidean, jitter 1: √2 against √3).
    pub fn range_for(&self, dims: u32) -> Result<(f32, f32)> {
        if !(1..=self.dims).contains(&dims) {
            return Err(Error::range(
                "dims",
                format!(
                    "must be a whole number in [1, {}] for this field, got {dims}",
                    self.dims
                ),
            ));
        }
        Ok(self.ranges[dims as usize - 1])
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
                format!("'{}' has no {dims}D form; {hint}", self.params.noise.name()),
            ));
        }
        if dims != 2 && self.params.period.is_some() {
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
        if self.params.warp.is_some()
            || self.params.period.is_some()
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
                    self.params.noise.name()
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
                    format!(
                        "'{}' has no gradient table; use 'perlin'",
                        self.params.noise.name()
                    ),
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
