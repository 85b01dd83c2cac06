// A digest of a typed array's bits for tests and benchmarks: equal digests mean
// bit-identical results (up to the odd collision), unlike sums or tolerances.

/** 32-bit FNV-1a over the array's 32-bit words (the bits of each f32), as 8 hex digits. */
export function fnv(values) {
  const words = new Uint32Array(values.buffer, values.byteOffset, values.length);
  let h = 0x811c9dc5;
  for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i], 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}
