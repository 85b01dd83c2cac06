//! A repeating texture read with bilinear filtering, as a GPU's `REPEAT` + `LINEAR`
//! sampler at mip level 0 (texel centres at half-integer texel coordinates).

use super::Rgba;

pub struct Texture<'a> {
    pub width: usize,
    pub height: usize,
    /// Row-major texels, `width × height`.
    pub texels: &'a [Rgba],
}

impl Texture<'_> {
    pub fn texel(&self, x: i64, y: i64) -> Rgba {
        let (w, h) = (self.width as i64, self.height as i64);
        self.texels[(y.rem_euclid(h) * w + x.rem_euclid(w)) as usize]
    }

    /// Bilinear read at `uv` in texture repeats (wraps in both axes).
    pub fn sample(&self, uv: [f32; 2]) -> Rgba {
        let x = uv[0] as f64 * self.width as f64 - 0.5;
        let y = uv[1] as f64 * self.height as f64 - 0.5;
        let (x0, y0) = (x.floor(), y.floor());
        let (fx, fy) = ((x - x0) as f32, (y - y0) as f32);
        let (x0, y0) = (x0 as i64, y0 as i64);
        let (a, b) = (self.texel(x0, y0), self.texel(x0 + 1, y0));
        let (c, d) = (self.texel(x0, y0 + 1), self.texel(x0 + 1, y0 + 1));
        std::array::from_fn(|k| {
            let top = a[k] + (b[k] - a[k]) * fx;
            let bottom = c[k] + (d[k] - c[k]) * fx;
            top + (bottom - top) * fy
        })
    }

    /// The mean of all texels (what the 1×1 mip holds).
    pub fn mean(&self) -> Rgba {
        let mut m = [0.0f64; 4];
        for t in self.texels {
            for k in 0..4 {
                m[k] += t[k] as f64;
            }
        }
        m.map(|v| (v / self.texels.len() as f64) as f32)
    }
}
