// hex-linear: three randomly offset samples blended by barycentric weights (3 samples).
// The average of three samples has less contrast where the weights are even, so the
// triangles show (down to √(1/3) ≈ 0.58 of the standard deviation at their centres).
vec4 lfTexHexLinearGrad(sampler2D tex, vec2 uv, vec2 dx, vec2 dy) {
  LfTri t = lfTriangleGrid(uv);
  return t.w.x * textureGrad(tex, uv + lfOffset(t.v1), dx, dy)
       + t.w.y * textureGrad(tex, uv + lfOffset(t.v2), dx, dy)
       + t.w.z * textureGrad(tex, uv + lfOffset(t.v3), dx, dy);
}
vec4 lfTexHexLinear(sampler2D tex, vec2 uv) { return lfTexHexLinearGrad(tex, uv, dFdx(uv), dFdy(uv)); }
