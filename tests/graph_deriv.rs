//! Derivative fills through field graphs (`Graph::fill2d_deriv`, `fill3d_deriv`):
//! random graphs of every differentiable op against central finite differences of
//! their point samples, the value plane against `Graph::fill2d` bit for bit, a graph
//! that only moves one leaf against the leaf's own derivative fill, bands against the
//! whole, and the errors naming their node.

mod common;

use common::{
    check_point, fnv1a, graph_deriv_golden_json, graph_fill, random_graph, GRAPH_DERIV_GOLDEN,
};
use landform::graph::{Graph, Plain};
use landform::rng::Mulberry32;
use landform::{Field, Region, Spec};

fn graph(json: &str) -> Graph {
    let p: Plain = serde_json::from_str(json).unwrap();
    Graph::new(&p).unwrap_or_else(|e| panic!("{e}\n{json}"))
}

/// The planes of a `dims`-D derivative fill.
fn deriv(g: &Graph, r: &Region, dims: u32) -> Vec<f32> {
    let mut out = vec![0.0; (dims as usize + 1) * r.len()];
    if dims == 2 {
        g.fill2d_deriv(&mut out, r).unwrap();
    } else {
        g.fill3d_deriv(&mut out, r).unwrap();
    }
    out
}

fn bits(v: &[f32]) -> Vec<u32> {
    v.iter().map(|v| v.to_bits()).collect()
}

/// 150 random graphs of depth up to 4 over derivable leaves, in 2D and 3D: every
/// gradient within `common::BOUND · (1 + |∇|)` of Richardson central differences of
/// `sample2d` / `sample3d`, skipping stencils across a kink (abs, min, max, clamp,
/// select and blend edges, curve ends, ridged leaves; seen as one-sided differences
/// that disagree); the value plane is `fill2d`'s bits.
#[test]
fn random_graphs_match_central_differences_and_fill_their_values() {
    let mut m = Mulberry32::new(15);
    let mut r = move || m.next_f32() as f64;
    let (mut compared, mut total) = (0, 0);
    for _ in 0..150 {
        let json = random_graph(&mut r, 4, true);
        let g = graph(&json);
        let region = Region {
            z: -0.6,
            ..Region::new(5, 4, 3.0 + 20.0 * r() as f32).at(-40, 25)
        };
        for dims in [2, 3] {
            let out = deriv(&g, &region, dims);
            let n = region.len();
            assert_eq!(
                bits(&out[..n]),
                bits(&graph_fill(&g, &region, dims)),
                "{json} {dims}D"
            );
            for j in 0..region.height {
                for i in 0..region.width {
                    let k = j * region.width + i;
                    let p = [
                        region.x(i),
                        region.y(j),
                        if dims == 2 { 0.0 } else { region.z },
                    ];
                    let grad: Vec<f32> = (1..=dims as usize).map(|c| out[c * n + k]).collect();
                    assert!(
                        grad.iter().all(|v| v.is_finite()),
                        "{json} {dims}D: {grad:?}"
                    );
                    let sample = |q: [f64; 3]| {
                        if dims == 2 {
                            g.sample2d(q[0], q[1])
                        } else {
                            g.sample3d(q[0], q[1], q[2]).unwrap()
                        }
                    };
                    let point = if dims == 2 {
                        g.sample2d_deriv(p[0], p[1]).unwrap().to_vec()
                    } else {
                        g.sample3d_deriv(p[0], p[1], p[2]).unwrap().to_vec()
                    };
                    let cell: Vec<f32> = (0..=dims as usize).map(|c| out[c * n + k]).collect();
                    assert_eq!(bits(&point), bits(&cell), "{json} {dims}D point sample");
                    total += 1;
                    let what = format!("{json} {dims}D");
                    compared += check_point(sample, p, &grad, true, &what) as usize;
                }
            }
        }
    }
    // Kinks are everywhere in random graphs of min, max, abs and clamp, yet most
    // stencils miss them.
    assert!(compared * 100 >= total * 70, "{compared} of {total}");
}

/// Each op on its own over one smooth leaf, with its parameters where the op is smooth
/// at most samples: every one compares at most points.
#[test]
fn each_op_matches_central_differences() {
    let p = r#"{"noise":"perlin","seed":3,"fractal":{"octaves":3}}"#;
    let s = r#"{"noise":"simplex","seed":8,"fractal":{"octaves":2}}"#;
    let ops = [
        format!(r#"{{"op":"add","inputs":[{p},{s},{{"op":"x"}}]}}"#),
        format!(r#"{{"op":"sub","inputs":[{p},{s}]}}"#),
        format!(r#"{{"op":"mul","inputs":[{p},{s},{{"op":"y"}}]}}"#),
        format!(r#"{{"op":"min","inputs":[{p},{s}]}}"#),
        format!(r#"{{"op":"max","inputs":[{p},{s}]}}"#),
        format!(r#"{{"op":"smoothMin","k":0.5,"inputs":[{p},{s}]}}"#),
        format!(r#"{{"op":"smoothMax","k":0.3,"inputs":[{p},{s}]}}"#),
        format!(r#"{{"op":"abs","inputs":[{p}]}}"#),
        format!(r#"{{"op":"neg","inputs":[{p}]}}"#),
        format!(r#"{{"op":"clamp","min":-0.2,"max":0.3,"inputs":[{p}]}}"#),
        format!(r#"{{"op":"scaleBias","scale":-2.5,"bias":1,"inputs":[{p}]}}"#),
        format!(r#"{{"op":"pow","exponent":2.5,"inputs":[{p}]}}"#),
        format!(r#"{{"op":"curve","points":[[-1,0.5],[0,-0.2],[0.5,0.9],[2,1]],"inputs":[{p}]}}"#),
        format!(r#"{{"op":"remap","from":[-1,1],"to":[3,-2],"inputs":[{p}]}}"#),
        format!(r#"{{"op":"blend","inputs":[{p},{s},{{"op":"scaleBias","scale":3,"inputs":[{p}]}}]}}"#),
        format!(r#"{{"op":"select","threshold":0.1,"falloff":0.3,"inputs":[{p},{s},{s}]}}"#),
        format!(r#"{{"op":"translate","by":[3,-2,1],"inputs":[{p}]}}"#),
        format!(r#"{{"op":"scale","by":[2,-0.5,3],"inputs":[{p}]}}"#),
        format!(r#"{{"op":"rotate","angle":40,"axis":[1,2,3],"inputs":[{s}]}}"#),
        format!(r#"{{"op":"displace","inputs":[{p},{s},{{"op":"scaleBias","scale":0.5,"inputs":[{p}]}},{{"op":"y"}}]}}"#),
        format!(r#"{{"op":"turbulence","power":0.4,"roughness":2,"inputs":[{s}]}}"#),
        format!(r#"{{"op":"seedOffset","by":7,"inputs":[{p}]}}"#),
        r#"{"op":"add","inputs":[{"op":"constant","value":2},{"op":"z"},{"op":"distance","to":[1,-2,0.5]}]}"#.to_string(),
    ];
    let region = Region {
        z: 0.35,
        ..Region::new(7, 6, 4.0).at(-9, 13)
    };
    for json in &ops {
        let g = graph(json);
        for dims in [2, 3] {
            let out = deriv(&g, &region, dims);
            let n = region.len();
            let mut compared = 0;
            for k in 0..n {
                let (i, j) = (k % region.width, k / region.width);
                let p = [
                    region.x(i),
                    region.y(j),
                    if dims == 2 { 0.0 } else { region.z },
                ];
                let grad: Vec<f32> = (1..=dims as usize).map(|c| out[c * n + k]).collect();
                let sample = |q: [f64; 3]| {
                    if dims == 2 {
                        g.sample2d(q[0], q[1])
                    } else {
                        g.sample3d(q[0], q[1], q[2]).unwrap()
                    }
                };
                compared += check_point(sample, p, &grad, true, json) as usize;
            }
            assert!(compared * 10 >= n * 8, "{json} {dims}D: {compared} of {n}");
        }
    }
}

/// `translate` by 0 and `scale` by 1 move nothing: the leaf's own derivative planes, bit
/// for bit, in 2D and 3D; and a fill cut in bands of rows equals the whole.
#[test]
fn a_graph_of_one_moved_leaf_is_the_leaf_and_bands_equal_the_whole() {
    let spec = Spec::new("simplex", 11).fbm(4, 0.5, 2.0);
    let f = Field::new(&spec).unwrap();
    let leaf = serde_json::to_string(&spec).unwrap();
    let region = Region {
        z: 1.25,
        ..Region::new(33, 21, 7.0).at(-100, 40)
    };
    for json in [
        format!(r#"{{"op":"translate","inputs":[{leaf}]}}"#),
        format!(r#"{{"op":"scale","by":1,"inputs":[{leaf}]}}"#),
    ] {
        let g = graph(&json);
        for dims in [2, 3] {
            let mut want = vec![0.0; (dims as usize + 1) * region.len()];
            if dims == 2 {
                f.fill2d_deriv(&mut want, &region).unwrap();
            } else {
                f.fill3d_deriv(&mut want, &region).unwrap();
            }
            let got = deriv(&g, &region, dims);
            assert_eq!(bits(&got), bits(&want), "{json} {dims}D");
        }
    }
    // Bands: a 300-wide region makes bands of 54 rows; 130 rows are three bands.
    let g = graph(&format!(
        r#"{{"op":"rotate","angle":30,"inputs":[{{"op":"mul","inputs":[{leaf},{{"op":"x"}}]}}]}}"#
    ));
    let big = Region::new(300, 130, 50.0).at(-20, -70);
    let whole = deriv(&g, &big, 2);
    let n = big.len();
    for rows in [(0, 1), (53, 3), (100, 30)] {
        let part = Region {
            height: rows.1,
            ..big
        }
        .at(-20, -70 + rows.0 as i32);
        let out = deriv(&g, &part, 2);
        let m = part.len();
        for c in 0..3 {
            let at = c * n + rows.0 * big.width;
            assert_eq!(
                bits(&out[c * m..(c + 1) * m]),
                bits(&whole[at..at + m]),
                "plane {c}"
            );
        }
    }
}

#[test]
fn graphs_without_a_derivative_say_which_node() {
    let p = r#"{"noise":"perlin","seed":3}"#;
    let region = Region::new(4, 4, 2.0);
    let mut out = vec![0.0; 3 * region.len()];
    let terrace = graph(&format!(
        r#"{{"op":"add","inputs":[{p},{{"op":"terrace","points":[0,1],"inputs":[{p}]}}]}}"#
    ));
    let e = terrace.fill2d_deriv(&mut out, &region).unwrap_err();
    assert_eq!(e.path(), "inputs[1].op", "{e}");
    let e = terrace.sample2d_deriv(0.5, 0.5).unwrap_err();
    assert_eq!(e.path(), "inputs[1].op", "{e}");
    let e = terrace.sample3d_deriv(0.5, 0.5, 0.5).unwrap_err();
    assert_eq!(e.path(), "inputs[1].op", "{e}");
    assert!(e.to_string().contains("terrace"), "{e}");
    let worley = graph(&format!(
        r#"{{"op":"neg","inputs":[{{"op":"max","inputs":[{p},{{"noise":"worley","seed":1,"worley":{{"return":"f2"}}}}]}}]}}"#
    ));
    let e = worley.fill2d_deriv(&mut out, &region).unwrap_err();
    assert_eq!(e.path(), "inputs[0].inputs[1].noise", "{e}");
    let ok = graph(&format!(r#"{{"op":"neg","inputs":[{p}]}}"#));
    let e = ok.fill2d_deriv(&mut out[..47], &region).unwrap_err();
    assert_eq!(e.path(), "out", "{e}");
    let flat = graph(r#"{"op":"neg","inputs":[{"noise":"perlin","period":[4,4]}]}"#);
    let e = flat.fill3d_deriv(&mut vec![0.0; 64], &region).unwrap_err();
    assert_eq!(e.path(), "inputs[0].period", "{e}");
    let e = flat.sample3d_deriv(0.0, 0.0, 0.0).unwrap_err();
    assert_eq!(e.path(), "inputs[0].period", "{e}");
}

/// `common::GRAPH_DERIV_GOLDEN`: the golden graph's derivative planes (wasm, scalar and
/// SIMD, must give the same: tests/web.rs).
#[test]
fn the_golden_graph_derivative_hashes() {
    let g = graph(&graph_deriv_golden_json());
    let r = Region {
        z: 0.7,
        ..Region::new(64, 48, 32.0).at(-7, 3)
    };
    let got = [2, 3].map(|dims| fnv1a(&deriv(&g, &r, dims)));
    assert_eq!(got, GRAPH_DERIV_GOLDEN);
}
