//! Test maps built from first principles (Mulberry32 + bilinear lattice), so the
//! erosion and hydrology tests do not depend on the noise modules.
#![allow(dead_code)]

use landform::rng::Mulberry32;
use landform::spec::{Spec, WarpSpec};

/// A bumpy map in roughly `[0, 1]`: three octaves of bilinear value noise.
pub fn bumpy_map(w: usize, h: usize, seed: u32) -> Vec<f32> {
    let mut out = vec![0.0f32; w * h];
    let mut amp = 0.5;
    for (octave, cell) in [(0u32, 16usize), (1, 8), (2, 4)] {
        let (lw, lh) = (w / cell + 2, h / cell + 2);
        let mut rng = Mulberry32::new(seed.wrapping_mul(31).wrapping_add(octave));
        let lattice: Vec<f32> = (0..lw * lh).map(|_| rng.next_f32()).collect();
        for y in 0..h {
            for x in 0..w {
                let (fx, fy) = (x as f32 / cell as f32, y as f32 / cell as f32);
                let (ix, iy) = (fx as usize, fy as usize);
                let (u, v) = (fx - ix as f32, fy - iy as f32);
                let at = |x: usize, y: usize| lattice[y * lw + x];
                let top = at(ix, iy) * (1.0 - u) + at(ix + 1, iy) * u;
                let bot = at(ix, iy + 1) * (1.0 - u) + at(ix + 1, iy + 1) * u;
                out[y * w + x] += amp * (top * (1.0 - v) + bot * v);
            }
        }
        amp *= 0.5;
    }
    out
}

/// White noise in `[0, 1)`: the worst case for depression filling.
pub fn white_noise(w: usize, h: usize, seed: u32) -> Vec<f32> {
    let mut rng = Mulberry32::new(seed);
    (0..w * h).map(|_| rng.next_f32()).collect()
}

/// A cone centred on the grid, 1 at the centre and 0 at distance `n/2`.
pub fn cone(n: usize) -> Vec<f32> {
    let c = (n - 1) as f32 / 2.0;
    let mut out = vec![0.0f32; n * n];
    for y in 0..n {
        for x in 0..n {
            let (dx, dy) = (x as f32 - c, y as f32 - c);
            out[y * n + x] = (1.0 - (dx * dx + dy * dy).sqrt() / (n as f32 / 2.0)).max(0.0);
        }
    }
    out
}

pub fn sum(v: &[f32]) -> f64 {
    v.iter().map(|&x| x as f64).sum()
}

/// The six specs the golden hashes cover (tests/field.rs near the origin, tests/precision.rs
/// at the coordinate limit): every kernel, fBm, a warp and Worley F2 − F1.
pub fn golden_specs() -> Vec<Spec> {
    let mut warped = Spec::new("perlin", 42).fbm(4, 0.5, 2.0);
    warped.warp = Some(WarpSpec {
        strength: 1.5,
        seed: 9.0,
        octaves: 2.0,
        frequency: 1.0,
    });
    let mut cells = Spec::new("worley", 5).fbm(2, 0.5, 2.0);
    cells.worley.returns = "f2-f1".into();
    vec![
        Spec::new("perlin", 42).fbm(4, 0.5, 2.0),
        Spec::new("value", 42).fbm(4, 0.5, 2.0),
        Spec::new("perlin-improved", 1337),
        warped,
        Spec::new("simplex", 7).fbm(3, 0.5, 2.0),
        cells,
    ]
}
