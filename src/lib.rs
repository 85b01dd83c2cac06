//! landform: deterministic procedural terrain.
//!
//! The crate is plain Rust by role: [`noise`] kernels, [`fractal`] composition and
//! domain warping, [`field`] (a validated spec compiled into something that fills
//! grids), [`grid`] regions, [`terrain`], [`erosion`] and [`hydrology`] steps. The
//! `wasm` module is the only place that knows about JavaScript.

pub mod error;
pub mod erosion;
pub mod hydrology;
pub mod noise;
pub mod rng;
pub mod terrain;

pub use error::{Error, Result};

#[cfg(target_arch = "wasm32")]
mod wasm;
