//! What several test files share: test maps built from first principles (Mulberry32 +
//! bilinear lattice), so the erosion and hydrology tests do not depend on the noise
//! modules; the FNV-1a hash; the golden specs and their hashes, asserted natively
//! (tests/field.rs, rows.rs, precision.rs) and in the browser (tests/web.rs).
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

/// FNV-1a (32-bit) of a byte stream.
pub fn fnv1a_bytes(bytes: impl IntoIterator<Item = u8>) -> u32 {
    bytes.into_iter().fold(0x811C_9DC5u32, |h, b| {
        (h ^ b as u32).wrapping_mul(0x0100_0193)
    })
}

/// FNV-1a over the little-endian f32 bits: the golden hashes.
pub fn fnv1a(v: &[f32]) -> u32 {
    fnv1a_bytes(v.iter().flat_map(|x| x.to_bits().to_le_bytes()))
}

/// One noise per kernel: the teaching variants share Perlin's kernel, and
/// `perlin-linear` stands for them.
pub const KERNELS: [&str; 6] = [
    "value",
    "perlin",
    "perlin-improved",
    "simplex",
    "worley",
    "perlin-linear",
];

/// Hashes of the [`golden_specs`] filled on a 64 × 48 tile at scale 32 from (−7, 3).
pub const GOLDEN: [u32; 6] = [
    235739019, 2913677870, 2979923166, 2189052409, 1968454372, 1839482761,
];

/// The same tile at (2³¹ − 7, −2³¹ + 3), where coordinates are split in f64 (Worley
/// shifts, the f64 simplex path). The first three equal [`GOLDEN`]: 2³¹ samples at scale
/// 32 are a whole number of 256-cell periods, and the split removes them exactly.
pub const FAR_GOLDEN: [u32; 6] = [
    235739019, 2913677870, 2979923166, 2812292872, 1417188990, 4050250341,
];

/// The 3D golden specs: `noise`, seed 11, fBm of 3 octaves; the slice at z = 0.7 of the
/// [`GOLDEN`] tile.
/// FNV-1a of the derivative fills (all planes) of the golden specs, the sixth with
/// Worley F1 instead of F2 − F1: tests/deriv.rs natively, tests/web.rs in wasm.
pub const GOLDEN_DERIV: [u32; 6] = [
    677300113, 1332697497, 2865835470, 2453051895, 3982270790, 2074314829,
];
/// The same on the far tile of [`FAR_GOLDEN`] (the first three equal [`GOLDEN_DERIV`],
/// as there).
pub const FAR_GOLDEN_DERIV: [u32; 6] = [
    677300113, 1332697497, 2865835470, 1545665862, 905624962, 1888523447,
];
/// The 3D derivative fills (four planes) of [`golden_3d_spec`] of the first four
/// [`GOLDEN_3D_NOISES`] at z = 0.7.
pub const GOLDEN_DERIV_3D: [u32; 4] = [147156835, 3200134977, 824126442, 3787643705];
pub const GOLDEN_3D_NOISES: [&str; 5] = ["value", "perlin", "perlin-improved", "simplex", "worley"];
pub const GOLDEN_3D: [u32; 5] = [1162631695, 1052204395, 3117968204, 1748332595, 2801774704];

pub fn golden_3d_spec(noise: &str) -> Spec {
    Spec::new(noise, 11).fbm(3, 0.5, 2.0)
}

/// A graph of three leaves and most kinds of op (tests/graph.rs natively, tests/web.rs
/// in wasm): its fills on the [`GOLDEN`] tile, 2D and the 3D slice at z = 0.7.
pub const GRAPH_GOLDEN_JSON: &str = r#"{"op":"add","inputs":[
  {"op":"select","threshold":0,"falloff":0.1,"inputs":[
    {"noise":"perlin","seed":42,"fractal":{"octaves":4}},
    {"op":"rotate","angle":20,"axis":[0,1,1],"inputs":[{"noise":"simplex","seed":7,"fractal":{"kind":"ridged","octaves":3}}]},
    {"op":"scale","by":0.5,"inputs":[{"noise":"value","seed":3,"fractal":{"octaves":2}}]}]},
  {"op":"terrace","points":[-1,-0.2,0.3,1],"inputs":[{"op":"turbulence","power":0.2,"inputs":[{"noise":"worley","seed":5}]}]},
  {"op":"curve","points":[[0,0],[2,0.5],[4,0]],"inputs":[{"op":"distance","to":[1,1,0]}]}]}"#;
pub const GRAPH_GOLDEN: [u32; 2] = [84041385, 1376217973];
