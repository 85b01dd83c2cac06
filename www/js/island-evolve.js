// The island's "evolved" shape: the noise island as the starting surface of landform's
// `Landscape` (uplift + stream-power incision + hillslope creep, Braun & Willett 2013),
// uplifted in proportion to its height above the sea and stepped `steps` times. Stream
// power organises the drainage into a dendritic network whose valleys reach the coast;
// droplet erosion then carves the fine gullies into it.
//
// Units: map height 1 is RELIEF metres; a 256² map has CELL-metre cells (so the island
// is 25.6 km across at any map size); the sea (below `sea`) is base level.
const RELIEF = 1000;      // m per map height unit
const CELL = 100;         // m per cell at 256²
const UPLIFT = 1e-3;      // m/yr at the island's top (1 mm a year)
/** Years per step. */
export const STEP_YEARS = 2e4;
const CHUNK = 5;          // steps between progress reports (and cancel checks)
const MODEL = { k: 2e-5, m: 0.5, n: 1, kappa: 0.2 };

/**
 * Grows the island `shaped` (n × n, map units) by `steps` landscape steps. `job` =
 * { progress(done, total), cancelled() (true: stop), yield() (a promise) }. Returns a new
 * map in map units whose land spans the same heights as `shaped`'s (the relief the
 * model leaves is rescaled, so the sea level and the colours keep their meaning).
 */
export async function evolveIsland(lf, shaped, n, { sea, steps, seed }, job) {
  let top = sea;
  for (const v of shaped) if (v > top) top = v;
  const ls = new lf.Landscape(n, n, { ...MODEL, cellSize: CELL * 256 / n, seaLevel: sea * RELIEF, seed });
  try {
    const h = Float32Array.from(shaped, (v) => v * RELIEF);
    ls.setHeights(h);
    const span = Math.max(1e-3, top - sea);
    ls.setUplift(Float32Array.from(shaped, (v) => (v > sea ? UPLIFT * (v - sea) / span : 0)));
    for (let done = 0; done < steps;) {
      await job.yield();
      if (job.cancelled()) throw Object.assign(new Error('the evolution was superseded'), { name: 'AbortError' });
      const k = Math.min(CHUNK, steps - done);
      ls.step(STEP_YEARS, k);
      done += k;
      job.progress(done, steps);
    }
    ls.copyHeightsTo(h);
    let hi = sea * RELIEF;
    for (const v of h) if (v > hi) hi = v;
    const scale = span / Math.max(1e-3, hi / RELIEF - sea);
    return h.map((v) => {
      const e = v / RELIEF;
      return e < sea ? e : sea + (e - sea) * scale;
    });
  } finally {
    ls.free();
  }
}
