// landform texture sampling, WGSL: shared pieces (the same formulas as the GLSL).
// Integer hashes only (lowbias32), so offsets are the same on every GPU.
fn lfHash(v: u32) -> u32 {
  var x = v;
  x ^= x >> 16u; x *= 0x7feb352du;
  x ^= x >> 15u; x *= 0x846ca68bu;
  x ^= x >> 16u;
  return x;
}
fn lfHash2(p: vec2i) -> u32 { return lfHash(bitcast<u32>(p.x) ^ lfHash(bitcast<u32>(p.y) + 0x9e3779b9u)); }
fn lfOffset(p: vec2i) -> vec2f {
  let h = lfHash2(p);
  return vec2f(f32(h & 0xffffu), f32(h >> 16u)) * (1.0 / 65536.0);
}
