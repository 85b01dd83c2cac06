//! landform: deterministic procedural terrain.
//!
//! The crate is plain Rust by role, in floors that only import downwards
//! (tests/architecture.rs checks it): [`noise`] kernels (over [`simd`] lanes) and
//! [`fractal`] schedules; composition (a kernel with its fractal, domain warp and tile
//! period, private); [`rows`], the grid fills a row at a time; [`field`] (a
//! [`spec::Spec`] checked into [`spec::Params`] and compiled into something that fills
//! grids) over [`grid`] regions; [`graph`] (fields combined by ops); then the terrain
//! steps: [`terrain`] (island shaping, biomes, caves, placement), [`erosion`],
//! [`hydrology`] and [`landscape`] (uplift + stream power + hillslope diffusion); [`texture`] holds the CPU references of the
//! anti-tiling shaders. The `wasm` module is the only place that knows about JavaScript.
//!
//! Comments cite their sources by short names (`000`–`004` for the five source articles,
//! "Spike 54" for the island part of `002`, authors and years for papers): each is
//! listed with its full title in `docs/references.md`.

mod compose;
pub mod erosion;
pub mod error;
pub mod field;
pub mod fractal;
pub mod graph;
pub mod grid;
pub mod hydrology;
pub mod landscape;
pub mod limits;
pub mod noise;
mod order;
pub mod rng;
pub mod rows;
pub mod simd;
pub mod spec;
pub mod terrain;
pub mod texture;

pub use error::{Error, Result};
pub use field::Field;
pub use graph::Graph;
pub use grid::Region;
pub use spec::Spec;

#[cfg(target_arch = "wasm32")]
pub mod wasm;
