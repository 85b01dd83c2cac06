//! Measurements of a drainage network: the slope–area relation of channels (Flint's
//! law, `S = k_s·A^(−θ)`; at steady state of the stream-power model
//! `θ = m/n`, `k_s = (U/K)^(1/n)`), and Hack's law (Hack 1957: the longest flow path
//! upstream of a point grows like `L ∝ A^h`, `h ≈ 0.5–0.6` in real basins).

use crate::hydrology::receivers::receiver_distance;

/// `(area, slope)` of every cell that drains to a receiver (not base level) with
/// drainage area at least `min_area` and a positive slope to its receiver.
pub fn slope_area(
    z: &[f32],
    width: usize,
    rec: &[u32],
    area: &[f32],
    cell_size: f64,
    min_area: f64,
) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    for (i, &r) in rec.iter().enumerate() {
        let r = r as usize;
        if r == i || (area[i] as f64) < min_area {
            continue;
        }
        let s = (z[i] as f64 - z[r] as f64) / (receiver_distance(i, r, width) * cell_size);
        if s > 0.0 {
            out.push((area[i] as f64, s));
        }
    }
    out
}

/// Least-squares line `y = a·x + b` through `points`: returns `(a, b)`. Needs two
/// distinct x values; otherwise `(NaN, NaN)`.
pub fn fit_line(points: &[(f64, f64)]) -> (f64, f64) {
    let n = points.len() as f64;
    let (sx, sy) = points
        .iter()
        .fold((0.0, 0.0), |(a, b), p| (a + p.0, b + p.1));
    let (mx, my) = (sx / n, sy / n);
    let (mut sxx, mut sxy) = (0.0, 0.0);
    for &(x, y) in points {
        sxx += (x - mx) * (x - mx);
        sxy += (x - mx) * (y - my);
    }
    let a = sxy / sxx;
    (a, my - a * mx)
}

/// The fit of `log10 y` against `log10 x`: `(exponent, log10 of the prefactor)`.
pub fn fit_power_law(points: &[(f64, f64)]) -> (f64, f64) {
    let logs: Vec<(f64, f64)> = points
        .iter()
        .map(|&(x, y)| (x.log10(), y.log10()))
        .collect();
    fit_line(&logs)
}

/// Length in metres of the longest flow path upstream of every cell (0 at divides),
/// by one pass up the reversed stack.
pub fn flow_length(width: usize, rec: &[u32], stack: &[u32], cell_size: f64) -> Vec<f64> {
    let mut len = vec![0.0f64; rec.len()];
    for &c in stack.iter().rev() {
        let (c, r) = (c as usize, rec[c as usize] as usize);
        if r != c {
            let l = len[c] + receiver_distance(c, r, width) * cell_size;
            if l > len[r] {
                len[r] = l;
            }
        }
    }
    len
}
