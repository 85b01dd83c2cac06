// hex-vp: the variance-preserving blend of Heitz and Neyret (2018): the blend of the
// three samples' deviations from the texture's mean is scaled by 1/√(Σw²), which keeps
// the variance of uncorrelated samples, and the mean is added back (3 samples + the
// mean, read once per texture from its 1×1 mip). Exact for Gaussian-like textures;
// others can shift colour where the result clamps.
vec4 lfTexHexVpGrad(sampler2D tex, vec2 uv, vec4 meanColor, vec2 dx, vec2 dy) {
  LfTri t = lfTriangleGrid(uv);
  vec4 d = t.w.x * (textureGrad(tex, uv + lfOffset(t.v1), dx, dy) - meanColor)
         + t.w.y * (textureGrad(tex, uv + lfOffset(t.v2), dx, dy) - meanColor)
         + t.w.z * (textureGrad(tex, uv + lfOffset(t.v3), dx, dy) - meanColor);
  return clamp(meanColor + d * inversesqrt(dot(t.w, t.w)), 0.0, 1.0);
}
vec4 lfTexHexVp(sampler2D tex, vec2 uv, vec4 meanColor) { return lfTexHexVpGrad(tex, uv, meanColor, dFdx(uv), dFdy(uv)); }
