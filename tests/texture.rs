//! The anti-tiling samplers' maths, checked against invariants and closed forms:
//! barycentric weights, continuity across triangle edges, variance preservation on a
//! Gaussian texture, normalised Mikkelsen and triplanar weights.
use landform::texture::bilinear::Texture;
use landform::texture::hash::{hash, offset};
use landform::texture::modes::{
    hex_linear, hex_mikkelsen, hex_vp, iq, mikkelsen_weights, plain, triplanar_weights, value_noise,
};
use landform::texture::triangle::{triangle_grid, vertex_position, TRI_SCALE};
use landform::texture::Rgba;

/// Deterministic points in [-50, 50)² (lowbias32 as a counter-based generator).
fn points(n: u32, seed: u32) -> impl Iterator<Item = [f32; 2]> {
    (0..n).map(move |i| {
        let a = hash(
            i.wrapping_mul(2)
                .wrapping_add(seed.wrapping_mul(0x9e37_79b9)),
        );
        let b = hash(a ^ 0x5bd1_e995);
        [
            a as f32 / 4.294_967e9 * 100.0 - 50.0,
            b as f32 / 4.294_967e9 * 100.0 - 50.0,
        ]
    })
}

#[test]
fn barycentric_weights_are_in_0_1_and_sum_to_1() {
    for uv in points(20_000, 1) {
        let t = triangle_grid(uv);
        let s: f32 = t.w.iter().sum();
        assert!((s - 1.0).abs() < 1e-5, "{uv:?}: sum {s}");
        assert!(
            t.w.iter().all(|&w| (-1e-5..=1.0 + 1e-5).contains(&w)),
            "{uv:?}: {:?}",
            t.w
        );
    }
}

#[test]
fn weights_reproduce_the_point_from_its_vertices() {
    // Barycentric coordinates: Σ wᵢ·positionᵢ = the point itself (in texture repeats).
    for uv in points(5_000, 2) {
        let t = triangle_grid(uv);
        let mut p = [0.0f32; 2];
        for (w, v) in t.w.iter().zip(t.v) {
            let q = vertex_position(v);
            p[0] += w * q[0];
            p[1] += w * q[1];
        }
        assert!(
            (p[0] - uv[0]).abs() < 2e-4 && (p[1] - uv[1]).abs() < 2e-4,
            "{uv:?} → {p:?}"
        );
    }
}

#[test]
fn triangles_are_equilateral_with_edge_one_over_two_root_three() {
    let edge = 1.0 / TRI_SCALE;
    for uv in points(500, 3) {
        let t = triangle_grid(uv);
        for (a, b) in [(0, 1), (1, 2), (2, 0)] {
            let (p, q) = (vertex_position(t.v[a]), vertex_position(t.v[b]));
            let d = ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt();
            assert!((d - edge).abs() < 1e-4, "edge {d} vs {edge}");
        }
    }
}

/// The weight every vertex gets at uv (0 for vertices of other triangles).
fn weight_of(uv: [f32; 2], v: [i32; 2]) -> f32 {
    let t = triangle_grid(uv);
    t.v.iter()
        .zip(t.w)
        .find(|(x, _)| **x == v)
        .map_or(0.0, |(_, w)| w)
}

#[test]
fn vertex_weights_are_continuous_across_triangle_edges() {
    // Walk along lines in many directions in steps of 1e-3 repeats: the weight of
    // every vertex involved changes by at most a few steps' worth (weights are
    // 1-Lipschitz in lattice units, i.e. ≤ 2√3·|step|·(2/√3) = 4·|step| in uv).
    let step = 1e-3f32;
    let mut crossings = 0;
    for (k, start) in points(40, 4).enumerate() {
        let a = k as f32 * 0.7;
        let d = [a.cos() * step, a.sin() * step];
        let mut prev = triangle_grid(start);
        for i in 1..2000 {
            let uv = [start[0] + d[0] * i as f32, start[1] + d[1] * i as f32];
            let now = triangle_grid(uv);
            if now.v != prev.v {
                crossings += 1;
            }
            let before = [
                start[0] + d[0] * (i - 1) as f32,
                start[1] + d[1] * (i - 1) as f32,
            ];
            for v in prev.v.iter().chain(now.v.iter()) {
                let jump = (weight_of(uv, *v) - weight_of(before, *v)).abs();
                assert!(
                    jump < 5.0 * step,
                    "vertex {v:?} jumps by {jump} between {before:?} and {uv:?}"
                );
            }
            prev = now;
        }
    }
    assert!(
        crossings > 500,
        "the walks should cross many triangle edges ({crossings})"
    );
}

#[test]
fn a_vertex_position_has_all_the_weight_on_that_vertex() {
    for v in [[0, 0], [3, -2], [-7, 11], [100, 40]] {
        let p = vertex_position(v);
        // Nudge inside, since the vertex is shared by six triangles.
        let w = weight_of([p[0] + 1e-5, p[1] + 1e-5], v);
        assert!(w > 0.999, "{v:?}: {w}");
    }
}

#[test]
fn offsets_are_uniform_in_the_unit_square() {
    let mut sum = [0.0f64; 2];
    let n = 200 * 200;
    for y in -100..100 {
        for x in -100..100 {
            let o = offset([x, y]);
            assert!((0.0..1.0).contains(&o[0]) && (0.0..1.0).contains(&o[1]));
            sum[0] += o[0] as f64;
            sum[1] += o[1] as f64;
        }
    }
    assert!(
        (sum[0] / n as f64 - 0.5).abs() < 0.005 && (sum[1] / n as f64 - 0.5).abs() < 0.005,
        "{sum:?}"
    );
    assert_ne!(offset([1, 0]), offset([0, 1]));
    assert_ne!(offset([-1, 0]), offset([1, 0]));
}

/// A seamless Gaussian texture: a sum of many random cosines with whole-number
/// frequencies (a Gaussian by the central limit theorem), mean 0.5, std 0.1, in all
/// four channels alike. Smooth, so bilinear reads barely change its variance.
fn gaussian_texture(n: usize) -> Vec<Rgba> {
    let waves: Vec<(f32, f32, f32)> = (0..64u32)
        .map(|i| {
            let h = hash(i + 17);
            let fx = (h % 9) as f32 - 4.0;
            let fy = ((h >> 8) % 9) as f32 - 4.0;
            (
                fx,
                fy + if fx == 0.0 && fy == 0.0 { 1.0 } else { 0.0 },
                (h >> 16) as f32 / 65536.0 * std::f32::consts::TAU,
            )
        })
        .collect();
    let amp = 0.1 * (2.0f32 / waves.len() as f32).sqrt();
    (0..n * n)
        .map(|i| {
            let (x, y) = ((i % n) as f32 / n as f32, (i / n) as f32 / n as f32);
            let v = 0.5
                + amp
                    * waves
                        .iter()
                        .map(|(fx, fy, ph)| (std::f32::consts::TAU * (fx * x + fy * y) + ph).cos())
                        .sum::<f32>();
            [v; 4]
        })
        .collect()
}

fn stats(f: impl Fn([f32; 2]) -> Rgba) -> (f64, f64) {
    let v: Vec<f64> = points(60_000, 9).map(|uv| f(uv)[0] as f64).collect();
    let m = v.iter().sum::<f64>() / v.len() as f64;
    (
        m,
        v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / v.len() as f64,
    )
}

#[test]
fn hex_vp_keeps_the_mean_and_variance_of_a_gaussian_texture_and_linear_loses_contrast() {
    let texels = gaussian_texture(64);
    let tex = Texture {
        width: 64,
        height: 64,
        texels: &texels,
    };
    let mean = tex.mean();
    assert!((mean[0] - 0.5).abs() < 0.01);
    let (pm, pv) = stats(|uv| plain(&tex, uv));
    let (vm, vv) = stats(|uv| hex_vp(&tex, uv, mean));
    let (lm, lv) = stats(|uv| hex_linear(&tex, uv));
    let (mm, mv) = stats(|uv| hex_mikkelsen(&tex, uv, 1.0));
    // Every mode keeps the mean; iq-untiled thanks to its alternating colour nudge.
    let (im, _) = stats(|uv| iq(&tex, uv, 1.3));
    assert!((pv.sqrt() - 0.1).abs() < 0.015, "plain std {}", pv.sqrt());
    for (name, m) in [
        ("plain", pm),
        ("hex-vp", vm),
        ("hex-linear", lm),
        ("hex-mikkelsen", mm),
        ("iq-untiled", im),
    ] {
        assert!(
            (m - mean[0] as f64).abs() < 0.005,
            "{name} mean {m} vs {}",
            mean[0]
        );
    }
    let (rv, rl, rm) = ((vv / pv).sqrt(), (lv / pv).sqrt(), (mv / pv).sqrt());
    assert!((rv - 1.0).abs() < 0.05, "hex-vp std / plain std = {rv}");
    // Linear blending of three uncorrelated samples: √(Σw²) on average, ≈ 0.7–0.8.
    assert!(rl < 0.85 && rl > 0.6, "hex-linear std / plain std = {rl}");
    assert!(rm > 0.9, "hex-mikkelsen std / plain std = {rm}");
}

#[test]
fn hex_linear_contrast_at_a_triangle_centre_is_root_one_third() {
    // At a centre all three weights are 1/3: std falls to √(3·(1/3)²) = 0.577 of plain.
    let texels = gaussian_texture(64);
    let tex = Texture {
        width: 64,
        height: 64,
        texels: &texels,
    };
    let mut v = Vec::new();
    for uv in points(20_000, 5) {
        let t = triangle_grid(uv);
        // Move uv to the centroid of its triangle.
        let c = t.v.map(vertex_position);
        let g = [
            (c[0][0] + c[1][0] + c[2][0]) / 3.0,
            (c[0][1] + c[1][1] + c[2][1]) / 3.0,
        ];
        v.push(hex_linear(&tex, g)[0] as f64);
    }
    let m = v.iter().sum::<f64>() / v.len() as f64;
    let sd = (v.iter().map(|x| (x - m).powi(2)).sum::<f64>() / v.len() as f64).sqrt();
    let (_, pv) = stats(|uv| plain(&tex, uv));
    let r = sd / pv.sqrt();
    assert!((r - 0.577).abs() < 0.05, "ratio at centres {r}");
}

#[test]
fn mikkelsen_weights_are_normalised_and_sharp() {
    for (i, uv) in points(5_000, 6).enumerate() {
        let t = triangle_grid(uv);
        let l = [
            (i % 7) as f32 / 6.0,
            (i % 5) as f32 / 4.0,
            (i % 3) as f32 / 2.0,
        ];
        let k = mikkelsen_weights(t.w, l);
        let s: f32 = k.iter().sum();
        assert!(
            (s - 1.0).abs() < 1e-5 && k.iter().all(|&x| x >= 0.0),
            "{k:?}"
        );
    }
    // (0.6, 0.3, 0.1) → 0.6⁷ : 0.3⁷ : 0.1⁷ at equal luminance: the first wins 99%.
    let k = mikkelsen_weights([0.6, 0.3, 0.1], [0.5; 3]);
    assert!(
        (k[0] - 1.0 / (1.0 + 0.5f32.powi(7) + (1.0f32 / 6.0).powi(7))).abs() < 1e-5,
        "{k:?}"
    );
    // Equal barycentric weights: the brighter sample gets more, by mix(1, L, 0.6).
    let k = mikkelsen_weights([1.0 / 3.0; 3], [1.0, 0.0, 0.5]);
    assert!(
        (k[0] / k[1] - 1.0 / 0.4).abs() < 1e-4 && (k[2] / k[1] - 0.7 / 0.4).abs() < 1e-4,
        "{k:?}"
    );
}

#[test]
fn rotation_zero_is_the_unrotated_sample() {
    // With rotation 0 and a constant-luminance texture in the blend, the Mikkelsen
    // samples read the same texels as hex-linear's (uv + offset).
    let texels = gaussian_texture(32);
    let tex = Texture {
        width: 32,
        height: 32,
        texels: &texels,
    };
    for uv in points(200, 7) {
        let t = triangle_grid(uv);
        let a = hex_mikkelsen(&tex, uv, 0.0);
        let samples =
            t.v.map(|v| tex.sample([uv[0] + offset(v)[0], uv[1] + offset(v)[1]]));
        let l = samples.map(|s| s[0] * 0.299 + s[1] * 0.587 + s[2] * 0.114);
        let k = mikkelsen_weights(t.w, l);
        let b = k[0] * samples[0][0] + k[1] * samples[1][0] + k[2] * samples[2][0];
        assert!((a[0] - b).abs() < 1e-3, "{uv:?}: {} vs {b}", a[0]);
    }
}

#[test]
fn iq_output_lies_between_its_two_samples_and_noise_is_in_0_1() {
    let texels = gaussian_texture(32);
    let tex = Texture {
        width: 32,
        height: 32,
        texels: &texels,
    };
    let (lo, hi) = texels
        .iter()
        .fold((1.0f32, 0.0f32), |(a, b), t| (a.min(t[0]), b.max(t[0])));
    for uv in points(5_000, 8) {
        let n = value_noise(uv);
        assert!((0.0..1.0).contains(&n), "{n}");
        let c = iq(&tex, uv, 1.3);
        assert!(c[0] >= lo - 1e-4 && c[0] <= hi + 1e-4);
    }
}

#[test]
fn triplanar_weights_sum_to_1_and_sharpen_with_the_power() {
    for n in [
        [0.0, 1.0, 0.0],
        [0.6, 0.8, 0.0],
        [0.577, 0.577, 0.577],
        [-0.3, 0.2, -0.93],
    ] {
        for s in [4.0, 6.0, 8.0] {
            let w = triplanar_weights(n, s);
            assert!((w.iter().sum::<f32>() - 1.0).abs() < 1e-5);
        }
    }
    assert!(triplanar_weights([0.0, 1.0, 0.0], 4.0)[1] > 0.9999);
    // A 45° slope between x and y: equal weights whatever the power.
    let w = triplanar_weights(
        [
            std::f32::consts::FRAC_1_SQRT_2,
            std::f32::consts::FRAC_1_SQRT_2,
            0.0,
        ],
        8.0,
    );
    assert!((w[0] - 0.5).abs() < 1e-4);
    // Steeper power, stronger dominance of the largest component.
    assert!(
        triplanar_weights([0.6, 0.8, 0.0], 8.0)[1] > triplanar_weights([0.6, 0.8, 0.0], 4.0)[1]
    );
}
