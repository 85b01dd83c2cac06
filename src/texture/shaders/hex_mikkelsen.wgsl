// hex-mikkelsen: Mikkelsen, JCGT 2022 (3 samples), see hex_mikkelsen.glsl.
const LF_LUMA: vec3f = vec3f(0.299, 0.587, 0.114);
fn lfHexCentre(v: vec2i) -> vec2f { let p = vec2f(v); return vec2f(p.x + 0.5 * p.y, 0.8660254 * p.y) / LF_TRI_SCALE; }
fn lfHexRotation(v: vec2i, rotation: f32) -> mat2x2f {
  let a = (f32(lfHash(lfHash2(v) ^ 0x68bc21ebu) >> 8u) * (2.0 / 16777216.0) - 1.0) * 3.14159265 * rotation;
  let c = cos(a);
  let s = sin(a);
  return mat2x2f(c, s, -s, c);
}
fn lfMikkelsenWeights(w: vec3f, luma: vec3f) -> vec3f {
  let w2 = w * w;
  let k = mix(vec3f(1.0), luma, 0.6) * (w2 * w2 * w2 * w);
  return k / (k.x + k.y + k.z);
}
fn lfHexSample(t: texture_2d<f32>, s: sampler, uv: vec2f, v: vec2i, rotation: f32, dx: vec2f, dy: vec2f) -> vec4f {
  let r = lfHexRotation(v, rotation);
  let c = lfHexCentre(v);
  return textureSampleGrad(t, s, r * (uv - c) + c + lfOffset(v), r * dx, r * dy);
}
fn lfTexHexMikkelsenGrad(t: texture_2d<f32>, s: sampler, uv: vec2f, rotation: f32, dx: vec2f, dy: vec2f) -> vec4f {
  let g = lfTriangleGrid(uv);
  let a = lfHexSample(t, s, uv, g.v1, rotation, dx, dy);
  let b = lfHexSample(t, s, uv, g.v2, rotation, dx, dy);
  let c = lfHexSample(t, s, uv, g.v3, rotation, dx, dy);
  let k = lfMikkelsenWeights(g.w, vec3f(dot(a.rgb, LF_LUMA), dot(b.rgb, LF_LUMA), dot(c.rgb, LF_LUMA)));
  return k.x * a + k.y * b + k.z * c;
}
fn lfTexHexMikkelsen(t: texture_2d<f32>, s: sampler, uv: vec2f, rotation: f32) -> vec4f { return lfTexHexMikkelsenGrad(t, s, uv, rotation, dpdx(uv), dpdy(uv)); }
