//! Tests of the terrain bindings as JavaScript sees them: in-place writes, options
//! objects, error classes and messages, and bit-identity with the native build. They
//! run in a browser with the rest of the wasm tests (`wasm-pack test --headless
//! --chrome`, as `scripts/test.sh` does).

use js_sys::{Array, Float32Array, Object, Reflect, Uint8Array, Uint8ClampedArray};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

use super::terrain::*;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

fn arr(v: &[f32]) -> Float32Array {
    Float32Array::from(v)
}

pub(super) fn obj(fields: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (k, v) in fields {
        Reflect::set(&o, &(*k).into(), v).unwrap();
    }
    o.into()
}

// The bindings take every argument as a `JsValue` (checked inside); these call them
// with the typed arrays and numbers JavaScript would pass.
fn redistribute(h: &Float32Array, exponent: f32) -> Result<(), JsValue> {
    super::terrain::redistribute(h.into(), exponent.into())
}

fn island_falloff(h: &Float32Array, w: u32, ht: u32, opts: JsValue) -> Result<(), JsValue> {
    super::terrain::island_falloff(h.into(), w.into(), ht.into(), opts)
}

fn fill_depressions(h: &Float32Array, w: u32, ht: u32, opts: JsValue) -> Result<u32, JsValue> {
    super::terrain::fill_depressions(h.into(), w.into(), ht.into(), opts)
}

fn undrained_count(h: &Float32Array, w: u32, ht: u32, sea: Option<f32>) -> Result<u32, JsValue> {
    super::terrain::undrained_count(h.into(), w.into(), ht.into(), sea.into())
}

fn flow_directions(h: &Float32Array, w: u32, ht: u32) -> Result<Vec<u8>, JsValue> {
    super::terrain::flow_directions(h.into(), w.into(), ht.into())
}

fn flow_accumulation(
    h: &Float32Array,
    w: u32,
    ht: u32,
    sea: Option<f32>,
) -> Result<Vec<f32>, JsValue> {
    super::terrain::flow_accumulation(h.into(), w.into(), ht.into(), sea.into())
}

fn river_mask(acc: &Float32Array, threshold: f32) -> Result<Vec<u8>, JsValue> {
    super::terrain::river_mask(acc.into(), threshold.into())
}

fn biomes(
    h: &Float32Array,
    m: &Float32Array,
    w: u32,
    ht: u32,
    opts: JsValue,
) -> Result<JsValue, JsValue> {
    super::terrain::biomes(h.into(), m.into(), w.into(), ht.into(), opts)
}

fn eroder(w: u32, h: u32, params: JsValue) -> Result<JsEroder, JsValue> {
    JsEroder::new(w.into(), h.into(), params)
}

fn run(e: &mut JsEroder, h: &Float32Array, droplets: u32) -> Result<(), JsValue> {
    e.run(h.into(), droplets.into())
}

pub(super) fn get(o: &JsValue, k: &str) -> JsValue {
    Reflect::get(o, &k.into()).unwrap()
}

/// Asserts a RangeError (or TypeError when `type_error`) whose message names `param`.
pub(super) fn assert_error(e: JsValue, type_error: bool, param: &str) {
    let ok = if type_error {
        e.is_instance_of::<js_sys::TypeError>()
    } else {
        e.is_instance_of::<js_sys::RangeError>()
    };
    let msg: String = e.unchecked_ref::<js_sys::Error>().message().into();
    assert!(ok, "wrong error class for {param}: {msg}");
    assert!(
        msg.contains(&format!("`{param}`")),
        "message should name {param}: {msg}"
    );
}

#[wasm_bindgen_test]
fn redistribute_writes_into_the_callers_array() {
    let a = arr(&[0.25, 0.5, 1.0]);
    redistribute(&a, 2.0).unwrap();
    assert_eq!(a.to_vec(), vec![0.0625, 0.25, 1.0]);
    assert_error(redistribute(&a, 0.0).unwrap_err(), false, "exponent");
}

#[wasm_bindgen_test]
fn island_falloff_reads_options_and_rejects_unknown_ones() {
    let a = arr(&[0.0; 9]);
    island_falloff(
        &a,
        3,
        3,
        obj(&[("shape", "square".into()), ("blend", 1.0.into())]),
    )
    .unwrap();
    assert_eq!(a.to_vec()[4], 1.0);
    assert_eq!(a.to_vec()[0], 0.0);
    island_falloff(&a, 3, 3, JsValue::UNDEFINED).unwrap();
    assert_error(
        island_falloff(&a, 3, 3, obj(&[("blend", 2.0.into())])).unwrap_err(),
        false,
        "blend",
    );
    assert_error(
        island_falloff(&a, 3, 3, obj(&[("blnd", 0.5.into())])).unwrap_err(),
        true,
        "options",
    );
    assert_error(
        island_falloff(&a, 3, 3, obj(&[("shape", "circle".into())])).unwrap_err(),
        true,
        "options",
    );
    assert_error(
        island_falloff(&a, 4, 3, JsValue::NULL).unwrap_err(),
        false,
        "heights",
    );
}

#[wasm_bindgen_test]
fn fill_then_flow_drains_every_cell_and_conserves_rain() {
    let v: Vec<f32> = (0..400)
        .map(|i| ((i * 7919) % 101) as f32 / 101.0)
        .collect();
    let a = arr(&v);
    assert!(undrained_count(&a, 20, 20, None).unwrap() > 0);
    for method in ["priority-flood", "planchon-darboux"] {
        let b = arr(&v);
        fill_depressions(
            &b,
            20,
            20,
            obj(&[("method", method.into()), ("epsilon", 1e-4.into())]),
        )
        .unwrap();
        assert_eq!(undrained_count(&b, 20, 20, None).unwrap(), 0, "{method}");
    }
    fill_depressions(&a, 20, 20, JsValue::UNDEFINED).unwrap();
    let acc = flow_accumulation(&a, 20, 20, None).unwrap();
    assert_eq!(acc.len(), 400);
    let dirs = flow_directions(&a, 20, 20).unwrap();
    let outflow: f32 = (0..400).filter(|&i| dirs[i] == 255).map(|i| acc[i]).sum();
    assert_eq!(outflow, 400.0);
    let mask = river_mask(&arr(&acc), 10.0).unwrap();
    assert_eq!(mask.len(), 400);
    assert_error(
        fill_depressions(&a, 20, 20, obj(&[("epsilon", (-1.0).into())])).unwrap_err(),
        false,
        "epsilon",
    );
    assert_error(
        fill_depressions(&a, 20, 20, obj(&[("method", "magic".into())])).unwrap_err(),
        true,
        "options",
    );
    assert_error(
        river_mask(&arr(&acc), f32::NAN).unwrap_err(),
        false,
        "threshold",
    );
}

#[wasm_bindgen_test]
fn biomes_return_ids_and_an_rgba_image() {
    let h = arr(&[0.05, 0.11, 0.5, 0.95]);
    let m = arr(&[0.5, 0.5, 0.4, 0.5]);
    let out = biomes(&h, &m, 2, 2, obj(&[("rockSlope", 0.0.into())])).unwrap();
    let ids: Uint8Array = get(&out, "ids").dyn_into().unwrap();
    let rgba: Uint8ClampedArray = get(&out, "rgba").dyn_into().unwrap();
    assert_eq!(ids.to_vec(), vec![0, 1, 9, 5]);
    assert_eq!(rgba.length(), 16);
    assert_eq!(rgba.get_index(3), 255);
    let legend: Array = biome_legend().unwrap().dyn_into().unwrap();
    assert_eq!(legend.length(), 17);
    assert_eq!(
        get(&legend.get(9), "name").as_string().unwrap(),
        "Grassland"
    );
    assert_error(
        biomes(&h, &arr(&[0.0; 3]), 2, 2, JsValue::UNDEFINED).unwrap_err(),
        false,
        "moisture",
    );
}

#[wasm_bindgen_test]
fn eroder_runs_in_chunks_and_reports_its_budget() {
    let v: Vec<f32> = (0..32 * 32)
        .map(|i| ((i % 32) + (i / 32)) as f32 / 64.0)
        .collect();
    let (one, parts) = (arr(&v), arr(&v));
    let mut e1 = eroder(32, 32, obj(&[("seed", 5.into())])).unwrap();
    run(&mut e1, &one, 300).unwrap();
    let mut e2 = eroder(32, 32, obj(&[("seed", 5.into())])).unwrap();
    run(&mut e2, &parts, 100).unwrap();
    run(&mut e2, &parts, 200).unwrap();
    assert_eq!(one.to_vec(), parts.to_vec());
    assert_ne!(one.to_vec(), v);
    assert_eq!(e2.droplets_done(), 300.0);
    let b = e2.budget().unwrap();
    let (er, de, lo) = (
        get(&b, "eroded").as_f64().unwrap(),
        get(&b, "deposited").as_f64().unwrap(),
        get(&b, "lost").as_f64().unwrap(),
    );
    assert!(er > 0.0 && (er - de - lo).abs() < 1e-9);
    let parts_sum = get(&b, "carriedOff").as_f64().unwrap() + get(&b, "stranded").as_f64().unwrap();
    assert!((parts_sum - lo).abs() < 1e-9);
    assert_error(
        eroder(32, 32, obj(&[("inertia", 2.into())])).err().unwrap(),
        false,
        "inertia",
    );
    assert_error(
        eroder(32, 32, obj(&[("speed", 2.into())])).err().unwrap(),
        true,
        "params",
    );
    assert_error(
        eroder(1, 32, JsValue::UNDEFINED).err().unwrap(),
        false,
        "width",
    );
    assert_error(
        run(&mut e2, &arr(&[0.0; 10]), 1).unwrap_err(),
        false,
        "heights",
    );
}

#[wasm_bindgen_test]
fn eroder_params_fill_every_default_and_the_shader_ships() {
    let e = eroder(8, 8, obj(&[("seed", 9.into()), ("radius", 2.5.into())])).unwrap();
    let p = e.params().unwrap();
    assert_eq!(get(&p, "seed").as_f64(), Some(9.0));
    assert_eq!(get(&p, "radius").as_f64(), Some(2.5));
    assert_eq!(get(&p, "maxSpeed").as_f64(), Some(8.0));
    assert_eq!(get(&p, "lifetime").as_f64(), Some(30.0));
    assert!(get(&p, "seaLevel").is_null());
    let sea = eroder(8, 8, obj(&[("seaLevel", 0.25.into())])).unwrap();
    assert_eq!(get(&sea.params().unwrap(), "seaLevel").as_f64(), Some(0.25));
    let wgsl = erosion_shader();
    assert!(wgsl.contains("fn erode(") && wgsl.contains("atomic<i32>"));
}

#[wasm_bindgen_test]
fn erosion_in_wasm_matches_the_native_checksum() {
    // Same map, parameters and checksum as tests/erosion.rs (native).
    let n = 64;
    let v: Vec<f32> = (0..n * n)
        .map(|i| {
            let (x, y) = (i % n, i / n);
            ((x * 37 + y * 91) % 101) as f32 / 1010.0 + (x + y) as f32 / 128.0
        })
        .collect();
    let a = arr(&v);
    redistribute(&a, 1.7).unwrap();
    let mut e = eroder(n as u32, n as u32, obj(&[("seed", 42.into())])).unwrap();
    run(&mut e, &a, 2000).unwrap();
    let h = a.to_vec().iter().fold(0xcbf2_9ce4_8422_2325u64, |h, v| {
        (h ^ v.to_bits() as u64).wrapping_mul(0x100_0000_01b3)
    });
    assert_eq!(h, 0x7cb1_445c_09dd_1cbf);
}

#[wasm_bindgen_test]
fn a_view_on_wasm_memory_that_detaches_throws_instead_of_panicking() {
    // A view on a large wasm-owned buffer: copying it in needs as much memory again,
    // which grows wasm memory and detaches the view before the result is written back.
    let n = 3000usize;
    let owned = vec![0.5f32; n * n];
    let view = unsafe { Float32Array::view(&owned) };
    match island_falloff(&view, n as u32, n as u32, JsValue::UNDEFINED) {
        Err(e) => assert_error(e, false, "heights"),
        Ok(()) => assert_eq!(
            view.length() as usize,
            n * n,
            "if memory did not grow the write must have landed"
        ),
    }
    drop(owned);
}

#[wasm_bindgen_test]
fn typescript_interfaces_list_every_option_field() {
    use super::options::struct_fields;
    use super::terrain_types::OPTION_TYPES;
    let interface = |name: &str| {
        let start = OPTION_TYPES
            .find(&format!("export interface {name} {{"))
            .expect(name);
        let end = start + OPTION_TYPES[start..].find("\n}").unwrap();
        OPTION_TYPES[start..end].to_string()
    };
    let cases = [
        (
            "IslandOptions",
            struct_fields::<crate::terrain::island::IslandParams>(),
        ),
        (
            "FillOptions",
            struct_fields::<crate::hydrology::FillParams>(),
        ),
        (
            "BiomeOptions",
            struct_fields::<crate::terrain::biome::BiomeParams>(),
        ),
        (
            "ErosionOptions",
            struct_fields::<crate::erosion::ErosionParams>(),
        ),
    ];
    for (name, fields) in cases {
        let text = interface(name);
        assert!(!fields.is_empty());
        for f in fields {
            assert!(text.contains(&format!("  {f}?:")), "{name} lacks `{f}`");
        }
        assert_eq!(
            text.matches("?:").count(),
            fields.len(),
            "{name} has fields the Rust type lacks"
        );
    }
}
