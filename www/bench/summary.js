// The ratios of a benchmark result, for the page (page.js) and the headless runner
// (bench/run.mjs): landform's SIMD fill against the fastest JavaScript peer of the same
// workload (any noise), against the scalar build, and the pool against one thread.
// Plain data in, plain data out: no DOM, no Node.

const VARIANT = {
  scalar: (r) => r.variant === 'scalar',
  simd: (r) => r.variant === 'SIMD',
  kernel: (r) => r.extra === 'kernel',
  pool: (r) => r.variant.startsWith('SIMD + pool'),
  throughput: (r) => r.extra === 'throughput',
};

/**
 * One entry per workload × landform noise: `{ workload, noise, simd, peer, vsPeer,
 * vsScalar, vsNative, pool, poolLateMs, throughput, bitsEqual }`, where the `vs…`, `pool` and
 * `throughput` fields are ratios (pool and throughput against the SIMD fill), `peer` is the
 * fastest JS contestant of that workload (`null` for landform-only workloads) and
 * `vsNative` is native / wasm on the kernel rows when `result.native` is there.
 */
export function ratios(result) {
  const out = [];
  for (const workload of [...new Set(result.rows.map((r) => r.workload))]) {
    const rows = result.rows.filter((r) => r.workload === workload);
    const peer = rows.filter((r) => r.lib !== 'landform').sort((a, b) => b.msps - a.msps)[0] ?? null;
    for (const noise of ['simplex', 'perlin', 'value']) {
      const mine = rows.filter((r) => r.lib === 'landform' && r.noise === noise);
      const v = Object.fromEntries(Object.entries(VARIANT).map(([k, test]) => [k, mine.find(test)]));
      if (!v.simd) continue;
      const per = (row) => (row ? row.msps / v.simd.msps : null);
      const native = result.native?.[`${workload} ${noise}`];
      out.push({
        workload,
        noise,
        simd: v.simd.msps,
        peer: peer && { name: `${peer.lib} ${peer.noise}`, msps: peer.msps },
        vsPeer: peer ? v.simd.msps / peer.msps : null,
        vsScalar: v.scalar ? v.simd.msps / v.scalar.msps : null,
        vsNative: native && v.kernel ? native / v.kernel.msps : null,
        pool: per(v.pool),
        poolLateMs: v.pool?.lateStartMs ?? null,
        throughput: per(v.throughput),
        bitsEqual: mine.every((r) => r.hash === v.simd.hash),
      });
    }
  }
  return out;
}

/** `x` as `1.23×`, or `–` when there is no ratio. */
export const times = (x) => (x == null || !Number.isFinite(x) ? '–' : `${x.toFixed(2)}×`);
