//! Biomes from elevation × moisture.
//!
//! The base table is Red Blob Games' lookup ("Making maps with noise functions",
//! redblobgames.com/maps/terrain-from-noise/#biomes, and the Whittaker-style diagram of
//! "Polygonal map generation", 2010), with its display colours. On top of it go the
//! exceptions of the island article (`002`, Spike 54): steep slopes become rock
//! whatever the moisture, the band just above the waterline becomes beach, the highest
//! elevations get snow; and low, wet ground just above the beach becomes marsh.
//! Precedence: ocean, rock, beach, snow, marsh, table.

use serde::{Deserialize, Serialize};

use crate::error::{check_finite_slice, check_len, check_range, Result};
use crate::terrain::check_grid;

/// A biome id, as stored in the `u8` maps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Biome {
    Ocean = 0,
    Beach,
    Scorched,
    Bare,
    Tundra,
    Snow,
    TemperateDesert,
    Shrubland,
    Taiga,
    Grassland,
    TemperateDeciduousForest,
    TemperateRainForest,
    SubtropicalDesert,
    TropicalSeasonalForest,
    TropicalRainForest,
    Rock,
    Marsh,
}

/// One legend row: id, display name, a stable key and an sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BiomeInfo {
    pub id: u8,
    pub key: &'static str,
    pub name: &'static str,
    pub color: [u8; 3],
}

const fn row(id: Biome, key: &'static str, name: &'static str, rgb: u32) -> BiomeInfo {
    BiomeInfo {
        id: id as u8,
        key,
        name,
        color: [(rgb >> 16) as u8, (rgb >> 8) as u8, rgb as u8],
    }
}

/// Every biome in id order (`LEGEND[id].id == id`). Colours of the table biomes are
/// Red Blob's mapgen2 display colours.
pub const LEGEND: [BiomeInfo; 17] = [
    row(Biome::Ocean, "ocean", "Ocean", 0x44447a),
    row(Biome::Beach, "beach", "Beach", 0xa09077),
    row(Biome::Scorched, "scorched", "Scorched", 0x555555),
    row(Biome::Bare, "bare", "Bare", 0x888888),
    row(Biome::Tundra, "tundra", "Tundra", 0xbbbbaa),
    row(Biome::Snow, "snow", "Snow", 0xf8f8f8),
    row(
        Biome::TemperateDesert,
        "temperate-desert",
        "Temperate desert",
        0xc9d29b,
    ),
    row(Biome::Shrubland, "shrubland", "Shrubland", 0x889977),
    row(Biome::Taiga, "taiga", "Taiga", 0x99aa77),
    row(Biome::Grassland, "grassland", "Grassland", 0x88aa55),
    row(
        Biome::TemperateDeciduousForest,
        "temperate-deciduous-forest",
        "Temperate deciduous forest",
        0x679459,
    ),
    row(
        Biome::TemperateRainForest,
        "temperate-rain-forest",
        "Temperate rain forest",
        0x448855,
    ),
    row(
        Biome::SubtropicalDesert,
        "subtropical-desert",
        "Subtropical desert",
        0xd2b98b,
    ),
    row(
        Biome::TropicalSeasonalForest,
        "tropical-seasonal-forest",
        "Tropical seasonal forest",
        0x559944,
    ),
    row(
        Biome::TropicalRainForest,
        "tropical-rain-forest",
        "Tropical rain forest",
        0x337755,
    ),
    row(Biome::Rock, "rock", "Rock", 0x6e6862),
    row(Biome::Marsh, "marsh", "Marsh", 0x2f6666),
];

impl Biome {
    pub fn id(self) -> u8 {
        self as u8
    }
    pub fn info(self) -> &'static BiomeInfo {
        &LEGEND[self as usize]
    }
}

/// Red Blob's table for land, by elevation band (`e` in `[0, 1]`) and moisture
/// (`m` in `[0, 1]`). Ocean and beach are decided by the caller.
pub fn land_biome(e: f32, m: f32) -> Biome {
    use Biome::*;
    if e > 0.8 {
        return if m < 0.1 {
            Scorched
        } else if m < 0.2 {
            Bare
        } else if m < 0.5 {
            Tundra
        } else {
            Snow
        };
    }
    if e > 0.6 {
        return if m < 0.33 {
            TemperateDesert
        } else if m < 0.66 {
            Shrubland
        } else {
            Taiga
        };
    }
    if e > 0.3 {
        return if m < 0.16 {
            TemperateDesert
        } else if m < 0.5 {
            Grassland
        } else if m < 0.83 {
            TemperateDeciduousForest
        } else {
            TemperateRainForest
        };
    }
    if m < 0.16 {
        SubtropicalDesert
    } else if m < 0.33 {
        Grassland
    } else if m < 0.66 {
        TropicalSeasonalForest
    } else {
        TropicalRainForest
    }
}

/// Red Blob's complete lookup without exceptions: ocean below 0.1, beach below 0.12,
/// then [`land_biome`].
pub fn table_biome(e: f32, m: f32) -> Biome {
    if e < 0.1 {
        Biome::Ocean
    } else if e < 0.12 {
        Biome::Beach
    } else {
        land_biome(e, m)
    }
}

/// Options of [`biomes`]. Elevations and moistures are expected in `[0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct BiomeParams {
    /// Elevation below which a cell is ocean, in `[0, 1]`. Default 0.1 (Red Blob's).
    /// The table's land bands (0.3, 0.6, 0.8 on Red Blob's scale, where land spans
    /// `[0.1, 1]`) stretch to span `[seaLevel, 1]`, so every band exists at any sea level.
    pub sea_level: f32,
    /// Height of the beach band above the waterline, in `[0, 1]`. Default 0.02.
    pub beach_band: f32,
    /// Elevation above which every land cell is snow, in `[0, 2]`. Default 0.9.
    pub snow_line: f32,
    /// Slope above which land is rock, in `[0, 1e6]`; 0 turns the rule off. The slope
    /// is rise over run with run measured in map widths (the longer side), so it does
    /// not change with resolution: a cone rising from 0 at the edge to 1 in the centre
    /// has slope 2. Default 6.
    pub rock_slope: f32,
    /// Height of the band above the beach where wet ground is marsh, in `[0, 1]`;
    /// 0 turns marsh off. Default 0.03.
    pub marsh_band: f32,
    /// Moisture at or above which that band is marsh, in `[0, 1]`. Default 0.85.
    pub marsh_moisture: f32,
}

impl Default for BiomeParams {
    fn default() -> Self {
        Self {
            sea_level: 0.1,
            beach_band: 0.02,
            snow_line: 0.9,
            rock_slope: 6.0,
            marsh_band: 0.03,
            marsh_moisture: 0.85,
        }
    }
}

impl BiomeParams {
    pub fn validate(&self) -> Result<()> {
        check_range("seaLevel", self.sea_level as f64, 0.0, 1.0)?;
        check_range("beachBand", self.beach_band as f64, 0.0, 1.0)?;
        check_range("snowLine", self.snow_line as f64, 0.0, 2.0)?;
        check_range("rockSlope", self.rock_slope as f64, 0.0, 1e6)?;
        check_range("marshBand", self.marsh_band as f64, 0.0, 1.0)?;
        check_range("marshMoisture", self.marsh_moisture as f64, 0.0, 1.0)
    }

    /// Land elevation on Red Blob's scale: `[sea_level, 1]` mapped linearly onto
    /// `[0.1, 1]` (the identity at the default sea level of 0.1).
    pub fn table_elevation(&self, e: f32) -> f32 {
        if self.sea_level == 0.1 || self.sea_level >= 1.0 {
            return e;
        }
        0.1 + (e - self.sea_level) * (0.9 / (1.0 - self.sea_level))
    }

    /// The biome of one cell from its elevation, moisture and slope (see
    /// [`BiomeParams::rock_slope`] for the slope's unit).
    pub fn classify(&self, e: f32, m: f32, slope: f32) -> Biome {
        if e < self.sea_level {
            return Biome::Ocean;
        }
        if self.rock_slope > 0.0 && slope > self.rock_slope {
            return Biome::Rock;
        }
        let beach_top = self.sea_level + self.beach_band;
        if e < beach_top {
            return Biome::Beach;
        }
        if e > self.snow_line {
            return Biome::Snow;
        }
        if e < beach_top + self.marsh_band && m >= self.marsh_moisture {
            return Biome::Marsh;
        }
        land_biome(self.table_elevation(e), m)
    }
}

/// Slope at cell `(x, y)` by central differences (one-sided on the border), in
/// height units per map width, `scale` being the longer side minus one.
fn slope_at(h: &[f32], w: usize, ht: usize, x: usize, y: usize, scale: f32) -> f32 {
    let at = |x: usize, y: usize| h[y * w + x];
    let diff = |a: f32, b: f32, span: usize| {
        if span == 0 {
            0.0
        } else {
            (a - b) / span as f32
        }
    };
    let (x0, x1) = (x.saturating_sub(1), (x + 1).min(w - 1));
    let (y0, y1) = (y.saturating_sub(1), (y + 1).min(ht - 1));
    let gx = diff(at(x1, y), at(x0, y), x1 - x0);
    let gy = diff(at(x, y1), at(x, y0), y1 - y0);
    (gx * gx + gy * gy).sqrt() * scale
}

/// Classifies every cell into `ids` (one biome id per cell). `heights` and `moisture`
/// are row-major grids of `width × height` finite values.
pub fn biomes(
    heights: &[f32],
    moisture: &[f32],
    width: usize,
    height: usize,
    params: &BiomeParams,
    ids: &mut [u8],
) -> Result<()> {
    check_grid("heights", heights.len(), width, height, 1)?;
    check_len("moisture", moisture.len(), heights.len(), "width × height")?;
    check_len("ids", ids.len(), heights.len(), "width × height")?;
    params.validate()?;
    check_finite_slice("heights", heights)?;
    check_finite_slice("moisture", moisture)?;
    let scale = (width.max(height) - 1) as f32;
    for y in 0..height {
        for x in 0..width {
            let i = y * width + x;
            let slope = slope_at(heights, width, height, x, y, scale);
            ids[i] = params.classify(heights[i], moisture[i], slope).id();
        }
    }
    Ok(())
}

/// Paints biome ids as an RGBA image (4 bytes per cell, alpha 255) with the
/// [`LEGEND`] colours. `rgba` must be 4 × `ids.len()` long; unknown ids paint magenta.
pub fn paint_biomes(ids: &[u8], rgba: &mut [u8]) -> Result<()> {
    let want = ids.len().saturating_mul(4);
    check_len("rgba", rgba.len(), want, "4 × cells")?;
    for (&id, px) in ids.iter().zip(rgba.chunks_exact_mut(4)) {
        let c = LEGEND.get(id as usize).map_or([255, 0, 255], |b| b.color);
        px.copy_from_slice(&[c[0], c[1], c[2], 255]);
    }
    Ok(())
}
