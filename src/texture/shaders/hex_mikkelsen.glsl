// hex-mikkelsen: M. S. Mikkelsen, "Practical Real-Time Hex-Tiling", JCGT 11(2), 2022.
// The same triangle grid; each hexagon's sample is rotated about the hexagon's centre
// by a random angle (up to ±π·rotation) and the gradients with it, so mip selection
// stays right; the barycentric weights are raised to the 7th power and scaled by
// mix(1, luminance, 0.6), then normalised: one sample wins almost everywhere, brighter
// features win at the borders, and there is no loss of contrast (3 samples).
const vec3 LF_LUMA = vec3(0.299, 0.587, 0.114);
vec2 lfHexCentre(ivec2 v) { vec2 p = vec2(v); return vec2(p.x + 0.5 * p.y, 0.8660254 * p.y) / LF_TRI_SCALE; }
mat2 lfHexRotation(ivec2 v, float rotation) {
  float a = (float(lfHash(lfHash2(v) ^ 0x68bc21ebu) >> 8u) * (2.0 / 16777216.0) - 1.0) * 3.14159265 * rotation;
  float c = cos(a), s = sin(a);
  return mat2(c, s, -s, c);
}
// Weights from barycentric w and the three samples' luminances; they sum to 1.
vec3 lfMikkelsenWeights(vec3 w, vec3 luma) {
  vec3 w2 = w * w;
  vec3 k = mix(vec3(1.0), luma, 0.6) * (w2 * w2 * w2 * w);
  return k / (k.x + k.y + k.z);
}
vec4 lfHexSample(sampler2D tex, vec2 uv, ivec2 v, float rotation, vec2 dx, vec2 dy) {
  mat2 r = lfHexRotation(v, rotation);
  vec2 c = lfHexCentre(v);
  return textureGrad(tex, r * (uv - c) + c + lfOffset(v), r * dx, r * dy);
}
vec4 lfTexHexMikkelsenGrad(sampler2D tex, vec2 uv, float rotation, vec2 dx, vec2 dy) {
  LfTri t = lfTriangleGrid(uv);
  vec4 a = lfHexSample(tex, uv, t.v1, rotation, dx, dy);
  vec4 b = lfHexSample(tex, uv, t.v2, rotation, dx, dy);
  vec4 c = lfHexSample(tex, uv, t.v3, rotation, dx, dy);
  vec3 k = lfMikkelsenWeights(t.w, vec3(dot(a.rgb, LF_LUMA), dot(b.rgb, LF_LUMA), dot(c.rgb, LF_LUMA)));
  return k.x * a + k.y * b + k.z * c;
}
vec4 lfTexHexMikkelsen(sampler2D tex, vec2 uv, float rotation) { return lfTexHexMikkelsenGrad(tex, uv, rotation, dFdx(uv), dFdy(uv)); }
