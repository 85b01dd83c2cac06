// The texture figure's renderer (WebGL2): a ground plane out to the horizon and a cliff,
// drawn with one material through landform's anti-tiling shaders (pkg/texture.js), the
// mode chosen per screen region (A/B split or 4-up) with scissor rectangles, so the
// geometry and lighting are identical in every mode. Three views: the scene
// (perspective, low angle), and two unlit orthographic test views: `top` (the plane
// from straight above, `tilePx` pixels per texture tile) and `cliff` (the cliff face
// head-on). Renders on demand only.
import { glsl, modeIndex } from '../../pkg/texture.js';
import { program, perspective, lookAt, mul, ortho } from '../gl.js';

const VS = `#version 300 es
precision highp float;
uniform mat4 uViewProj;
layout(location = 0) in vec3 aPos;
layout(location = 1) in vec3 aNormal;
out vec3 vPos;
out vec3 vNormal;
void main() {
  vPos = aPos;
  vNormal = aNormal;
  gl_Position = uViewProj * vec4(aPos, 1.0);
}`;

// One program per (mode, triplanar, lit): constants let the compiler drop every other
// mode's code (a software rasteriser would otherwise pay for all of them).
const FS = (mode, triplanar, lit) => `#version 300 es
precision highp float;
precision highp int;
const int uMode = ${mode};
const bool uTriplanar = ${triplanar};
const bool uLit = ${lit};
uniform sampler2D uAlbedo;
uniform sampler2D uNormal;
uniform vec4 uMeanA;
uniform vec4 uMeanN;
uniform float uScale;
uniform float uSharpness;
uniform float uRotation;
uniform float uVariation;
uniform vec3 uEye;
uniform vec3 uSun;
uniform vec3 uSky;
in vec3 vPos;
in vec3 vNormal;
out vec4 outColor;
${glsl.all}
vec4 readMaterial(sampler2D t, vec4 mean, vec3 n) {
  if (uTriplanar) return lfTriplanarEx(t, vPos, n, uScale, uSharpness, uMode, mean, uVariation, uRotation);
  vec2 uv = vPos.xz * uScale;
  return lfTexModeGrad(t, uv, dFdx(uv), dFdy(uv), uMode, mean, uVariation, uRotation);
}
void main() {
  vec3 ng = normalize(vNormal);
  vec4 a = readMaterial(uAlbedo, uMeanA, ng);
  if (!uLit) { outColor = vec4(a.rgb, 1.0); return; }
  // Tangent-space detail normal around the geometric one (u along x; v along z on
  // the ground, along −y on the cliff).
  vec3 tn = readMaterial(uNormal, uMeanN, ng).xyz * 2.0 - 1.0;
  vec3 t = normalize(abs(ng.z) < 0.7 ? cross(ng, vec3(0.0, 0.0, 1.0)) : cross(ng, vec3(0.0, -1.0, 0.0)));
  vec3 b = cross(t, ng);
  vec3 n = normalize(t * tn.x + b * tn.y + ng * max(tn.z, 0.2));
  vec3 v = normalize(uEye - vPos);
  float diffuse = max(dot(n, uSun), 0.0);
  float rough = a.a;
  float spec = pow(max(dot(n, normalize(v + uSun)), 0.0), mix(80.0, 6.0, rough)) * (1.0 - rough) * 0.5;
  vec3 hemi = mix(vec3(0.30, 0.27, 0.22), vec3(0.55, 0.64, 0.78), n.y * 0.5 + 0.5);
  vec3 c = a.rgb * (hemi * 0.6 + vec3(1.0, 0.95, 0.85) * diffuse * 0.95) + spec;
  float fog = 1.0 - exp(-length(uEye - vPos) / 420.0);
  outColor = vec4(mix(pow(c, vec3(0.9)), uSky, fog), 1.0);
}`;

// A mesa of finite width, so the horizon shows on both sides of it.
export const CLIFF = { z: -75, height: 20, halfWidth: 38 };

// Geometry: the ground (y = 0, far beyond the horizon) and a cliff heightfield whose
// edge and surface come from landform fBm; both as interleaved position + normal.
function geometry(lf) {
  const verts = [], index = [];
  const G = 3000;
  for (const [x, z] of [[-G, -G], [G, -G], [-G, G], [G, G]]) verts.push(x, 0, z, 0, 1, 0);
  index.push(0, 2, 1, 1, 2, 3);
  const dx = 1.5, nx = 81, nz = 61, x0 = -60, z0 = -50;
  const wobble = new Float32Array(nx * nz), bumps = new Float32Array(nx * nz);
  const f1 = new lf.Field({ noise: 'perlin', seed: 5, fractal: { kind: 'fbm', octaves: 4, persistence: 0.5, lacunarity: 2 } });
  f1.fill2d(wobble, { width: nx, height: nz, scale: 24, x0: 0, y0: 0 });
  const f2 = new lf.Field({ noise: 'perlin', seed: 6, fractal: { kind: 'ridged', octaves: 5, persistence: 0.5, lacunarity: 2 } });
  f2.fill2d(bumps, { width: nx, height: nz, scale: 6, x0: 0, y0: 0 });
  f1.free(); f2.free();
  const h = (i, j) => {
    const k = Math.min(nz - 1, Math.max(0, j)) * nx + Math.min(nx - 1, Math.max(0, i));
    const z = z0 - Math.min(nz - 1, Math.max(0, j)) * dx;
    const x = x0 + Math.min(nx - 1, Math.max(0, i)) * dx;
    // Distance inside the edge (> 0): the front and both sides, bent by the wobble.
    const d = Math.min(CLIFF.z - z, CLIFF.halfWidth - Math.abs(x)) + 8 * wobble[k];
    const u = Math.min(1, Math.max(-1, d / 3)), s = 0.5 + 0.75 * u - 0.25 * u * u * u;   // smoothstep on [−1, 1]
    return s * (CLIFF.height + 3 * bumps[k]) - 0.05;
  };
  const base = verts.length / 6;
  for (let j = 0; j < nz; j++) for (let i = 0; i < nx; i++) {
    const gx = (h(i + 1, j) - h(i - 1, j)) / (2 * dx), gz = -(h(i, j + 1) - h(i, j - 1)) / (2 * dx);
    const l = Math.hypot(gx, 1, gz);
    verts.push(x0 + i * dx, h(i, j), z0 - j * dx, -gx / l, 1 / l, -gz / l);
  }
  for (let j = 0; j + 1 < nz; j++) for (let i = 0; i + 1 < nx; i++) {
    const a = base + j * nx + i;
    index.push(a, a + 1, a + nx, a + 1, a + nx + 1, a + nx);
  }
  return { verts: new Float32Array(verts), index: new Uint32Array(index) };
}

/**
 * Creates the renderer on `canvas` (null without WebGL2). Returns
 * { setMaterial({ albedo, normal, size }), render(params, regions), time(params, mode), tilePx(quad), destroy() }.
 */
export function createTextureView(canvas, lf) {
  const gl = canvas.getContext('webgl2', { antialias: false, preserveDrawingBuffer: true });
  if (!gl) return null;
  const programs = new Map();
  const programFor = (mode, triplanar, lit) => {
    const key = `${mode}/${triplanar}/${lit}`;
    if (!programs.has(key)) programs.set(key, program(gl, VS, FS(modeIndex(mode), triplanar, lit), 'texture figure'));
    return programs.get(key);
  };
  const { verts, index } = geometry(lf);
  const vao = gl.createVertexArray();
  gl.bindVertexArray(vao);
  const vb = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, vb);
  gl.bufferData(gl.ARRAY_BUFFER, verts, gl.STATIC_DRAW);
  for (const [name, offset] of [['aPos', 0], ['aNormal', 12]]) {
    const loc = name === 'aPos' ? 0 : 1;
    gl.enableVertexAttribArray(loc);
    gl.vertexAttribPointer(loc, 3, gl.FLOAT, false, 24, offset);
  }
  const ib = gl.createBuffer();
  gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, ib);
  gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, index, gl.STATIC_DRAW);
  const aniso = gl.getExtension('EXT_texture_filter_anisotropic');
  const textures = [gl.createTexture(), gl.createTexture()];
  const means = [[0.5, 0.5, 0.5, 0.5], [0.5, 0.5, 1, 0.5]];
  const fbo = gl.createFramebuffer();

  // The texture's mean: its 1 × 1 mip, read back once per upload.
  function mipMean(tex, size) {
    gl.bindFramebuffer(gl.FRAMEBUFFER, fbo);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, tex, Math.log2(size));
    const px = new Uint8Array(4);
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    return [...px].map((v) => v / 255);
  }

  function setMaterial(m) {
    [m.albedo, m.normal].forEach((data, k) => {
      gl.bindTexture(gl.TEXTURE_2D, textures[k]);
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, m.size, m.size, 0, gl.RGBA, gl.UNSIGNED_BYTE, data);
      gl.generateMipmap(gl.TEXTURE_2D);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR_MIPMAP_LINEAR);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.REPEAT);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.REPEAT);
      if (aniso) gl.texParameterf(gl.TEXTURE_2D, aniso.TEXTURE_MAX_ANISOTROPY_EXT, Math.min(8, gl.getParameter(aniso.MAX_TEXTURE_MAX_ANISOTROPY_EXT)));
      means[k] = mipMean(textures[k], m.size);
    });
  }

  const TOP_TILES = 8;   // the top view spans this many texture tiles across its view
  const tilePx = (quad) => (quad ? canvas.width >> 1 : canvas.width) / TOP_TILES;

  function camera(p, aspect) {
    if (p.view === 'top') {
      const w = TOP_TILES * p.tile, h = w / aspect;
      return { eye: [0, 50, 20], m: mul(ortho(-w / 2, w / 2, -h / 2, h / 2, 1, 100), lookAt([0, 50, 20], [0, 0, 20], [0, 0, -1])) };
    }
    if (p.view === 'cliff') {
      const w = 48, h = w / aspect, eye = [0, 11, 40];
      return { eye, m: mul(ortho(-w / 2, w / 2, -h / 2 + 1, h / 2 + 1, 1, 400), lookAt(eye, [0, 11, 0], [0, 1, 0])) };
    }
    const eye = [0, 1.7, 10];
    return { eye, m: mul(perspective(0.85, aspect, 0.1, 4000), lookAt(eye, [0, 0.2, -30], [0, 1, 0])) };
  }

  const SKY = [0.74, 0.81, 0.89];
  const sun = (() => { const s = [-0.55, 0.5, 0.45]; const l = Math.hypot(...s); return s.map((x) => x / l); })();

  // Draws the scene with `mode` into the rectangle [x, y, w, h] (canvas pixels,
  // bottom-up): the whole view squeezed into it when `own`, else its part of the
  // full-canvas view (the halves of a split are one picture).
  function draw(p, mode, [x, y, w, h], own = false) {
    const prog = programFor(mode, !!p.triplanar, p.view === 'scene');
    if (own) gl.viewport(x, y, w, h);
    else gl.viewport(0, 0, canvas.width, canvas.height);
    gl.enable(gl.DEPTH_TEST);
    gl.enable(gl.SCISSOR_TEST);
    gl.scissor(x, y, w, h);
    gl.clearColor(...SKY, 1);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    gl.useProgram(prog.p);
    gl.bindVertexArray(vao);
    const cam = camera(p, own ? w / h : canvas.width / canvas.height), u = prog.u;
    gl.uniformMatrix4fv(u.uViewProj, false, cam.m);
    gl.uniform3fv(u.uEye, cam.eye);
    gl.uniform3fv(u.uSun, sun);
    gl.uniform3fv(u.uSky, SKY);
    gl.uniform1f(u.uScale, 1 / p.tile);
    gl.uniform1f(u.uSharpness, p.sharpness);
    gl.uniform1f(u.uRotation, p.rotation);
    gl.uniform1f(u.uVariation, p.variation);
    gl.uniform4fv(u.uMeanA, means[0]);
    gl.uniform4fv(u.uMeanN, means[1]);
    gl.activeTexture(gl.TEXTURE0); gl.bindTexture(gl.TEXTURE_2D, textures[0]); gl.uniform1i(u.uAlbedo, 0);
    gl.activeTexture(gl.TEXTURE1); gl.bindTexture(gl.TEXTURE_2D, textures[1]); gl.uniform1i(u.uNormal, 1);
    gl.drawElements(gl.TRIANGLES, index.length, gl.UNSIGNED_INT, 0);
  }

  /** Draws `regions`: [{ mode, rect: [x, y, w, h] in canvas pixels, bottom-up, own }]; dividers between them. */
  function render(p, regions) {
    for (const r of regions) draw(p, r.mode, r.rect, r.own);
    gl.clearColor(1, 1, 1, 1);
    for (const r of regions) {
      const [x, y, w, h] = r.rect;
      if (x > 0) { gl.scissor(x - 1, y, 2, h); gl.clear(gl.COLOR_BUFFER_BIT); }
      if (y > 0) { gl.scissor(x, y - 1, w, 2); gl.clear(gl.COLOR_BUFFER_BIT); }
    }
    gl.disable(gl.SCISSOR_TEST);
  }

  /** Milliseconds of one full-canvas frame of `mode`, synchronised by a one-pixel read-back. */
  function time(p, mode) {
    const px = new Uint8Array(4);
    const t0 = performance.now();
    draw(p, mode, [0, 0, canvas.width, canvas.height]);
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
    gl.disable(gl.SCISSOR_TEST);
    return performance.now() - t0;
  }

  return {
    setMaterial, render, time, tilePx, means: () => means,
    destroy() { gl.getExtension('WEBGL_lose_context')?.loseContext(); },
  };
}
