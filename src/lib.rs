//! landform: deterministic procedural terrain.
//!
//! The crate is plain Rust by role: [`noise`] kernels, [`fractal`] composition and
//! domain warping, [`field`] (a validated [`spec::Spec`] compiled into something that
//! fills grids), [`grid`] regions, and the terrain steps: [`terrain`] (island shaping,
//! biomes, caves, placement), [`erosion`], [`hydrology`] and [`landscape`] (uplift +
//! stream power + hillslope diffusion); [`texture`] holds the CPU references of the
//! anti-tiling shaders. The `wasm` module is the only place that knows about JavaScript.
//!
//! Comments cite their sources by short names (`000`–`004` for the five source articles,
//! "Spike 54" for the island part of `002`, authors and years for papers): each is
//! listed with its full title in `docs/references.md`.

pub mod erosion;
pub mod error;
pub mod field;
pub mod fill;
pub mod fractal;
pub mod grid;
pub mod hydrology;
pub mod landscape;
pub mod limits;
pub mod noise;
pub mod rng;
pub mod simd;
pub mod spec;
pub mod terrain;
pub mod texture;

pub use error::{Error, Result};
pub use field::Field;
pub use grid::Region;
pub use spec::Spec;

#[cfg(target_arch = "wasm32")]
pub mod wasm;
