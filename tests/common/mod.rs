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

/// [`GRAPH_GOLDEN_JSON`] with `pow` for its `terrace` (which has no derivative): the
/// golden graph of derivative fills.
pub fn graph_deriv_golden_json() -> String {
    GRAPH_GOLDEN_JSON.replace(
        r#""op":"terrace","points":[-1,-0.2,0.3,1]"#,
        r#""op":"pow","exponent":1.5"#,
    )
}
/// FNV-1a of its 2D derivative planes and 3D slice planes (tests/graph_deriv.rs,
/// tests/web.rs), on the region of [`GRAPH_GOLDEN`].
pub const GRAPH_DERIV_GOLDEN: [u32; 2] = [3697721029, 1957687137];

/// A graph's plain `dims`-D fill of `r`.
pub fn graph_fill(g: &landform::graph::Graph, r: &landform::Region, dims: u32) -> Vec<f32> {
    let mut out = vec![0.0; r.len()];
    if dims == 2 {
        g.fill2d(&mut out, r).unwrap();
    } else {
        g.fill3d(&mut out, r).unwrap();
    }
    out
}

/// A random graph of at most `depth` levels over random leaves, every op and parameter
/// drawn within its documented range (`r` yields uniform numbers in [0, 1)). With
/// `derivable`, only what has a derivative: Worley F1 for F2 − F1, `smoothMin` for
/// `terrace` (the same draws otherwise).
pub fn random_graph(r: &mut dyn FnMut() -> f64, depth: u32, derivable: bool) -> String {
    let pick = |r: &mut dyn FnMut() -> f64, n: usize| ((r() * n as f64) as usize).min(n - 1);
    let num = |r: &mut dyn FnMut() -> f64, lo: f64, hi: f64| lo + (hi - lo) * r();
    if depth <= 1 || r() < 0.2 {
        let leaf = [
            r#"{"noise":"perlin","seed":SEED,"fractal":{"octaves":2}}"#,
            r#"{"noise":"simplex","seed":SEED,"fractal":{"kind":"ridged","octaves":3}}"#,
            r#"{"noise":"value","seed":SEED,"warp":{"strength":0.7}}"#,
            r#"{"noise":"worley","seed":SEED,"worley":{"return":"f2-f1"}}"#,
            r#"{"noise":"perlin-improved","seed":SEED,"fractal":{"kind":"billow","octaves":2}}"#,
            r#"{"op":"constant","value":0.3}"#,
            r#"{"op":"clamp","inputs":[{"op":"y"}]}"#,
            r#"{"op":"clamp","min":0,"max":4,"inputs":[{"op":"distance","to":[1,-2,0.5]}]}"#,
        ];
        let seed = (r() * 1000.0) as u32;
        let leaf = leaf[pick(r, leaf.len())];
        let leaf = if derivable {
            leaf.replace(r#","worley":{"return":"f2-f1"}"#, "")
        } else {
            leaf.to_string()
        };
        return leaf.replace("SEED", &seed.to_string());
    }
    let kid = |r: &mut dyn FnMut() -> f64| random_graph(r, depth - 1, derivable);
    let n = pick(r, 22);
    let (op, params, arity) = match n {
        0 => ("add", String::new(), 2 + pick(r, 3)),
        1 => ("sub", String::new(), 2),
        2 => ("mul", String::new(), 2),
        3 => ("min", String::new(), 3),
        4 => ("max", String::new(), 2),
        5 => ("smoothMin", format!(r#","k":{}"#, num(r, 0.01, 1.0)), 2),
        6 => ("smoothMax", format!(r#","k":{}"#, num(r, 0.01, 1.0)), 2),
        7 => ("abs", String::new(), 1),
        8 => ("neg", String::new(), 1),
        9 => (
            "clamp",
            format!(r#","min":{},"max":{}"#, num(r, -1.0, 0.0), num(r, 0.0, 1.0)),
            1,
        ),
        10 => (
            "scaleBias",
            format!(
                r#","scale":{},"bias":{}"#,
                num(r, -3.0, 3.0),
                num(r, -1.0, 1.0)
            ),
            1,
        ),
        11 => ("pow", format!(r#","exponent":{}"#, num(r, 0.2, 3.0)), 1),
        12 => (
            "curve",
            r#","points":[[-1,0.5],[0,-0.2],[0.5,0.9],[2,1]]"#.to_string(),
            1,
        ),
        13 if derivable => ("smoothMin", format!(r#","k":{}"#, num(r, 0.01, 1.0)), 2),
        13 => (
            "terrace",
            format!(
                r#","points":[-1,0,{},1.5],"invert":{}"#,
                num(r, 0.1, 0.9),
                r() < 0.5
            ),
            1,
        ),
        14 => (
            "remap",
            format!(
                r#","from":[-1,1],"to":[{},{}]"#,
                num(r, -2.0, 0.0),
                num(r, 0.1, 2.0)
            ),
            1,
        ),
        15 => ("blend", String::new(), 3),
        16 => (
            "select",
            format!(
                r#","threshold":{},"falloff":{}"#,
                num(r, -0.5, 0.5),
                num(r, 0.0, 0.3)
            ),
            3,
        ),
        17 => (
            "translate",
            format!(
                r#","by":[{},{},{}]"#,
                num(r, -9.0, 9.0),
                num(r, -9.0, 9.0),
                num(r, -2.0, 2.0)
            ),
            1,
        ),
        18 => ("scale", format!(r#","by":{}"#, num(r, -3.0, 3.0)), 1),
        19 => (
            "rotate",
            format!(
                r#","angle":{},"axis":[{},{},1]"#,
                num(r, -180.0, 180.0),
                num(r, -1.0, 1.0),
                num(r, -1.0, 1.0)
            ),
            1,
        ),
        20 => ("displace", String::new(), 3 + pick(r, 2)),
        _ => (
            "turbulence",
            format!(
                r#","power":{},"roughness":{}"#,
                num(r, 0.0, 1.0),
                1 + pick(r, 3)
            ),
            1,
        ),
    };
    let inputs: Vec<String> = (0..arity).map(|_| kid(&mut *r)).collect();
    format!(r#"{{"op":"{op}"{params},"inputs":[{}]}}"#, inputs.join(","))
}

/// The relative error bound: |analytic − central difference| ≤ BOUND · (1 + |∇|) per
/// component, with step H (f32 rounding of the values over 2H, and H² times the third
/// derivative, are both far below it).
pub const BOUND: f32 = 5e-3;
pub const H: f64 = 1.0 / 1024.0;

/// Compares the analytic gradient `g` with central differences of `f` on every axis
/// (Richardson's combination of steps H and H/2, so that truncation is O(H⁴) and f32
/// rounding dominates). With `creased` (ridged, billow, turbulence: |n| has creases
/// where an octave crosses zero, and no derivative exists there) a stencil across a
/// crease is skipped: it shows as one-sided differences that disagree (a crease near
/// the point) or as central differences over H and H/2 that disagree (near the
/// stencil's end). Returns whether it compared.
pub fn check_point(
    f: impl Fn([f64; 3]) -> f32,
    p: [f64; 3],
    g: &[f32],
    creased: bool,
    what: &str,
) -> bool {
    let n = g.len();
    let norm = g.iter().map(|v| v * v).sum::<f32>().sqrt();
    let mut central = vec![0.0f32; n];
    for a in 0..n {
        let at = |d: f64| {
            let mut q = p;
            q[a] += d;
            f(q) as f64
        };
        let (lo, half_lo, mid, half_hi, hi) = (at(-H), at(-H / 2.0), at(0.0), at(H / 2.0), at(H));
        let (back, fwd) = ((mid - lo) / H, (hi - mid) / H);
        let (wide, narrow) = ((hi - lo) / (2.0 * H), (half_hi - half_lo) / H);
        let one_sided = (fwd - back).abs() > 0.05 * (1.0 + fwd.abs().max(back.abs()));
        let scales = (wide - narrow).abs() > (BOUND as f64 / 2.0) * (1.0 + norm as f64);
        if creased && (one_sided || scales) {
            return false;
        }
        central[a] = ((4.0 * narrow - wide) / 3.0) as f32;
    }
    for a in 0..n {
        assert!(
            (g[a] - central[a]).abs() <= BOUND * (1.0 + norm),
            "{what}: ∂{a} analytic {} vs central difference {} at {p:?}",
            g[a],
            central[a]
        );
    }
    true
}
