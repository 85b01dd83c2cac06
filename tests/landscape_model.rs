//! The landscape model against closed forms: the steady-state slope–area law (n = 1
//! and the Newton path n = 2), the 1D strip profile, the heat equation for diffusion,
//! Hack's law on the emergent network; and bad input, extremes, determinism.

use landform::landscape::analysis::{fit_power_law, flow_length, slope_area};
use landform::landscape::diffusion::Diffusion;
use landform::landscape::{Landscape, LandscapeParams, Rate};

const U: f32 = 1e-3;

fn params(n: f64, kappa: f64) -> LandscapeParams {
    LandscapeParams {
        n,
        kappa,
        k: 2e-5,
        m: 0.5,
        cell_size: 100.0,
        seed: 7,
        sea_level: None,
    }
}

/// Runs uniform uplift until `max |Δh| / dt < 1e-3 U`; returns the landscape and steps.
fn steady(size: usize, p: LandscapeParams, dt: f64, max_steps: u32) -> (Landscape, u32) {
    let mut ls = Landscape::new(size, size, p).unwrap();
    ls.set_uplift(Rate::Uniform(U)).unwrap();
    for s in 1..=max_steps {
        let r = ls.step(dt, 1).unwrap();
        if s > 10 && r.max_change / dt < 1e-3 * U as f64 {
            return (ls, s);
        }
    }
    panic!("no steady state after {max_steps} steps");
}

fn area(ls: &Landscape) -> Vec<f32> {
    ls.drainage_area().to_vec()
}

fn check_slope_area(n: f64) {
    let p = params(n, 0.0);
    let (ls, steps) = steady(64, p, 2e4, 20_000);
    let a = area(&ls);
    let pts = slope_area(
        ls.heights(),
        ls.width(),
        ls.receivers(),
        &a,
        p.cell_size,
        10.0 * 1e4,
    );
    let (slope, intercept) = fit_power_law(&pts);
    let want_slope = -p.m / n;
    let want_intercept = ((U as f64 / p.k).powf(1.0 / n)).log10();
    println!("n = {n}: steady after {steps} steps; {} channel cells; slope {slope:.5} (want {want_slope}), intercept {intercept:.5} (want {want_intercept:.5})", pts.len());
    assert!(pts.len() > 300);
    assert!(
        (slope - want_slope).abs() <= 0.05 * want_slope.abs(),
        "slope {slope}"
    );
    assert!(
        (intercept - want_intercept).abs() <= 0.05 * want_intercept.abs(),
        "intercept {intercept}"
    );
}

#[test]
fn steady_state_follows_the_slope_area_law_n1() {
    check_slope_area(1.0);
}

#[test]
fn steady_state_follows_the_slope_area_law_n2_newton() {
    check_slope_area(2.0);
}

/// The closed form of the steady profile on a strip one cell wide draining to its
/// x = 0 end: `U = K·A^m·S^n` with `A(s) = dx·(L − s)` (the strip's far edge at
/// `L = (N − ½)·dx`) gives `h(x) = (U/K)^(1/n) · dx^(−p) · (L^(1−p) − (L − x)^(1−p)) / (1 − p)`,
/// `p = m/n ≠ 1`.
fn strip_profile(x: f64, cells: usize, p: &LandscapeParams) -> f64 {
    let dx = p.cell_size;
    let l = (cells as f64 - 0.5) * dx;
    let q = p.m / p.n;
    (U as f64 / p.k).powf(1.0 / p.n) * dx.powf(-q) * (l.powf(1.0 - q) - (l - x).powf(1.0 - q))
        / (1.0 - q)
}

#[test]
fn a_one_cell_strip_reaches_the_closed_form_profile_within_one_percent() {
    for n in [1.0, 2.0] {
        let cells = 200;
        let p = params(n, 0.0);
        let mut ls = Landscape::new(cells, 1, p).unwrap();
        let mut outlet = vec![false; cells];
        outlet[0] = true;
        ls.set_outlets(Some(outlet)).unwrap();
        ls.set_uplift(Rate::Uniform(U)).unwrap();
        let dt = 5e4;
        let mut steps = 0;
        while ls.step(dt, 1).unwrap().max_change / dt >= 1e-3 * U as f64 {
            steps += 1;
            assert!(steps < 50_000, "no steady state");
        }
        let mut worst: f64 = 0.0;
        for (i, &h) in ls.heights().iter().enumerate().skip(1) {
            let want = strip_profile(i as f64 * p.cell_size, cells, &p);
            worst = worst.max((h as f64 - want).abs() / want);
        }
        println!(
            "strip n = {n}: {steps} steps, worst relative error {worst:.2e}, top {} m",
            ls.heights()[cells - 1]
        );
        assert!(worst < 0.01, "worst relative error {worst}");
    }
}

fn gaussian(size: usize, sigma: f64) -> Vec<f32> {
    let c = size as f64 / 2.0;
    (0..size * size)
        .map(|i| {
            let (x, y) = ((i % size) as f64 - c, (i / size) as f64 - c);
            (100.0 * (-(x * x + y * y) / (2.0 * sigma * sigma)).exp()) as f32
        })
        .collect()
}

/// (mass, variance along x, variance along y) in cell units.
fn moments(z: &[f32], size: usize) -> (f64, f64, f64) {
    let (mut m, mut mx, mut my) = (0.0, 0.0, 0.0);
    for (i, &v) in z.iter().enumerate() {
        let (x, y) = ((i % size) as f64, (i / size) as f64);
        m += v as f64;
        mx += v as f64 * x;
        my += v as f64 * y;
    }
    let (cx, cy) = (mx / m, my / m);
    let (mut vx, mut vy) = (0.0, 0.0);
    for (i, &v) in z.iter().enumerate() {
        let (x, y) = ((i % size) as f64 - cx, (i / size) as f64 - cy);
        vx += v as f64 * x * x;
        vy += v as f64 * y * y;
    }
    (m, vx / m, vy / m)
}

#[test]
fn diffusion_spreads_a_gaussian_by_two_kappa_t_and_conserves_mass() {
    let size = 128;
    let mut z = gaussian(size, 5.0);
    let (m0, vx0, vy0) = moments(&z, size);
    let fixed = vec![false; size * size];
    let mut d = Diffusion::default();
    // κ·dt/dx² = 2 per step: ten times the explicit scheme's stability limit.
    let (coef, steps) = (2.0, 16);
    for _ in 0..steps {
        d.step(&mut z, size, size, &fixed, coef);
    }
    let (m1, vx1, vy1) = moments(&z, size);
    let want = 2.0 * coef * steps as f64;
    println!(
        "variance growth x {:.4}, y {:.4} (want {want}); mass {m0} → {m1}",
        vx1 - vx0,
        vy1 - vy0
    );
    assert!(((vx1 - vx0) - want).abs() < 0.02 * want);
    assert!(((vy1 - vy0) - want).abs() < 0.02 * want);
    assert!((m1 - m0).abs() < 1e-5 * m0, "mass {m0} → {m1}");
    assert!(z.iter().all(|v| v.is_finite() && *v >= 0.0));
    // Monotone at any step: a spike under a huge step makes no value leave [0, spike].
    let mut spike = vec![0.0f32; 33 * 17];
    spike[8 * 33 + 16] = 1000.0;
    for coef in [0.3, 1e3, 1e12] {
        let mut z = spike.clone();
        d.step(&mut z, 33, 17, &vec![false; 33 * 17], coef);
        assert!(
            z.iter().all(|&v| (0.0..=1000.0).contains(&v)),
            "coef {coef}"
        );
        let sum: f64 = z.iter().map(|&v| v as f64).sum();
        assert!((sum - 1000.0).abs() < 1e-3, "coef {coef}: mass {sum}");
    }
}

#[test]
fn the_model_with_k_zero_diffuses_like_the_heat_equation() {
    let size = 128;
    let p = LandscapeParams {
        k: 0.0,
        kappa: 1.0,
        cell_size: 10.0,
        ..LandscapeParams::default()
    };
    let mut ls = Landscape::new(size, size, p).unwrap();
    ls.set_heights(&gaussian(size, 5.0)).unwrap();
    let (_, vx0, vy0) = moments(ls.heights(), size);
    ls.step(100.0, 32).unwrap(); // κ·dt/dx² = 1
    let (_, vx1, vy1) = moments(ls.heights(), size);
    let want = 2.0 * 1.0 * 100.0 * 32.0 / 100.0;
    println!(
        "model: variance growth x {:.4}, y {:.4} (want {want})",
        vx1 - vx0,
        vy1 - vy0
    );
    assert!(((vx1 - vx0) - want).abs() < 0.02 * want);
    assert!(((vy1 - vy0) - want).abs() < 0.02 * want);
}

#[test]
fn the_emergent_network_follows_hacks_law() {
    let p = params(1.0, 0.0);
    let (ls, _) = steady(128, p, 2e4, 20_000);
    let a = area(&ls);
    let len = flow_length(ls.width(), ls.receivers(), ls.stack(), p.cell_size);
    let cell = p.cell_size * p.cell_size;
    let pts: Vec<(f64, f64)> = a
        .iter()
        .zip(&len)
        .filter(|(&a, _)| a as f64 >= 20.0 * cell)
        .map(|(&a, &l)| (a as f64, l))
        .collect();
    let (h, _) = fit_power_law(&pts);
    println!("Hack's law on 128²: L ∝ A^{h:.3} over {} cells", pts.len());
    assert!((0.45..=0.7).contains(&h), "Hack exponent {h}");
}

fn fnv1a(v: &[f32]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for x in v {
        for b in x.to_bits().to_le_bytes() {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// FNV-1a (64-bit) of the golden run's heights.
pub const GOLDEN_CHECKSUM: u64 = 0xce20_65e2_c13e_1cf8;

/// The run whose checksum `src/wasm/landscape_tests.rs` must reproduce in the browser:
/// 96 × 64, a ridge of uplift, n = 1.5 (Newton), diffusion on, sea level set.
pub fn golden_run() -> Landscape {
    let (w, h) = (96, 64);
    let p = LandscapeParams {
        n: 1.5,
        kappa: 0.5,
        sea_level: Some(-5.0),
        seed: 3,
        ..LandscapeParams::default()
    };
    let mut ls = Landscape::new(w, h, p).unwrap();
    let uplift: Vec<f32> = (0..w * h)
        .map(|i| {
            let y = (i / w) as f32 / h as f32;
            // A parabolic ridge (plain arithmetic: the same bits everywhere).
            let d = (y - 0.5) * 4.0;
            2e-3 * (1.0 - d * d).max(0.0) - 2e-4
        })
        .collect();
    ls.set_uplift(Rate::Map(uplift)).unwrap();
    ls.step(5e3, 40).unwrap();
    ls
}

#[test]
fn golden_checksum_that_the_wasm_build_must_reproduce() {
    let ls = golden_run();
    let sum = fnv1a(ls.heights());
    println!("golden heights checksum {sum:#018x}");
    assert_eq!(sum, GOLDEN_CHECKSUM);
}

#[test]
fn any_split_of_the_steps_gives_the_same_bits() {
    let p = LandscapeParams {
        n: 1.5,
        kappa: 2.0,
        ..LandscapeParams::default()
    };
    let mk = || {
        let mut ls = Landscape::new(48, 40, p).unwrap();
        ls.set_uplift(Rate::Uniform(5e-4)).unwrap();
        ls
    };
    let mut one = mk();
    one.step(1e4, 12).unwrap();
    let mut many = mk();
    for _ in 0..12 {
        many.step(1e4, 1).unwrap();
    }
    let mut thirds = mk();
    for _ in 0..3 {
        thirds.step(1e4, 4).unwrap();
    }
    assert_eq!(fnv1a(one.heights()), fnv1a(many.heights()));
    assert_eq!(fnv1a(one.heights()), fnv1a(thirds.heights()));
    assert_eq!(one.receivers(), many.receivers());
    assert_eq!(one.time(), 12e4);
}

#[test]
fn extremes_of_every_parameter_give_finite_heights_in_range() {
    let mut rng = landform::rng::Mulberry32::new(11);
    let sizes = [(1, 1), (1, 9), (9, 1), (2, 2), (3, 3), (40, 25)];
    let mut runs = 0;
    for &(w, h) in &sizes {
        for m in [0.0, 2.0] {
            for n in [0.1, 1.0, 4.0] {
                for (k, kappa) in [(0.0, 1e4), (1.0, 0.0), (1.0, 1e4)] {
                    for cell_size in [1e-3, 1e6] {
                        let p = LandscapeParams {
                            m,
                            n,
                            k,
                            kappa,
                            cell_size,
                            sea_level: Some(0.5),
                            seed: runs,
                        };
                        let mut ls = Landscape::new(w, h, p).unwrap();
                        let up: Vec<f32> = (0..w * h).map(|_| rng.next_f32() * 2.0 - 1.0).collect();
                        ls.set_uplift(Rate::Map(up)).unwrap();
                        ls.step(1e7, 3).unwrap();
                        let bad = ls.heights().iter().position(|v| !(v.abs() <= 1e6));
                        assert_eq!(bad, None, "{w}×{h} {p:?}");
                        let a = ls.drainage_area();
                        assert!(a.iter().all(|v| v.is_finite() && *v > 0.0));
                        runs += 1;
                    }
                }
            }
        }
    }
    // White-noise heights at the ±1e6 limits under full uplift.
    let p = LandscapeParams {
        n: 0.1,
        k: 1.0,
        kappa: 1e4,
        ..LandscapeParams::default()
    };
    let mut ls = Landscape::new(30, 30, p).unwrap();
    let z: Vec<f32> = (0..900)
        .map(|_| (rng.next_f32() * 2.0 - 1.0) * 1e6)
        .collect();
    ls.set_heights(&z).unwrap();
    ls.set_uplift(Rate::Uniform(1.0)).unwrap();
    ls.step(1e7, 5).unwrap();
    assert!(ls.heights().iter().all(|v| v.abs() <= 1e6));
}

#[test]
fn bad_input_names_the_parameter_and_leaves_the_model_working() {
    let ok = LandscapeParams::default();
    assert_eq!(Landscape::new(0, 5, ok).unwrap_err().param(), "width");
    assert_eq!(Landscape::new(5, 0, ok).unwrap_err().param(), "height");
    assert_eq!(
        Landscape::new(1 << 15, 1 << 15, ok).unwrap_err().param(),
        "width"
    );
    for (p, name) in [
        (
            LandscapeParams {
                cell_size: 0.0,
                ..ok
            },
            "cellSize",
        ),
        (LandscapeParams { m: -0.1, ..ok }, "m"),
        (LandscapeParams { n: 0.0, ..ok }, "n"),
        (LandscapeParams { n: f64::NAN, ..ok }, "n"),
        (LandscapeParams { k: 2.0, ..ok }, "k"),
        (
            LandscapeParams {
                kappa: f64::INFINITY,
                ..ok
            },
            "kappa",
        ),
        (
            LandscapeParams {
                sea_level: Some(f32::NAN),
                ..ok
            },
            "seaLevel",
        ),
    ] {
        assert_eq!(Landscape::new(4, 4, p).unwrap_err().param(), name);
    }
    let mut ls = Landscape::new(4, 4, ok).unwrap();
    assert_eq!(
        ls.set_uplift(Rate::Uniform(2.0)).unwrap_err().param(),
        "uplift"
    );
    assert_eq!(
        ls.set_uplift(Rate::Uniform(f32::NAN)).unwrap_err().param(),
        "uplift"
    );
    assert_eq!(
        ls.set_uplift(Rate::Map(vec![0.0; 15])).unwrap_err().param(),
        "uplift"
    );
    let mut m = vec![0.0; 16];
    m[3] = f32::INFINITY;
    let e = ls.set_uplift(Rate::Map(m)).unwrap_err();
    assert!(e.to_string().contains("index 3"), "{e}");
    assert_eq!(
        ls.set_erodibility(Rate::Uniform(-1.0)).unwrap_err().param(),
        "erodibility"
    );
    assert_eq!(ls.set_heights(&[0.0; 3]).unwrap_err().param(), "heights");
    assert_eq!(ls.set_heights(&[2e6; 16]).unwrap_err().param(), "heights");
    assert_eq!(ls.step(0.0, 1).unwrap_err().param(), "dt");
    assert_eq!(ls.step(f64::NAN, 1).unwrap_err().param(), "dt");
    assert_eq!(ls.step(1.0, 0).unwrap_err().param(), "steps");
    assert_eq!(
        ls.set_params(LandscapeParams {
            cell_size: 5.0,
            ..ok
        })
        .unwrap_err()
        .param(),
        "cellSize"
    );
    assert_eq!(
        ls.set_outlets(Some(vec![true; 3])).unwrap_err().param(),
        "outlets"
    );
    // Nothing changed: the model still runs from where it was.
    ls.set_uplift(Rate::Uniform(1e-3)).unwrap();
    ls.step(1e3, 2).unwrap();
    assert_eq!(ls.steps_done(), 2);
    assert!(ls.heights()[5] > 1.0);
}
