//! Browser tests (headless Chromium via wasm-bindgen-test): the same golden hashes as
//! the native tests, the bad-input matrix, and the instance surviving every error.
#![cfg(target_arch = "wasm32")]

mod common;

use common::{
    fnv1a, golden_3d_spec, golden_specs, graph_deriv_golden_json, FAR_GOLDEN, FAR_GOLDEN_DERIV,
    GOLDEN, GOLDEN_3D, GOLDEN_3D_NOISES, GOLDEN_DERIV, GOLDEN_DERIV_3D, GRAPH_DERIV_GOLDEN,
    GRAPH_GOLDEN, GRAPH_GOLDEN_JSON, KERNELS,
};
use js_sys::{Float32Array, JSON};
use landform::wasm::field::{Grid, JsField};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn js(s: &str) -> JsValue {
    JSON::parse(s).unwrap()
}

/// `common::golden_specs()` as a page would write them: sparse JSON, defaults left out.
const GOLDEN_JSON: [&str; 6] = [
    r#"{"noise":"perlin","seed":42,"fractal":{"kind":"fbm","octaves":4,"persistence":0.5,"lacunarity":2}}"#,
    r#"{"noise":"value","seed":42,"fractal":{"kind":"fbm","octaves":4,"persistence":0.5,"lacunarity":2}}"#,
    r#"{"noise":"perlin-improved","seed":1337}"#,
    r#"{"noise":"perlin","seed":42,"fractal":{"octaves":4},"warp":{"strength":1.5,"seed":9,"octaves":2,"frequency":1}}"#,
    r#"{"noise":"simplex","seed":7,"fractal":{"octaves":3}}"#,
    r#"{"noise":"worley","seed":5,"fractal":{"octaves":2},"worley":{"return":"f2-f1"}}"#,
];

/// The spec as `field.spec` returns it, as JSON text.
fn spec_json(spec: &landform::spec::Spec) -> String {
    let s = serde_wasm_bindgen::Serializer::json_compatible();
    let v = serde::Serialize::serialize(spec, &s).unwrap();
    JSON::stringify(&v).unwrap().into()
}

#[wasm_bindgen_test]
fn the_sparse_golden_json_fills_in_to_the_native_golden_specs() {
    for (text, spec) in GOLDEN_JSON.iter().zip(golden_specs()) {
        let f = JsField::new(Some(js(text))).unwrap();
        let got: String = JSON::stringify(&f.spec().unwrap()).unwrap().into();
        assert_eq!(got, spec_json(&spec), "{text}");
    }
}

#[wasm_bindgen_test]
fn golden_hashes_match_the_native_build_bit_for_bit() {
    for (spec, want) in GOLDEN_JSON.iter().zip(GOLDEN) {
        let mut f = JsField::new(Some(js(spec))).unwrap();
        let out = Float32Array::new_with_length(64 * 48);
        f.fill2d(
            JsValue::from(out.clone()),
            js(r#"{"width":64,"height":48,"scale":32,"x0":-7,"y0":3}"#),
        )
        .unwrap();
        assert_eq!(fnv1a(&out.to_vec()), want, "{spec}");
    }
}

/// `common::GRAPH_GOLDEN`: a graph's 2D fill and 3D slice, the same bits as natively
/// (tests/graph.rs), and its `spec` fills the same bits again.
#[wasm_bindgen_test]
fn graph_golden_hashes_match_the_native_build() {
    let region = r#"{"width":64,"height":48,"scale":32,"x0":-7,"y0":3,"z":0.7}"#;
    let mut f = JsField::new(Some(js(GRAPH_GOLDEN_JSON))).unwrap();
    let mut again = JsField::new(Some(f.spec().unwrap())).unwrap();
    for (dims, want) in [2, 3].into_iter().zip(GRAPH_GOLDEN) {
        for g in [&mut f, &mut again] {
            let out = Float32Array::new_with_length(64 * 48);
            let o = JsValue::from(out.clone());
            if dims == 2 {
                g.fill2d(o, js(region)).unwrap();
            } else {
                g.fill3d(o, js(region)).unwrap();
            }
            assert_eq!(fnv1a(&out.to_vec()), want, "{dims}D");
        }
    }
}

/// `common::GRAPH_DERIV_GOLDEN`: the golden graph's derivative planes (2D: 3 planes, 3D
/// slice: 4), the same bits as natively (tests/graph_deriv.rs).
#[wasm_bindgen_test]
fn graph_derivative_hashes_match_the_native_build() {
    let region = r#"{"width":64,"height":48,"scale":32,"x0":-7,"y0":3,"z":0.7}"#;
    let mut f = JsField::new(Some(js(&graph_deriv_golden_json()))).unwrap();
    for (dims, want) in [2u32, 3].into_iter().zip(GRAPH_DERIV_GOLDEN) {
        let out = Float32Array::new_with_length((dims + 1) * 64 * 48);
        let o = JsValue::from(out.clone());
        if dims == 2 {
            f.fill2d_deriv(o, js(region)).unwrap();
        } else {
            f.fill3d_deriv(o, js(region)).unwrap();
        }
        assert_eq!(fnv1a(&out.to_vec()), want, "{dims}D");
    }
}

/// `common::FAR_GOLDEN`: the golden specs on a tile at (2³¹ − 7, −2³¹ + 3), where
/// coordinates are split in f64 (Worley shifts, the f64 simplex path).
#[wasm_bindgen_test]
fn far_golden_hashes_match_the_native_build() {
    for (spec, want) in GOLDEN_JSON.iter().zip(FAR_GOLDEN) {
        let mut f = JsField::new(Some(js(spec))).unwrap();
        let out = Float32Array::new_with_length(64 * 48);
        f.fill2d(
            out.clone().into(),
            js(r#"{"width":64,"height":48,"scale":32,"x0":2147483641,"y0":-2147483645}"#),
        )
        .unwrap();
        assert_eq!(fnv1a(&out.to_vec()), want, "{spec}");
    }
}

/// `common::GOLDEN_DERIV` (tests/deriv.rs): derivative fills give the native bits in
/// every plane, near the origin, on the far tile and in 3D.
#[wasm_bindgen_test]
fn golden_derivative_hashes_match_the_native_build() {
    let near = r#"{"width":64,"height":48,"scale":32,"x0":-7,"y0":3}"#;
    let far = r#"{"width":64,"height":48,"scale":32,"x0":2147483641,"y0":-2147483645}"#;
    // The sixth golden spec with Worley F1 (the default return) instead of F2 − F1.
    let mut specs = GOLDEN_JSON[..5].to_vec();
    specs.push(r#"{"noise":"worley","seed":5,"fractal":{"octaves":2}}"#);
    for (k, spec) in specs.iter().enumerate() {
        let mut f = JsField::new(Some(js(spec))).unwrap();
        for (region, want) in [(near, GOLDEN_DERIV[k]), (far, FAR_GOLDEN_DERIV[k])] {
            let out = Float32Array::new_with_length(3 * 64 * 48);
            f.fill2d_deriv(out.clone().into(), js(region)).unwrap();
            assert_eq!(fnv1a(&out.to_vec()), want, "{spec} {region}");
        }
    }
    for (noise, want) in GOLDEN_3D_NOISES[..4].iter().zip(GOLDEN_DERIV_3D) {
        let mut f = JsField::new(Some(js(&spec_json(&golden_3d_spec(noise))))).unwrap();
        let out = Float32Array::new_with_length(4 * 64 * 48);
        let slice = r#"{"width":64,"height":48,"scale":32,"x0":-7,"y0":3,"z":0.7}"#;
        f.fill3d_deriv(out.clone().into(), js(slice)).unwrap();
        assert_eq!(fnv1a(&out.to_vec()), want, "{noise}");
    }
}

/// The 3D golden hashes of `tests/rows.rs::golden_3d_hashes`: the 3D row kernels
/// (four-wide with SIMD) give the native bits.
#[wasm_bindgen_test]
fn golden_3d_hashes_match_the_native_build() {
    for (noise, want) in GOLDEN_3D_NOISES.iter().zip(GOLDEN_3D) {
        let mut f = JsField::new(Some(js(&spec_json(&golden_3d_spec(noise))))).unwrap();
        let out = Float32Array::new_with_length(64 * 48);
        f.fill3d(
            JsValue::from(out.clone()),
            js(r#"{"width":64,"height":48,"scale":32,"x0":-7,"y0":3,"z":0.7}"#),
        )
        .unwrap();
        assert_eq!(fnv1a(&out.to_vec()), want, "{noise}");
    }
}

/// Grid fills (row kernels, SIMD where built with it) equal point sampling bit for bit
/// for every kernel, fractal kind and a few awkward regions, in 2D and 3D.
#[wasm_bindgen_test]
fn row_fills_equal_point_sampling_in_the_browser() {
    use landform::spec::{Named, Spec};
    use landform::{Field, Region};
    for noise in KERNELS {
        for kind in landform::fractal::FractalKind::names() {
            let mut s = Spec::new(noise, 77).fbm(3, 0.5, 2.0);
            s.fractal.kind = kind.into();
            s.offset = [0.25, -3.5, 1.0];
            let f = Field::new(&s).unwrap();
            for mut r in [
                Region::new(37, 5, 32.0).at(-11.0, 5.0),
                Region::new(13, 3, 0.9).at(1_000_000.0, -77_777.0),
                Region::new(1, 2, 3.0),
            ] {
                r.z = -1.25;
                let (mut a, mut b) = (vec![0.0f32; r.len()], vec![0.0f32; r.len()]);
                f.fill2d(&mut a, &r).unwrap();
                f.fill2d_points(&mut b, &r).unwrap();
                let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(&a), bits(&b), "2D {noise} {kind}");
                if f.dims() >= 3 {
                    f.fill3d(&mut a, &r).unwrap();
                    f.fill3d_points(&mut b, &r).unwrap();
                    assert_eq!(bits(&a), bits(&b), "3D {noise} {kind}");
                }
            }
        }
    }
}

#[wasm_bindgen_test]
fn improved_noise_with_the_reference_table_matches_perlins_value() {
    let f = JsField::new(Some(js(
        r#"{"noise":"perlin-improved","permutation":"reference"}"#,
    )))
    .unwrap();
    let out = Float32Array::new_with_length(1);
    f.sample_points_3d(
        Float32Array::from(&[3.14f32, 42.0, 7.0][..]).into(),
        out.clone().into(),
    )
    .unwrap();
    assert!((out.get_index(0) as f64 - 0.136_919_958_784_000_12).abs() < 2e-6);
}

fn error_class(e: &JsValue) -> String {
    js_sys::Reflect::get(e, &"name".into())
        .unwrap()
        .as_string()
        .unwrap()
}

fn message(e: &JsValue) -> String {
    js_sys::Reflect::get(e, &"message".into())
        .unwrap()
        .as_string()
        .unwrap()
}

#[wasm_bindgen_test]
fn bad_specs_throw_named_range_and_type_errors() {
    let cases = [
        (r#"{"noise":"perlinn"}"#, "TypeError", "noise"),
        (r#"{"octaves":4}"#, "TypeError", "spec"),
        (r#"{"fractal":{"octave":4}}"#, "TypeError", "spec.fractal"),
        (
            r#"{"fractal":{"octaves":0}}"#,
            "RangeError",
            "fractal.octaves",
        ),
        (
            r#"{"fractal":{"octaves":17}}"#,
            "RangeError",
            "fractal.octaves",
        ),
        (
            r#"{"fractal":{"persistence":0}}"#,
            "RangeError",
            "fractal.persistence",
        ),
        (
            r#"{"fractal":{"persistence":-1}}"#,
            "RangeError",
            "fractal.persistence",
        ),
        (
            r#"{"fractal":{"lacunarity":0}}"#,
            "RangeError",
            "fractal.lacunarity",
        ),
        (r#"{"seed":-3}"#, "RangeError", "seed"),
        (r#"{"seed":"x"}"#, "TypeError", "spec"),
        (
            r#"{"warp":{"strength":1000}}"#,
            "RangeError",
            "warp.strength",
        ),
    ];
    for (spec, class, param) in cases {
        let e = JsField::new(Some(js(spec))).err().expect(spec);
        assert_eq!(error_class(&e), class, "{spec}: {}", message(&e));
        assert!(message(&e).contains(param), "{spec}: {}", message(&e));
    }
    // NaN and Infinity cannot be written in JSON: build them directly.
    let nan = js(r#"{"fractal":{}}"#);
    let fractal = js_sys::Reflect::get(&nan, &"fractal".into()).unwrap();
    js_sys::Reflect::set(&fractal, &"persistence".into(), &f64::NAN.into()).unwrap();
    assert_eq!(
        error_class(&JsField::new(Some(nan)).err().unwrap()),
        "RangeError"
    );
}

#[wasm_bindgen_test]
fn bad_regions_and_buffers_throw_and_the_instance_keeps_working() {
    let mut f = JsField::new(Some(js(r#"{"seed":42,"fractal":{"octaves":3}}"#))).unwrap();
    let good = Float32Array::new_with_length(16);
    f.fill2d(
        JsValue::from(good.clone()),
        js(r#"{"width":4,"height":4,"scale":8}"#),
    )
    .unwrap();
    let before = good.to_vec();
    for (region, len, class) in [
        (r#"{"width":4,"height":4,"scale":8}"#, 15, "RangeError"),
        (r#"{"width":0,"height":4}"#, 0, "RangeError"),
        (r#"{"width":4.5,"height":4}"#, 18, "RangeError"),
        (r#"{"width":16384,"height":16384}"#, 4, "RangeError"),
        (r#"{"width":4,"height":4,"scale":0}"#, 16, "RangeError"),
        (r#"{"width":4,"height":4,"scale":-2}"#, 16, "RangeError"),
        (r#"{"width":4,"height":4,"x0":1e300}"#, 16, "RangeError"),
        (r#"{"width":4,"height":4,"widht":3}"#, 16, "TypeError"),
    ] {
        let out = Float32Array::new_with_length(len);
        let e = f
            .fill2d(JsValue::from(out.clone()), js(region))
            .err()
            .expect(region);
        assert_eq!(error_class(&e), class, "{region}: {}", message(&e));
    }
    assert_eq!(
        error_class(
            &f.fill4d(JsValue::from(good.clone()), js(r#"{"width":4,"height":4}"#))
                .err()
                .unwrap()
        ),
        "TypeError"
    );
    // Still alive, still the same bits.
    let again = Float32Array::new_with_length(16);
    f.fill2d(
        JsValue::from(again.clone()),
        js(r#"{"width":4,"height":4,"scale":8}"#),
    )
    .unwrap();
    assert_eq!(again.to_vec(), before);
    assert!(JsField::new(Some(js("{}"))).is_ok());
    assert!(JsField::new(None).is_ok());
}

#[wasm_bindgen_test]
fn grid_fills_equal_array_fills() {
    let mut f = JsField::new(Some(js(r#"{"noise":"simplex","seed":3}"#))).unwrap();
    let mut g = Grid::new(JsValue::from(24.0), JsValue::from(10.0)).unwrap();
    // width/height come from the grid.
    f.fill_grid(&mut g, js(r#"{"scale":8,"x0":-5}"#)).unwrap();
    let a = Float32Array::new_with_length(240);
    f.fill2d(
        JsValue::from(a.clone()),
        js(r#"{"width":24,"height":10,"scale":8,"x0":-5}"#),
    )
    .unwrap();
    assert_eq!(g.data().to_vec(), a.to_vec());
    f.fill_grid_3d(&mut g, js(r#"{"width":24,"scale":8,"z":0.75}"#))
        .unwrap();
    f.fill3d(
        JsValue::from(a.clone()),
        js(r#"{"width":24,"height":10,"scale":8,"z":0.75}"#),
    )
    .unwrap();
    assert_eq!(g.data().to_vec(), a.to_vec());
    // A width that disagrees with the grid is a RangeError naming it; the instance lives on.
    let e = f
        .fill_grid(&mut g, js(r#"{"width":25,"scale":8}"#))
        .unwrap_err();
    assert_eq!(error_class(&e), "RangeError");
    assert!(message(&e).contains("region.width"));
    let e = f
        .fill2d(JsValue::from(a.clone()), js(r#"{"height":10}"#))
        .unwrap_err();
    assert_eq!(error_class(&e), "TypeError");
    assert!(message(&e).contains("region.width"));
    f.fill_grid(&mut g, js(r#"{"scale":8,"x0":-5}"#)).unwrap();
}

#[wasm_bindgen_test]
fn grid_view_is_fresh_after_memory_grows() {
    let f = JsField::new(Some(js(r#"{"seed":1}"#))).unwrap();
    let mut g = Grid::new(JsValue::from(32.0), JsValue::from(32.0)).unwrap();
    f.fill_grid(&mut g, js(r#"{"width":32,"height":32,"scale":8}"#))
        .unwrap();
    let first = g.data().to_vec();
    // Force memory growth with a large allocation, then read the getter again.
    let big = Grid::new(JsValue::from(2048.0), JsValue::from(2048.0)).unwrap();
    assert_eq!(g.data().to_vec(), first);
    assert_eq!(g.data().length(), 1024);
    drop(big);
}

/// `rangeFor(dims)`: Worley's 2D bound below its 3D one, `range` their union; dimensions
/// the field lacks, fractions and NaN are RangeErrors naming `dims`, and the field works on.
#[wasm_bindgen_test]
fn range_for_follows_the_dimension_and_refuses_bad_dims() {
    let f = JsField::new(Some(js(r#"{"noise":"worley"}"#))).unwrap();
    let n = |v: f64| JsValue::from_f64(v);
    let (r2, r3) = (f.range_for(n(2.0)).unwrap(), f.range_for(n(3.0)).unwrap());
    assert!((r2[1] - 2f32.sqrt()).abs() < 1e-5 && (r3[1] - 3f32.sqrt()).abs() < 1e-5);
    assert_eq!(f.range(), r3);
    for bad in [0.0, 4.0, 2.5, f64::NAN, -1.0, 1e10] {
        let e = f.range_for(n(bad)).err().expect("bad dims");
        assert_eq!(error_class(&e), "RangeError", "{bad}");
        assert!(message(&e).contains("dims"), "{bad}: {}", message(&e));
    }
    let e = f.range_for(JsValue::from_str("2")).err().expect("a string");
    assert_eq!(error_class(&e), "TypeError");
    assert!(message(&e).contains("dims"), "{}", message(&e));
    assert_eq!(f.range_for(n(1.0)).unwrap(), r2);
}

/// The vector min and max are `a < b ? a : b` and `a > b ? a : b` in every build (SSE's
/// `minps`/`maxps`), signed zeros and NaN included, so kernels using them keep the
/// native bits (src/simd tests the same natively).
#[wasm_bindgen_test]
fn vector_min_and_max_match_the_native_compare_and_select() {
    use landform::simd::F4;
    let v = [
        0.0f32,
        -0.0,
        1.5,
        -1.5,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        2.5e-40,
    ];
    for &a in &v {
        for b in v.chunks(4) {
            let (lo, hi) = (
                F4::splat(a).min(F4::new(b[0], b[1], b[2], b[3])),
                F4::splat(a).max(F4::new(b[0], b[1], b[2], b[3])),
            );
            for (l, &b) in b.iter().enumerate() {
                let want = (if a < b { a } else { b }, if a > b { a } else { b });
                assert_eq!(
                    lo.to_array()[l].to_bits(),
                    want.0.to_bits(),
                    "min({a}, {b})"
                );
                assert_eq!(
                    hi.to_array()[l].to_bits(),
                    want.1.to_bits(),
                    "max({a}, {b})"
                );
            }
        }
    }
}
