// The site's pages, in reading order: the header navigation and the page index are
// built from this one list.
export const PAGES = [
  { href: './', title: 'Noise, explained', blurb: 'Why coherent noise, and the heatmap to play with.' },
  { href: 'perlin.html', title: 'How Perlin noise works', blurb: 'Continuity, the algorithm step by step, the fade curve, octaves.' },
  { href: 'caves.html', title: 'Caves and heightmaps', blurb: 'Thresholds, cellular automata, pockets; fBm shaped into terrain.' },
  { href: 'worlds.html', title: 'Biomes, time and placement', blurb: 'Temperature × humidity, animated clouds and water, marble and fire, trees.' },
  { href: 'variants.html', title: 'Variants, mistakes, quiz', blurb: 'Value, Perlin, simplex, Worley side by side; five common errors; a quiz; the summary.' },
  { href: 'island.html', title: 'An eroded island', blurb: 'Warped fBm, falloff, droplet erosion, filling, drainage, rivers and biomes, in 3D.' },
  { href: 'texture.html', title: 'Ground that does not look tiled', blurb: 'Five ways to sample one texture over a whole terrain, and triplanar cliffs.' },
  { href: 'embed-demo.html', title: 'Embedding demo', blurb: 'Three figures in a plain blog post with one script tag.' },
];
