//! TypeScript declarations of the options objects and results of the terrain
//! bindings (`src/wasm/terrain.rs`), with every field's range and default. They go
//! into the generated `.d.ts` verbatim; keep them in step with the Rust structs.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_OPTION_TYPES: &str = OPTION_TYPES;

/// The declarations as text (the tests check them against the Rust structs' fields).
#[cfg_attr(not(test), allow(dead_code))] // read by the macro above and by the tests
pub(crate) const OPTION_TYPES: &str = r#"
/** Options of `islandFalloff`; every field optional. */
export interface IslandOptions {
  /** `'radial'` (default): d = min(1, sqrt(nx² + ny²)); `'square'`: d = 1 − (1 − nx²)(1 − ny²). */
  shape?: 'radial' | 'square';
  /** How far elevation moves toward 1 − d, in [0, 1]. Default 0.5. */
  blend?: number;
}
/** Options of `fillDepressions`; every field optional. */
export interface FillOptions {
  /** `'priority-flood'` (default; at epsilon 0 it floods only the lakes) or `'planchon-darboux'` (iterative reference). Same bits. */
  method?: 'priority-flood' | 'planchon-darboux';
  /** Least drop per step of every drainage path, in [0, 1]; 0 (default) = one float step. */
  epsilon?: number;
  /** Cells strictly below this height are sea and drain by definition, in [-1e6, 1e6]. Default: none. */
  seaLevel?: number | null;
}
/** Options of `biomes`; every field optional. Elevation and moisture are expected in [0, 1]. */
export interface BiomeOptions {
  /** Below this elevation: ocean. In [0, 1], default 0.1. The land bands of the table stretch over [seaLevel, 1]. */
  seaLevel?: number;
  /** Beach band above the waterline, in [0, 1], default 0.02. */
  beachBand?: number;
  /** Above this elevation every land cell is snow, in [0, 2], default 0.9. */
  snowLine?: number;
  /** Slope (rise per map width, longer side) above which land is rock, in [0, 1e6]; 0 = off. Default 6. */
  rockSlope?: number;
  /** Band above the beach where wet ground is marsh, in [0, 1]; 0 = off. Default 0.03. */
  marshBand?: number;
  /** Moisture at or above which that band is marsh, in [0, 1]. Default 0.85. */
  marshMoisture?: number;
}
/** Parameters of `new Eroder`; every field optional (defaults of Lague's reference). */
export interface ErosionOptions {
  /** Seed of the droplet start positions (Mulberry32), an integer in [0, 2^32). Default 1. */
  seed?: number;
  /** Share of the previous direction kept each step, in [0, 1]. Default 0.05. */
  inertia?: number;
  /** Capacity = max(−Δh · speed · water · capacityFactor, minCapacity); in [0, 64]. Default 4. */
  capacityFactor?: number;
  /** Capacity floor, in [0, 1]. Default 0.01. */
  minCapacity?: number;
  /** Share of free capacity eroded per step, in [0, 1]. Default 0.3. */
  erodeSpeed?: number;
  /** Share of surplus sediment deposited per step, in [0, 1]. Default 0.3. */
  depositSpeed?: number;
  /** Share of water evaporating per step, in [0, 1]. Default 0.01. */
  evaporation?: number;
  /** speed² ← max(0, speed² − Δh · gravity); in [0, 64]. Default 4. */
  gravity?: number;
  /** Steps per droplet, an integer in [1, 1024]. Default 30. */
  lifetime?: number;
  /** Brush radius in cells, in [1, 16]. Default 3. */
  radius?: number;
  /** Starting water, in (0, 16]. Default 1. */
  initialWater?: number;
  /** Starting speed, in [0, 16]. Default 1. */
  initialSpeed?: number;
  /** Terminal speed: speed never exceeds it, in (0, 64]. Default 8. */
  maxSpeed?: number;
  /** Sea level, in [-1e6, 1e6], or null (default: no sea). A droplet at or below it settles its load and
   *  stops; no cell is eroded below it and no sea cell is raised above it. */
  seaLevel?: number | null;
}
/** Sediment totals since the Eroder was made (height units × cells); eroded − deposited = lost, up to rounding.
 *  Map heights stay within their range: erosion never digs below the height a droplet descends to (nor the sea),
 *  deposits never rise above the water, and a stopped droplet's load settles into the lowest ground around it. */
export interface ErosionBudget {
  eroded: number;
  deposited: number;
  /** carriedOff + stranded. */
  lost: number;
  /** Sediment carried over the map's edge, or out to sea where it did not fit under the sea. */
  carriedOff: number;
  /** Sediment a stopped droplet could not settle (the ground around it full to its rim): a few percent at most. */
  stranded: number;
}
/** One row of `biomeLegend()`. */
export interface BiomeLegendEntry { id: number; key: string; name: string; color: [number, number, number]; }
/** What `biomes` returns. */
export interface BiomeMap { ids: Uint8Array; rgba: Uint8ClampedArray; }
"#;
