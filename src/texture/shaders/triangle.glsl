// The triangle grid of Heitz and Neyret, "High-Performance By-Example Noise using a
// Histogram-Preserving Blending Operator" (HPG 2018): uv is skewed so that equilateral
// triangles become half unit squares. LF_TRI_SCALE = 2√3 lattice steps per texture
// repeat: a triangle edge is 1/(2√3) ≈ 0.29 repeats. w holds the barycentric weights
// of the vertices v1, v2, v3 (integer coordinates in the skewed lattice).
const float LF_TRI_SCALE = 3.46410162;
struct LfTri { vec3 w; ivec2 v1; ivec2 v2; ivec2 v3; };
LfTri lfTriangleGrid(vec2 uv) {
  vec2 p = uv * LF_TRI_SCALE;
  vec2 s = vec2(p.x - 0.57735027 * p.y, 1.15470054 * p.y);
  vec2 b = floor(s);
  vec2 f = s - b;
  ivec2 i = ivec2(b);
  float z = 1.0 - f.x - f.y;
  LfTri t;
  if (z > 0.0) {
    t.w = vec3(z, f.y, f.x); t.v1 = i; t.v2 = i + ivec2(0, 1); t.v3 = i + ivec2(1, 0);
  } else {
    t.w = vec3(-z, 1.0 - f.y, 1.0 - f.x); t.v1 = i + ivec2(1, 1); t.v2 = i + ivec2(1, 0); t.v3 = i + ivec2(0, 1);
  }
  return t;
}
