//! Field graphs: a leaf is today's field bit for bit; fills equal point samples and any
//! split of them; every op computes what docs/graphs.md says; bounds hold and are
//! reached; every bad spec is an error naming its node path; the golden hash.

mod common;

use common::{fnv1a, graph_fill as fill, random_graph, GRAPH_GOLDEN, GRAPH_GOLDEN_JSON};
use landform::graph::presets::presets;
use landform::graph::{Graph, Plain};
use landform::{Field, Region, Spec};

fn plain(json: &str) -> Plain {
    serde_json::from_str(json).unwrap()
}

fn graph(json: &str) -> Graph {
    Graph::new(&plain(json)).unwrap_or_else(|e| panic!("{e}\n{json}"))
}

fn err(json: &str) -> landform::Error {
    match Graph::new(&plain(json)) {
        Ok(_) => panic!("accepted {json}"),
        Err(e) => e,
    }
}

const P: &str = r#"{"noise":"perlin","seed":3,"fractal":{"octaves":3}}"#;
const S: &str = r#"{"noise":"simplex","seed":4,"fractal":{"kind":"ridged","octaves":2}}"#;
const W: &str = r#"{"noise":"worley","seed":5}"#;

/// One graph that uses every op, leaves of every kind and warps under domain ops.
fn every_op() -> String {
    format!(
        r#"{{"op":"add","inputs":[
        {{"op":"select","threshold":0.1,"falloff":0.2,"inputs":[
            {{"op":"smoothMin","k":0.3,"inputs":[{P},{S}]}},
            {{"op":"smoothMax","inputs":[{W},{{"op":"neg","inputs":[{P}]}}]}},
            {{"op":"rotate","angle":30,"axis":[1,2,3],"inputs":[{S}]}}]}},
        {{"op":"blend","inputs":[
            {{"op":"curve","points":[[-1,-1],[0,0.5],[0.5,0.2],[1,1]],"inputs":[{P}]}},
            {{"op":"terrace","points":[-1,0,0.4,1],"invert":true,"inputs":[{S}]}},
            {{"op":"translate","by":[0.3,-2,1],"inputs":[{{"op":"scale","by":[2,0.5,3],"inputs":[{P}]}}]}}]}},
        {{"op":"mul","inputs":[
            {{"op":"clamp","min":-0.5,"max":0.7,"inputs":[{{"op":"pow","exponent":1.5,"inputs":[{P}]}}]}},
            {{"op":"remap","from":[0,2],"to":[1,-1],"inputs":[{{"op":"abs","inputs":[{W}]}}]}},
            {{"op":"scaleBias","scale":0.5,"bias":0.25,"inputs":[{{"op":"seedOffset","by":9,"inputs":[{S}]}}]}}]}},
        {{"op":"displace","inputs":[
            {{"noise":"perlin","seed":8,"warp":{{"strength":0.5}}}},
            {{"op":"constant","value":0.25}},
            {{"op":"clamp","inputs":[{{"op":"y"}}]}},
            {{"op":"clamp","inputs":[{{"op":"z"}}]}}]}},
        {{"op":"turbulence","power":0.3,"roughness":2,"inputs":[{{"op":"clamp","min":0,"max":3,"inputs":[{{"op":"distance","to":[1,2,0.5]}}]}}]}},
        {{"op":"min","inputs":[{{"op":"clamp","inputs":[{{"op":"x"}}]}},{S}]}},
        {{"op":"max","inputs":[{{"op":"sub","inputs":[{P},{W}]}},{S}]}}]}}"#
    )
}

#[test]
fn a_leaf_graph_is_the_field_bit_for_bit() {
    let r = Region::new(64, 48, 32.0).at(-7, 3);
    for spec in common::golden_specs() {
        let f = Field::new(&spec).unwrap();
        let g = Graph::leaf(spec).unwrap();
        let mut want = vec![0.0; r.len()];
        f.fill2d(&mut want, &r).unwrap();
        assert_eq!(fill(&g, &r, 2), want);
        assert_eq!(g.range(), f.range());
        assert!(g.as_leaf().is_some());
    }
}

#[test]
fn fills_equal_point_samples_in_2d_and_3d() {
    let g = graph(&every_op());
    let r = Region {
        z: 0.7,
        ..Region::new(37, 23, 9.0).at(-11, 5)
    };
    let (a, b) = (fill(&g, &r, 2), fill(&g, &r, 3));
    for j in 0..r.height {
        for i in 0..r.width {
            let (x, y) = (r.x(i), r.y(j));
            let k = j * r.width + i;
            assert_eq!(a[k].to_bits(), g.sample2d(x, y).to_bits(), "2D ({i}, {j})");
            assert_eq!(
                b[k].to_bits(),
                g.sample3d(x, y, r.z).unwrap().to_bits(),
                "3D ({i}, {j})"
            );
        }
    }
    assert!(a.iter().chain(&b).all(|v| v.is_finite()));
    assert_ne!(a, b);
    // The same cells as one batch of points (`samplePoints2d`/`3d`), more than a band.
    let n = 3 * 16_384 + 5;
    let mut p: [Vec<f64>; 3] = Default::default();
    for k in 0..n {
        let (i, j) = (k % r.width, (k / r.width) % r.height);
        p[0].push(r.x(i));
        p[1].push(r.y(j));
    }
    for (dims, want) in [(2, &a), (3, &b)] {
        p[2] = vec![if dims == 2 { 0.0 } else { r.z }; n];
        let mut got = vec![0.0; n];
        g.sample_points(&mut got, &p, dims).unwrap();
        for (k, v) in got.iter().enumerate() {
            assert_eq!(v.to_bits(), want[k % r.len()].to_bits(), "{dims}D point {k}");
        }
    }
    let e = g.sample_points(&mut [0.0; 2], &p, 2).unwrap_err();
    assert_eq!(e.path(), "x", "{e}");
}

#[test]
fn tiles_and_bands_give_the_bits_of_the_whole_fill() {
    let g = graph(&every_op());
    // Wide enough for bands of several rows, tall enough for several bands.
    let whole = Region::new(1000, 40, 50.0).at(-300, 17);
    let want = fill(&g, &whole, 2);
    for (x0, y0, w, h) in [
        (0, 0, 1000, 1),
        (3, 5, 17, 30),
        (999, 39, 1, 1),
        (500, 0, 500, 40),
    ] {
        let t = Region::new(w, h, 50.0).at(-300 + x0, 17 + y0);
        let got = fill(&g, &t, 2);
        for j in 0..h {
            let row = (y0 as usize + j) * 1000 + x0 as usize;
            assert_eq!(
                &got[j * w..(j + 1) * w],
                &want[row..row + w],
                "tile {x0},{y0} row {j}"
            );
        }
    }
}

/// `n` deterministic pseudo-random points in `[-span, span]²`.
fn points(n: usize, span: f64) -> Vec<(f64, f64)> {
    let mut s = 0x9E37_79B9u32;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        (s as f64 / u32::MAX as f64 * 2.0 - 1.0) * span
    };
    (0..n).map(|_| (next(), next())).collect()
}

#[test]
fn each_op_computes_its_formula_on_its_inputs() {
    let leaf = |json: &str| Field::new(&serde_json::from_str::<Spec>(json).unwrap()).unwrap();
    let (p, s) = (leaf(P), leaf(S));
    let one = |op: &str, params: &str, inputs: &[&str]| {
        graph(&format!(
            r#"{{"op":"{op}"{params},"inputs":[{}]}}"#,
            inputs.join(",")
        ))
    };
    // Each graph with its formula from (P, S, x, y).
    type Formula<'a> = Box<dyn Fn(f32, f32, f64, f64) -> f32 + 'a>;
    let cases: Vec<(Graph, Formula<'_>)> = vec![
        (one("add", "", &[P, S]), Box::new(|a, b, _, _| a + b)),
        (one("sub", "", &[P, S]), Box::new(|a, b, _, _| a - b)),
        (one("mul", "", &[P, S]), Box::new(|a, b, _, _| a * b)),
        (one("min", "", &[P, S]), Box::new(|a, b, _, _| a.min(b))),
        (one("max", "", &[P, S]), Box::new(|a, b, _, _| a.max(b))),
        (one("neg", "", &[P]), Box::new(|a, _, _, _| -a)),
        (one("abs", "", &[P]), Box::new(|a, _, _, _| a.abs())),
        (
            one("clamp", r#","min":-0.1,"max":0.2"#, &[P]),
            Box::new(|a, _, _, _| a.clamp(-0.1, 0.2)),
        ),
        (
            one("scaleBias", r#","scale":3,"bias":-1"#, &[P]),
            Box::new(|a, _, _, _| a * 3.0 - 1.0),
        ),
        (
            one("pow", r#","exponent":3"#, &[P]),
            Box::new(|a, _, _, _| a.signum() * a.abs().powf(3.0)),
        ),
        (
            one("remap", r#","from":[-1,1],"to":[0,10]"#, &[P]),
            Box::new(|a, _, _, _| (a + 1.0) * 5.0),
        ),
        (
            one("translate", r#","by":[2.5,-1]"#, &[P]),
            Box::new(|_, _, x, y| leaf(P).sample2d(x + 2.5, y - 1.0)),
        ),
        (
            one("scale", r#","by":3"#, &[P]),
            Box::new(|_, _, x, y| leaf(P).sample2d(x * 3.0, y * 3.0)),
        ),
        (
            one("seedOffset", r#","by":5"#, &[P]),
            Box::new(|_, _, x, y| {
                leaf(r#"{"noise":"perlin","seed":8,"fractal":{"octaves":3}}"#).sample2d(x, y)
            }),
        ),
        (graph(r#"{"op":"x"}"#), Box::new(|_, _, x, _| x as f32)),
        (
            graph(r#"{"op":"distance","to":[1,2,3]}"#),
            Box::new(|_, _, x, y| ((x - 1.0).powi(2) + (y - 2.0).powi(2) + 9.0).sqrt() as f32),
        ),
    ];
    for (g, want) in &cases {
        for (x, y) in points(200, 20.0) {
            let (a, b) = (p.sample2d(x, y), s.sample2d(x, y));
            let (got, w) = (g.sample2d(x, y), want(a, b, x, y));
            assert!(
                (got - w).abs() <= 1e-5 * w.abs().max(1.0),
                "{:?}: {got} vs {w} at ({x}, {y})",
                g.spec()
            );
        }
    }
}

#[test]
fn shaping_ops_keep_their_shapes() {
    let curve = graph(
        r#"{"op":"curve","points":[[-1,-1],[-0.2,0.4],[0.3,0.5],[1,0.9]],"inputs":[{"op":"x"}]}"#,
    );
    let terrace = graph(r#"{"op":"terrace","points":[-1,0,0.5,1],"inputs":[{"op":"x"}]}"#);
    let inverted =
        graph(r#"{"op":"terrace","points":[-1,0,0.5,1],"invert":true,"inputs":[{"op":"x"}]}"#);
    let at = |g: &Graph, x: f64| g.sample2d(x, 0.0);
    // Through the control points, flat outside, monotone between (Fritsch–Carlson).
    for (x, y) in [
        (-1.0, -1.0),
        (-0.2, 0.4),
        (0.3, 0.5),
        (1.0, 0.9),
        (-5.0, -1.0),
        (5.0, 0.9),
    ] {
        assert!((at(&curve, x) - y).abs() < 1e-6, "curve({x})");
    }
    let xs: Vec<f64> = (0..=400).map(|i| -1.2 + i as f64 * 0.006).collect();
    for g in [&curve, &terrace, &inverted] {
        for w in xs.windows(2) {
            assert!(
                at(g, w[1]) >= at(g, w[0]),
                "{:?} falls at {}",
                g.spec(),
                w[0]
            );
        }
    }
    // Terraces: flat near the start of each step (α² grows slowly), steep near its end; inverted the other way.
    let slope = |g: &Graph, x: f64| (at(g, x + 0.01) - at(g, x)) / 0.01;
    assert!(slope(&terrace, 0.01) < 0.1 && slope(&terrace, 0.48) > 1.5);
    assert!(slope(&inverted, 0.01) > 1.5 && slope(&inverted, 0.48) < 0.1);
    // select: a below the lower edge, b above the upper one, a blend between.
    let sel = graph(
        r#"{"op":"select","threshold":0,"falloff":0.5,"inputs":[{"op":"constant","value":-2},{"op":"constant","value":3},{"op":"x"}]}"#,
    );
    assert_eq!(
        (at(&sel, -0.6), at(&sel, 0.6), at(&sel, 0.0)),
        (-2.0, 3.0, 0.5)
    );
    let blend = graph(
        r#"{"op":"blend","inputs":[{"op":"constant","value":-2},{"op":"constant","value":3},{"op":"x"}]}"#,
    );
    assert_eq!(
        (
            at(&blend, -1.0),
            at(&blend, 1.0),
            at(&blend, 0.0),
            at(&blend, 7.0)
        ),
        (-2.0, 3.0, 0.5, 3.0)
    );
    // smoothMin is min where the inputs are k apart and at most k/4 below it elsewhere.
    let sm =
        graph(r#"{"op":"smoothMin","k":0.5,"inputs":[{"op":"x"},{"op":"constant","value":0}]}"#);
    assert_eq!((at(&sm, -1.0), at(&sm, 1.0)), (-1.0, 0.0));
    assert!((at(&sm, 0.0) + 0.125).abs() < 1e-7);
    // rotate by 90° about z: x reads the old y.
    let rot = graph(r#"{"op":"rotate","angle":90,"inputs":[{"op":"x"}]}"#);
    assert!((rot.sample2d(3.0, 2.0) + 2.0).abs() < 1e-6);
}

#[test]
fn displace_and_turbulence_move_the_source() {
    let d = graph(&format!(
        r#"{{"op":"displace","inputs":[{P},{{"op":"constant","value":1.5}},{{"op":"constant","value":-0.5}}]}}"#
    ));
    let p = Field::new(&serde_json::from_str::<Spec>(P).unwrap()).unwrap();
    for (x, y) in points(50, 10.0) {
        assert_eq!(d.sample2d(x, y), p.sample2d(x + 1.5, y - 0.5));
    }
    let t = graph(&format!(
        r#"{{"op":"turbulence","power":0.5,"inputs":[{P}]}}"#
    ));
    let moved = points(200, 10.0)
        .iter()
        .filter(|&&(x, y)| t.sample2d(x, y) != p.sample2d(x, y))
        .count();
    assert!(moved > 190, "{moved}");
    // z displacement matters in 3D only: a 2D fill of a z-free source skips it.
    let dz = graph(&format!(
        r#"{{"op":"displace","inputs":[{P},{{"op":"constant","value":0}},{{"op":"constant","value":0}},{{"op":"constant","value":2}}]}}"#
    ));
    assert_eq!(dz.sample2d(1.3, 2.1), p.sample2d(1.3, 2.1));
    assert_eq!(
        dz.sample3d(1.3, 2.1, 0.5).unwrap(),
        p.sample3d(1.3, 2.1, 2.5).unwrap()
    );
}

#[test]
fn ranges_bound_every_sample_and_are_mostly_reached() {
    let mut graphs: Vec<(String, Graph)> = presets()
        .into_iter()
        .map(|(n, p)| (n.to_string(), Graph::new(&p).unwrap()))
        .collect();
    for json in [
        format!(r#"{{"op":"add","inputs":[{P},{S}]}}"#),
        format!(r#"{{"op":"mul","inputs":[{P},{S}]}}"#),
        format!(
            r#"{{"op":"blend","inputs":[{P},{{"op":"scaleBias","scale":2,"bias":1,"inputs":[{S}]}},{W}]}}"#
        ),
        format!(r#"{{"op":"smoothMax","k":0.5,"inputs":[{P},{S}]}}"#),
        format!(r#"{{"op":"terrace","points":[-0.5,0,0.5],"inputs":[{S}]}}"#),
        format!(r#"{{"op":"pow","exponent":2,"inputs":[{{"op":"sub","inputs":[{P},{S}]}}]}}"#),
    ] {
        graphs.push((json.clone(), graph(&json)));
    }
    let r = Region::new(256, 256, 16.0).at(-128, -128);
    for (name, g) in &graphs {
        let (lo, hi) = g.range();
        assert!(
            lo < hi && lo.is_finite() && hi.is_finite(),
            "{name}: {lo} {hi}"
        );
        let mut seen = (f32::INFINITY, f32::NEG_INFINITY);
        for dims in [2, 3] {
            let b = g.range_for(dims).unwrap();
            assert!(b.0 >= lo && b.1 <= hi, "{name}");
            for v in fill(g, &Region { z: 0.3, ..r }, dims) {
                assert!(v >= b.0 && v <= b.1, "{name} {dims}D: {v} outside {b:?}");
                seen = (seen.0.min(v), seen.1.max(v));
            }
        }
        let share = (seen.1 - seen.0) / (hi - lo);
        println!(
            "{name}: bound [{lo}, {hi}], samples reach {:.0}%",
            share * 100.0
        );
        assert!(
            share > 0.3,
            "{name}: samples reach {share} of the bound {lo}..{hi} ({seen:?})"
        );
    }
}

#[test]
fn spec_fills_in_defaults_and_round_trips() {
    let g =
        graph(r#"{"op":"clamp","inputs":[{"op":"scale","by":2,"inputs":[{"noise":"simplex"}]}]}"#);
    let text = serde_json::to_string(g.spec()).unwrap();
    assert!(
        text.starts_with(
            r#"{"op":"clamp","inputs":[{"op":"scale","inputs":[{"noise":"simplex","seed":0.0"#
        ),
        "{text}"
    );
    assert!(
        text.contains(r#""by":[2.0,2.0,2.0]}],"min":-1.0,"max":1.0}"#),
        "{text}"
    );
    let again = graph(&text);
    assert_eq!(again.spec(), g.spec());
    let full = graph(&every_op());
    let back = graph(&serde_json::to_string(full.spec()).unwrap());
    let r = Region::new(40, 30, 8.0).at(3, -4);
    assert_eq!(fill(&back, &r, 2), fill(&full, &r, 2));
    assert_eq!(back.range(), full.range());
}

#[test]
fn golden_hash_of_a_graph() {
    let g = graph(GRAPH_GOLDEN_JSON);
    let r = Region::new(64, 48, 32.0).at(-7, 3);
    assert_eq!(fnv1a(&fill(&g, &r, 2)), GRAPH_GOLDEN[0]);
    assert_eq!(
        fnv1a(&fill(&g, &Region { z: 0.7, ..r }, 3)),
        GRAPH_GOLDEN[1]
    );
}

#[test]
fn bad_specs_name_their_node_path() {
    let deep = (0..20).fold(P.to_string(), |s, _| {
        format!(r#"{{"op":"neg","inputs":[{s}]}}"#)
    });
    let wide = (0..6).fold(P.to_string(), |s, _| {
        format!(r#"{{"op":"add","inputs":[{s},{s},{s}]}}"#)
    });
    for (json, path, words) in [
        (format!(r#"{{"op":"nope","inputs":[{P}]}}"#), "op", "must be one of 'add'"),
        (format!(r#"{{"op":3,"inputs":[{P}]}}"#), "op", "an op name"),
        (format!(r#"{{"op":"add","inputs":[{P}]}}"#), "inputs", "2 to 8 specs"),
        (format!(r#"{{"op":"neg","inputs":[{P},{P}]}}"#), "inputs", "1 specs"),
        (r#"{"op":"x","inputs":[]}"#.into(), "spec", "unknown key 'inputs'"),
        (format!(r#"{{"op":"add","inputs":[{P},{{"op":"neg","k":1,"inputs":[{P}]}}]}}"#), "inputs[1]", "unknown key 'k'"),
        (format!(r#"{{"op":"add","inputs":[{P},{{"op":"neg","inputs":[{{"noise":"perlin","fractal":{{"octaves":40}}}}]}}]}}"#), "inputs[1].inputs[0].fractal.octaves", "[1, 16]"),
        (format!(r#"{{"op":"add","inputs":[{P},{{"noise":"perlin","fractal":{{"octave":4}}}}]}}"#), "inputs[1].fractal", "unknown field `octave`"),
        (format!(r#"{{"op":"add","inputs":[{P},{{"nosie":"perlin"}}]}}"#), "inputs[1]", "unknown field `nosie`"),
        (format!(r#"{{"op":"add","inputs":[{P},{{"noise":"perlin","period":[1,2,3]}}]}}"#), "inputs[1]", "length"),
        (format!(r#"{{"op":"add","inputs":[{P},7]}}"#), "inputs[1]", "got a number"),
        (format!(r#"{{"op":"smoothMin","k":0,"inputs":[{P},{P}]}}"#), "k", "[0.000001, 1000000]"),
        (format!(r#"{{"op":"clamp","min":1,"max":0,"inputs":[{P}]}}"#), "max", "[1, 1000000000000]"),
        (format!(r#"{{"op":"curve","points":[[0,0],[0,1]],"inputs":[{P}]}}"#), "points", "strictly increasing"),
        (format!(r#"{{"op":"curve","inputs":[{P}]}}"#), "points", "is required"),
        (format!(r#"{{"op":"terrace","points":[1],"inputs":[{P}]}}"#), "points", "2 to 16"),
        (format!(r#"{{"op":"remap","from":[1,1],"inputs":[{P}]}}"#), "from", "two different ends"),
        (format!(r#"{{"op":"rotate","axis":[0,0,0],"inputs":[{P}]}}"#), "axis", "[0, 0, 0]"),
        (format!(r#"{{"op":"translate","by":[1,2,3,4],"inputs":[{P}]}}"#), "by", "2 or 3 numbers"),
        (format!(r#"{{"op":"seedOffset","by":1.5,"inputs":[{P}]}}"#), "by", "whole number"),
        (format!(r#"{{"op":"terrace","points":[0,1],"invert":1,"inputs":[{P}]}}"#), "invert", "true or false"),
        (r#"{"op":"mul","inputs":[{"op":"x"},{"op":"x"},{"op":"x"}]}"#.into(), "spec", "beyond"),
        (deep, "inputs[0].inputs[0].inputs[0].inputs[0].inputs[0].inputs[0].inputs[0].inputs[0].inputs[0].inputs[0].inputs[0].inputs[0].inputs[0].inputs[0].inputs[0].inputs[0]", "deeper than 16"),
        (wide, "", "larger than 256 nodes"),
    ] {
        let e = err(&json);
        assert!(e.path().ends_with(path) && e.to_string().contains(words), "{json}\n→ {e} (path {})", e.path());
    }
    // A tiled leaf fills 2D only: 3D fills name it.
    let g = graph(r#"{"op":"neg","inputs":[{"noise":"perlin","period":[4,4]}]}"#);
    let e = g.fill3d(&mut [0.0], &Region::new(1, 1, 1.0)).unwrap_err();
    assert_eq!(e.path(), "inputs[0].period", "{e}");
}

#[test]
fn random_graphs_fill_like_their_samples_and_stay_in_their_bounds() {
    let mut s = 0x1234_5678u32;
    let mut r = move || {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        s as f64 / (u32::MAX as f64 + 1.0)
    };
    let region = Region { z: -0.6, ..Region::new(19, 13, 5.0).at(-40, 25) };
    for _ in 0..300 {
        let json = random_graph(&mut r, 5, false);
        let g = graph(&json);
        let back = graph(&serde_json::to_string(g.spec()).unwrap());
        for dims in [2, 3] {
            let out = fill(&g, &region, dims);
            assert_eq!(fill(&back, &region, dims), out, "{json}: its spec fills other bits");
            let (lo, hi) = g.range_for(dims).unwrap();
            for j in 0..region.height {
                for i in 0..region.width {
                    let (x, y) = (region.x(i), region.y(j));
                    let v = out[j * region.width + i];
                    let p = if dims == 2 { g.sample2d(x, y) } else { g.sample3d(x, y, region.z).unwrap() };
                    assert_eq!(v.to_bits(), p.to_bits(), "{json} {dims}D ({i}, {j})");
                    assert!(v >= lo && v <= hi, "{json} {dims}D: {v} outside [{lo}, {hi}]");
                }
            }
        }
    }
}
