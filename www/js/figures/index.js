// Every figure by name, loaded on demand. Add a figure here and it works on the site,
// in embeds (<landform-figure name="…">) and in the end-to-end tests.
export const FIGURES = {
  heatmap: () => import('./heatmap.js'),
  island: () => import('./island.js'),
  biomes: () => import('./biomes.js'),
  time: () => import('./time.js'),
  placement: () => import('./placement.js'),
  continuity: () => import('./continuity.js'),
  algorithm: () => import('./algorithm.js'),
  'algorithm-variants': () => import('./algorithm-variants.js'),
  'algorithm-sweep': () => import('./algorithm-sweep.js'),
  listing: () => import('./listing.js'),
  fade: () => import('./fade.js'),
  octaves: () => import('./octaves.js'),
  layers: () => import('./layers.js'),
  heightmap: () => import('./heightmap.js'),
  caves: () => import('./caves.js'),
  variants: () => import('./variants.js'),
  mistakes: () => import('./mistakes.js'),
  quiz: () => import('./quiz.js'),
  texture: () => import('./texture.js'),
  evolve: () => import('./evolve.js'),
  playground: () => import('./playground.js'),
};

export async function loadFigure(name) {
  const load = FIGURES[name];
  if (!load) throw new TypeError(`landform: unknown figure '${name}'; known: ${Object.keys(FIGURES).join(', ')}`);
  return (await load()).default;
}
