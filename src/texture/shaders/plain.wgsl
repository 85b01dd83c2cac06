// plain: one sample (1 sample/pixel).
fn lfTexPlainGrad(t: texture_2d<f32>, s: sampler, uv: vec2f, dx: vec2f, dy: vec2f) -> vec4f { return textureSampleGrad(t, s, uv, dx, dy); }
fn lfTexPlain(t: texture_2d<f32>, s: sampler, uv: vec2f) -> vec4f { return textureSampleGrad(t, s, uv, dpdx(uv), dpdy(uv)); }
