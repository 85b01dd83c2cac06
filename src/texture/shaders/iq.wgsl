// iq-untiled: Quilez's technique 3 (2 samples), see iq.glsl.
fn lfValueNoise(p: vec2f) -> f32 {
  let b = floor(p);
  let f = p - b;
  let i = vec2i(b);
  let u = f * f * (3.0 - 2.0 * f);
  let a = f32(lfHash2(i) >> 8u);
  let c = f32(lfHash2(i + vec2i(1, 0)) >> 8u);
  let d = f32(lfHash2(i + vec2i(0, 1)) >> 8u);
  let e = f32(lfHash2(i + vec2i(1, 1)) >> 8u);
  return mix(mix(a, c, u.x), mix(d, e, u.x), u.y) * (1.0 / 16777216.0);
}
fn lfTexIqGrad(t: texture_2d<f32>, s: sampler, uv: vec2f, variation: f32, dx: vec2f, dy: vec2f) -> vec4f {
  let l = lfValueNoise(uv * variation) * 8.0;
  let ia = floor(l);
  let f = l - ia;
  let a = textureSampleGrad(t, s, uv + lfOffset(vec2i(i32(ia), 7919)), dx, dy);
  let b = textureSampleGrad(t, s, uv + lfOffset(vec2i(i32(ia) + 1, 7919)), dx, dy);
  let nudge = select(-0.1, 0.1, (i32(ia) & 1) == 0);
  return mix(a, b, smoothstep(0.2, 0.8, f - nudge * dot(a.rgb - b.rgb, vec3f(1.0))));
}
fn lfTexIq(t: texture_2d<f32>, s: sampler, uv: vec2f, variation: f32) -> vec4f { return lfTexIqGrad(t, s, uv, variation, dpdx(uv), dpdy(uv)); }
