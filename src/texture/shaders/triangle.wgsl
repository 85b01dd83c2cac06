// Heitz–Neyret triangle grid (see triangle.glsl): 2√3 lattice steps per texture repeat.
const LF_TRI_SCALE: f32 = 3.46410162;
struct LfTri { w: vec3f, v1: vec2i, v2: vec2i, v3: vec2i }
fn lfTriangleGrid(uv: vec2f) -> LfTri {
  let p = uv * LF_TRI_SCALE;
  let s = vec2f(p.x - 0.57735027 * p.y, 1.15470054 * p.y);
  let b = floor(s);
  let f = s - b;
  let i = vec2i(b);
  let z = 1.0 - f.x - f.y;
  if (z > 0.0) {
    return LfTri(vec3f(z, f.y, f.x), i, i + vec2i(0, 1), i + vec2i(1, 0));
  }
  return LfTri(vec3f(-z, 1.0 - f.y, 1.0 - f.x), i + vec2i(1, 1), i + vec2i(1, 0), i + vec2i(0, 1));
}
