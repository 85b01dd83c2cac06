// hex-linear: three offset samples blended by barycentric weights (3 samples).
fn lfTexHexLinearGrad(t: texture_2d<f32>, s: sampler, uv: vec2f, dx: vec2f, dy: vec2f) -> vec4f {
  let g = lfTriangleGrid(uv);
  return g.w.x * textureSampleGrad(t, s, uv + lfOffset(g.v1), dx, dy)
       + g.w.y * textureSampleGrad(t, s, uv + lfOffset(g.v2), dx, dy)
       + g.w.z * textureSampleGrad(t, s, uv + lfOffset(g.v3), dx, dy);
}
fn lfTexHexLinear(t: texture_2d<f32>, s: sampler, uv: vec2f) -> vec4f { return lfTexHexLinearGrad(t, s, uv, dpdx(uv), dpdy(uv)); }
