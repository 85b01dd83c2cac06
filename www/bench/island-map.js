// The island page's 256² heightmap recipe at any size (warped fBm without the warp,
// normalised, e^1.6, radial falloff blended 0.7), for the erosion benchmark
// (bench/erosion.mjs) and the GPU erosion tests, which run it in the page.
export function islandMap(lf, n, seed = 7) {
  const f = new lf.Field({ noise: 'perlin', seed, fractal: { kind: 'fbm', octaves: 7, persistence: 0.5, lacunarity: 2 } });
  const h = new Float32Array(n * n);
  f.fill2d(h, { width: n, height: n, scale: n / 3.2 });
  f.free();
  lf.normalize(h);
  lf.redistribute(h, 1.6);
  lf.islandFalloff(h, n, n, { shape: 'radial', blend: 0.7 });
  return h;
}
