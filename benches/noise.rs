//! Native timings of the noise kernels on the browser benchmark's workloads, for the
//! wasm / native ratio: W1 2D one octave 1024² at (i/32, j/32); W2 2D fBm 8 octaves
//! (persistence 0.5, lacunarity 2, normalised) 512²; W3 3D 256² × 16 slices at
//! (i/32, j/32, k/8). Each through `Field::fill2d` / `fill3d` (grid-aware rows, the
//! same code the wasm build runs) and, for comparison, point by point; "far rows" is the
//! row fill with its first sample at (2³⁰, 2³⁰); "deriv/rows" is the time of the
//! derivative fill (`fill2d_deriv` / `fill3d_deriv`: value and gradient planes) over the
//! plain row fill's, in the same run.
//!
//! Run with `cargo bench --bench noise` (about 30 s). Prints million samples per second,
//! the median of N timed runs after warm-up. Add `-- --quick` for fewer runs, and noise
//! names (`-- --quick simplex`) to time only those kernels.

use std::hint::black_box;
use std::time::Instant;

use landform::spec::Spec;
use landform::{Field, Region};

/// Origin of the "far rows" column: 2³⁰ samples out on both axes.
const FAR: f64 = 1_073_741_824.0;

fn median(warm: usize, runs: usize, mut f: impl FnMut()) -> f64 {
    for _ in 0..warm {
        f();
    }
    let mut t: Vec<f64> = (0..runs)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed().as_secs_f64()
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[runs / 2]
}

struct Work {
    name: &'static str,
    n: usize,
    depth: usize,
    octaves: u32,
}

fn spec(noise: &str, w: &Work) -> Spec {
    let s = Spec::new(noise, 1);
    if w.octaves > 1 {
        s.fbm(w.octaves, 0.5, 2.0)
    } else {
        s
    }
}

/// How a workload is filled.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Rows,
    Points,
    Deriv,
}

/// A fill of workload `w` with its first sample at `(at, at)` (`out` holds the value
/// and gradient planes of every slice for [`Mode::Deriv`]).
fn fill(f: &Field, w: &Work, out: &mut [f32], mode: Mode, at: f64) {
    let n = w.n;
    let r = Region::new(n, n, 32.0).at(at, at);
    if w.depth == 0 {
        match mode {
            Mode::Points => f.fill2d_points(out, &r).unwrap(),
            Mode::Rows => f.fill2d(out, &r).unwrap(),
            Mode::Deriv => f.fill2d_deriv(out, &r).unwrap(),
        }
    } else {
        let len = if mode == Mode::Deriv {
            4 * n * n
        } else {
            n * n
        };
        for (k, slice) in out.chunks_exact_mut(len).enumerate() {
            let r = Region {
                z: k as f64 / 8.0,
                ..r
            };
            match mode {
                Mode::Points => f.fill3d_points(slice, &r).unwrap(),
                Mode::Rows => f.fill3d(slice, &r).unwrap(),
                Mode::Deriv => f.fill3d_deriv(slice, &r).unwrap(),
            }
        }
    }
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let (warm, runs) = if quick { (1, 3) } else { (2, 9) };
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let works = [
        Work {
            name: "W1",
            n: 1024,
            depth: 0,
            octaves: 1,
        },
        Work {
            name: "W2",
            n: 512,
            depth: 0,
            octaves: 8,
        },
        Work {
            name: "W3",
            n: 256,
            depth: 16,
            octaves: 1,
        },
    ];
    println!(
        "native noise kernels (row vectors: {}), median of {runs} runs",
        landform::simd::BACKEND
    );
    println!(
        "{:<5}{:<17}{:>14}{:>16}{:>9}{:>13}{:>12}",
        "work", "noise", "rows Msamp/s", "points Msamp/s", "rows/pt", "far rows", "deriv/rows"
    );
    for w in &works {
        let samples = w.n * w.n * w.depth.max(1);
        let mut out = vec![0.0f32; samples];
        let mut deriv = vec![0.0f32; samples * if w.depth == 0 { 3 } else { 4 }];
        for noise in ["simplex", "perlin", "value", "perlin-improved", "worley"] {
            if !only.is_empty() && !only.iter().any(|o| o == noise) {
                continue;
            }
            let f = Field::new(&spec(noise, w)).unwrap();
            let rows = median(warm, runs, || {
                fill(&f, w, &mut out, Mode::Rows, 0.0);
                black_box(&out);
            });
            let far = median(warm, runs, || {
                fill(&f, w, &mut out, Mode::Rows, FAR);
                black_box(&out);
            });
            let pts = median(warm, runs, || {
                fill(&f, w, &mut out, Mode::Points, 0.0);
                black_box(&out);
            });
            let d = median(warm, runs, || {
                fill(&f, w, &mut deriv, Mode::Deriv, 0.0);
                black_box(&deriv);
            });
            let m = |s: f64| samples as f64 / s / 1e6;
            println!(
                "{:<5}{:<17}{:>14.1}{:>16.1}{:>8.2}×{:>13.1}{:>12}",
                w.name,
                noise,
                m(rows),
                m(pts),
                pts / rows,
                m(far),
                format!("{:.2}×", d / rows)
            );
        }
    }
}
