//! Anti-tiling texture sampling: CPU references of the shaders in `shaders/` (GLSL ES
//! 3.00 and WGSL, shipped in the package as `texture.js`), with the same formulas and
//! bilinear texture reads, so the maths is unit-tested natively.
//!
//! Modes: [`modes::plain`], [`modes::hex_linear`] and [`modes::hex_vp`] (Heitz and
//! Neyret, HPG 2018), [`modes::iq`] (Quilez, technique 3), [`modes::hex_mikkelsen`]
//! (Mikkelsen, JCGT 2022), and [`modes::triplanar_weights`] for triplanar projection.

pub mod bilinear;
pub mod hash;
pub mod modes;
pub mod triangle;

/// A colour (or any four channels), as the shaders' `vec4`.
pub type Rgba = [f32; 4];
