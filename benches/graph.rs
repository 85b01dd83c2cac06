//! Field graphs, natively and single-threaded, in ratios measured in one run:
//!
//! 1. What each op costs on top of its leaves: a graph of one op over leaves `P`
//!    (classic Perlin fBm), `S` (simplex fBm) and `V` (value fBm), 4 octaves each,
//!    filled on 1024² against the sum of the leaves' own fills; and the issue's graph of
//!    three leaves and three ops, `add(scaleBias(P), mul(S, V))`.
//! 2. Against noise-rs 0.9 (`noise` crate) building the same graphs from its modules
//!    (`Fbm<Perlin>`, `Fbm<Simplex>`, `Fbm<Value>`, `Worley`, `Add`, `Multiply`,
//!    `ScaleBias`, `Max`), sampled point by point into the same grid, 2D and 3D.
//!
//! 3. Derivative fills (`fill2d_deriv`, three planes) over plain fills of the same
//!    graph on 512², and of the leaf `P` alone for reference (`-- deriv` for these alone).
//!
//! Each ratio is of the fastest of several runs of each side, taken in turns (the
//! machine may be loaded: only ratios within one run mean anything). Run with
//! `cargo bench --bench graph` (add `-- --quick` for fewer runs, op names to time only
//! those: `-- add scale`, the issue's graph is `add`; `-- deriv` and `-- noise-rs` for parts 3 and 2 alone).

use std::hint::black_box;
use std::time::Instant;

use landform::graph::{Graph, Plain};
use landform::Region;
use noise::core::worley::ReturnType;
use noise::{
    Add, Fbm, Max, MultiFractal, Multiply, NoiseFn, Perlin, ScaleBias, Simplex, Value, Worley,
};

const P: &str = r#"{"noise":"perlin","seed":1,"fractal":{"octaves":4}}"#;
const S: &str = r#"{"noise":"simplex","seed":2,"fractal":{"octaves":4}}"#;
const V: &str = r#"{"noise":"value","seed":3,"fractal":{"octaves":4}}"#;
const W: &str = r#"{"noise":"worley","seed":4}"#;

fn graph(json: &str) -> Graph {
    Graph::new(&serde_json::from_str::<Plain>(json).unwrap()).unwrap()
}

fn secs(f: &mut dyn FnMut()) -> f64 {
    let t = Instant::now();
    f();
    t.elapsed().as_secs_f64()
}

/// `min time(a) / min time(b)` over `runs` pairs timed back to back, and `min time(a)`:
/// on a loaded machine the fastest run of each is the one least disturbed.
fn ratio(runs: usize, a: &mut dyn FnMut(), b: &mut dyn FnMut()) -> (f64, f64) {
    let (mut ta, mut tb) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..runs {
        ta = ta.min(secs(a));
        tb = tb.min(secs(b));
    }
    (ta / tb, ta)
}

fn fill(g: &Graph, out: &mut [f32], r: &Region, dims: u32) {
    if dims == 2 {
        g.fill2d(out, r).unwrap();
    } else {
        g.fill3d(out, r).unwrap();
    }
    black_box(&out);
}

/// Per op: the graph's fill against the sum of its leaves' fills.
fn overhead(runs: usize, only: &[String]) {
    let n = 1024;
    let r = Region::new(n, n, 64.0);
    let mut out = vec![0.0f32; n * n];
    let one = |op: &str, params: &str, inputs: &[&str]| {
        format!(r#"{{"op":"{op}"{params},"inputs":[{}]}}"#, inputs.join(","))
    };
    let cases: Vec<(String, Vec<&str>)> = vec![
        ("abs", "", vec![P]),
        ("neg", "", vec![P]),
        ("clamp", "", vec![P]),
        ("scaleBias", r#","scale":2,"bias":0.5"#, vec![P]),
        ("pow", r#","exponent":1.7"#, vec![P]),
        (
            "curve",
            r#","points":[[-1,-1],[-0.3,0.2],[0.4,0.3],[1,1]]"#,
            vec![P],
        ),
        ("terrace", r#","points":[-1,-0.5,0,0.5,1]"#, vec![P]),
        ("remap", r#","from":[-1,1],"to":[0,1]"#, vec![P]),
        ("add", "", vec![P, S]),
        ("sub", "", vec![P, S]),
        ("mul", "", vec![P, S]),
        ("min", "", vec![P, S]),
        ("max", "", vec![P, S]),
        ("smoothMin", "", vec![P, S]),
        ("smoothMax", "", vec![P, S]),
        ("blend", "", vec![P, S, V]),
        ("select", r#","falloff":0.1"#, vec![P, S, V]),
        ("translate", r#","by":[0.5,0.25]"#, vec![P]),
        ("scale", r#","by":1.5"#, vec![P]),
        ("rotate", r#","angle":30"#, vec![P]),
        ("displace", "", vec![P, S, V]),
        ("turbulence", "", vec![P]),
        ("seedOffset", r#","by":3"#, vec![P]),
    ]
    .into_iter()
    .map(|(op, params, inputs)| (one(op, params, &inputs), inputs))
    .collect();
    let issue = format!(
        r#"{{"op":"add","inputs":[{{"op":"scaleBias","scale":0.5,"inputs":[{P}]}},{{"op":"mul","inputs":[{S},{V}]}}]}}"#
    );
    println!("1024² 2D fills; graph / sum of its leaves' own fills (fastest of {runs}):");
    for (json, inputs) in cases.iter().chain([&(issue, vec![P, S, V])]) {
        let op = json.split('"').nth(3).unwrap_or("?");
        if !only.is_empty() && !only.iter().any(|o| o == op) {
            continue;
        }
        let g = graph(json);
        let leaves: Vec<Graph> = inputs.iter().map(|j| graph(j)).collect();
        let mut leaf_out = vec![0.0f32; n * n];
        let (x, t) = ratio(runs, &mut || fill(&g, &mut out, &r, 2), &mut || {
            leaves.iter().for_each(|l| fill(l, &mut leaf_out, &r, 2))
        });
        let name = if json.starts_with(r#"{"op":"add","inputs":[{"op":"scaleBias""#) {
            "add(scaleBias(P), mul(S, V))".to_string()
        } else {
            format!("{op}({})", ["P", "S", "V"][..inputs.len()].join(", "))
        };
        println!("  {name:<30} {x:5.3}×   ({:.1} ms)", t * 1e3);
    }
}

/// A graph's derivative fill over its plain fill, 512² 2D.
fn derivatives(runs: usize) {
    let n = 512;
    let r = Region::new(n, n, 64.0);
    let (mut out, mut planes) = (vec![0.0f32; n * n], vec![0.0f32; 3 * n * n]);
    let cases = [
        ("P alone (a leaf)", P.to_string()),
        (
            "add(scaleBias(P), mul(S, V))",
            format!(
                r#"{{"op":"add","inputs":[{{"op":"scaleBias","scale":0.5,"inputs":[{P}]}},{{"op":"mul","inputs":[{S},{V}]}}]}}"#
            ),
        ),
        (
            "select(P, S, V)",
            format!(r#"{{"op":"select","falloff":0.1,"inputs":[{P},{S},{V}]}}"#),
        ),
        (
            "rotate(P)",
            format!(r#"{{"op":"rotate","angle":30,"inputs":[{P}]}}"#),
        ),
        (
            "displace(P, S, V)",
            format!(r#"{{"op":"displace","inputs":[{P},{S},{V}]}}"#),
        ),
    ];
    println!("{n}² 2D; fill2d_deriv / fill2d of the same graph (fastest of {runs}):");
    for (name, json) in cases {
        let g = graph(&json);
        let (x, t) = ratio(
            runs,
            &mut || {
                g.fill2d_deriv(&mut planes, &r).unwrap();
                black_box(&planes);
            },
            &mut || fill(&g, &mut out, &r, 2),
        );
        println!("  {name:<30} {x:5.3}×   ({:.1} ms)", t * 1e3);
    }
}

/// landform's graph fill against noise-rs sampling the same graph at every cell.
fn against_noise_rs(runs: usize) {
    let n = 512;
    let r = Region {
        z: 0.37,
        ..Region::new(n, n, 64.0)
    };
    let mut out = vec![0.0f32; n * n];
    let mut theirs = vec![0.0f64; n * n];
    let g1 = graph(&format!(
        r#"{{"op":"add","inputs":[{{"op":"scaleBias","scale":0.5,"inputs":[{P}]}},{{"op":"mul","inputs":[{S},{V}]}}]}}"#
    ));
    let g2 = graph(&format!(
        r#"{{"op":"max","inputs":[{{"op":"scaleBias","scale":0.5,"bias":-0.5,"inputs":[{W}]}},{P}]}}"#
    ));
    // noise-rs's modules are typed by dimension: each graph is built twice.
    macro_rules! n1 {
        () => {
            Add::new(
                ScaleBias::new(Fbm::<Perlin>::new(1).set_octaves(4)).set_scale(0.5),
                Multiply::new(
                    Fbm::<Simplex>::new(2).set_octaves(4),
                    Fbm::<Value>::new(3).set_octaves(4),
                ),
            )
        };
    }
    macro_rules! n2 {
        () => {
            Max::new(
                ScaleBias::new(Worley::new(4).set_return_type(ReturnType::Distance))
                    .set_scale(0.5)
                    .set_bias(-0.5),
                Fbm::<Perlin>::new(1).set_octaves(4),
            )
        };
    }
    let gw = graph(W);
    let w = || Worley::new(4).set_return_type(ReturnType::Distance);
    let (a2, a3, b2, b3) = (D2(n1!()), D3(n1!()), D2(n2!()), D3(n2!()));
    let (w2, w3) = (D2(w()), D3(w()));
    println!("{n}² grids, single-threaded; noise-rs time / landform time (fastest of {runs}):");
    for (name, g, theirs2, theirs3) in [
        (
            "add(scaleBias(P), mul(S, V))",
            &g1,
            &a2 as &dyn Sampled,
            &a3 as &dyn Sampled,
        ),
        (
            "max(scaleBias(W), P)",
            &g2,
            &b2 as &dyn Sampled,
            &b3 as &dyn Sampled,
        ),
        ("W alone (a leaf)", &gw, &w2 as &dyn Sampled, &w3 as &dyn Sampled),
    ] {
        for dims in [2u32, 3] {
            let t = if dims == 2 { theirs2 } else { theirs3 };
            let (x, theirs_t) = ratio(runs, &mut || t.grid(&mut theirs, &r), &mut || {
                fill(g, &mut out, &r, dims)
            });
            println!(
                "  {name:<30} {dims}D  {x:5.1}×   (noise-rs {:.1} ms)",
                theirs_t * 1e3
            );
        }
    }
}

/// A noise-rs function sampled at every cell of a region (2D, or 3D at `r.z`).
trait Sampled {
    fn grid(&self, out: &mut [f64], r: &Region);
}

struct D2<T>(T);
struct D3<T>(T);

impl<T: NoiseFn<f64, 2>> Sampled for D2<T> {
    fn grid(&self, out: &mut [f64], r: &Region) {
        for (j, row) in out.chunks_exact_mut(r.width).enumerate() {
            let y = r.y(j);
            for (i, o) in row.iter_mut().enumerate() {
                *o = self.0.get([r.x(i), y]);
            }
        }
        black_box(&out);
    }
}

impl<T: NoiseFn<f64, 3>> Sampled for D3<T> {
    fn grid(&self, out: &mut [f64], r: &Region) {
        for (j, row) in out.chunks_exact_mut(r.width).enumerate() {
            let y = r.y(j);
            for (i, o) in row.iter_mut().enumerate() {
                *o = self.0.get([r.x(i), y, r.z]);
            }
        }
        black_box(&out);
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let quick = args.iter().any(|a| a == "--quick");
    let only: Vec<String> = args.into_iter().filter(|a| !a.starts_with("--")).collect();
    let runs = if quick { 3 } else { 11 };
    let wants = |name: &str| only.is_empty() || only.iter().any(|o| o == name);
    if only.iter().all(|o| o != "noise-rs") {
        overhead(runs, &only);
    }
    if wants("deriv") {
        derivatives(runs);
    }
    if wants("noise-rs") {
        against_noise_rs(runs);
    }
}
