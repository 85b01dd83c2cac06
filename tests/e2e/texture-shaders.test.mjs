// The package's shader strings (pkg/texture.js) in a real browser: each GLSL export
// compiles on its own in WebGL2; every mode picks the mip level of the unmodified uv
// (no seams of mip-level jumps at triangle or tile edges, with a naive sampler as the
// control that such seams are caught); the WGSL set compiles where WebGPU is present.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

const CALLS = {
  plain: 'lfTexPlain(tex, uv)',
  hexLinear: 'lfTexHexLinear(tex, uv)',
  hexVp: 'lfTexHexVp(tex, uv, uMean)',
  iq: 'lfTexIq(tex, uv, 1.3)',
  hexMikkelsen: 'lfTexHexMikkelsen(tex, uv, 1.0)',
  triplanar: 'lfTriplanar(tex, vec3(uv.x, 0.3 * uv.y, uv.y), normalize(vec3(0.3, 1.0, 0.2)), 1.0, 6.0, 4, uMean)',
};

test('texture shaders: each GLSL export compiles alone, and no mode jumps mip level', async () => {
  const { page, problems } = await env.open('/');
  const out = await page.evaluate(async ({ calls }) => {
    const { glsl } = await import('/pkg/texture.js');
    const c = document.createElement('canvas');
    c.width = c.height = 256;
    const gl = c.getContext('webgl2');
    const compile = (fsBody) => {
      const vs = gl.createShader(gl.VERTEX_SHADER);
      gl.shaderSource(vs, '#version 300 es\nvoid main() { vec2 q = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 4.0 - 1.0; gl_Position = vec4(q, 0.0, 1.0); }');
      gl.compileShader(vs);
      const fs = gl.createShader(gl.FRAGMENT_SHADER);
      gl.shaderSource(fs, fsBody);
      gl.compileShader(fs);
      if (!gl.getShaderParameter(fs, gl.COMPILE_STATUS)) return { error: gl.getShaderInfoLog(fs) };
      const p = gl.createProgram();
      gl.attachShader(p, vs); gl.attachShader(p, fs); gl.linkProgram(p);
      if (!gl.getProgramParameter(p, gl.LINK_STATUS)) return { error: gl.getProgramInfoLog(p) };
      return { p };
    };
    const head = '#version 300 es\nprecision highp float;\nprecision highp int;\nuniform sampler2D tex;\nuniform vec4 uMean;\nout vec4 o;\n';
    // Mip level k of a 64² texture is the constant 40·k: the output is the level read.
    const tex = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, tex);
    for (let k = 0, n = 64; n >= 1; k++, n >>= 1) gl.texImage2D(gl.TEXTURE_2D, k, gl.RGBA8, n, n, 0, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4 * n * n).fill(40 * k));
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR_MIPMAP_LINEAR);
    const px = new Uint8Array(4 * 256 * 256);
    // uv moves 1/16 repeat per pixel: 4 texels, mip level 2 (value 80) everywhere.
    const render = (lib, call) => {
      const r = compile(`${head}${lib}\nvoid main() { vec2 uv = gl_FragCoord.xy / 16.0 - 5.3; o = ${call}; }`);
      if (r.error) return r;
      gl.useProgram(r.p);
      gl.uniform4f(gl.getUniformLocation(r.p, 'uMean'), 80 / 255, 80 / 255, 80 / 255, 80 / 255);
      gl.drawArrays(gl.TRIANGLES, 0, 3);
      gl.readPixels(0, 0, 256, 256, gl.RGBA, gl.UNSIGNED_BYTE, px);
      let off = 0;
      for (let i = 0; i < px.length; i += 4) if (Math.abs(px[i] - 80) > 2) off++;
      return { off, sample: px[0] };
    };
    const result = {};
    for (const [key, call] of Object.entries(calls)) result[key] = render(glsl[key], call);
    // Control: the same offsets read with implicit derivatives of the offset uv.
    result.naive = render(glsl.hexLinear, 'texture(tex, uv + lfOffset(lfTriangleGrid(uv).v1))');
    return result;
  }, { calls: CALLS });
  console.log(JSON.stringify(out));
  for (const key of Object.keys(CALLS)) {
    assert.equal(out[key].error, undefined, `${key}: ${out[key].error}`);
    assert.equal(out[key].off, 0, `${key}: ${out[key].off} pixels read another mip level`);
  }
  assert.ok(out.naive.off > 500, `the control should show seams (${out.naive.off} pixels)`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('texture shaders: each WGSL export compiles (where WebGPU is present)', async (t) => {
  const { page, problems } = await env.open('/');
  const out = await page.evaluate(async () => {
    if (!navigator.gpu) return null;
    const adapter = await navigator.gpu.requestAdapter();
    if (!adapter) return null;
    const device = await adapter.requestDevice();
    const { wgsl } = await import('/pkg/texture.js');
    const calls = {
      plain: 'lfTexPlain(t, s, uv)', hexLinear: 'lfTexHexLinear(t, s, uv)', hexVp: 'lfTexHexVp(t, s, uv, vec4f(0.5))',
      iq: 'lfTexIq(t, s, uv, 1.3)', hexMikkelsen: 'lfTexHexMikkelsen(t, s, uv, 1.0)',
      triplanar: 'lfTriplanar(t, s, vec3f(uv, 1.0), vec3f(0.0, 1.0, 0.0), 1.0, 6.0, 2, vec4f(0.5))',
    };
    const errors = {};
    for (const [key, call] of Object.entries(calls)) {
      const code = `${wgsl[key]}\n@group(0) @binding(0) var t: texture_2d<f32>;\n@group(0) @binding(1) var s: sampler;\n@fragment fn main(@builtin(position) p: vec4f) -> @location(0) vec4f { let uv = p.xy / 16.0; return ${call}; }`;
      device.pushErrorScope('validation');
      const module = device.createShaderModule({ code });
      const info = await module.getCompilationInfo();
      device.createRenderPipeline({
        layout: 'auto',
        vertex: { module: device.createShaderModule({ code: '@vertex fn v() -> @builtin(position) vec4f { return vec4f(0.0); }' }), entryPoint: 'v' },
        fragment: { module, entryPoint: 'main', targets: [{ format: 'rgba8unorm' }] },
      });
      const err = await device.popErrorScope();
      errors[key] = [...info.messages.filter((m) => m.type === 'error').map((m) => `${m.lineNum}: ${m.message}`), ...(err ? [err.message] : [])];
    }
    return errors;
  });
  if (out === null) { t.skip('no WebGPU adapter in this browser'); await page.close(); return; }
  for (const [key, errors] of Object.entries(out)) assert.deepEqual(errors, [], `${key}: ${errors.join('; ')}`);
  assert.deepEqual(problems, []);
  await page.close();
});
