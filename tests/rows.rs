//! The grid-aware row fills (src/rows/) against point-by-point sampling: every kernel,
//! every fractal kind, 2D and 3D, odd widths, negative and large origins, offsets. The
//! comparison is on the f32 bits. The same row code runs four-wide in the SIMD wasm
//! build, where tests/web.rs checks the same equality in the browser.

mod common;

use common::{fnv1a, golden_3d_spec, GOLDEN_3D, GOLDEN_3D_NOISES, KERNELS};
use landform::fractal::FractalKind;
use landform::spec::{Named, Spec};
use landform::{Field, Region};

fn specs() -> Vec<Spec> {
    let mut out = Vec::new();
    for (n, noise) in KERNELS.iter().enumerate() {
        for (k, kind) in FractalKind::names().iter().enumerate() {
            let mut s = Spec::new(noise, 40 + n as u32 * 7 + k as u32).fbm(
                1 + (n + k) as u32 % 6,
                0.45 + 0.1 * k as f64,
                1.9 + 0.15 * n as f64,
            );
            s.fractal.kind = kind.to_string();
            if k == 1 {
                s.offset = [0.37, -12.25, 3.5];
            }
            out.push(s);
        }
    }
    for (distance, ret, jitter) in [
        ("euclidean", "f1", 1.0),
        ("manhattan", "f2", 0.7),
        ("chebyshev", "f2-f1", 1.0),
        ("euclidean", "f2-f1", 0.0),
        ("manhattan", "f1", 0.3),
        ("chebyshev", "f1", 0.5),
        ("euclidean", "f2", 1.0),
    ] {
        let mut s = Spec::new("worley", 99).fbm(2, 0.5, 2.0);
        s.worley.distance = distance.into();
        s.worley.returns = ret.into();
        s.worley.jitter = jitter;
        out.push(s);
    }
    for (noise, seed) in [
        ("perlin", 3),
        ("simplex", 4),
        ("value", 5),
        ("perlin-improved", 6),
        ("worley", 7),
    ] {
        let mut warped = Spec::new(noise, seed).fbm(3, 0.5, 2.0);
        warped.warp = Some(landform::spec::WarpSpec {
            strength: 2.5,
            ..Default::default()
        });
        out.push(warped);
    }
    let mut reference = Spec::new("perlin-improved", 0);
    reference.permutation = "reference".into();
    out.push(reference);
    out
}

fn regions() -> Vec<Region> {
    vec![
        Region::new(37, 9, 32.0).at(-11.0, 5.0),
        Region::new(64, 5, 7.3).at(-300.0, -2.0),
        Region::new(13, 7, 0.9).at(1_000_000.0, -77_777.0),
        Region::new(5, 3, 1.0),
        Region::new(1, 4, 3.0).at(-1.0, -1.0),
        Region::new(21, 6, 256.0).at(4097.0, 33.0),
    ]
}

fn same_bits(a: &[f32], b: &[f32], what: &str) {
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        assert_eq!(x.to_bits(), y.to_bits(), "{what}: sample {i}: {x} vs {y}");
    }
}

#[test]
fn row_fills_equal_point_fills_bit_for_bit_2d() {
    for spec in specs() {
        let f = Field::new(&spec).unwrap();
        for r in regions() {
            let mut a = vec![0.0; r.len()];
            let mut b = vec![0.0; r.len()];
            f.fill2d(&mut a, &r).unwrap();
            f.fill2d_points(&mut b, &r).unwrap();
            same_bits(
                &a,
                &b,
                &format!("{} {} {r:?}", spec.noise, spec.fractal.kind),
            );
        }
    }
}

#[test]
fn row_fills_equal_point_fills_bit_for_bit_3d() {
    for spec in specs() {
        let f = Field::new(&spec).unwrap();
        if f.dims() < 3 {
            continue;
        }
        for mut r in regions() {
            for z in [0.0, -3.75, 0.125, 17.9] {
                r.z = z;
                let mut a = vec![0.0; r.len()];
                let mut b = vec![0.0; r.len()];
                f.fill3d(&mut a, &r).unwrap();
                f.fill3d_points(&mut b, &r).unwrap();
                same_bits(
                    &a,
                    &b,
                    &format!("3D {} {} {r:?}", spec.noise, spec.fractal.kind),
                );
            }
        }
    }
}

/// Batches of points (`Field::sample_points2d` / `3d`, what a graph's `rotate` and
/// `displace` sample through) equal `sample2d` / `sample3d` bit for bit: every kernel and
/// fractal of `specs()`, warped and tiled fields, batches of 1 to 37 points (the lanes'
/// padding), points clustered inside one cell (the one-lookup lanes) and spread over
/// many, near the origin and far from it, on cell edges.
#[test]
fn point_batches_equal_point_samples_bit_for_bit() {
    let mut all = specs();
    let mut warped = Spec::new("perlin", 5).fbm(3, 0.5, 2.0);
    warped.warp = Some(landform::spec::WarpSpec {
        strength: 1.5,
        ..Default::default()
    });
    all.push(warped);
    let mut tiled = Spec::new("perlin", 6).fbm(2, 0.5, 2.0);
    tiled.period = Some([8.0, 4.0]);
    all.push(tiled);
    let mut m = landform::rng::Mulberry32::new(77);
    let mut r = move || m.next_f32() as f64;
    for spec in all {
        let f = Field::new(&spec).unwrap();
        for (n, spread, far) in [(1, 4.0, 0.0), (5, 0.01, 3e6), (37, 30.0, -1e9), (64, 0.3, 255.5)] {
            let mut p: [Vec<f64>; 3] = Default::default();
            for (a, v) in p.iter_mut().enumerate() {
                let base = far + a as f64 * 0.5;
                *v = (0..n).map(|i| if i % 9 == 4 { base.floor() } else { base + spread * r() }).collect();
            }
            let what = format!("{} {} n {n} far {far}", spec.noise, spec.fractal.kind);
            let mut out = vec![0.0; n];
            f.sample_points2d(&mut out, &p[0], &p[1]).unwrap();
            let want: Vec<f32> = (0..n).map(|i| f.sample2d(p[0][i], p[1][i])).collect();
            same_bits(&out, &want, &what);
            if f.dims() >= 3 && spec.period.is_none() {
                f.sample_points3d(&mut out, &p[0], &p[1], &p[2]).unwrap();
                let want: Vec<f32> = (0..n)
                    .map(|i| f.sample3d(p[0][i], p[1][i], p[2][i]).unwrap())
                    .collect();
                same_bits(&out, &want, &format!("3D {what}"));
            }
        }
        let e = f.sample_points2d(&mut [0.0; 3], &[0.0; 3], &[0.0; 2]).unwrap_err();
        assert_eq!(e.path(), "y", "{e}");
    }
}

#[test]
fn many_samples_per_kernel_match() {
    // Dense coverage of cell fractions (many fractions hit 0 exactly: scale 16).
    for noise in ["value", "perlin", "perlin-improved", "simplex", "worley"] {
        let f = Field::new(&Spec::new(noise, 2024).fbm(3, 0.5, 2.0)).unwrap();
        let r = Region::new(512, 160, 16.0).at(-256.0, -80.0);
        let mut a = vec![0.0; r.len()];
        let mut b = vec![0.0; r.len()];
        f.fill2d(&mut a, &r).unwrap();
        f.fill2d_points(&mut b, &r).unwrap();
        same_bits(&a, &b, noise);
        let mut r3 = Region::new(256, 48, 8.0).at(-128.0, -24.0);
        r3.z = -2.5;
        let mut a = vec![0.0; r3.len()];
        let mut b = vec![0.0; r3.len()];
        f.fill3d(&mut a, &r3).unwrap();
        f.fill3d_points(&mut b, &r3).unwrap();
        same_bits(&a, &b, &format!("3D {noise}"));
    }
}

#[test]
fn simplex_rows_keep_and_leave_simplices_exactly() {
    // The simplex row kernels keep the previous chunk's simplex, mix two per chunk, or
    // look up per lane, by sample spacing (src/rows/simplex.rs): scales on both sides of
    // the switch, odd widths, origins on both sides of 0, fBm octaves at each spacing.
    for (n, scale) in [40.0, 17.0, 12.5, 10.0, 9.0, 6.0, 2.5]
        .into_iter()
        .enumerate()
    {
        let spec = Spec::new("simplex", 7 + n as u32).fbm(4, 0.5, 2.0);
        let f = Field::new(&spec).unwrap();
        for (x0, y0) in [(-61.0, -3.0), (0.0, 0.0), (1234.0, -987.0)] {
            let r = Region::new(133, 11, scale).at(x0, y0);
            let mut a = vec![0.0; r.len()];
            let mut b = vec![0.0; r.len()];
            f.fill2d(&mut a, &r).unwrap();
            f.fill2d_points(&mut b, &r).unwrap();
            same_bits(&a, &b, &format!("simplex {r:?}"));
            for z in [0.0, -0.4, 2.3] {
                let r = Region { z, ..r };
                f.fill3d(&mut a, &r).unwrap();
                f.fill3d_points(&mut b, &r).unwrap();
                same_bits(&a, &b, &format!("3D simplex {r:?}"));
            }
        }
    }
}

/// 3D golden hashes (`common::GOLDEN_3D`), asserted again in the browser by tests/web.rs
/// (scalar and SIMD builds): the 3D row kernels give the native bits.
#[test]
fn golden_3d_hashes() {
    let mut r = Region::new(64, 48, 32.0).at(-7.0, 3.0);
    r.z = 0.7;
    let got: Vec<u32> = GOLDEN_3D_NOISES
        .iter()
        .map(|n| {
            let f = Field::new(&golden_3d_spec(n)).unwrap();
            let mut out = vec![0.0; r.len()];
            f.fill3d(&mut out, &r).unwrap();
            fnv1a(&out)
        })
        .collect();
    println!("golden 3D: {got:?}");
    assert_eq!(got, GOLDEN_3D.to_vec());
}
