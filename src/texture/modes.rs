//! The five sampling modes, formula for formula those of `shaders/*.glsl` (mip level 0).

use super::bilinear::Texture;
use super::hash::{hash, hash2, offset, unit};
use super::triangle::{triangle_grid, vertex_position};
use super::Rgba;

const LUMA: [f32; 3] = [0.299, 0.587, 0.114];

fn add(uv: [f32; 2], o: [f32; 2]) -> [f32; 2] {
    [uv[0] + o[0], uv[1] + o[1]]
}

fn blend(w: [f32; 3], c: [Rgba; 3]) -> Rgba {
    std::array::from_fn(|k| w[0] * c[0][k] + w[1] * c[1][k] + w[2] * c[2][k])
}

/// One sample: repeats every texture period.
pub fn plain(tex: &Texture, uv: [f32; 2]) -> Rgba {
    tex.sample(uv)
}

/// Three offset samples blended by barycentric weights (Heitz–Neyret 2018, linear).
pub fn hex_linear(tex: &Texture, uv: [f32; 2]) -> Rgba {
    let t = triangle_grid(uv);
    blend(t.w, t.v.map(|v| tex.sample(add(uv, offset(v)))))
}

/// The variance-preserving blend: mean + Σwᵢ(cᵢ − mean)/√(Σwᵢ²), clamped to [0, 1].
pub fn hex_vp(tex: &Texture, uv: [f32; 2], mean: Rgba) -> Rgba {
    let t = triangle_grid(uv);
    let c = t.v.map(|v| {
        let s = tex.sample(add(uv, offset(v)));
        std::array::from_fn(|k| s[k] - mean[k])
    });
    let d = blend(t.w, c);
    let scale = 1.0 / (t.w[0] * t.w[0] + t.w[1] * t.w[1] + t.w[2] * t.w[2]).sqrt();
    std::array::from_fn(|k| (mean[k] + d[k] * scale).clamp(0.0, 1.0))
}

/// Smooth value noise in [0, 1) on the integer lattice (smoothstep interpolation).
pub fn value_noise(p: [f32; 2]) -> f32 {
    let b = [p[0].floor(), p[1].floor()];
    let f = [p[0] - b[0], p[1] - b[1]];
    let i = [b[0] as i32, b[1] as i32];
    let u = f.map(|t| t * t * (3.0 - 2.0 * t));
    let n = |dx: i32, dy: i32| (hash2([i[0] + dx, i[1] + dy]) >> 8) as f32;
    let top = n(0, 0) + (n(1, 0) - n(0, 0)) * u[0];
    let bottom = n(0, 1) + (n(1, 1) - n(0, 1)) * u[0];
    (top + (bottom - top) * u[1]) / 16_777_216.0
}

fn smoothstep(a: f32, b: f32, x: f32) -> f32 {
    let t = ((x - a) / (b - a)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Quilez's technique 3: two of eight offsets, chosen and mixed by a value noise with
/// `variation` cells per texture repeat; the colour nudge alternates in sign with the
/// level so that it does not bias the mean.
pub fn iq(tex: &Texture, uv: [f32; 2], variation: f32) -> Rgba {
    let l = value_noise([uv[0] * variation, uv[1] * variation]) * 8.0;
    let ia = l.floor();
    let f = l - ia;
    let a = tex.sample(add(uv, offset([ia as i32, 7919])));
    let b = tex.sample(add(uv, offset([ia as i32 + 1, 7919])));
    let diff = (a[0] - b[0]) + (a[1] - b[1]) + (a[2] - b[2]);
    // The nudge favours the brighter sample on even levels, the darker on odd ones.
    let nudge = if (ia as i32) & 1 == 0 { 0.1 } else { -0.1 };
    let m = smoothstep(0.2, 0.8, f - nudge * diff);
    std::array::from_fn(|k| a[k] + (b[k] - a[k]) * m)
}

/// Rotation angle (radians) of hexagon `v` at strength `rotation` (0 none, 1 up to ±π).
pub fn hex_angle(v: [i32; 2], rotation: f32) -> f32 {
    (unit(hash(hash2(v) ^ 0x68bc_21eb)) * 2.0 - 1.0) * std::f32::consts::PI * rotation
}

/// Mikkelsen's weights: wᵢ⁷ · mix(1, lumaᵢ, 0.6), normalised to sum 1.
pub fn mikkelsen_weights(w: [f32; 3], luma: [f32; 3]) -> [f32; 3] {
    let k: [f32; 3] = std::array::from_fn(|i| (1.0 + (luma[i] - 1.0) * 0.6) * w[i].powi(7));
    let s = k[0] + k[1] + k[2];
    k.map(|v| v / s)
}

/// Mikkelsen's hex-tiling (JCGT 2022): per-hexagon rotation about its centre and
/// offset, sharpened luminance-weighted blend.
pub fn hex_mikkelsen(tex: &Texture, uv: [f32; 2], rotation: f32) -> Rgba {
    let t = triangle_grid(uv);
    let c = t.v.map(|v| {
        let (s, co) = hex_angle(v, rotation).sin_cos();
        let centre = vertex_position(v);
        let d = [uv[0] - centre[0], uv[1] - centre[1]];
        // mat2(c, s, -s, c) * d in GLSL's column-major order.
        let r = [co * d[0] - s * d[1], s * d[0] + co * d[1]];
        tex.sample(add(add(r, centre), offset(v)))
    });
    let luma = c.map(|s| s[0] * LUMA[0] + s[1] * LUMA[1] + s[2] * LUMA[2]);
    blend(mikkelsen_weights(t.w, luma), c)
}

/// Triplanar blend weights of the YZ, ZX and XY projections: |n|^sharpness, normalised.
pub fn triplanar_weights(n: [f32; 3], sharpness: f32) -> [f32; 3] {
    let w = n.map(|c| (c.abs() + 1e-5).powf(sharpness));
    let s = w[0] + w[1] + w[2];
    w.map(|v| v / s)
}
