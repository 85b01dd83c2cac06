// landform texture sampling, GLSL ES 3.00: shared pieces.
// Hashes are integer only (lowbias32 by Chris Wellons, "Hash function prospector"),
// so a given uv picks the same offsets on every GPU; fract(sin(x)) does not.
uint lfHash(uint x) {
  x ^= x >> 16u; x *= 0x7feb352du;
  x ^= x >> 15u; x *= 0x846ca68bu;
  x ^= x >> 16u;
  return x;
}
uint lfHash2(ivec2 p) { return lfHash(uint(p.x) ^ lfHash(uint(p.y) + 0x9e3779b9u)); }
// A random offset in [0, 1)² for lattice point p (16 bits per axis).
vec2 lfOffset(ivec2 p) {
  uint h = lfHash2(p);
  return vec2(float(h & 0xffffu), float(h >> 16u)) * (1.0 / 65536.0);
}
