// Types of `landform/erosion.js`: droplet erosion on WebGPU with the CPU Eroder as fallback.
import type { ErosionOptions, ErosionBudget } from './landform.js';

export interface ErodeOptions extends ErosionOptions {
  /** Droplets to run, an integer in [0, 2^32 − 1]. Required. */
  droplets: number;
}

export interface ErodeRun {
  /** 'auto' (default): the GPU where it can run (a hardware adapter: a software one such as SwiftShader is slower
   *  than the CPU), else the CPU with `fallbackReason`; 'gpu': the GPU or a
   *  rejection saying why not (no navigator.gpu, no adapter, map too large, heights outside ±1000); 'cpu'. */
  backend?: 'auto' | 'gpu' | 'cpu';
  /** Called between dispatches (GPU) or chunks (CPU worker) with droplets done so far. */
  onProgress?: (done: number, total: number) => void;
  /** Aborting rejects the promise (with `signal.reason`) and releases every GPU buffer. */
  signal?: AbortSignal;
  /** GPU only: droplets in flight at once, an integer in [1, 2^20]; default: the whole dispatch. 1 runs them in
   *  order, as the CPU does (cell by cell equal up to fixed-point rounding). */
  concurrency?: number;
  /** GPU only: the index of the run's first droplet, to resume a run in parts (droplet k always starts at the
   *  k-th start of the seed's stream), an integer in [0, 2^32 − 1]. Default 0. */
  first?: number;
  /** Droplets per GPU dispatch (and, at most 20 000, per CPU chunk), an integer in [1, 2^20]. Default 32 768. */
  chunk?: number;
}

export interface ErodeResult {
  /** A new array; the input is not modified. */
  heights: Float32Array;
  backend: 'gpu' | 'cpu';
  /** Why 'auto' chose the CPU; undefined otherwise. */
  fallbackReason: string | undefined;
  budget: ErosionBudget;
  droplets: number;
  /** Milliseconds from the call to the result. */
  ms: number;
  /** GPU runs only: the map before and after in millionths of a height unit and the budget in the same units;
   *  Σ (heights − before) = deposited − eroded exactly. */
  fixed?: { before: Int32Array; heights: Int32Array; eroded: number; deposited: number; carriedOff: number; stranded: number };
}

/** Erodes a copy of `heights` (width × height, row-major). Bad options reject with the CPU Eroder's
 *  RangeError / TypeError before any GPU work. */
export function erode(heights: Float32Array, width: number, height: number, options: ErodeOptions, run?: ErodeRun): Promise<ErodeResult>;

/** The droplet starts the GPU computes (x0, y0, x1, y1, …) for droplets first … first + count − 1. */
export function dropletStarts(seed: number, width: number, height: number, first: number, count: number): Promise<Float32Array>;

/** Whether backend 'auto' would erode a width × height map on the GPU (heights aside), and if not why:
 *  no WebGPU, no adapter, only a software adapter, or a map larger than the device's storage limit. */
export function gpuStatus(width: number, height: number): Promise<{ gpu: true } | { gpu: false; reason: string }>;
