//! Simplex noise: closed-form zeros, measured range, continuity, analytic derivative,
//! determinism.

use landform::noise::simplex::Simplex;
use landform::rng::Mulberry32;

/// Uniform in `[-r, r)` from a Mulberry32 stream.
fn coord(rng: &mut Mulberry32, r: f32) -> f32 {
    (rng.next_f32() * 2.0 - 1.0) * r
}

/// The unskewed position of 2D simplex lattice vertex `(a, b)`: `(a, b) − G2 (a + b)`.
fn vertex2(a: i32, b: i32) -> (f32, f32) {
    let g2 = (3.0 - 3f64.sqrt()) / 6.0;
    let t = (a + b) as f64 * g2;
    ((a as f64 - t) as f32, (b as f64 - t) as f32)
}

#[test]
fn simplex2_is_zero_at_every_lattice_vertex() {
    let n = Simplex::new(42);
    assert_eq!(n.noise2(0.0, 0.0), 0.0);
    for a in -20..20 {
        for b in -20..20 {
            let (x, y) = vertex2(a, b);
            // Tolerance: f32 rounding of the vertex position (ulp ≈ 2e-6 near 20) times
            // the steepest slope (about 7).
            assert!(
                n.noise2(x, y).abs() < 5e-5,
                "({a},{b}) -> {}",
                n.noise2(x, y)
            );
        }
    }
}

#[test]
fn simplex3_and_simplex4_are_zero_at_the_origin() {
    let n = Simplex::new(9);
    assert_eq!(n.noise3(0.0, 0.0, 0.0), 0.0);
    assert_eq!(n.noise4(0.0, 0.0, 0.0, 0.0), 0.0);
    // The lattice vertex (1, 0, 0) unskews to (1, 0, 0) − (1/6)(1, 1, 1).
    let v = n.noise3(5.0 / 6.0, -1.0 / 6.0, -1.0 / 6.0);
    assert!(v.abs() < 1e-5, "{v}");
}

/// Returns (min, max) over a million samples spread over a wide domain.
fn extremes(dims: usize) -> (f32, f32) {
    let n = Simplex::new(2024);
    let mut rng = Mulberry32::new(7);
    let (mut lo, mut hi) = (f32::MAX, f32::MIN);
    for _ in 0..1_000_000 {
        let (x, y, z, w) = (
            coord(&mut rng, 200.0),
            coord(&mut rng, 200.0),
            coord(&mut rng, 200.0),
            coord(&mut rng, 200.0),
        );
        let v = match dims {
            2 => n.noise2(x, y),
            3 => n.noise3(x, y, z),
            _ => n.noise4(x, y, z, w),
        };
        lo = lo.min(v);
        hi = hi.max(v);
    }
    println!("simplex {dims}D over 1e6 samples: [{lo}, {hi}]");
    (lo, hi)
}

fn assert_range(dims: usize, reach: f32) {
    let (lo, hi) = extremes(dims);
    assert!(
        lo >= -1.0 && hi <= 1.0,
        "{dims}D left [-1, 1]: [{lo}, {hi}]"
    );
    assert!(
        lo < -reach && hi > reach,
        "{dims}D does not reach ±{reach}: [{lo}, {hi}]"
    );
}

#[test]
fn simplex2_stays_in_unit_range_and_reaches_beyond_0_9_over_a_million_samples() {
    assert_range(2, 0.9);
}

#[test]
fn simplex3_stays_in_unit_range_and_reaches_beyond_0_9_over_a_million_samples() {
    assert_range(3, 0.9);
}

#[test]
fn simplex4_stays_in_unit_range_and_reaches_beyond_0_9_over_a_million_samples() {
    assert_range(4, 0.9);
}

#[test]
fn simplex_changes_by_a_bounded_amount_between_nearby_points() {
    // Lipschitz-style bound: |Δv| ≤ L·|Δp| with L well above the measured steepest slope
    // (about 7.2 per unit in 2D). A jump on a simplex face would break it.
    let n = Simplex::new(3);
    let mut rng = Mulberry32::new(11);
    let eps = 1e-3f32;
    let l = 10.0f32;
    for _ in 0..100_000 {
        let p = [
            coord(&mut rng, 30.0),
            coord(&mut rng, 30.0),
            coord(&mut rng, 30.0),
            coord(&mut rng, 30.0),
        ];
        let d = [
            coord(&mut rng, eps),
            coord(&mut rng, eps),
            coord(&mut rng, eps),
            coord(&mut rng, eps),
        ];
        let len = (d.iter().map(|v| v * v).sum::<f32>()).sqrt();
        let tol = l * len + 1e-5;
        let d2 = n.noise2(p[0] + d[0], p[1] + d[1]) - n.noise2(p[0], p[1]);
        let d3 = n.noise3(p[0] + d[0], p[1] + d[1], p[2] + d[2]) - n.noise3(p[0], p[1], p[2]);
        let d4 = n.noise4(p[0] + d[0], p[1] + d[1], p[2] + d[2], p[3] + d[3])
            - n.noise4(p[0], p[1], p[2], p[3]);
        assert!(
            d2.abs() <= tol && d3.abs() <= tol && d4.abs() <= tol,
            "at {p:?}: {d2} {d3} {d4} > {tol}"
        );
    }
}

#[test]
fn simplex2_derivative_matches_central_finite_differences() {
    let n = Simplex::new(77);
    let mut rng = Mulberry32::new(5);
    let h = 1e-2f32;
    let mut steepest = 0.0f32;
    for _ in 0..20_000 {
        let (x, y) = (coord(&mut rng, 20.0), coord(&mut rng, 20.0));
        let (v, dx, dy) = n.noise2_deriv(x, y);
        assert_eq!(v, n.noise2(x, y));
        let fdx = (n.noise2(x + h, y) - n.noise2(x - h, y)) / (2.0 * h);
        let fdy = (n.noise2(x, y + h) - n.noise2(x, y - h)) / (2.0 * h);
        // Truncation error h²·f'''/6 plus f32 rounding of the difference quotient.
        let tol = 0.02 + 0.01 * dx.abs().max(dy.abs());
        assert!(
            (dx - fdx).abs() < tol && (dy - fdy).abs() < tol,
            "at ({x},{y}): ({dx},{dy}) vs ({fdx},{fdy})"
        );
        steepest = steepest.max((dx * dx + dy * dy).sqrt());
    }
    println!("steepest 2D slope seen: {steepest}");
    assert!(steepest > 1.0, "derivative suspiciously flat: {steepest}");
}

#[test]
fn simplex_same_seed_gives_identical_bits() {
    let (a, b) = (Simplex::new(1234), Simplex::new(1234));
    let mut rng = Mulberry32::new(1);
    for _ in 0..10_000 {
        let p = [
            coord(&mut rng, 100.0),
            coord(&mut rng, 100.0),
            coord(&mut rng, 100.0),
            coord(&mut rng, 100.0),
        ];
        assert_eq!(
            a.noise2(p[0], p[1]).to_bits(),
            b.noise2(p[0], p[1]).to_bits()
        );
        assert_eq!(
            a.noise3(p[0], p[1], p[2]).to_bits(),
            b.noise3(p[0], p[1], p[2]).to_bits()
        );
        assert_eq!(
            a.noise4(p[0], p[1], p[2], p[3]).to_bits(),
            b.noise4(p[0], p[1], p[2], p[3]).to_bits()
        );
    }
}

#[test]
fn simplex_different_seeds_give_different_fields() {
    let (a, b) = (Simplex::new(1), Simplex::new(2));
    let mut differ = 0;
    for i in 0..1000 {
        let (x, y) = (i as f32 * 0.37 + 0.1, i as f32 * 0.11 + 0.3);
        if (a.noise2(x, y) - b.noise2(x, y)).abs() > 1e-3 {
            differ += 1;
        }
    }
    assert!(differ > 900, "only {differ} of 1000 samples differ");
}

#[test]
fn simplex4_loop_on_a_circle_in_zw_closes_seamlessly() {
    // A looping animation samples (x, y, R cos θ, R sin θ); θ = 0 and θ = 2π must agree,
    // and consecutive frames must change little.
    let n = Simplex::new(5);
    let r = 1.5f32;
    let frames = 240;
    let at = |k: i32| {
        let a = k as f64 * std::f64::consts::TAU / frames as f64;
        n.noise4(0.3, 0.7, r * a.cos() as f32, r * a.sin() as f32)
    };
    assert!((at(0) - at(frames)).abs() < 1e-5);
    for k in 0..frames {
        assert!((at(k + 1) - at(k)).abs() < 0.2, "frame {k}");
    }
}
