//! Field graphs for JavaScript: `new Field(spec)` takes them (src/wasm/field.rs); here
//! are the named presets and the TypeScript type of graph specs, whose op names come
//! from the Rust op table (`GraphOpName`) and whose keys a test checks against it.

use wasm_bindgen::prelude::*;

use super::JsResult;
use crate::graph::ops::Op;
use crate::graph::presets;
use crate::spec::Named;

/// The named presets (`island`, `ridgedMountains`, `canyons`, `marble`) as plain graph
/// specs, with every default filled in: copy one, change it, pass it to `new Field`.
#[wasm_bindgen(unchecked_return_type = "Record<string, GraphSpec>")]
pub fn presets() -> JsResult<JsValue> {
    let s = serde_wasm_bindgen::Serializer::json_compatible();
    let o = js_sys::Object::new();
    for (name, spec) in presets::presets() {
        // A preset is valid by construction (tests/graph.rs builds each); its spec() is
        // the filled-in form.
        let g = crate::graph::Graph::new(&spec).map_err(super::js_err)?;
        let v = serde::Serialize::serialize(g.spec(), &s)
            .map_err(|e| JsValue::from_str(&e.to_string()))?;
        let _ = js_sys::Reflect::set(&o, &JsValue::from_str(name), &v);
    }
    Ok(o.into())
}

#[wasm_bindgen(typescript_custom_section)]
const TS_GRAPH_OP: &str = Op::TS;
#[wasm_bindgen(typescript_custom_section)]
const TS_GRAPH: &str = GRAPH_TYPES;

/// One line per op (the test reads them); docs/graphs.md describes each.
#[cfg_attr(not(test), allow(dead_code))] // read by the macro above and by the tests
pub(crate) const GRAPH_TYPES: &str = r#"
type Vec3 = [number, number] | [number, number, number];
/** A field graph: a leaf (a `FieldSpec`) or a node whose `op` combines its `inputs` (docs/graphs.md). */
export type GraphSpec = FieldSpec | GraphNode;
/** Every node; numbers are checked with their ranges, errors name the node path (`inputs[1].k`). */
export type GraphNode =
  | { op: 'add' | 'mul' | 'min' | 'max'; inputs: GraphSpec[] }
  | { op: 'sub'; inputs: [GraphSpec, GraphSpec] }
  | { op: 'smoothMin' | 'smoothMax'; inputs: [GraphSpec, GraphSpec]; k?: number }
  | { op: 'abs' | 'neg'; inputs: [GraphSpec] }
  | { op: 'clamp'; inputs: [GraphSpec]; min?: number; max?: number }
  | { op: 'scaleBias'; inputs: [GraphSpec]; scale?: number; bias?: number }
  | { op: 'pow'; inputs: [GraphSpec]; exponent?: number }
  | { op: 'curve'; inputs: [GraphSpec]; points: [number, number][] }
  | { op: 'terrace'; inputs: [GraphSpec]; points: number[]; invert?: boolean }
  | { op: 'remap'; inputs: [GraphSpec]; from?: [number, number]; to?: [number, number] }
  | { op: 'blend'; inputs: [GraphSpec, GraphSpec, GraphSpec] }
  | { op: 'select'; inputs: [GraphSpec, GraphSpec, GraphSpec]; threshold?: number; falloff?: number }
  | { op: 'translate'; inputs: [GraphSpec]; by?: Vec3 }
  | { op: 'scale'; inputs: [GraphSpec]; by?: number | Vec3 }
  | { op: 'rotate'; inputs: [GraphSpec]; angle?: number; axis?: Vec3 }
  | { op: 'displace'; inputs: [GraphSpec, GraphSpec, GraphSpec] | [GraphSpec, GraphSpec, GraphSpec, GraphSpec] }
  | { op: 'turbulence'; inputs: [GraphSpec]; power?: number; frequency?: number; roughness?: number; seed?: number }
  | { op: 'seedOffset'; inputs: [GraphSpec]; by?: number }
  | { op: 'constant'; value?: number }
  | { op: 'x' | 'y' | 'z' }
  | { op: 'distance'; to?: Vec3 };
"#;

#[cfg(test)]
mod tests {
    use super::GRAPH_TYPES;
    use crate::graph::ops::Op;
    use crate::spec::Named;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn every_op_has_one_typescript_line_with_exactly_its_keys() {
        for &(op, name) in Op::NAMES {
            let quoted = format!("'{name}'");
            let lines: Vec<&str> = GRAPH_TYPES
                .lines()
                .filter(|l| l.contains(&quoted))
                .collect();
            assert_eq!(lines.len(), 1, "{name}");
            let keys: Vec<&str> = lines[0]
                .split(';')
                .skip(1)
                .filter_map(|part| part.trim().split(|c| c == '?' || c == ':').next())
                .filter(|k| !k.is_empty() && *k != "inputs" && *k != "}")
                .collect();
            assert_eq!(keys, op.keys(), "{name}");
            assert_eq!(lines[0].contains("inputs"), op.arity().1 > 0, "{name}");
        }
    }
}
