// The island figure's 3D view: a WebGL2 mesh of the heightmap. The grid needs no
// vertex buffers: each vertex finds its cell from gl_VertexID and reads its height
// (and its neighbours', for the normal) from a float texture, so a new heightmap is
// one texture upload. Sun + hemisphere light, depth-tinted sea floor, a translucent
// water plane, orbit by drag / touch / wheel / arrow keys. Renders on demand only.
import { program as link, perspective, lookAt, mul } from '../gl.js';

const program = (gl, vs, fs) => link(gl, vs, fs, 'island 3D');

const TERRAIN_VS = `#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2D uHeight;
uniform highp sampler2D uColor;
uniform int uN;
uniform mat4 uMVP;
uniform float uVScale;
out vec3 vNormal;
out vec3 vColor;
out float vH;
out vec3 vPos;
float h(ivec2 t, ivec2 ts) { return texelFetch(uHeight, clamp(t, ivec2(0), ts - 1), 0).r; }
void main() {
  ivec2 ts = textureSize(uHeight, 0);
  int gx = gl_VertexID % uN, gy = gl_VertexID / uN;
  ivec2 t = ivec2(gx * (ts.x - 1) / (uN - 1), gy * (ts.y - 1) / (uN - 1));
  float e = h(t, ts);
  vec2 xz = vec2(t) / vec2(ts - 1) * 2.0 - 1.0;
  float dx = 2.0 / float(ts.x - 1), dz = 2.0 / float(ts.y - 1);
  float gx_ = (h(t + ivec2(1, 0), ts) - h(t - ivec2(1, 0), ts)) * uVScale / (2.0 * dx);
  float gz_ = (h(t + ivec2(0, 1), ts) - h(t - ivec2(0, 1), ts)) * uVScale / (2.0 * dz);
  vNormal = normalize(vec3(-gx_, 1.0, -gz_));
  vColor = texelFetch(uColor, t, 0).rgb;
  vH = e;
  vPos = vec3(xz.x, e * uVScale, xz.y);
  gl_Position = uMVP * vec4(vPos, 1.0);
}`;

const TERRAIN_FS = `#version 300 es
precision highp float;
uniform vec3 uSun;
uniform float uSea;
uniform vec3 uEye;
in vec3 vNormal;
in vec3 vColor;
in float vH;
in vec3 vPos;
out vec4 outColor;
void main() {
  vec3 n = normalize(vNormal);
  float diffuse = max(dot(n, uSun), 0.0);
  vec3 hemi = mix(vec3(0.32, 0.28, 0.24), vec3(0.62, 0.72, 0.86), n.y * 0.5 + 0.5);
  vec3 c = vColor * (hemi * 0.55 + vec3(1.0, 0.96, 0.88) * diffuse * 0.85);
  if (vH < uSea) {
    float depth = clamp((uSea - vH) / max(uSea, 1e-3), 0.0, 1.0);
    c = mix(c, vec3(0.05, 0.16, 0.30), 0.35 + 0.6 * depth);
  }
  float fog = clamp((length(vPos - uEye) - 2.2) / 4.0, 0.0, 0.5);
  c = mix(c, vec3(0.80, 0.86, 0.92), fog);
  outColor = vec4(pow(c, vec3(0.95)), 1.0);
}`;

const WATER_VS = `#version 300 es
precision highp float;
uniform mat4 uMVP;
uniform float uY;
out vec3 vPos;
void main() {
  vec2 q = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 2.0 - 1.0;
  vPos = vec3(q.x, uY, q.y);
  gl_Position = uMVP * vec4(vPos, 1.0);
}`;

const WATER_FS = `#version 300 es
precision highp float;
uniform vec3 uSun;
uniform vec3 uEye;
in vec3 vPos;
out vec4 outColor;
void main() {
  vec3 v = normalize(uEye - vPos);
  vec3 hlf = normalize(v + uSun);
  float spec = pow(max(hlf.y, 0.0), 80.0) * 0.6;
  float fresnel = pow(1.0 - max(v.y, 0.0), 3.0);
  vec3 c = mix(vec3(0.10, 0.34, 0.55), vec3(0.72, 0.82, 0.92), fresnel * 0.7) + spec;
  outColor = vec4(c, 0.55 + 0.3 * fresnel);
}`;

// The block's sides, so the island reads as a slice of ground: for each of the four
// edges a strip between two heights. Mode 0: earth, from the base up to the terrain;
// mode 1: sea, from the terrain up to the sea level (drawn translucent).
const SKIRT_VS = `#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2D uHeight;
uniform mat4 uMVP;
uniform float uVScale;
uniform float uBase;
uniform float uSea;
uniform int uMode;
out float vY;
out float vShade;
void main() {
  ivec2 ts = textureSize(uHeight, 0);
  int side = ts.x;
  int edge = gl_VertexID / (2 * side), r = gl_VertexID % (2 * side), j = r / 2;
  ivec2 t = edge == 0 ? ivec2(j, 0) : edge == 1 ? ivec2(ts.x - 1, j) : edge == 2 ? ivec2(ts.x - 1 - j, ts.y - 1) : ivec2(0, ts.y - 1 - j);
  t = clamp(t, ivec2(0), ts - 1);
  float h = texelFetch(uHeight, t, 0).r * uVScale;
  float sea = uSea * uVScale;
  float top = uMode == 0 ? h : max(h, sea);
  float bottom = uMode == 0 ? uBase : h;
  float y = (r % 2) == 0 ? top : bottom;
  vec2 xz = vec2(t) / vec2(ts - 1) * 2.0 - 1.0;
  vY = y;
  vShade = edge == 0 ? 0.7 : edge == 1 ? 0.95 : edge == 2 ? 0.85 : 0.6;
  gl_Position = uMVP * vec4(xz.x, y, xz.y, 1.0);
}`;

const SKIRT_FS = `#version 300 es
precision highp float;
precision highp int;
uniform int uMode;
uniform float uBase;
in float vY;
in float vShade;
out vec4 outColor;
void main() {
  if (uMode == 1) { outColor = vec4(vec3(0.16, 0.38, 0.58) * vShade, 0.7); return; }
  // Soil over rock, darker with depth, in faint bands.
  float d = clamp(vY / max(-uBase, 1e-3) + 1.0, 0.0, 1.0);
  vec3 c = mix(vec3(0.22, 0.18, 0.15), vec3(0.46, 0.37, 0.28), d);
  c *= 0.92 + 0.08 * sin(vY * 160.0);
  outColor = vec4(c * vShade, 1.0);
}`;

/**
 * Creates the view on `canvas`. Returns null when WebGL2 is unavailable, else
 * { setTerrain(heights, w, h, rgba, sea), orbit(dYaw, dPitch), zoom(factor), camera, render(), destroy() }.
 */
export function createTerrainView(canvas, { vscale = 0.36, meshMax, onChange = () => {} } = {}) {
  const gl = canvas.getContext('webgl2', { antialias: true, preserveDrawingBuffer: true });
  if (!gl) return null;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  const slow = /swiftshader|llvmpipe|softpipe|software/i.test(renderer);
  // A GPU draws a full 512² mesh easily; a software rasteriser gets at most 256².
  meshMax ??= slow ? 256 : 512;
  const terrain = program(gl, TERRAIN_VS, TERRAIN_FS);
  const water = program(gl, WATER_VS, WATER_FS);
  const skirt = program(gl, SKIRT_VS, SKIRT_FS);
  const base = -0.08;
  const vao = gl.createVertexArray();
  const heightTex = gl.createTexture();
  const colorTex = gl.createTexture();
  for (const t of [heightTex, colorTex]) {
    gl.bindTexture(gl.TEXTURE_2D, t);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  }
  const indexBuf = gl.createBuffer();
  let n = 0, indexCount = 0, sea = 0, texW = 0, texH = 0, frame = 0;
  const camera = { yaw: 0.7, pitch: 0.62, dist: 3.45 };
  const sun = (() => { const s = [-0.55, 0.62, -0.45]; const l = Math.hypot(...s); return s.map((x) => x / l); })();

  function buildMesh(side) {
    if (side === n) return;
    n = side;
    const idx = new Uint32Array((n - 1) * (n - 1) * 6);
    let k = 0;
    for (let y = 0; y < n - 1; y++) {
      for (let x = 0; x < n - 1; x++) {
        const a = y * n + x, b = a + 1, c = a + n, d = c + 1;
        idx[k++] = a; idx[k++] = c; idx[k++] = b;
        idx[k++] = b; idx[k++] = c; idx[k++] = d;
      }
    }
    gl.bindVertexArray(vao);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, indexBuf);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, idx, gl.STATIC_DRAW);
    gl.bindVertexArray(null);
    indexCount = idx.length;
  }

  function setTerrain(heights, w, h, rgba, seaLevel) {
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    gl.bindTexture(gl.TEXTURE_2D, heightTex);
    if (w !== texW || h !== texH) {
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.R32F, w, h, 0, gl.RED, gl.FLOAT, heights);
      gl.bindTexture(gl.TEXTURE_2D, colorTex);
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, w, h, 0, gl.RGBA, gl.UNSIGNED_BYTE, rgba);
      texW = w; texH = h;
    } else {
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, w, h, gl.RED, gl.FLOAT, heights);
      gl.bindTexture(gl.TEXTURE_2D, colorTex);
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, rgba);
    }
    buildMesh(Math.min(Math.max(w, h), meshMax));
    sea = seaLevel;
    render();
  }

  function draw() {
    frame = 0;
    if (!indexCount) return;
    const { yaw, pitch, dist } = camera;
    const target = [0, -0.02, 0];
    const eye = [target[0] + dist * Math.cos(pitch) * Math.sin(yaw), target[1] + dist * Math.sin(pitch), target[2] + dist * Math.cos(pitch) * Math.cos(yaw)];
    const mvp = mul(perspective(0.72, canvas.width / canvas.height, 0.05, 20), lookAt(eye, target, [0, 1, 0]));
    gl.viewport(0, 0, canvas.width, canvas.height);
    gl.clearColor(0.80, 0.86, 0.92, 1);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    gl.enable(gl.DEPTH_TEST);
    gl.bindVertexArray(vao);
    gl.useProgram(terrain.p);
    gl.activeTexture(gl.TEXTURE0); gl.bindTexture(gl.TEXTURE_2D, heightTex);
    gl.activeTexture(gl.TEXTURE1); gl.bindTexture(gl.TEXTURE_2D, colorTex);
    gl.uniform1i(terrain.u.uHeight, 0);
    gl.uniform1i(terrain.u.uColor, 1);
    gl.uniform1i(terrain.u.uN, n);
    gl.uniformMatrix4fv(terrain.u.uMVP, false, mvp);
    gl.uniform1f(terrain.u.uVScale, vscale);
    gl.uniform3fv(terrain.u.uSun, sun);
    gl.uniform1f(terrain.u.uSea, sea);
    gl.uniform3fv(terrain.u.uEye, eye);
    gl.drawElements(gl.TRIANGLES, indexCount, gl.UNSIGNED_INT, 0);
    const skirtDraw = (mode) => {
      gl.useProgram(skirt.p);
      gl.uniform1i(skirt.u.uHeight, 0);
      gl.uniformMatrix4fv(skirt.u.uMVP, false, mvp);
      gl.uniform1f(skirt.u.uVScale, vscale);
      gl.uniform1f(skirt.u.uBase, base);
      gl.uniform1f(skirt.u.uSea, sea);
      gl.uniform1i(skirt.u.uMode, mode);
      for (let e = 0; e < 4; e++) gl.drawArrays(gl.TRIANGLE_STRIP, e * 2 * texW, 2 * texW);
    };
    skirtDraw(0);
    gl.useProgram(water.p);
    gl.uniformMatrix4fv(water.u.uMVP, false, mvp);
    gl.uniform1f(water.u.uY, sea * vscale);
    gl.uniform3fv(water.u.uSun, sun);
    gl.uniform3fv(water.u.uEye, eye);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
    gl.depthMask(false);
    gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    skirtDraw(1);
    gl.depthMask(true);
    gl.disable(gl.BLEND);
    gl.bindVertexArray(null);
    canvas.dataset.frames = String(Number(canvas.dataset.frames ?? 0) + 1);
  }

  function render() { if (!frame) frame = requestAnimationFrame(draw); }
  function orbit(dYaw, dPitch) {
    camera.yaw += dYaw;
    camera.pitch = Math.min(1.45, Math.max(0.12, camera.pitch + dPitch));
    render(); onChange();
  }
  function zoom(f) { camera.dist = Math.min(6, Math.max(1.2, camera.dist * f)); render(); onChange(); }

  // Pointer. A mouse drags to orbit. On a touch screen a one-finger vertical swipe
  // scrolls the page (touch-action: pan-y), one finger sideways turns the island, and
  // two fingers orbit (their midpoint) and pinch to zoom.
  const pointers = new Map();
  let pinch = 0;
  canvas.style.touchAction = 'pan-y';
  canvas.addEventListener('pointerdown', (e) => { canvas.setPointerCapture(e.pointerId); pointers.set(e.pointerId, [e.clientX, e.clientY]); pinch = 0; });
  canvas.addEventListener('pointermove', (e) => {
    const last = pointers.get(e.pointerId);
    if (!last) return;
    const now = [e.clientX, e.clientY];
    const dx = now[0] - last[0], dy = now[1] - last[1];
    pointers.set(e.pointerId, now);
    if (pointers.size === 1) orbit(-dx * 0.008, e.pointerType === 'touch' ? 0 : dy * 0.006);
    if (pointers.size === 2) {
      // Each finger moves the midpoint by half its own step.
      orbit(-dx * 0.004, dy * 0.003);
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
      if (pinch) zoom(pinch / d);
      pinch = d;
    }
  });
  const up = (e) => { pointers.delete(e.pointerId); pinch = 0; };
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointercancel', up);
  canvas.addEventListener('wheel', (e) => { e.preventDefault(); zoom(Math.exp(e.deltaY * 0.001)); }, { passive: false });
  canvas.tabIndex = 0;
  canvas.addEventListener('keydown', (e) => {
    const k = { ArrowLeft: [0.12, 0], ArrowRight: [-0.12, 0], ArrowUp: [0, 0.08], ArrowDown: [0, -0.08] }[e.key];
    if (k) { e.preventDefault(); orbit(...k); }
    else if (e.key === '+' || e.key === '=') { e.preventDefault(); zoom(0.9); }
    else if (e.key === '-') { e.preventDefault(); zoom(1.1); }
  });

  return {
    setTerrain, orbit, zoom, camera, render, renderer, meshMax,
    /** Software rasteriser: slow enough that the caller should draw sparingly. */
    slow,
    drawNow: draw,
    destroy() { cancelAnimationFrame(frame); gl.getExtension('WEBGL_lose_context')?.loseContext(); },
  };
}
