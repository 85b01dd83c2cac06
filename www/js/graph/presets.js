// Graphs to start from, each a spec a reader can copy.
export const PRESETS = [
  {
    key: 'island', label: 'Island',
    spec: {
      op: 'sub',
      inputs: [
        { noise: 'perlin', seed: 7, fractal: { kind: 'fbm', octaves: 6 }, warp: { strength: 0.6 } },
        { op: 'scaleBias', scale: 0.35, bias: -0.35, inputs: [{ op: 'distance', point: [0, 0] }] },
      ],
    },
  },
  {
    key: 'mountains', label: 'Ridged mountains',
    spec: {
      op: 'select', threshold: 0.1, falloff: 0.15,
      inputs: [
        { op: 'scaleBias', scale: 0.3, bias: -0.2, inputs: [{ noise: 'simplex', seed: 3, fractal: { kind: 'fbm', octaves: 4 } }] },
        { noise: 'simplex', seed: 4, fractal: { kind: 'ridged', octaves: 6 } },
        { op: 'scale', factor: [0.25, 0.25, 0.25], inputs: [{ noise: 'perlin', seed: 5, fractal: { kind: 'fbm', octaves: 3 } }] },
      ],
    },
  },
  {
    key: 'canyons', label: 'Canyons',
    spec: {
      op: 'terrace', points: [-1, -0.5, -0.2, 0.1, 0.35, 0.6, 1], invert: false,
      inputs: [{ noise: 'perlin', seed: 11, fractal: { kind: 'fbm', octaves: 5 }, warp: { strength: 0.4 } }],
    },
  },
  {
    key: 'marble', label: 'Marble',
    spec: {
      op: 'abs',
      inputs: [{ op: 'turbulence', power: 0.4, frequency: 1, roughness: 4, seed: 2, inputs: [{ op: 'x' }] }],
    },
  },
];
