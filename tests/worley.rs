//! Worley noise: brute-force agreement, closed forms on the regular grid, ranges, the
//! 1-Lipschitz property of F1 and F2, tiling, determinism.

use landform::noise::worley::{Worley, WorleyDistance, WorleyParams, WorleyReturn};
use landform::rng::Mulberry32;

const METRICS: [WorleyDistance; 3] = [
    WorleyDistance::Euclidean,
    WorleyDistance::Manhattan,
    WorleyDistance::Chebyshev,
];

fn kernel(seed: u32, ret: WorleyReturn, distance: WorleyDistance, jitter: f32) -> Worley {
    Worley::new(
        seed,
        WorleyParams {
            ret,
            distance,
            jitter,
        },
    )
}

fn coord(rng: &mut Mulberry32, r: f32) -> f32 {
    (rng.next_f32() * 2.0 - 1.0) * r
}

fn metric(m: WorleyDistance, d: &[f32]) -> f32 {
    match m {
        WorleyDistance::Euclidean => d.iter().map(|v| v * v).sum::<f32>().sqrt(),
        WorleyDistance::Manhattan => d.iter().map(|v| v.abs()).sum(),
        WorleyDistance::Chebyshev => d.iter().fold(0.0, |a, v| a.max(v.abs())),
    }
}

/// F1 and F2 by checking every feature point within `reach` cells.
fn brute2(w: &Worley, m: WorleyDistance, x: f32, y: f32, reach: i32) -> (f32, f32) {
    let mut ds = vec![];
    let (cx, cy) = (x.floor() as i32, y.floor() as i32);
    for j in -reach..=reach {
        for i in -reach..=reach {
            let p = w.feature2(cx + i, cy + j);
            ds.push(metric(m, &[p[0] - x, p[1] - y]));
        }
    }
    ds.sort_by(f32::total_cmp);
    (ds[0], ds[1])
}

fn brute3(w: &Worley, m: WorleyDistance, p: [f32; 3], reach: i32) -> (f32, f32) {
    let mut ds = vec![];
    let c = p.map(|v| v.floor() as i32);
    for k in -reach..=reach {
        for j in -reach..=reach {
            for i in -reach..=reach {
                let f = w.feature3(c[0] + i, c[1] + j, c[2] + k);
                ds.push(metric(m, &[f[0] - p[0], f[1] - p[1], f[2] - p[2]]));
            }
        }
    }
    ds.sort_by(f32::total_cmp);
    (ds[0], ds[1])
}

#[test]
fn worley2_f1_and_f2_match_brute_force_over_seven_by_seven_cells() {
    let mut rng = Mulberry32::new(3);
    for m in METRICS {
        for jitter in [0.0, 0.5, 1.0] {
            let w = kernel(17, WorleyReturn::F1, m, jitter);
            for _ in 0..20_000 {
                let (x, y) = (coord(&mut rng, 40.0), coord(&mut rng, 40.0));
                let (f1, f2) = w.nearest2(x, y);
                let (b1, b2) = brute2(&w, m, x, y, 3);
                assert!(
                    (f1 - b1).abs() < 1e-5 && (f2 - b2).abs() < 1e-5,
                    "{m:?} j={jitter} at ({x},{y}): ({f1},{f2}) vs ({b1},{b2})"
                );
            }
        }
    }
}

#[test]
fn worley3_f1_and_f2_match_brute_force_over_seven_cubed_cells() {
    let mut rng = Mulberry32::new(4);
    for m in METRICS {
        for jitter in [0.0, 1.0] {
            let w = kernel(5, WorleyReturn::F1, m, jitter);
            for _ in 0..2_000 {
                let p = [
                    coord(&mut rng, 40.0),
                    coord(&mut rng, 40.0),
                    coord(&mut rng, 40.0),
                ];
                let (f1, f2) = w.nearest3(p[0], p[1], p[2]);
                let (b1, b2) = brute3(&w, m, p, 3);
                assert!(
                    (f1 - b1).abs() < 1e-5 && (f2 - b2).abs() < 1e-5,
                    "{m:?} j={jitter} at {p:?}: ({f1},{f2}) vs ({b1},{b2})"
                );
            }
        }
    }
}

#[test]
fn worley_returns_f1_f2_and_their_difference_as_asked() {
    let (x, y) = (3.3, -7.9);
    let (f1, f2) = kernel(8, WorleyReturn::F1, WorleyDistance::Euclidean, 1.0).nearest2(x, y);
    assert!(f1 <= f2);
    assert_eq!(
        kernel(8, WorleyReturn::F1, WorleyDistance::Euclidean, 1.0).noise2(x, y),
        f1
    );
    assert_eq!(
        kernel(8, WorleyReturn::F2, WorleyDistance::Euclidean, 1.0).noise2(x, y),
        f2
    );
    assert_eq!(
        kernel(8, WorleyReturn::F2MinusF1, WorleyDistance::Euclidean, 1.0).noise2(x, y),
        f2 - f1
    );
}

#[test]
fn worley_f1_is_zero_at_every_feature_point() {
    let w = kernel(99, WorleyReturn::F1, WorleyDistance::Euclidean, 1.0);
    for cy in -10..10 {
        for cx in -10..10 {
            let [x, y] = w.feature2(cx, cy);
            assert!(w.noise2(x, y) < 1e-5, "cell ({cx},{cy})");
            let [x, y, z] = w.feature3(cx, cy, 2);
            assert!(w.noise3(x, y, z) < 1e-5, "cell ({cx},{cy},2)");
        }
    }
}

#[test]
fn worley_with_zero_jitter_is_the_regular_grid_closed_form() {
    // Points at cell centres: F1 at a cell corner is √0.5 (Euclidean), 1 (Manhattan),
    // 0.5 (Chebyshev); F1 at a centre is 0; F2 − F1 is 0 midway between two centres.
    let e = kernel(1, WorleyReturn::F1, WorleyDistance::Euclidean, 0.0);
    assert!((e.noise2(3.0, -2.0) - 0.5f32.sqrt()).abs() < 1e-6);
    assert_eq!(e.noise2(3.5, -1.5), 0.0);
    assert!(
        (kernel(1, WorleyReturn::F1, WorleyDistance::Manhattan, 0.0).noise2(3.0, 4.0) - 1.0).abs()
            < 1e-6
    );
    assert!(
        (kernel(1, WorleyReturn::F1, WorleyDistance::Chebyshev, 0.0).noise2(3.0, 4.0) - 0.5).abs()
            < 1e-6
    );
    assert_eq!(
        kernel(1, WorleyReturn::F2MinusF1, WorleyDistance::Euclidean, 0.0).noise2(3.0, 4.5),
        0.0
    );
    assert!(
        (kernel(1, WorleyReturn::F2, WorleyDistance::Euclidean, 0.0).noise2(0.5, 0.5) - 1.0).abs()
            < 1e-6
    );
    assert!(
        (kernel(1, WorleyReturn::F1, WorleyDistance::Euclidean, 0.0).noise3(1.0, 1.0, 1.0)
            - 0.75f32.sqrt())
        .abs()
            < 1e-6
    );
}

#[test]
fn worley_chebyshev_f1_le_euclidean_f1_le_manhattan_f1_at_every_point() {
    let mut rng = Mulberry32::new(21);
    let [c, e, m] = [
        WorleyDistance::Chebyshev,
        WorleyDistance::Euclidean,
        WorleyDistance::Manhattan,
    ]
    .map(|d| kernel(6, WorleyReturn::F1, d, 1.0));
    for _ in 0..20_000 {
        let (x, y) = (coord(&mut rng, 50.0), coord(&mut rng, 50.0));
        let (vc, ve, vm) = (c.noise2(x, y), e.noise2(x, y), m.noise2(x, y));
        assert!(
            vc <= ve + 1e-6 && ve <= vm + 1e-6,
            "({x},{y}): {vc} {ve} {vm}"
        );
    }
}

#[test]
fn worley_f1_and_f2_change_no_faster_than_the_distance_moved() {
    // F1 and F2 are 1-Lipschitz in their own metric: |F(p) − F(q)| ≤ d(p, q).
    let mut rng = Mulberry32::new(8);
    for m in METRICS {
        let w = kernel(12, WorleyReturn::F1, m, 1.0);
        for _ in 0..20_000 {
            let (x, y) = (coord(&mut rng, 30.0), coord(&mut rng, 30.0));
            let (dx, dy) = (coord(&mut rng, 0.01), coord(&mut rng, 0.01));
            let (a1, a2) = w.nearest2(x, y);
            let (b1, b2) = w.nearest2(x + dx, y + dy);
            let step = metric(m, &[dx, dy]) + 1e-5;
            assert!(
                (a1 - b1).abs() <= step && (a2 - b2).abs() <= step,
                "{m:?} at ({x},{y})"
            );
        }
    }
}

/// Largest F1, F2 and F2 − F1 over a million samples in `dims` dimensions.
fn maxima(m: WorleyDistance, dims: usize, samples: u32) -> [f32; 3] {
    let w = kernel(2024, WorleyReturn::F1, m, 1.0);
    let mut rng = Mulberry32::new(9);
    let mut hi = [0.0f32; 3];
    for _ in 0..samples {
        let (x, y, z) = (
            coord(&mut rng, 300.0),
            coord(&mut rng, 300.0),
            coord(&mut rng, 300.0),
        );
        let (f1, f2) = if dims == 2 {
            w.nearest2(x, y)
        } else {
            w.nearest3(x, y, z)
        };
        assert!(f1 >= 0.0 && f2 >= f1, "{m:?} {dims}D at ({x},{y},{z})");
        hi = [hi[0].max(f1), hi[1].max(f2), hi[2].max(f2 - f1)];
    }
    println!(
        "worley {dims}D {m:?} max over {samples} samples: F1 {} F2 {} F2-F1 {}",
        hi[0], hi[1], hi[2]
    );
    hi
}

fn check_ranges(dims: usize) {
    // A million samples each, except 3D Manhattan and Chebyshev (300 000: the slowest
    // searches, and this suite runs unoptimised).
    let samples = |m| {
        if dims == 3 && m != WorleyDistance::Euclidean {
            300_000
        } else {
            1_000_000
        }
    };
    let all = METRICS.map(|m| (m, maxima(m, dims, samples(m))));
    for (m, hi) in all {
        for (k, ret) in [WorleyReturn::F1, WorleyReturn::F2, WorleyReturn::F2MinusF1]
            .into_iter()
            .enumerate()
        {
            let w = kernel(0, ret, m, 1.0);
            assert!(
                hi[k] <= w.bound(dims),
                "{m:?} {ret:?}: {} above proven bound {}",
                hi[k],
                w.bound(dims)
            );
            let typical = w.typical_max(dims);
            assert!(
                hi[k] <= typical && hi[k] > 0.85 * typical,
                "{m:?} {ret:?}: measured {} vs typical_max {typical}",
                hi[k]
            );
        }
    }
}

#[test]
fn worley2_ranges_over_a_million_samples_stay_within_bounds() {
    check_ranges(2);
}

#[test]
fn worley3_ranges_over_a_million_samples_stay_within_bounds() {
    check_ranges(3);
}

#[test]
fn worley2_periodic_repeats_exactly_every_period() {
    for (px, py) in [(1u32, 1u32), (3, 5), (8, 8)] {
        let w = kernel(31, WorleyReturn::F2MinusF1, WorleyDistance::Euclidean, 1.0);
        let mut rng = Mulberry32::new(px * 10 + py);
        for _ in 0..5_000 {
            // Multiples of 1/256 keep x + px exact in f32, so the values agree bit for bit.
            let x = (rng.next_below(256 * 16) as f32) / 256.0 - 8.0;
            let y = (rng.next_below(256 * 16) as f32) / 256.0 - 8.0;
            let v = w.noise2_periodic(x, y, px, py);
            assert_eq!(
                v,
                w.noise2_periodic(x + px as f32, y, px, py),
                "x period {px} at ({x},{y})"
            );
            assert_eq!(
                v,
                w.noise2_periodic(x, y + py as f32, px, py),
                "y period {py} at ({x},{y})"
            );
            assert_eq!(
                v,
                w.noise2_periodic(x - 3.0 * px as f32, y + 2.0 * py as f32, px, py)
            );
        }
    }
}

#[test]
fn worley2_periodic_tile_edges_are_seamless() {
    // Across the tile edge x = px the field is continuous (F1 is 1-Lipschitz).
    let (px, py) = (4u32, 4u32);
    let w = kernel(2, WorleyReturn::F1, WorleyDistance::Euclidean, 1.0);
    for k in 0..400 {
        let y = k as f32 * 0.01;
        let a = w.noise2_periodic(px as f32 - 1e-3, y, px, py);
        let b = w.noise2_periodic(1e-3, y, px, py);
        assert!((a - b).abs() <= 2.1e-3, "seam at y={y}: {a} vs {b}");
    }
}

#[test]
fn worley_same_seed_same_bits_and_different_seeds_differ() {
    let p = WorleyParams::default();
    let (a, b, c) = (Worley::new(42, p), Worley::new(42, p), Worley::new(43, p));
    let mut differ = 0;
    for i in 0..1000 {
        let (x, y, z) = (i as f32 * 0.173, i as f32 * 0.071 - 9.0, i as f32 * 0.031);
        assert_eq!(a.noise2(x, y).to_bits(), b.noise2(x, y).to_bits());
        assert_eq!(a.noise3(x, y, z).to_bits(), b.noise3(x, y, z).to_bits());
        if (a.noise2(x, y) - c.noise2(x, y)).abs() > 1e-4 {
            differ += 1;
        }
    }
    assert!(differ > 900, "only {differ} of 1000 differ");
}

#[test]
fn worley_params_check_rejects_jitter_outside_unit_interval() {
    let mut p = WorleyParams::default();
    assert!(p.check().is_ok());
    for bad in [-0.1, 1.5, f32::NAN, f32::INFINITY] {
        p.jitter = bad;
        let e = p.check().unwrap_err();
        assert_eq!(e.param(), "jitter");
    }
}
