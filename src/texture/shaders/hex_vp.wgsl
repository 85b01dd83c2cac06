// hex-vp: Heitz–Neyret variance-preserving blend around the texture's mean (3 samples).
fn lfTexHexVpGrad(t: texture_2d<f32>, s: sampler, uv: vec2f, meanColor: vec4f, dx: vec2f, dy: vec2f) -> vec4f {
  let g = lfTriangleGrid(uv);
  let d = g.w.x * (textureSampleGrad(t, s, uv + lfOffset(g.v1), dx, dy) - meanColor)
        + g.w.y * (textureSampleGrad(t, s, uv + lfOffset(g.v2), dx, dy) - meanColor)
        + g.w.z * (textureSampleGrad(t, s, uv + lfOffset(g.v3), dx, dy) - meanColor);
  return clamp(meanColor + d * inverseSqrt(dot(g.w, g.w)), vec4f(0.0), vec4f(1.0));
}
fn lfTexHexVp(t: texture_2d<f32>, s: sampler, uv: vec2f, meanColor: vec4f) -> vec4f { return lfTexHexVpGrad(t, s, uv, meanColor, dpdx(uv), dpdy(uv)); }
