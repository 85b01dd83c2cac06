//! TypeScript declarations of `new Field(spec)` and of regions. The unions of names
//! (`NoiseName`, …) are written from the Rust name tables (`crate::spec::Named::TS`);
//! the interfaces are written here, and the tests check their keys against the Rust
//! structs (`Spec`, `RegionArg`), so neither can drift.

use wasm_bindgen::prelude::*;

use crate::fractal::FractalKind;
use crate::noise::worley::{WorleyDistance, WorleyReturn};
use crate::spec::{Named, NoiseKind, Permutation};

#[wasm_bindgen(typescript_custom_section)]
const TS_NOISE: &str = NoiseKind::TS;
#[wasm_bindgen(typescript_custom_section)]
const TS_PERMUTATION: &str = Permutation::TS;
#[wasm_bindgen(typescript_custom_section)]
const TS_FRACTAL_KIND: &str = FractalKind::TS;
#[wasm_bindgen(typescript_custom_section)]
const TS_WORLEY_DISTANCE: &str = WorleyDistance::TS;
#[wasm_bindgen(typescript_custom_section)]
const TS_WORLEY_RETURN: &str = WorleyReturn::TS;
#[wasm_bindgen(typescript_custom_section)]
const TS_SPEC_TYPES: &str = SPEC_TYPES;

/// The interfaces as text (the tests check them against the Rust structs' fields).
#[cfg_attr(not(test), allow(dead_code))] // read by the macro above and by the tests
pub(crate) const SPEC_TYPES: &str = r#"
/** What a `Field` computes. Every key is optional; `field.spec` returns it with defaults filled in. */
export interface FieldSpec {
  /** Kernel: 'perlin' (classic, 2D ±√½), 'perlin-improved' (Perlin 2002), 'simplex' (2D–4D), 'worley',
   *  'value' or a teaching variant ('perlin-linear', …). Default 'perlin'. */
  noise?: NoiseName;
  /** Whole number in [0, 4294967295]. Default 0. Same seed, same bits, everywhere. */
  seed?: number;
  /** 'seeded' (Mulberry32 shuffle of `seed`) or 'reference' (Ken Perlin's table; 'perlin-improved' only). */
  permutation?: PermutationName;
  fractal?: {
    /** Shaping of each octave. Default 'fbm'. */
    kind?: FractalKindName;
    /** Whole number in [1, 16]. Default 1. */
    octaves?: number;
    /** Amplitude ratio between octaves, (0, 4]. Default 0.5. Above 1 logs a warning. */
    persistence?: number;
    /** Frequency ratio between octaves, (0, 16]. Default 2. Exactly 1 logs a warning. */
    lacunarity?: number;
  };
  /** Domain warp p' = p + strength · (noise(p), noise'(p)); absent = off. */
  warp?: {
    /** Displacement in noise units, [0, 64]. Default 1. */
    strength?: number;
    /** Seed of the warp noise (whole number); the second axis uses seed + 1. Default 1. */
    seed?: number;
    /** Octaves of the warp noise, [1, 16]. Default 1. */
    octaves?: number;
    /** Frequency of the warp noise relative to the field, (0, 64]. Default 1. */
    frequency?: number;
  };
  /** Read for noise 'worley' only. */
  worley?: {
    /** Default 'euclidean'. */
    distance?: WorleyDistanceName;
    /** Default 'f1'. */
    return?: WorleyReturnName;
    /** Feature point jitter in [0, 1]. Default 1. */
    jitter?: number;
  };
  /** Tile period [px, py] in noise units (whole numbers 1–4096); 2D fills then repeat seamlessly.
   *  Needs a whole-number lacunarity, and the finest octave's tile, max(px, py) × lacunarity^(octaves − 1)
   *  (and × warp.frequency × 2^(warp.octaves − 1) with a warp), at most 16777216 cells. Not for 'simplex'. */
  period?: [number, number] | null;
  /** Added to noise-space coordinates before anything else. Default [0, 0, 0]. */
  offset?: [number, number, number];
}

/** Which samples a fill computes: column i, row j is the field at ((x0 + i) / scale, (y0 + j) / scale). */
export interface Region {
  /** Whole number in [1, 16384]. Required, except by fillGrid/fillGrid3d (which take the grid's). */
  width?: number;
  /** Whole number in [1, 16384]; width × height ≤ 67108864. Default 1. */
  height?: number;
  /** Samples per noise unit, [1e-6, 1e9]. Default 1. */
  scale?: number;
  /** Position of the first sample, in samples, |x0| ≤ 2147483648 (2³¹; detail holds there). Default 0. */
  x0?: number;
  /** Position of the first row, in samples, |y0| ≤ 2147483648. Default 0. */
  y0?: number;
  /** Third coordinate of a 3D/4D slice, in noise units (not divided by scale), e.g. time; |z| ≤ 1e7. Default 0. */
  z?: number;
  /** Fourth coordinate of a 4D slice, in noise units; |w| ≤ 1e7. Default 0. */
  w?: number;
}
"#;

#[cfg(test)]
mod tests {
    use super::SPEC_TYPES;
    use crate::fractal::FractalKind;
    use crate::noise::worley::{WorleyDistance, WorleyReturn};
    use crate::spec::{FractalSpec, Named, NoiseKind, Permutation, Spec, WarpSpec, WorleySpec};
    use crate::wasm::field::RegionArg;
    use crate::wasm::options::struct_fields;
    use wasm_bindgen_test::wasm_bindgen_test;

    /// The text of the `{ … }` block that follows `head`, without its nested blocks.
    fn block(head: &str) -> String {
        let start = SPEC_TYPES.find(head).expect(head) + head.len();
        let (mut depth, mut out) = (0, String::new());
        for c in SPEC_TYPES[start..].chars() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => depth -= 1,
                _ if depth == 0 => out.push(c),
                _ => {}
            }
        }
        out
    }

    /// The keys a block declares (`name?:`), in order.
    fn keys(text: &str) -> Vec<String> {
        text.lines()
            .filter_map(|l| l.trim().split_once("?:").map(|(k, _)| k.to_string()))
            .filter(|k| !k.contains(' '))
            .collect()
    }

    #[wasm_bindgen_test]
    fn typescript_interfaces_list_exactly_the_rust_keys() {
        let cases = [
            ("export interface FieldSpec {", struct_fields::<Spec>()),
            ("  fractal?: {", struct_fields::<FractalSpec>()),
            ("  warp?: {", struct_fields::<WarpSpec>()),
            ("  worley?: {", struct_fields::<WorleySpec>()),
            ("export interface Region {", struct_fields::<RegionArg>()),
        ];
        for (head, fields) in cases {
            assert!(!fields.is_empty(), "{head}");
            assert_eq!(keys(&block(head)), fields, "{head}");
        }
    }

    #[wasm_bindgen_test]
    fn the_interfaces_use_the_generated_unions() {
        let used = [
            ("  noise?: ", NoiseKind::TS),
            ("  permutation?: ", Permutation::TS),
            ("    kind?: ", FractalKind::TS),
            ("    distance?: ", WorleyDistance::TS),
            ("    return?: ", WorleyReturn::TS),
        ];
        for (key, ts) in used {
            let alias = ts["export type ".len()..].split(' ').next().unwrap_or("");
            assert!(
                SPEC_TYPES.contains(&format!("{key}{alias};")),
                "{key} should be typed {alias}"
            );
        }
        // A name quoted in a doc comment must still exist.
        let mut names = NoiseKind::names();
        names.extend(Permutation::names());
        names.extend(FractalKind::names());
        names.extend(WorleyDistance::names());
        names.extend(WorleyReturn::names());
        let text: Vec<char> = SPEC_TYPES.chars().collect();
        for (i, _) in text.iter().enumerate().filter(|&(_, &c)| c == '\'') {
            if i > 0 && text[i - 1].is_alphanumeric() {
                continue; // an apostrophe or a prime: `grid's`, `noise'(p)`
            }
            let word: String = text[i + 1..]
                .iter()
                .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || **c == '-')
                .collect();
            if !word.is_empty() && text.get(i + 1 + word.len()) == Some(&'\'') {
                assert!(
                    names.contains(&word.as_str()),
                    "the docs name '{word}', which no table has"
                );
            }
        }
    }
}
