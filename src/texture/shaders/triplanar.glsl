// Triplanar projection over any mode: the planes YZ, ZX and XY are read with the mode
// and blended by |n|^sharpness (4–8 keeps a 45° slope from mixing three projections
// into mush). Gradients are taken before branching, so projections with a tiny weight
// are skipped without harming mip selection (up to 3× the mode's samples).
// mode: 0 plain, 1 hex-linear, 2 hex-vp, 3 iq-untiled, 4 hex-mikkelsen.
vec4 lfTexModeGrad(sampler2D tex, vec2 uv, vec2 dx, vec2 dy, int mode, vec4 meanColor, float variation, float rotation) {
  if (mode == 1) return lfTexHexLinearGrad(tex, uv, dx, dy);
  if (mode == 2) return lfTexHexVpGrad(tex, uv, meanColor, dx, dy);
  if (mode == 3) return lfTexIqGrad(tex, uv, variation, dx, dy);
  if (mode == 4) return lfTexHexMikkelsenGrad(tex, uv, rotation, dx, dy);
  return textureGrad(tex, uv, dx, dy);
}
vec4 lfTriplanarEx(sampler2D tex, vec3 worldPos, vec3 worldNormal, float scale, float sharpness, int mode, vec4 meanColor, float variation, float rotation) {
  vec3 w = pow(abs(worldNormal) + 1e-5, vec3(sharpness));
  w /= w.x + w.y + w.z;
  vec2 ux = worldPos.zy * scale, uy = worldPos.xz * scale, uz = worldPos.xy * scale;
  vec2 xdx = dFdx(ux), xdy = dFdy(ux), ydx = dFdx(uy), ydy = dFdy(uy), zdx = dFdx(uz), zdy = dFdy(uz);
  vec4 c = vec4(0.0);
  float sum = 0.0;
  if (w.x > 0.004) { c += w.x * lfTexModeGrad(tex, ux, xdx, xdy, mode, meanColor, variation, rotation); sum += w.x; }
  if (w.y > 0.004) { c += w.y * lfTexModeGrad(tex, uy, ydx, ydy, mode, meanColor, variation, rotation); sum += w.y; }
  if (w.z > 0.004) { c += w.z * lfTexModeGrad(tex, uz, zdx, zdy, mode, meanColor, variation, rotation); sum += w.z; }
  return c / sum;
}
vec4 lfTriplanar(sampler2D tex, vec3 worldPos, vec3 worldNormal, float scale, float sharpness, int mode, vec4 meanColor) {
  return lfTriplanarEx(tex, worldPos, worldNormal, scale, sharpness, mode, meanColor, 1.3, 0.5);
}
