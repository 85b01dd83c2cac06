// iq-untiled: technique 3 of Inigo Quilez, "Texture repetition" (iquilezles.org):
// a smooth value noise (`variation` cells per texture repeat) picks one of eight
// offsets; the two offsets on either side of the noise level are mixed, with the
// mix nudged by the samples' colour difference so the transition follows the
// texture's own features (2 samples). Quilez's nudge always favours the brighter
// sample, which brightens the mean (by ~4% on the site's rock); here it favours the
// brighter one on even levels and the darker one on odd levels, which keeps the mean.
float lfValueNoise(vec2 p) {
  vec2 b = floor(p);
  vec2 f = p - b;
  ivec2 i = ivec2(b);
  vec2 u = f * f * (3.0 - 2.0 * f);
  float a = float(lfHash2(i) >> 8u), c = float(lfHash2(i + ivec2(1, 0)) >> 8u);
  float d = float(lfHash2(i + ivec2(0, 1)) >> 8u), e = float(lfHash2(i + ivec2(1, 1)) >> 8u);
  return mix(mix(a, c, u.x), mix(d, e, u.x), u.y) * (1.0 / 16777216.0);
}
vec4 lfTexIqGrad(sampler2D tex, vec2 uv, float variation, vec2 dx, vec2 dy) {
  float l = lfValueNoise(uv * variation) * 8.0;
  float ia = floor(l);
  float f = l - ia;
  vec4 a = textureGrad(tex, uv + lfOffset(ivec2(int(ia), 7919)), dx, dy);
  vec4 b = textureGrad(tex, uv + lfOffset(ivec2(int(ia) + 1, 7919)), dx, dy);
  float nudge = (int(ia) & 1) == 0 ? 0.1 : -0.1;
  return mix(a, b, smoothstep(0.2, 0.8, f - nudge * dot(a.rgb - b.rgb, vec3(1.0))));
}
vec4 lfTexIq(sampler2D tex, vec2 uv, float variation) { return lfTexIqGrad(tex, uv, variation, dFdx(uv), dFdy(uv)); }
