//! Precision far from the origin: coordinates stay f64 until the lattice split, so a
//! tile at the documented limit (|x0|, |y0| = 2³¹ samples, `offset` and `region.z` up
//! to 10⁷ noise units) looks like a tile at the origin: as many distinct values, the
//! same neighbour differences, no repeated columns; and tiles there still equal the
//! whole grid bit for bit, and grid cells the point samples.

mod common;

use common::{fnv1a, golden_specs, FAR_GOLDEN, KERNELS as NOISES};
use landform::grid::{MAX_ORIGIN, MAX_POINT};
use landform::spec::{Spec, WarpSpec};
use landform::{Field, Region};
use std::collections::HashSet;

fn fill(f: &Field, r: &Region) -> Vec<f32> {
    let mut out = vec![0.0; r.len()];
    f.fill2d(&mut out, r).unwrap();
    out
}

/// Distinct values, mean |difference| of horizontal neighbours, and the share of
/// neighbours (horizontal or vertical) with exactly the same value.
fn stats(v: &[f32], w: usize) -> (usize, f64, f64) {
    let distinct = v.iter().map(|x| x.to_bits()).collect::<HashSet<_>>().len();
    let (mut sum, mut same, mut n) = (0.0f64, 0usize, 0usize);
    for (i, &a) in v.iter().enumerate() {
        if (i + 1) % w != 0 {
            sum += (v[i + 1] - a).abs() as f64;
            same += usize::from(v[i + 1] == a);
            n += 1;
        }
        if i + w < v.len() {
            same += usize::from(v[i + w] == a);
        }
    }
    (distinct, sum / n as f64, same as f64 / (2 * n) as f64)
}

/// `far` looks like the tiles `near` (near the origin): at least 90% of the fewest
/// distinct values among them, mean neighbour difference within 30% of theirs (a tile
/// of a few cells varies that much anywhere), and at most 1% more repeated neighbours
/// than the most among them (f32 positions repeated half the columns at 2²⁴). Three
/// near tiles, because some statistics depend on the place even near the origin:
/// simplex at scale 1 samples whole-number points, and how many fall on simplex
/// vertices depends on the tile (a 256 × 128 tile has 17 860 distinct values at (0, 0),
/// 18 623 at (300, −200), 13 574 at (−1000, 700); far out 13 444 to 18 056).
fn like(what: &str, near: &[Vec<f32>], far: &[f32], w: usize) {
    let s: Vec<_> = near.iter().map(|v| stats(v, w)).collect();
    let d0 = s.iter().map(|t| t.0).min().unwrap();
    let (lo, hi) = s
        .iter()
        .fold((f64::MAX, 0.0f64), |(a, b), t| (a.min(t.1), b.max(t.1)));
    let s0 = s.iter().map(|t| t.2).fold(0.0, f64::max);
    let (d1, m1, s1) = stats(far, w);
    assert!(
        d1 as f64 >= 0.9 * d0 as f64,
        "{what}: {d1} distinct values against {d0} near the origin"
    );
    // (Perlin at scale 1 samples only lattice points, where it is 0: all differences 0.)
    assert!(
        (hi == 0.0 && m1 == 0.0) || (m1 >= 0.7 * lo && m1 <= 1.3 * hi),
        "{what}: mean neighbour difference {m1} against [{lo}, {hi}]"
    );
    assert!(
        s1 <= s0 + 0.01,
        "{what}: {s1} repeated neighbours against {s0}"
    );
}

/// The tiles `like` compares with: at the origin, (300, −200) and (−1000, 700).
fn near_tiles(f: &Field, r: &Region, fill3: bool) -> Vec<Vec<f32>> {
    [(0.0, 0.0), (300.0, -200.0), (-1000.0, 700.0)]
        .iter()
        .map(|&(x, y)| {
            let t = r.at(x, y);
            let mut out = vec![0.0; t.len()];
            if fill3 {
                f.fill3d(&mut out, &t).unwrap();
            } else {
                f.fill2d(&mut out, &t).unwrap();
            }
            out
        })
        .collect()
}

fn spec(noise: &str, octaves: u32) -> Spec {
    Spec::new(noise, 7).fbm(octaves, 0.5, 2.0)
}

#[test]
fn a_tile_at_the_origin_limit_looks_like_a_tile_at_the_origin() {
    let far = [
        (MAX_ORIGIN, 0.0),
        (-MAX_ORIGIN, MAX_ORIGIN - 256.0),
        (2_147_483_648.0, -2_147_483_648.0),
        (1e9 + 0.5, 3e8 - 0.25),
    ];
    for noise in NOISES {
        for octaves in [1, 4] {
            let f = Field::new(&spec(noise, octaves)).unwrap();
            for scale in [1.0, 8.0, 64.0] {
                // (At scale 1 every sample sits at the same place in its cell: keep it a lattice point.)
                let r = Region::new(256, 128, scale);
                let near = near_tiles(&f, &r, false);
                for (x0, y0) in far {
                    let (x0, y0) = if scale == 1.0 {
                        (x0.floor(), y0.floor())
                    } else {
                        (x0, y0)
                    };
                    let got = fill(&f, &r.at(x0, y0));
                    like(
                        &format!("{noise} ×{octaves} scale {scale} at ({x0}, {y0})"),
                        &near,
                        &got,
                        r.width,
                    );
                }
            }
        }
    }
}

#[test]
fn an_offset_at_its_limit_keeps_the_detail_at_scale_64() {
    for noise in NOISES {
        for offset in [
            [1e7, 0.0, 0.0],
            [-MAX_POINT, MAX_POINT, 0.0],
            [9.99e6 + 0.25, 3.5e6, 0.0],
        ] {
            let mut s = spec(noise, 3);
            let near = near_tiles(
                &Field::new(&s).unwrap(),
                &Region::new(128, 128, 64.0),
                false,
            );
            s.offset = offset;
            let got = fill(&Field::new(&s).unwrap(), &Region::new(128, 128, 64.0));
            like(&format!("{noise} offset {offset:?}"), &near, &got, 128);
        }
    }
}

#[test]
fn a_3d_slice_far_out_on_every_axis_looks_like_one_at_the_origin() {
    for noise in ["value", "perlin", "perlin-improved", "simplex", "worley"] {
        let f = Field::new(&spec(noise, 3)).unwrap();
        let r = Region::new(128, 128, 16.0);
        let near = near_tiles(&f, &r, true);
        let mut far_r = r.at(MAX_ORIGIN, -MAX_ORIGIN);
        far_r.z = MAX_POINT - 0.3;
        let mut far = vec![0.0; r.len()];
        f.fill3d(&mut far, &far_r).unwrap();
        like(&format!("{noise} 3D"), &near, &far, r.width);
    }
}

#[test]
fn tiles_at_the_limit_equal_the_whole_grid_and_the_point_samples() {
    let mut warped = spec("perlin", 3);
    warped.warp = Some(WarpSpec::default());
    let mut specs: Vec<Spec> = NOISES.iter().map(|n| spec(n, 5)).collect();
    specs.push(warped);
    for s in &specs {
        let f = Field::new(s).unwrap();
        let (x0, y0) = (MAX_ORIGIN - 100.0, -MAX_ORIGIN);
        let whole_r = Region::new(96, 64, 20.0).at(x0, y0);
        let whole = fill(&f, &whole_r);
        for (tx, ty) in [(0usize, 0usize), (32, 0), (64, 32), (40, 17)] {
            let t = Region::new(24, 16, 20.0).at(x0 + tx as f64, y0 + ty as f64);
            let tile = fill(&f, &t);
            for j in 0..t.height {
                for i in 0..t.width {
                    let want = whole[(ty + j) * 96 + tx + i];
                    assert_eq!(
                        tile[j * t.width + i].to_bits(),
                        want.to_bits(),
                        "{} tile",
                        s.noise
                    );
                    let p = f.sample2d(t.x(i), t.y(j));
                    assert_eq!(p.to_bits(), want.to_bits(), "{} point", s.noise);
                }
            }
        }
    }
}

#[test]
fn origins_beyond_the_limit_are_refused_by_name() {
    let f = Field::new(&spec("perlin", 1)).unwrap();
    let mut out = vec![0.0; 4];
    for (x0, y0, name) in [
        (MAX_ORIGIN * 1.0000001, 0.0, "region.x0"),
        (0.0, -MAX_ORIGIN - 1.0, "region.y0"),
    ] {
        let e = f
            .fill2d(&mut out, &Region::new(2, 2, 1.0).at(x0, y0))
            .unwrap_err();
        assert_eq!(e.param(), name, "{e}");
        assert!(e.to_string().contains("2147483648"), "{e}");
    }
}

/// The lattice kernels repeat every 256 cells, so far away they must give the values of
/// the tile at the same place in the period near the origin, up to f32 rounding of the
/// positions there (not merely statistics: the same picture).
#[test]
fn lattice_kernels_far_out_give_the_picture_of_the_same_place_near_the_origin() {
    for noise in ["value", "perlin", "perlin-improved", "perlin-linear"] {
        for octaves in [1, 6] {
            let f = Field::new(&spec(noise, octaves)).unwrap();
            for (x0, y0, scale) in [
                (MAX_ORIGIN, -MAX_ORIGIN, 24.0),
                (-MAX_ORIGIN + 7.0, 123_456_789.0, 10.0),
                (1e9, 3e8, 16.0),
            ] {
                let r = Region::new(200, 100, scale);
                let far = fill(&f, &r.at(x0, y0));
                let period = 256.0 * scale as f64;
                let near = fill(&f, &r.at(x0.rem_euclid(period), y0.rem_euclid(period)));
                let worst = far
                    .iter()
                    .zip(&near)
                    .map(|(a, b)| (a - b).abs())
                    .fold(0.0, f32::max);
                assert!(
                    worst < 1e-4,
                    "{noise} ×{octaves} at ({x0}, {y0}): differs by {worst}"
                );
            }
        }
    }
}

/// Simplex noise repeats along `(256, −256)` in 2D (a skewed step with a zero sum is
/// not unskewed at all) and along `(256, −256, 0, 0)` in 4D, so its value far out, where
/// it runs in f64 down to the cell, must match the value near the origin: a check of
/// the far path's values, not only of their statistics. Also the analytic derivative.
#[test]
fn simplex_far_out_equals_simplex_one_period_away_near_the_origin() {
    let f = Field::new(&spec("simplex", 4)).unwrap();
    for k in 0..2000 {
        let (x, y) = (k as f64 * 0.0731 - 40.0, k as f64 * 0.0419 - 30.0);
        // Multiples of 256, up to the point limit (10⁷) and 2³¹ (the origin limit at scale 1).
        for d in [256_000.0, 9_999_872.0, 2_147_483_648.0] {
            let near = f.sample2d(x, y);
            let far = f.sample2d(x + d, y - d);
            assert!(
                (near - far).abs() < 2e-4,
                "2D at ({x}, {y}) + {d}: {near} vs {far}"
            );
            let a = f.sample2d_deriv(x, y).unwrap();
            let b = f.sample2d_deriv(x + d, y - d).unwrap();
            for c in 0..3 {
                assert!(
                    (a[c] - b[c]).abs() < 3e-3 * (1.0 + a[c].abs()),
                    "deriv {c} at ({x}, {y}) + {d}: {a:?} vs {b:?}"
                );
            }
            let (z, w) = (y * 0.5, x * 0.25);
            let near = f.sample4d(x, y, z, w).unwrap();
            let far = f.sample4d(x - d, y + d, z, w).unwrap();
            assert!(
                (near - far).abs() < 2e-4,
                "4D at ({x}, {y}, {z}, {w}) + {d}: {near} vs {far}"
            );
        }
    }
}

/// Far tiles (`common::FAR_GOLDEN`, asserted in wasm by tests/web.rs): the f64 split,
/// the Worley shifts and the f64 simplex path give the native bits there too.
#[test]
fn far_golden_hashes_that_the_wasm_build_must_reproduce() {
    let specs = golden_specs();
    let r = Region::new(64, 48, 32.0).at(MAX_ORIGIN - 7.0, -MAX_ORIGIN + 3.0);
    let got: Vec<u32> = specs
        .iter()
        .map(|s| fnv1a(&fill(&Field::new(s).unwrap(), &r)))
        .collect();
    println!("far golden: {got:?}");
    assert_eq!(got, FAR_GOLDEN);
}
