//! A [`Field`] is a [`Spec`] compiled once: validated, defaults applied, kernels and
//! octave schedule built. It samples points and fills grids; a grid fill gives the same
//! bits as sampling each cell's point, so fills can be split into tiles and workers.

use crate::compose::{Composed, Warp};
use crate::error::{Error, Result};
use crate::grid::Region;
use crate::noise::improved::Improved;
use crate::noise::perlin::Perlin;
use crate::noise::simplex::Simplex;
use crate::noise::teaching::{Teaching, Variant};
use crate::noise::value::Value;
use crate::noise::worley::{Worley, WorleyDistance, WorleyReturn};
use crate::noise::Noise;
use crate::rows::DerivFill;
use crate::spec::{Named, NoiseKind, Params, Permutation, Spec};

/// Every kernel the spec can name, each fully composed (private: [`Field`] is the API).
#[derive(Clone, Debug)]
enum Kernels {
    Value(Composed<Value>),
    Perlin(Composed<Perlin>),
    Improved(Composed<Improved>),
    Teaching(Composed<Teaching>),
    Simplex(Composed<Simplex>),
    Worley(Composed<Worley>),
}

/// Runs `$body` with `$c` bound to the concrete `Composed<K>`, so loops are monomorphic.
macro_rules! with_composed {
    ($kernels:expr, $c:ident => $body:expr) => {
        match $kernels {
            Kernels::Value($c) => $body,
            Kernels::Perlin($c) => $body,
            Kernels::Improved($c) => $body,
            Kernels::Teaching($c) => $body,
            Kernels::Simplex($c) => $body,
            Kernels::Worley($c) => $body,
        }
    };
}

/// Runs `$body` with `$c` bound to the `Composed<K>` of a kernel with derivatives, or
/// returns the error naming why the field's noise has none.
macro_rules! with_deriv {
    ($field:expr, $c:ident => $body:expr) => {
        match &$field.kernels {
            Kernels::Value($c) => $body,
            Kernels::Perlin($c) => $body,
            Kernels::Improved($c) => $body,
            Kernels::Simplex($c) => $body,
            Kernels::Worley($c) if $c.base.params().ret == WorleyReturn::F1
                && $c.base.params().distance == WorleyDistance::Euclidean => $body,
            Kernels::Worley(_) => Err(Error::kind(
                "noise",
                "'worley' has an analytic derivative for F1 with the Euclidean distance only (F2, F2 − F1, Manhattan and Chebyshev switch points or axes everywhere)",
            )),
            Kernels::Teaching(_) => Err(Error::kind(
                "noise",
                format!(
                    "'{}' is a teaching variant without a derivative (linear blends have creases); use value, perlin, perlin-improved or simplex",
                    $field.params.noise.name()
                ),
            )),
        }
    };
}

/// Column data of one field's row fills ([`Field::prepare`]), typed by its kernel.
pub(crate) struct Prepared {
    cols: Box<dyn std::any::Any>,
    dims: u32,
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

/// Checks that each of a leaf row's planes holds `n` values.
/// `out` holds the `dims + 1` planes of a `dims`-D derivative fill of `r`.
pub(crate) fn check_deriv_len(out: &[f32], r: &Region, dims: u32) -> Result<()> {
    let what = if dims == 2 {
        "3 × region.width × region.height (value, ∂x, ∂y planes)"
    } else {
        "4 × region.width × region.height (value, ∂x, ∂y, ∂z planes)"
    };
    crate::error::check_len("out", out.len(), (dims as usize + 1) * r.len(), what)
}

fn check_planes(n: usize, planes: &[&mut [f32]]) -> Result<()> {
    match planes.iter().position(|p| p.len() < n) {
        None => Ok(()),
        Some(c) => Err(Error::range(
            "planes",
            format!(
                "plane {c} holds {} values; each needs xs.length = {n}",
                planes[c].len()
            ),
        )),
    }
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

    /// The point-by-point 2D fill: every cell through the point kernel, no row machinery.
    /// The same bits as [`Field::fill2d`] (tests and benches compare the two).
    pub fn fill2d_points(&self, out: &mut [f32], r: &Region) -> Result<()> {
        self.check(out, r, 2)?;
        with_composed!(&self.kernels, c => c.fill2d_points(out, r));
        Ok(())
    }

    /// The point-by-point 3D slice fill; the same bits as [`Field::fill3d`].
    pub fn fill3d_points(&self, out: &mut [f32], r: &Region) -> Result<()> {
        self.check(out, r, 3)?;
        with_composed!(&self.kernels, c => c.fill3d_points(out, r));
        Ok(())
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

    /// `[value, ∂/∂x, ∂/∂y]` at noise-space `(x, y)` (per noise unit), through the
    /// fractal, warp and period; `value` is [`Field::sample2d`]'s. Errors as
    /// [`Field::fill2d_deriv`].
    pub fn sample2d_deriv(&self, x: impl Into<f64>, y: impl Into<f64>) -> Result<[f32; 3]> {
        let (x, y) = (x.into(), y.into());
        with_deriv!(self, c => Ok(c.eval2_deriv(x, y)))
    }

    /// The value and its analytic partial derivatives as three planes: `out[0..n]` the
    /// values (the bits of [`Field::fill2d`]), `out[n..2n]` ∂/∂x, `out[2n..3n]` ∂/∂y,
    /// `n = r.len()`, per noise unit (divide by `r.scale` for per cell). Kernels
    /// without a derivative (Worley but F1 Euclidean, the teaching variants) are an error
    /// naming why.
    pub fn fill2d_deriv(&self, out: &mut [f32], r: &Region) -> Result<()> {
        self.check_deriv(out, r, 2)?;
        with_deriv!(self, c => {
            c.fill2d_deriv(out, r);
            Ok(())
        })
    }

    /// [`Field::fill2d_deriv`] point by point, no row machinery: the same bits (tests
    /// and benches compare the two).
    pub fn fill2d_deriv_points(&self, out: &mut [f32], r: &Region) -> Result<()> {
        self.check_deriv(out, r, 2)?;
        with_deriv!(self, c => {
            c.fill2d_deriv_points(out, r);
            Ok(())
        })
    }

    /// [`Field::fill3d_deriv`] sample by sample: the same bits.
    pub fn fill3d_deriv_points(&self, out: &mut [f32], r: &Region) -> Result<()> {
        self.check_deriv(out, r, 3)?;
        with_deriv!(self, c => {
            c.fill3d_deriv_points(out, r);
            Ok(())
        })
    }

    /// [`Field::fill2d_deriv`] of the 3D slice at `r.z`: four planes, the fourth ∂/∂z.
    pub fn fill3d_deriv(&self, out: &mut [f32], r: &Region) -> Result<()> {
        self.check_deriv(out, r, 3)?;
        with_deriv!(self, c => {
            c.fill3d_deriv(out, r);
            Ok(())
        })
    }

    /// [`Field::fill2d_deriv`] (`dims` 2, three planes) or [`Field::fill3d_deriv`] (3,
    /// four planes, at depth `z`) at noise-space columns `xs` × rows `ys`, each plane
    /// `xs.len() · ys.len()` floats: the grid step of graph leaves, on the derivative
    /// row kernels where the field has them.
    pub(crate) fn deriv_axes(
        &self,
        out: [&mut [f32]; 4],
        xs: &[f64],
        ys: &[f64],
        z: f64,
        dims: u32,
    ) -> Result<()> {
        self.need(dims)?;
        let n = xs.len() * ys.len();
        if out.iter().take(dims as usize + 1).any(|p| p.len() != n) {
            return Err(Error::range("planes", format!("each plane must hold {n} floats")));
        }
        with_deriv!(self, c => {
            let [v, gx, gy, gz] = out;
            if dims == 2 {
                crate::rows::DerivFill::deriv2_axes(c, [v, gx, gy], xs, ys);
            } else {
                crate::rows::DerivFill::deriv3_axes(c, [v, gx, gy, gz], xs, ys, z);
            }
            Ok(())
        })
    }

    /// One row of [`Field::fill2d_deriv`] at noise-space `xs` × `y` into the value, ∂x
    /// and ∂y rows (each at least `xs.len()` long): the leaf step graphs build on.
    pub fn row2_deriv(&self, xs: &[f64], y: f64, planes: [&mut [f32]; 3]) -> Result<()> {
        check_planes(xs.len(), &planes)?;
        with_deriv!(self, c => {
            c.row2_deriv(xs, y, planes);
            Ok(())
        })
    }

    /// The value and gradient at points `p` (x, y, z arrays) into the planes `out`
    /// (`dims` + 1 of them, ∂z zeros in 2D): [`DerivFill::deriv_points`], the kernel
    /// picked once.
    pub(crate) fn points_deriv(&self, p: &[Vec<f64>; 3], dims: u32, out: [&mut [f32]; 4]) -> Result<()> {
        with_deriv!(self, c => {
            DerivFill::deriv_points(c, p, dims, out);
            Ok(())
        })
    }

    /// [`Field::points_deriv`] one point at a time: what the batches must equal.
    #[cfg(test)]
    pub(crate) fn each_point_deriv(&self, p: &[Vec<f64>; 3], dims: u32, out: [&mut [f32]; 4]) -> Result<()> {
        with_deriv!(self, c => {
            crate::rows::each_point_deriv(c, p, dims, out);
            Ok(())
        })
    }

    /// One row of [`Field::fill3d_deriv`] at noise-space `xs` × `y`, depth `z`, into the
    /// value, ∂x, ∂y and ∂z rows.
    pub fn row3_deriv(&self, xs: &[f64], y: f64, z: f64, planes: [&mut [f32]; 4]) -> Result<()> {
        self.need(3)?;
        check_planes(xs.len(), &planes)?;
        with_deriv!(self, c => {
            c.row3_deriv(xs, y, z, planes);
            Ok(())
        })
    }

    fn check_deriv(&self, out: &[f32], r: &Region, dims: u32) -> Result<()> {
        r.validate()?;
        self.need(dims)?;
        check_deriv_len(out, r, dims)
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

    /// Columns `xs` × rows `ys` (finite noise-space points) of the 2D field, row-major:
    /// the same bits as [`Field::sample2d`] of each point (graphs fill through it).
    pub(crate) fn fill2d_axes(&self, out: &mut [f32], xs: &[f64], ys: &[f64]) {
        with_composed!(&self.kernels, c => c.fill2d_axes(out, xs, ys));
    }

    /// [`Field::fill2d_axes`] of the 3D field at depth `z` (the field must have 3D).
    pub(crate) fn fill3d_axes(&self, out: &mut [f32], xs: &[f64], ys: &[f64], z: f64) {
        with_composed!(&self.kernels, c => c.fill3d_axes(out, xs, ys, z));
    }

    /// The per-column work of row fills at columns `xs`, for [`Field::fill_prepared`]
    /// to reuse over many bands of rows; `None` where fills go point by point.
    pub(crate) fn prepare(&self, xs: &[f64], dims: u32) -> Option<Prepared> {
        with_composed!(&self.kernels, c => c.rows_apply(dims).then(|| Prepared {
            cols: Box::new(c.columns(xs, dims)),
            dims,
        }))
    }

    /// [`Field::fill2d_axes`] / [`Field::fill3d_axes`] (by `p`'s dimension) over the
    /// columns `p` was prepared for; the same bits.
    pub(crate) fn fill_prepared(&self, p: &Prepared, out: &mut [f32], ys: &[f64], z: f64) {
        with_composed!(&self.kernels, c => crate::rows::fill_prepared(c, &*p.cols, p.dims, out, ys, z));
    }

    /// `out[i]` = the field at point `i` of `p` (x, y and z arrays), 2D or 3D: the bits
    /// of [`Field::sample2d`] / [`Field::sample3d`], a batch at a time (`rows::points`).
    pub(crate) fn sample_points(&self, out: &mut [f32], p: [&[f64]; 3], dims: u32) {
        if out.is_empty() {
            return;
        }
        if dims == 2 {
            with_composed!(&self.kernels, c => c.points2(out, [p[0], p[1]]))
        } else {
            with_composed!(&self.kernels, c => c.points3(out, p))
        }
    }

    /// `out[i] = sample2d(x[i], y[i])`, bit for bit, a batch at a time: faster than a
    /// loop of [`Field::sample2d`] (one dispatch and one fractal loop per batch, four
    /// lanes for classic Perlin).
    pub fn sample_points2d(&self, out: &mut [f32], x: &[f64], y: &[f64]) -> Result<()> {
        self.need(2)?;
        check_points(out, &[x, y])?;
        self.sample_points(out, [x, y, &[]], 2);
        Ok(())
    }

    /// `out[i] = sample3d(x[i], y[i], z[i])`, as [`Field::sample_points2d`].
    pub fn sample_points3d(&self, out: &mut [f32], x: &[f64], y: &[f64], z: &[f64]) -> Result<()> {
        self.need(3)?;
        check_points(out, &[x, y, z])?;
        self.sample_points(out, [x, y, z], 3);
        Ok(())
    }

    /// Why this field has no derivative fills, if it has none.
    pub(crate) fn lacks_deriv(&self) -> Option<Error> {
        with_deriv!(self, _c => Ok(())).err()
    }

    /// Why this field has no `dims`-D fill (too few dimensions, or tiled), if it has none.
    pub(crate) fn lacks(&self, dims: u32) -> Option<Error> {
        self.need(dims).err()
    }

    fn check(&self, out: &[f32], r: &Region, dims: u32) -> Result<()> {
        r.validate()?;
        if dims > 1 {
            self.need(dims)?;
        }
        crate::error::check_len("out", out.len(), r.len(), "region.width × region.height")
    }
}

/// Every coordinate array (`x`, `y`, `z` in turn) as long as `out`.
pub(crate) fn check_points(out: &[f32], p: &[&[f64]]) -> Result<()> {
    for (a, v) in ["x", "y", "z"].iter().zip(p) {
        crate::error::check_len(a, v.len(), out.len(), "out.length")?;
    }
    Ok(())
}

#[cfg(test)]
mod points_deriv_tests {
    use super::Field;
    use crate::rng::Mulberry32;
    use crate::spec::Spec;

    /// The point batches of the lattice kernels (src/rows/points_deriv.rs, batches of
    /// 1024) give `eval2_deriv`/`eval3_deriv`'s bits for every lattice kernel and
    /// fractal kind, near and far from the origin, with batch ends and padding; a tiled
    /// field goes point by point in 2D and through the batches in 3D.
    #[test]
    fn batches_equal_point_derivatives_bit_for_bit() {
        let mut rng = Mulberry32::new(7);
        for noise in ["perlin", "value", "perlin-improved"] {
            let tiled = r#","period":[8,5]"#;
            let kinds = [("fbm", ""), ("ridged", ""), ("billow", ""), ("turbulence", ""), ("fbm", tiled)];
            for (kind, tile) in kinds {
                let json = format!(
                    r#"{{"noise":"{noise}","seed":3,"offset":[0.25,-1.5,2],"fractal":{{"kind":"{kind}","octaves":3}}{tile}}}"#
                );
                let field = Field::new(&serde_json::from_str::<Spec>(&json).unwrap()).unwrap();
                for reach in [3.0, 1e5, 1e7] {
                    let n = 2 * 1024 + 7;
                    let p: [Vec<f64>; 3] = core::array::from_fn(|_| {
                        (0..n).map(|_| (rng.next_f32() as f64 * 2.0 - 1.0) * reach).collect()
                    });
                    for dims in [2u32, 3] {
                        let mut got: [Vec<f32>; 4] = core::array::from_fn(|_| vec![0.0; n]);
                        let mut want = got.clone();
                        let [a, b, c, d] = got.each_mut().map(|p| p.as_mut_slice());
                        field.points_deriv(&p, dims, [a, b, c, d]).unwrap();
                        let [a, b, c, d] = want.each_mut().map(|p| p.as_mut_slice());
                        field.each_point_deriv(&p, dims, [a, b, c, d]).unwrap();
                        for c in 0..4 {
                            for i in 0..n {
                                assert_eq!(
                                    got[c][i].to_bits(),
                                    want[c][i].to_bits(),
                                    "{json} dims {dims} point {i} channel {c}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
