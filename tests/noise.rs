//! Value tests of the noise kernels against independent references and invariants.

use landform::noise::deriv::DerivNoise;
use landform::noise::improved::Improved;
use landform::noise::perlin::Perlin;
use landform::noise::teaching::{Teaching, Variant};
use landform::noise::value::Value;
use landform::noise::Noise;
use landform::rng::Mulberry32;

/// Ken Perlin's reference `ImprovedNoise.noise`, transcribed in f64 as the oracle.
fn reference_improved(x: f64, y: f64, z: f64) -> f64 {
    let p: Vec<usize> = landform::noise::improved::REFERENCE_PERMUTATION
        .iter()
        .chain(landform::noise::improved::REFERENCE_PERMUTATION.iter())
        .map(|&v| v as usize)
        .collect();
    let fade = |t: f64| t * t * t * (t * (t * 6.0 - 15.0) + 10.0);
    let lerp = |t: f64, a: f64, b: f64| a + t * (b - a);
    let grad = |h: usize, x: f64, y: f64, z: f64| {
        let h = h & 15;
        let u = if h < 8 { x } else { y };
        let v = if h < 4 {
            y
        } else if h == 12 || h == 14 {
            x
        } else {
            z
        };
        (if h & 1 == 0 { u } else { -u }) + (if h & 2 == 0 { v } else { -v })
    };
    let (xf, yf, zf) = (x.floor(), y.floor(), z.floor());
    let (xi, yi, zi) = (
        (xf as i64 & 255) as usize,
        (yf as i64 & 255) as usize,
        (zf as i64 & 255) as usize,
    );
    let (x, y, z) = (x - xf, y - yf, z - zf);
    let (u, v, w) = (fade(x), fade(y), fade(z));
    let a = p[xi] + yi;
    let (aa, ab) = (p[a] + zi, p[a + 1] + zi);
    let b = p[xi + 1] + yi;
    let (ba, bb) = (p[b] + zi, p[b + 1] + zi);
    lerp(
        w,
        lerp(
            v,
            lerp(u, grad(p[aa], x, y, z), grad(p[ba], x - 1.0, y, z)),
            lerp(
                u,
                grad(p[ab], x, y - 1.0, z),
                grad(p[bb], x - 1.0, y - 1.0, z),
            ),
        ),
        lerp(
            v,
            lerp(
                u,
                grad(p[aa + 1], x, y, z - 1.0),
                grad(p[ba + 1], x - 1.0, y, z - 1.0),
            ),
            lerp(
                u,
                grad(p[ab + 1], x, y - 1.0, z - 1.0),
                grad(p[bb + 1], x - 1.0, y - 1.0, z - 1.0),
            ),
        ),
    )
}

// (3.14, 42, 7) is the published example point, not an approximation of π.
#[allow(clippy::approx_constant)]
#[test]
fn improved_3d_matches_perlins_published_value() {
    let n = Improved::reference().noise3(3.14, 42.0, 7.0);
    assert!((n as f64 - 0.136_919_958_784_000_12).abs() < 2e-6, "{n}");
    assert!((reference_improved(3.14, 42.0, 7.0) - 0.136_919_958_784_000_12).abs() < 1e-12);
}

#[test]
fn improved_3d_matches_reference_everywhere_including_negative_coordinates() {
    let k = Improved::reference();
    let mut r = Mulberry32::new(5);
    for _ in 0..20_000 {
        let p: Vec<f32> = (0..3).map(|_| (r.next_f32() - 0.5) * 600.0).collect();
        let want = reference_improved(p[0] as f64, p[1] as f64, p[2] as f64);
        let got = k.noise3(p[0], p[1], p[2]) as f64;
        assert!((got - want).abs() < 1e-5, "at {p:?}: {got} vs {want}");
    }
}

fn kernels() -> Vec<(&'static str, Box<dyn Noise>)> {
    vec![
        ("value", Box::new(Value::new(3))),
        ("perlin", Box::new(Perlin::new(3))),
        ("improved", Box::new(Improved::new(3))),
        ("linear", Box::new(Teaching::new(3, Variant::Linear))),
        (
            "smoothstep",
            Box::new(Teaching::new(3, Variant::Smoothstep)),
        ),
    ]
}

#[test]
fn gradient_noises_are_zero_at_every_lattice_point() {
    for k in [&Perlin::new(9) as &dyn Noise, &Improved::new(9)] {
        for i in -20..20 {
            for j in -20..20 {
                assert_eq!(k.noise2(i as f32, j as f32), 0.0);
                assert_eq!(k.noise3(i as f32, j as f32, (i + j) as f32), 0.0);
            }
        }
    }
}

#[test]
fn outputs_stay_within_documented_ranges_over_a_million_samples() {
    let mut r = Mulberry32::new(11);
    for (name, k) in kernels() {
        let (lo, hi) = k.range();
        let (mut min, mut max) = (f32::MAX, f32::MIN);
        for _ in 0..1_000_000 {
            let (x, y) = ((r.next_f32() - 0.5) * 512.0, (r.next_f32() - 0.5) * 512.0);
            let v = k.noise2(x, y);
            min = min.min(v);
            max = max.max(v);
        }
        assert!(
            min >= lo && max <= hi,
            "{name}: [{min}, {max}] outside [{lo}, {hi}]"
        );
        assert!(
            max > 0.6 * hi && min < 0.6 * lo,
            "{name}: [{min}, {max}] uses too little of [{lo}, {hi}]"
        );
    }
    let k = Perlin::new(2);
    for _ in 0..300_000 {
        let p: Vec<f32> = (0..3).map(|_| (r.next_f32() - 0.5) * 100.0).collect();
        assert!(
            k.noise3(p[0], p[1], p[2]).abs() <= 0.866_026,
            "classic 3D bound √¾"
        );
        assert!(k.noise1(p[0]).abs() <= 0.5);
        assert!(Improved::new(2).noise1(p[0]).abs() <= 1.0);
        assert!(Improved::new(2).noise3(p[0], p[1], p[2]).abs() <= 1.04);
    }
}

#[test]
fn nearby_points_give_nearby_values() {
    let mut r = Mulberry32::new(12);
    for (name, k) in kernels() {
        for _ in 0..50_000 {
            let (x, y) = (r.next_f32() * 100.0, r.next_f32() * 100.0);
            let d = (k.noise2(x + 1e-3, y) - k.noise2(x, y)).abs();
            // Lipschitz bound: slopes of these kernels stay below ~4 per unit.
            assert!(d < 5e-3, "{name}: jump {d} at ({x}, {y})");
        }
    }
}

#[test]
fn classic_perlin_derivative_matches_finite_differences() {
    let k = Perlin::new(21);
    let mut r = Mulberry32::new(1);
    let h = 1e-3f32;
    for _ in 0..5_000 {
        let (x, y) = (r.next_f32() * 50.0, r.next_f32() * 50.0);
        let [v, dx, dy] = k.deriv2_shifted(x, y, [0, 0]);
        assert_eq!(v, k.noise2(x, y));
        let fx = (k.noise2(x + h, y) - k.noise2(x - h, y)) / (2.0 * h);
        let fy = (k.noise2(x, y + h) - k.noise2(x, y - h)) / (2.0 * h);
        assert!(
            (dx - fx).abs() < 2e-2 && (dy - fy).abs() < 2e-2,
            "({dx},{dy}) vs ({fx},{fy})"
        );
    }
}

#[test]
fn periodic_noise_repeats_across_the_period() {
    for k in [
        &Perlin::new(4) as &dyn Noise,
        &Improved::new(4),
        &Value::new(4),
    ] {
        for i in 0..200 {
            let (x, y) = (i as f32 * 0.37, i as f32 * 0.23);
            let a = k.noise2_periodic(x, y, 5, 7);
            assert!((a - k.noise2_periodic(x + 5.0, y, 5, 7)).abs() < 1e-4);
            assert!((a - k.noise2_periodic(x, y + 7.0, 5, 7)).abs() < 1e-4);
        }
    }
}

#[test]
fn fade_has_zero_first_and_second_derivative_at_the_ends() {
    use landform::noise::{fade, fade_deriv};
    assert_eq!(fade(0.0), 0.0);
    assert_eq!(fade(1.0), 1.0);
    assert_eq!(fade(0.5), 0.5);
    assert_eq!(fade_deriv(0.0), 0.0);
    assert_eq!(fade_deriv(1.0), 0.0);
    let second = |t: f32| (fade_deriv(t + 1e-3) - fade_deriv(t - 1e-3)) / 2e-3;
    assert!(second(1e-3).abs() < 0.1 && second(1.0 - 1e-3).abs() < 0.1);
}

#[test]
fn corner_contribution_is_the_sw_dot_product_weighted_by_its_blend_weight() {
    let t = Teaching::new(8, Variant::CornerSw);
    let g = t.perlin.gradient(3, 4);
    let (xf, yf) = (0.25f32, 0.6f32);
    let u = landform::noise::fade(xf);
    let v = landform::noise::fade(yf);
    let want = (g[0] * xf + g[1] * yf) * (1.0 - u) * (1.0 - v);
    assert!((t.noise2(3.25, 4.6) - want).abs() < 1e-6);
}

#[test]
fn linear_variant_has_slope_jumps_at_cell_edges_and_classic_does_not() {
    let lin = Teaching::new(6, Variant::Linear);
    let classic = Perlin::new(6);
    let slope_jump = |k: &dyn Noise, x: f32| {
        let h = 1e-3;
        let left = (k.noise2(x, 0.5) - k.noise2(x - h, 0.5)) / h;
        let right = (k.noise2(x + h, 0.5) - k.noise2(x, 0.5)) / h;
        (right - left).abs()
    };
    let jumps_lin: f32 = (1..40).map(|i| slope_jump(&lin, i as f32)).sum();
    let jumps_classic: f32 = (1..40).map(|i| slope_jump(&classic, i as f32)).sum();
    assert!(
        jumps_lin > 5.0 && jumps_classic < 0.1,
        "{jumps_lin} vs {jumps_classic}"
    );
}
