// Triplanar projection over any mode (see triplanar.glsl).
// mode: 0 plain, 1 hex-linear, 2 hex-vp, 3 iq-untiled, 4 hex-mikkelsen.
fn lfTexModeGrad(t: texture_2d<f32>, s: sampler, uv: vec2f, dx: vec2f, dy: vec2f, mode: i32, meanColor: vec4f, variation: f32, rotation: f32) -> vec4f {
  switch mode {
    case 1: { return lfTexHexLinearGrad(t, s, uv, dx, dy); }
    case 2: { return lfTexHexVpGrad(t, s, uv, meanColor, dx, dy); }
    case 3: { return lfTexIqGrad(t, s, uv, variation, dx, dy); }
    case 4: { return lfTexHexMikkelsenGrad(t, s, uv, rotation, dx, dy); }
    default: { return textureSampleGrad(t, s, uv, dx, dy); }
  }
}
fn lfTriplanarEx(t: texture_2d<f32>, s: sampler, worldPos: vec3f, worldNormal: vec3f, scale: f32, sharpness: f32, mode: i32, meanColor: vec4f, variation: f32, rotation: f32) -> vec4f {
  var w = pow(abs(worldNormal) + 1e-5, vec3f(sharpness));
  w /= w.x + w.y + w.z;
  let ux = worldPos.zy * scale;
  let uy = worldPos.xz * scale;
  let uz = worldPos.xy * scale;
  let xdx = dpdx(ux); let xdy = dpdy(ux);
  let ydx = dpdx(uy); let ydy = dpdy(uy);
  let zdx = dpdx(uz); let zdy = dpdy(uz);
  var c = vec4f(0.0);
  var sum = 0.0;
  if (w.x > 0.004) { c += w.x * lfTexModeGrad(t, s, ux, xdx, xdy, mode, meanColor, variation, rotation); sum += w.x; }
  if (w.y > 0.004) { c += w.y * lfTexModeGrad(t, s, uy, ydx, ydy, mode, meanColor, variation, rotation); sum += w.y; }
  if (w.z > 0.004) { c += w.z * lfTexModeGrad(t, s, uz, zdx, zdy, mode, meanColor, variation, rotation); sum += w.z; }
  return c / sum;
}
fn lfTriplanar(t: texture_2d<f32>, s: sampler, worldPos: vec3f, worldNormal: vec3f, scale: f32, sharpness: f32, mode: i32, meanColor: vec4f) -> vec4f {
  return lfTriplanarEx(t, s, worldPos, worldNormal, scale, sharpness, mode, meanColor, 1.3, 0.5);
}
