// The benchmark page's controls: a Run button, progress, then the ratios (summary.js),
// the interactive and erosion figures, and every contestant's row.
import { run } from './bench.js';
import { ratios, times } from './summary.js';

function htmlTable(head, rows) {
  const t = document.createElement('table');
  const tr = (cells, cell) => `<tr>${cells.map((c) => `<${cell}>${c}</${cell}>`).join('')}</tr>`;
  t.innerHTML = tr(head, 'th') + rows.map((r) => tr(r, 'td')).join('');
  return t;
}

const fixed = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

function summaryTable(result) {
  return htmlTable(
    ['workload', 'noise', 'landform SIMD', 'fastest JS peer', 'SIMD / peer', 'SIMD / scalar', 'pool / SIMD', 'pool, 4 in flight / SIMD', 'bits'],
    ratios(result).map((s) => [s.workload, s.noise, fixed(s.simd), s.peer ? `${s.peer.name} ${fixed(s.peer.msps)}` : '–',
      `<b>${times(s.vsPeer)}</b>`, times(s.vsScalar), times(s.pool), times(s.throughput), s.bitsEqual ? 'equal' : '<b>DIFFER</b>']),
  );
}

function extras(result) {
  const p = document.createElement('p');
  const i = result.interactive, e = result.erosion;
  const lines = [];
  if (i) lines.push(`Figure 1 at 512², 4 octaves, while a slider moves: median ${i.pool.toFixed(1)} ms per frame to the picture, filled in the worker pool; the same fill and paint on the main thread: ${i.simd.toFixed(1)} ms with SIMD, ${i.scalar.toFixed(1)} ms scalar.`);
  if (e) lines.push(`Erosion: ${Math.round(e.simd.dropletsPerSecond).toLocaleString('en')} droplets/s on 512²; depression filling + D8 on 1024²: ${e.simd.fillD8ms.toFixed(0)} ms; one landscape step (stream power and diffusion) on 1024²: ${e.simd.landscapeStepMs.toFixed(0)} ms.`);
  for (const [name, g] of Object.entries(result.graph ?? {})) {
    lines.push(`Field graph ${name} (${g.label}, blend of three leaves): ${g.graphMs.toFixed(1)} ms, ${g.overLeaves.toFixed(2)}× its leaves' own fills, ${g.vsPeer.toFixed(2)}× faster than the fastest JS (${g.peer}).`);
  }
  if (result.parallelCapacity) lines.push(`Parallel capacity (two busy workers / one, before and after): ${result.parallelCapacity.join(' and ')}×; no pool ratio can exceed it.`);
  p.innerHTML = lines.join('<br>');
  return p;
}

function allRows(result) {
  const d = document.createElement('details');
  d.innerHTML = '<summary>every contestant</summary>';
  d.append(htmlTable(['workload', 'contestant', 'variant', 'M samples/s', 'ms', 'checksum', 'bits'],
    result.rows.map((r) => [r.workload, `${r.lib} ${r.noise}`, r.variant, r.msps.toFixed(1), r.ms.toFixed(1), r.checksum.toFixed(3), r.hash])));
  return d;
}

// Options from the address, for shorter runs: ?reps=3&warm=1&workloads=W1,W2&interactive=0&erosion=0&graph=G2
function options() {
  const q = new URLSearchParams(location.search);
  const o = {};
  for (const k of ['reps', 'warm']) if (q.has(k)) o[k] = Math.max(k === 'reps' ? 1 : 0, Math.floor(Number(q.get(k))) || 0);
  if (q.has('workloads')) o.workloads = q.get('workloads').split(',');
  for (const k of ['interactive', 'erosion']) if (q.has(k)) o[k] = q.get(k) !== '0';
  // graph=0 skips the graph workloads, graph=G2,G3 runs those.
  if (q.has('graph')) o.graph = q.get('graph') === '0' ? false : q.get('graph').split(',');
  return o;
}

const button = document.getElementById('run');
const status = document.getElementById('status');
button.onclick = async () => {
  button.disabled = true;
  try {
    const result = await run({ ...options(), log: (m) => { status.textContent = m; } });
    document.getElementById('out').replaceChildren(summaryTable(result), extras(result), allRows(result));
    status.textContent = `done (${result.date}, ${result.cores} cores)`;
  } catch (e) {
    status.textContent = `failed: ${e.message}`;
  } finally {
    button.disabled = false;
  }
};
