//! Tests of the landscape bindings as JavaScript sees them: the golden run's checksum
//! (the same bits as `tests/landscape_model.rs` natively), views and copies, the O(n)
//! pieces, and error classes naming the parameter with the instance still working.

use js_sys::{Float32Array, Uint32Array};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

use super::landscape::*;
use super::terrain_tests::{assert_error, get, obj};

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

fn fnv1a(v: &[f32]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for x in v {
        for b in x.to_bits().to_le_bytes() {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// `tests/landscape_model.rs::golden_run` through the JavaScript API.
#[wasm_bindgen_test]
fn the_golden_run_has_the_native_checksum() {
    let (w, h) = (96, 64);
    let opts = obj(&[
        ("n", 1.5.into()),
        ("kappa", 0.5.into()),
        ("seaLevel", (-5.0).into()),
        ("seed", 3.into()),
    ]);
    let mut ls = JsLandscape::new(JsValue::from(w as f64), JsValue::from(h as f64), opts).unwrap();
    let uplift: Vec<f32> = (0..w * h)
        .map(|i| {
            let y = (i / w) as f32 / h as f32;
            // A parabolic ridge (plain arithmetic: the same bits everywhere).
            let d = (y - 0.5) * 4.0;
            2e-3 * (1.0 - d * d).max(0.0) - 2e-4
        })
        .collect();
    ls.set_uplift(Float32Array::from(&uplift[..]).into())
        .unwrap();
    ls.step(JsValue::from(5e3), JsValue::from(Some(40.0)))
        .unwrap();
    let out = Float32Array::new_with_length((w * h) as u32);
    ls.copy_heights_to(out.clone().into()).unwrap();
    assert_eq!(fnv1a(&out.to_vec()), 0xce20_65e2_c13e_1cf8);
    assert_eq!(fnv1a(&ls.heights().to_vec()), 0xce20_65e2_c13e_1cf8);
    assert_eq!(ls.time(), 2e5);
}

#[wasm_bindgen_test]
fn views_copies_and_options() {
    let mut ls =
        JsLandscape::new(JsValue::from(20.0), JsValue::from(10.0), JsValue::UNDEFINED).unwrap();
    assert_eq!(ls.heights().length(), 200);
    ls.set_uplift(1e-3.into()).unwrap();
    let r = ls
        .step(JsValue::from(1e3), JsValue::from(Some(5.0)))
        .unwrap();
    assert!(get(&r, "maxChange").as_f64().unwrap() > 0.0);
    // Area: a view and a copy agree; every cell drains, so the base cells hold them all.
    let area = ls.drainage_area().to_vec();
    let copy = Float32Array::new_with_length(200);
    ls.copy_drainage_area_to(copy.clone().into()).unwrap();
    assert_eq!(area, copy.to_vec());
    let rec = ls.receivers().to_vec();
    let at_base: f64 = (0..200)
        .filter(|&i| rec[i] as usize == i)
        .map(|i| area[i] as f64)
        .sum();
    assert_eq!(at_base, 200.0 * 100.0 * 100.0);
    let rc = Uint32Array::new_with_length(200);
    ls.copy_receivers_to(rc.clone().into()).unwrap();
    assert_eq!(rc.to_vec(), rec);
    // setOptions merges: kappa changes, n stays.
    ls.set_options(obj(&[("kappa", 3.0.into())])).unwrap();
    let o = ls.options().unwrap();
    assert_eq!(get(&o, "kappa").as_f64(), Some(3.0));
    assert_eq!(get(&o, "n").as_f64(), Some(1.0));
    assert_eq!(get(&o, "cellSize").as_f64(), Some(100.0));
}

#[wasm_bindgen_test]
fn the_standalone_pieces_agree_with_each_other() {
    // A plane tilted toward x = 0 with a bump: everything drains west.
    let (w, h) = (12usize, 9usize);
    let z: Vec<f32> = (0..w * h)
        .map(|i| (i % w) as f32 + 0.01 * (i / w) as f32)
        .collect();
    let rec = flow_receivers(
        Float32Array::from(&z[..]).into(),
        JsValue::from(w as f64),
        JsValue::from(h as f64),
        JsValue::UNDEFINED,
    )
    .unwrap();
    let rec_js = Uint32Array::from(&rec[..]);
    let stack = stack_order(
        rec_js.clone().into(),
        JsValue::from(w as f64),
        JsValue::from(h as f64),
    )
    .unwrap();
    assert_eq!(stack.len(), w * h);
    let area = drainage_area(
        rec_js.into(),
        JsValue::from(w as f64),
        JsValue::from(h as f64),
        JsValue::from(Some(2.0)),
    )
    .unwrap();
    // Interior cell (x, y) passes west: its area is the (w − 1 − x) cells east of it, plus itself.
    let (x, y) = (3, 4);
    assert_eq!(area[y * w + x], ((w - 1 - x) as f32) * 4.0);
    assert_eq!(rec[y * w + x] as usize, y * w + x - 1);
}

#[wasm_bindgen_test]
fn bad_input_throws_named_errors_and_the_instance_keeps_working() {
    assert_error(
        JsLandscape::new(JsValue::from(0.0), JsValue::from(4.0), JsValue::UNDEFINED)
            .err()
            .unwrap(),
        false,
        "width",
    );
    assert_error(
        JsLandscape::new(JsValue::from(4.0), JsValue::from(2.5), JsValue::UNDEFINED)
            .err()
            .unwrap(),
        false,
        "height",
    );
    assert_error(
        JsLandscape::new(
            JsValue::from(4.0),
            JsValue::from(4.0),
            obj(&[("n", 0.0.into())]),
        )
        .err()
        .unwrap(),
        false,
        "n",
    );
    assert_error(
        JsLandscape::new(
            JsValue::from(4.0),
            JsValue::from(4.0),
            obj(&[("kapa", 1.0.into())]),
        )
        .err()
        .unwrap(),
        true,
        "options",
    );
    assert_error(
        JsLandscape::new(
            JsValue::from(4.0),
            JsValue::from(4.0),
            obj(&[("m", "x".into())]),
        )
        .err()
        .unwrap(),
        true,
        "options",
    );
    let mut ls =
        JsLandscape::new(JsValue::from(8.0), JsValue::from(8.0), JsValue::UNDEFINED).unwrap();
    assert_error(ls.set_uplift("fast".into()).unwrap_err(), true, "uplift");
    assert_error(
        ls.set_uplift(js_sys::Array::new().into()).unwrap_err(),
        true,
        "uplift",
    );
    assert_error(
        ls.set_uplift(Float32Array::new_with_length(3).into())
            .unwrap_err(),
        false,
        "uplift",
    );
    assert_error(ls.set_uplift(2.0.into()).unwrap_err(), false, "uplift");
    assert_error(
        ls.set_erodibility(f64::NAN.into()).unwrap_err(),
        false,
        "erodibility",
    );
    assert_error(ls.set_heights(JsValue::NULL).unwrap_err(), true, "heights");
    assert_error(
        ls.set_heights(Float32Array::new_with_length(63).into())
            .unwrap_err(),
        false,
        "heights",
    );
    assert_error(
        ls.step(JsValue::from(-1.0), JsValue::UNDEFINED)
            .unwrap_err(),
        false,
        "dt",
    );
    assert_error(
        ls.step(JsValue::from(1.0), JsValue::from(Some(0.5)))
            .unwrap_err(),
        false,
        "steps",
    );
    assert_error(
        ls.set_options(obj(&[("cellSize", 5.0.into())]))
            .unwrap_err(),
        false,
        "cellSize",
    );
    assert_error(ls.set_options(3.into()).unwrap_err(), true, "options");
    assert_error(
        ls.copy_heights_to(Uint32Array::new_with_length(64).into())
            .unwrap_err(),
        true,
        "out",
    );
    assert_error(
        ls.copy_heights_to(Float32Array::new_with_length(2).into())
            .unwrap_err(),
        false,
        "out",
    );
    assert_error(
        flow_receivers(
            JsValue::UNDEFINED,
            JsValue::from(2.0),
            JsValue::from(2.0),
            JsValue::UNDEFINED,
        )
        .unwrap_err(),
        true,
        "heights",
    );
    assert_error(
        stack_order(
            Float32Array::new_with_length(4).into(),
            JsValue::from(2.0),
            JsValue::from(2.0),
        )
        .unwrap_err(),
        true,
        "receivers",
    );
    assert_error(
        stack_order(
            Uint32Array::from(&[0u32, 2, 1][..]).into(),
            JsValue::from(3.0),
            JsValue::from(1.0),
        )
        .unwrap_err(),
        false,
        "receivers",
    );
    assert_error(
        drainage_area(
            Uint32Array::from(&[0u32, 1][..]).into(),
            JsValue::from(2.0),
            JsValue::from(1.0),
            JsValue::from(Some(0.0)),
        )
        .unwrap_err(),
        false,
        "cellSize",
    );
    // Still works after every error.
    ls.set_uplift(1e-3.into()).unwrap();
    ls.step(JsValue::from(1e3), JsValue::from(Some(3.0)))
        .unwrap();
    assert_eq!(ls.steps_done(), 3.0);
}

#[wasm_bindgen_test]
fn the_typescript_options_list_every_field_of_the_rust_struct() {
    let fields = super::options::struct_fields::<crate::landscape::LandscapeParams>();
    assert_eq!(fields.len(), 7);
    for f in fields {
        assert!(
            LANDSCAPE_TYPES.contains(&format!("  {f}?:")),
            "LandscapeOptions lacks {f}"
        );
    }
}
