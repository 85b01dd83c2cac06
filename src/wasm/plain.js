// The JavaScript half of landform's boundary: reads a spec or options object the way
// JSON would see it, or throws a TypeError naming it. The wasm bindings call it through
// a `catch` import (so whatever a caller's object throws is caught in JS, never inside a
// wasm frame), and the worker pool calls it before posting a message, so a spec is
// judged by the same rules on every path.
//
// Plain data is: numbers, strings (at most MAX_TEXT characters), booleans, null, arrays
// (at most MAX_ITEMS items, no holes) and objects whose prototype is Object.prototype or
// null, holding only their own enumerable data properties (no getters, setters or
// symbol keys), nested at most MAX_DEPTH levels, MAX_VALUES values in all (an object
// reached twice counts twice: shared references cannot multiply the work). `undefined`
// values count as absent.
// Everything else (class instances, inherited keys, Proxies, cycles, functions, typed
// arrays, BigInts, throwing getters or traps) is a TypeError. The copy it returns is
// made of fresh null-prototype objects and arrays: nothing on it can run code.

// The limits follow the field graphs' (src/limits.rs, checked there by a test): a node
// of graph depth d sits 2(d − 1) levels down (node, inputs, node, …) and holds arrays of
// pairs two levels further; 64 values per node hold the largest node.
export const MAX_DEPTH = 33; // 2 × MAX_GRAPH_DEPTH + 1
export const MAX_ITEMS = 16; // max(MAX_GRAPH_INPUTS, MAX_CONTROL_POINTS)
export const MAX_KEYS = 32;
export const MAX_TEXT = 64;
export const MAX_VALUES = 16384; // 64 × MAX_GRAPH_NODES

const fail = (path, what) => new TypeError(`landform: \`${path}\` ${what}`);

// A short description of a value for error messages (never its full text). Never
// throws: the wasm side calls it without a `catch` (a revoked Proxy throws even from
// Array.isArray, so everything past `typeof` is guarded).
export function describe(v) {
  switch (typeof v) {
    case 'string': return v.length > MAX_TEXT ? `a string of ${v.length} characters` : `'${v}'`;
    case 'number': case 'boolean': case 'undefined': return String(v);
    case 'function': return 'a function';
    case 'object': break;
    default: return `a ${typeof v}`;
  }
  if (v === null) return 'null';
  try {
    if (ArrayBuffer.isView(v)) return `a ${Object.prototype.toString.call(v).slice(8, -1)}`;
    if (Array.isArray(v)) return 'an Array';
  } catch { /* a revoked Proxy */ }
  return 'an object';
}

// Some realm's Object.prototype: its own prototype is null and nothing on it is enumerable.
const base = (p) => p !== null && Reflect.getPrototypeOf(p) === null && Object.keys(p).length === 0;

function objectKind(v, path) {
  const proto = Reflect.getPrototypeOf(v);
  if (Array.isArray(v)) {
    if (proto !== Array.prototype && !(proto !== null && base(Reflect.getPrototypeOf(proto)))) {
      throw fail(path, 'must be a plain array (it inherits from another prototype)');
    }
    return 'array';
  }
  if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) throw fail(path, `must be plain data, got ${describe(v)}`);
  if (proto !== null && proto !== Object.prototype && !base(proto)) {
    throw fail(path, 'must be a plain object ({ … } or parsed JSON); it inherits from a prototype (a class instance or Object.create), whose keys are not read');
  }
  return 'object';
}

function copy(v, path, depth, count) {
  if (++count.n > MAX_VALUES) throw fail(path, `holds more than ${MAX_VALUES} values (a graph of at most 256 nodes needs fewer): shared references?`);
  switch (typeof v) {
    case 'undefined': case 'boolean': case 'number': return v;
    case 'string':
      if (v.length > MAX_TEXT) throw fail(path, `must be a short name, got a string of ${v.length} characters (at most ${MAX_TEXT})`);
      return v;
    case 'object': break;
    default: throw fail(path, `must be plain data (a number, string, boolean, array or object), got ${describe(v)}`);
  }
  if (v === null) return null;
  if (depth >= MAX_DEPTH) throw fail(path, `nests deeper than any landform option (${MAX_DEPTH} levels): a cycle?`);
  const kind = objectKind(v, path);
  const keys = Reflect.ownKeys(v);
  if (keys.length > (kind === 'array' ? MAX_ITEMS + 1 : MAX_KEYS)) {
    throw fail(path, kind === 'array' ? `must have at most ${MAX_ITEMS} items` : `has ${keys.length} keys (at most ${MAX_KEYS})`);
  }
  const out = kind === 'array' ? [] : Object.create(null);
  for (const key of keys) {
    if (typeof key === 'symbol') throw fail(path, `has a symbol key ${String(key)}`);
    if (kind === 'array' && key === 'length') continue;
    const d = Reflect.getOwnPropertyDescriptor(v, key);
    if (d === undefined) throw fail(path, `changed while it was read (key '${key}')`);
    if (!('value' in d)) throw fail(path, `has a getter or setter for '${key}'; pass plain data`);
    if (!d.enumerable) throw fail(path, `has a non-enumerable key '${key}'`);
    if (kind === 'array' && String(Number(key) >>> 0) !== key) throw fail(path, `is an array with an extra key '${key}'`);
    const item = copy(d.value, `${path}${kind === 'array' ? `[${key}]` : `.${key}`}`, depth + 1, count);
    if (item !== undefined || kind === 'array') out[key] = item;
  }
  if (kind === 'array' && out.length !== v.length) throw fail(path, 'is an array with holes');
  return out;
}

/**
 * A plain copy of `value` (a spec or options object), or a TypeError naming `param`.
 * `undefined` and `null` give `undefined` (the defaults).
 */
export function plainCopy(value, param) {
  if (value === undefined || value === null) return undefined;
  let out;
  try {
    out = copy(value, param, 0, { n: 0 });
  } catch (e) {
    // A getter or Proxy trap of the caller's object threw: report it as ours.
    if (e instanceof TypeError && String(e.message).startsWith('landform:')) throw e;
    throw fail(param, `could not be read as plain data: ${e instanceof Error ? e.message : describe(e)}`);
  }
  // A Proxy reads like the object it wraps, but cannot be cloned: reject it as well.
  if (typeof structuredClone === 'function') {
    try { structuredClone(value); } catch { throw fail(param, 'must be plain data (it is or holds a Proxy)'); }
  }
  return out;
}
