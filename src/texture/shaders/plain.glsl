// plain: one sample, repeats every texture period (1 sample/pixel).
vec4 lfTexPlainGrad(sampler2D tex, vec2 uv, vec2 dx, vec2 dy) { return textureGrad(tex, uv, dx, dy); }
vec4 lfTexPlain(sampler2D tex, vec2 uv) { return textureGrad(tex, uv, dFdx(uv), dFdy(uv)); }
