// The site's pages, in reading order: the header navigation (`nav`, a short label)
// and the page index (`title`, `blurb`) are built from this one list.
export const PAGES = [
  { href: './', nav: 'Noise', title: 'Noise, explained', blurb: 'Why coherent noise, and the heatmap to play with.' },
  { href: 'perlin.html', nav: 'Perlin', title: 'How Perlin noise works', blurb: 'Continuity, the algorithm step by step, the fade curve, octaves.' },
  { href: 'caves.html', nav: 'Caves', title: 'Caves and heightmaps', blurb: 'Thresholds, cellular automata, pockets; fBm shaped into terrain.' },
  { href: 'worlds.html', nav: 'Worlds', title: 'Biomes, time and placement', blurb: 'Temperature × humidity, animated clouds and water, marble and fire, trees.' },
  { href: 'variants.html', nav: 'Variants', title: 'Variants, mistakes, quiz', blurb: 'Value, Perlin, simplex, Worley side by side; five common errors; a quiz; the summary.' },
  { href: 'island.html', nav: 'Island', title: 'An eroded island', blurb: 'Warped fBm, falloff, droplet erosion, filling, drainage, rivers and biomes, in 3D.' },
  { href: 'evolve.html', nav: 'Evolve', title: 'A landscape that evolves', blurb: 'Paint uplift; rivers cut it down by stream power and creep rounds the hills, live, in 2D and 3D.' },
  { href: 'playground.html', nav: 'Graphs', title: 'Field graph playground', blurb: 'Combine noises into a graph, see it live in 2D and 3D, copy the spec and the code.' },
  { href: 'texture.html', nav: 'Texture', title: 'Ground that does not look tiled', blurb: 'Five ways to sample one texture over a whole terrain, and triplanar cliffs.' },
  { href: 'embed-demo.html', nav: 'Embedding', title: 'Embedding demo', blurb: 'Three figures in a plain blog post with one script tag.' },
];
