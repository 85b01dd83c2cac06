//! The `Field`: spec validation, fBm normalisation, tiling, and bit-identical grids.

mod common;

use common::{fnv1a, golden_specs, GOLDEN, KERNELS};
use landform::spec::{Spec, WarpSpec};
use landform::{Error, Field, Region};

fn fill(spec: &Spec, r: Region) -> Vec<f32> {
    let f = Field::new(spec).unwrap();
    let mut out = vec![0.0; r.len()];
    f.fill2d(&mut out, &r).unwrap();
    out
}

#[test]
fn grid_cell_equals_point_sample_bit_for_bit() {
    for noise in KERNELS {
        let spec = Spec::new(noise, 42).fbm(5, 0.5, 2.0);
        let f = Field::new(&spec).unwrap();
        let r = Region::new(37, 23, 32.0).at(-11.0, 5.0);
        let g = fill(&spec, r);
        for j in 0..r.height {
            for i in 0..r.width {
                let p = f.sample2d(r.x(i), r.y(j));
                assert_eq!(
                    g[j * r.width + i].to_bits(),
                    p.to_bits(),
                    "{noise} at {i},{j}"
                );
            }
        }
    }
}

#[test]
fn tiles_reproduce_the_whole_grid_bit_for_bit() {
    let mut spec = Spec::new("perlin", 7).fbm(6, 0.55, 2.1);
    spec.warp = Some(WarpSpec {
        strength: 0.8,
        seed: 3.0,
        octaves: 2.0,
        frequency: 0.5,
    });
    let whole = fill(&spec, Region::new(96, 64, 20.0).at(100.0, -40.0));
    for (tx, ty, tw, th) in [
        (0, 0, 96, 64),
        (0, 0, 31, 17),
        (31, 17, 40, 30),
        (71, 47, 25, 17),
    ] {
        let tile = fill(
            &spec,
            Region::new(tw, th, 20.0).at(100.0 + tx as f32, -40.0 + ty as f32),
        );
        for j in 0..th {
            for i in 0..tw {
                assert_eq!(
                    tile[j * tw + i].to_bits(),
                    whole[(ty + j) * 96 + tx + i].to_bits()
                );
            }
        }
    }
}

#[test]
fn fbm_stays_in_kernel_range_because_it_divides_by_the_amplitude_sum() {
    // Value noise's kernel bound: the seed's own lattice extremes (tests/ranges.rs).
    let kernel = Field::new(&Spec::new("value", 5)).unwrap().range();
    assert!(kernel.0 > -1.0 && kernel.1 < 1.0 && kernel.0 < -0.9 && kernel.1 > 0.9);
    for octaves in [1, 2, 4, 8, 16] {
        let spec = Spec::new("value", 5).fbm(octaves, 0.9, 2.0);
        let f = Field::new(&spec).unwrap();
        let (lo, hi) = f.range();
        assert_eq!((lo, hi), kernel);
        for v in fill(&spec, Region::new(128, 128, 8.0)) {
            assert!((lo..=hi).contains(&v));
        }
    }
}

#[test]
fn more_octaves_keep_the_large_structure() {
    let base = fill(
        &Spec::new("perlin", 1337).fbm(1, 0.5, 2.0),
        Region::new(128, 128, 32.0),
    );
    let six = fill(
        &Spec::new("perlin", 1337).fbm(6, 0.5, 2.0),
        Region::new(128, 128, 32.0),
    );
    // fBm(6) = (n + 0.5 n₂ + …)/1.97; with equal octave variances the correlation with
    // one octave is 1/√(1 + ¼ + ¹⁄₁₆ + …) ≈ 0.87.
    let mean = |v: &[f32]| v.iter().sum::<f32>() / v.len() as f32;
    let (ma, mb) = (mean(&base), mean(&six));
    let cov: f32 = base
        .iter()
        .zip(&six)
        .map(|(a, b)| (a - ma) * (b - mb))
        .sum();
    let va: f32 = base.iter().map(|a| (a - ma).powi(2)).sum();
    let vb: f32 = six.iter().map(|b| (b - mb).powi(2)).sum();
    let corr = cov / (va * vb).sqrt();
    assert!(corr > 0.8, "correlation {corr}");
}

#[test]
fn same_spec_same_bits_and_different_seed_different_bits() {
    let r = Region::new(64, 64, 16.0);
    let a = fill(&Spec::new("perlin", 42).fbm(4, 0.5, 2.0), r);
    let b = fill(&Spec::new("perlin", 42).fbm(4, 0.5, 2.0), r);
    let c = fill(&Spec::new("perlin", 43).fbm(4, 0.5, 2.0), r);
    assert_eq!(fnv1a(&a), fnv1a(&b));
    assert_ne!(fnv1a(&a), fnv1a(&c));
}

#[test]
fn golden_hashes_that_the_wasm_build_must_reproduce() {
    // The same numbers are asserted in tests/web.rs, in headless Chromium.
    let r = Region::new(64, 48, 32.0).at(-7.0, 3.0);
    let got: Vec<u32> = golden_specs().iter().map(|s| fnv1a(&fill(s, r))).collect();
    println!("golden: {got:?}");
    assert_eq!(got, GOLDEN.to_vec());
}

#[test]
fn tileable_fields_match_across_the_seam() {
    let mut spec = Spec::new("perlin", 3).fbm(3, 0.5, 2.0);
    spec.period = Some([4.0, 4.0]);
    let f = Field::new(&spec).unwrap();
    // Scale 16 and period 4: a 64-sample tile; column 64 continues column 0.
    for j in 0..64 {
        let y = j as f32 / 16.0;
        assert!((f.sample2d(0.0, y) - f.sample2d(4.0, y)).abs() < 1e-5);
        assert!((f.sample2d(y, 0.0) - f.sample2d(y, 4.0)).abs() < 1e-5);
    }
}

#[test]
fn bad_specs_name_the_parameter_and_range() {
    let cases: Vec<(Spec, &str)> = vec![
        (Spec::new("perlinn", 1), "noise"),
        (Spec::new("perlin", 1).fbm(0, 0.5, 2.0), "fractal.octaves"),
        (Spec::new("perlin", 1).fbm(17, 0.5, 2.0), "fractal.octaves"),
        (
            Spec::new("perlin", 1).fbm(2, 0.0, 2.0),
            "fractal.persistence",
        ),
        (
            Spec::new("perlin", 1).fbm(2, f64::NAN, 2.0),
            "fractal.persistence",
        ),
        (
            Spec::new("perlin", 1).fbm(2, 0.5, -1.0),
            "fractal.lacunarity",
        ),
        (
            Spec::new("perlin", 1).fbm(2, 0.5, f64::INFINITY),
            "fractal.lacunarity",
        ),
        (
            Spec {
                seed: -1.0,
                ..Spec::default()
            },
            "seed",
        ),
        (
            Spec {
                seed: 1.5,
                ..Spec::default()
            },
            "seed",
        ),
        (
            Spec {
                permutation: "reference".into(),
                ..Spec::default()
            },
            "permutation",
        ),
        (
            Spec {
                offset: [f64::NAN, 0.0, 0.0],
                ..Spec::default()
            },
            "offset",
        ),
    ];
    for (spec, param) in cases {
        let e = Field::new(&spec).unwrap_err();
        assert_eq!(e.param(), param, "{e}");
        assert!(e.to_string().contains(param));
    }
    let f = Field::new(&Spec::default()).unwrap();
    let mut out = vec![0.0; 10];
    for (r, param) in [
        (Region::new(0, 1, 1.0), "region.width"),
        (Region::new(5, 2, 0.0), "region.scale"),
        (Region::new(5, 2, f32::NAN), "region.scale"),
        (Region::new(4, 2, 1.0), "out"),
        (Region::new(16_384, 16_384, 1.0), "region"),
        (Region::new(5, 2, 1.0).at(f32::INFINITY, 0.0), "region.x0"),
    ] {
        assert_eq!(f.fill2d(&mut out, &r).unwrap_err().param(), param);
    }
    assert!(matches!(
        f.fill4d(&mut out, &Region::new(5, 2, 1.0)),
        Err(Error::Type { .. })
    ));
}

#[test]
fn warnings_for_persistence_above_one_and_lacunarity_one() {
    assert_eq!(
        Field::new(&Spec::new("perlin", 1).fbm(4, 1.5, 2.0))
            .unwrap()
            .warnings()
            .len(),
        1
    );
    assert_eq!(
        Field::new(&Spec::new("perlin", 1).fbm(4, 0.5, 1.0))
            .unwrap()
            .warnings()
            .len(),
        1
    );
    assert!(Field::new(&Spec::new("perlin", 1).fbm(4, 0.5, 2.0))
        .unwrap()
        .warnings()
        .is_empty());
}

#[test]
fn fbm_derivative_matches_finite_differences() {
    let f = Field::new(&Spec::new("perlin", 77).fbm(4, 0.5, 2.0)).unwrap();
    let h = 1e-3f32;
    for i in 0..400 {
        let (x, y) = (i as f32 * 0.173, i as f32 * 0.091 + 0.3);
        let [v, dx, dy] = f.sample2d_deriv(x, y).unwrap();
        assert!((v - f.sample2d(x, y)).abs() < 1e-6);
        let fx = (f.sample2d(x + h, y) - f.sample2d(x - h, y)) / (2.0 * h);
        let fy = (f.sample2d(x, y + h) - f.sample2d(x, y - h)) / (2.0 * h);
        assert!(
            (dx - fx).abs() < 5e-2 && (dy - fy).abs() < 5e-2,
            "{dx} {fx} {dy} {fy}"
        );
    }
}

/// `period × lacunarity^k` used to wrap i32 to 0 and panic (`[16, 16]`, 8 octaves of
/// lacunarity 16: 2³²). Every octave's tile must now be at most 2²⁴ lattice cells, which
/// is checked at construction and names the parameters; right at that limit fields are
/// seamless, also with a warp at its largest frequency.
#[test]
fn tile_periods_beyond_2_24_cells_are_refused_and_those_at_it_are_seamless() {
    let tiled = |p: f64, octaves: u32, lac: f64| {
        let mut s = Spec::new("perlin", 3).fbm(octaves, 0.5, lac);
        s.period = Some([p, p]);
        s
    };
    for (s, what) in [
        (
            tiled(16.0, 8, 16.0),
            "fractal.lacunarity^(fractal.octaves − 1)",
        ),
        (
            tiled(4096.0, 16, 16.0),
            "fractal.lacunarity^(fractal.octaves − 1)",
        ),
        (
            tiled(4096.0, 5, 16.0),
            "fractal.lacunarity^(fractal.octaves − 1)",
        ),
        (
            tiled(2.0, 16, 3.0),
            "fractal.lacunarity^(fractal.octaves − 1)",
        ),
        (
            {
                let mut s = tiled(16.0, 1, 2.0);
                s.warp = Some(WarpSpec {
                    frequency: 64.0,
                    octaves: 16.0,
                    ..WarpSpec::default()
                });
                s
            },
            "warp.frequency × 2^(warp.octaves − 1)",
        ),
    ] {
        let e = Field::new(&s).unwrap_err();
        assert!(matches!(e, Error::Range { .. }), "{e:?}");
        assert_eq!(e.param(), "period", "{e}");
        assert!(
            e.to_string().contains(what) && e.to_string().contains("16777216"),
            "{e}"
        );
    }
    // At the limit: 4096 × 16³, 1 × 16⁶, 2 × 3¹⁵ > 2²⁴ refused above, 2 × 3¹⁴ < 2²⁴ kept;
    // a warp of frequency 64 and 12 octaves on period 2: 2 × 64 × 2¹¹ = 2¹⁸.
    let mut warped = tiled(2.0, 2, 2.0);
    warped.warp = Some(WarpSpec {
        frequency: 64.0,
        octaves: 12.0,
        strength: 0.5,
        ..WarpSpec::default()
    });
    for (s, p) in [
        (tiled(4096.0, 4, 16.0), 4096.0),
        (tiled(1.0, 7, 16.0), 1.0),
        (tiled(2.0, 15, 3.0), 2.0),
        (warped, 2.0),
    ] {
        let f = Field::new(&s).unwrap();
        for k in 0..50 {
            let (x, y) = (0.5 + k as f64 * 0.013 * p, 0.25 + k as f64 * 0.007 * p);
            let v = f.sample2d(x, y);
            assert!(v.is_finite());
            assert!((v - f.sample2d(x + p, y)).abs() < 1e-4, "{s:?} at {x}");
            assert!((v - f.sample2d(x, y - p)).abs() < 1e-4, "{s:?} at {y}");
        }
    }
}

#[test]
fn spec_comes_back_with_defaults_filled_in_from_the_checked_params() {
    for s in golden_specs() {
        assert_eq!(Field::new(&s).unwrap().spec(), s);
    }
    let mut sparse = Spec::new("perlin", 3);
    sparse.fractal.persistence = 0.3;
    sparse.period = Some([4.0, 2.0]);
    let back = Field::new(&sparse).unwrap().spec();
    assert_eq!(back.fractal.persistence, 0.3, "f64 as given, not its f32");
    assert_eq!(back.period, Some([4.0, 2.0]));
    assert_eq!(back.worley, Spec::default().worley);
    // Worley settings are read for worley noise only; other noises report the defaults.
    sparse.worley.jitter = 0.25;
    assert_eq!(Field::new(&sparse).unwrap().spec().worley.jitter, 1.0);
}
