//! Implicit hillslope diffusion `∂h/∂t = κ ∇²h`, split by direction (the locally
//! one-dimensional scheme of Yanenko, "The Method of Fractional Steps", 1971): a
//! backward-Euler step along rows, then one along columns, each a tridiagonal solve by
//! the Thomas algorithm. Every solve is an M-matrix, so the scheme is unconditionally
//! stable *and* monotone: no new extremum appears however large `κ·dt/dx²` is (the
//! Peaceman–Rachford ADI scheme is stable too, but lets the shortest waves ring with a
//! factor near −1 at large steps, overshooting peaks and ridges).
//!
//! The map's edges are closed (no flux through them); cells marked `fixed` keep their
//! height (base level). With no fixed cells the total height is conserved up to
//! rounding, and away from the edges each axis's variance of a hill grows by exactly
//! `2κ·dt` per step (a row solve conserves each row's sum and adds `2r` to its second
//! moment; a column solve leaves the row moments alone).
//!
//! `κ·dt/dx²` is capped at 1e9 (a diffusion length of ~30 000 cells, beyond any map),
//! where `1 + 2r` still resolves the 1 in `f64`.

/// Scratch buffers, reused between steps.
#[derive(Clone, Debug, Default)]
pub struct Diffusion {
    h: Vec<f64>,
    rhs: Vec<f64>,
    gamma: Vec<f64>,
    /// Which rows are fixed at their two ends only.
    plain: Vec<bool>,
}

/// Largest `κ·dt/dx²` of one step (see the module notes).
pub const MAX_COEF: f64 = 1e9;

impl Diffusion {
    /// One step of `coef = κ·dt/dx²` (dimensionless, ≥ 0) over `z` (width × height).
    pub fn step(&mut self, z: &mut [f32], width: usize, height: usize, fixed: &[bool], coef: f64) {
        if coef <= 0.0 {
            return;
        }
        let r = coef.min(MAX_COEF);
        self.h.clear();
        self.h.extend(z.iter().map(|&v| v as f64));
        self.rhs.resize(z.len(), 0.0);
        self.gamma.resize(z.len(), 0.0);
        // Rows fixed at their two ends only (every interior row when base level is
        // the border alone).
        plain_rows(fixed, width, height, &mut self.plain);
        implicit_rows(
            &self.h,
            &mut self.rhs,
            &mut self.gamma,
            width,
            &self.plain,
            fixed,
            r,
        );
        implicit_columns(
            &self.rhs,
            &mut self.h,
            &mut self.gamma,
            width,
            height,
            fixed,
            &self.plain,
            r,
        );
        for (o, &v) in z.iter_mut().zip(&self.h) {
            *o = v as f32;
        }
    }
}

/// Which rows are fixed at their two ends only, into `plain`.
fn plain_rows(fixed: &[bool], width: usize, height: usize, plain: &mut Vec<bool>) {
    plain.clear();
    plain.extend((0..height).map(|y| {
        let row = &fixed[y * width..(y + 1) * width];
        width > 2 && row[0] && row[width - 1] && !row[1..width - 1].contains(&true)
    }));
}

/// The coefficients of row `i` of a tridiagonal system along a line: (lower, diagonal,
/// upper). Fixed cells are identity rows; the line's ends have one neighbour.
#[inline]
fn coefficients(fixed: bool, pos: usize, len: usize, r: f64) -> (f64, f64, f64) {
    if fixed {
        return (0.0, 1.0, 0.0);
    }
    let lower = if pos > 0 { -r } else { 0.0 };
    let upper = if pos + 1 < len { -r } else { 0.0 };
    (lower, 1.0 - lower - upper, upper)
}

/// Solves each row's system `(I − r·Dxx) x = rhs` (Thomas algorithm) into `out`, four
/// rows at a time: each row's sweep is a chain of dependent divisions, and four
/// independent chains overlap (the same operations per row, so the same bits).
///
/// A row whose only fixed cells are its two ends (every interior row when base level
/// is the border alone) has the same coefficients as every other such row, so the same
/// Thomas denominators and ratios: [`Plain`] computes them once, by the same
/// operations, and those rows' sweeps skip half the divisions.
fn implicit_rows(
    rhs: &[f64],
    out: &mut [f64],
    gamma: &mut [f64],
    width: usize,
    plain_rows: &[bool],
    fixed: &[bool],
    r: f64,
) {
    let height = plain_rows.len();
    let plain = Plain::new(width, r);
    let mut y = 0;
    while y + 4 <= height {
        if plain_rows[y..y + 4] == [true; 4] {
            plain.rows::<4>(rhs, out, y * width);
        } else {
            row_group::<4>(rhs, out, gamma, width, y * width, fixed, r);
        }
        y += 4;
    }
    for y in y..height {
        row_group::<1>(rhs, out, gamma, width, y * width, fixed, r);
    }
}

/// The Thomas coefficients of a row fixed at its two ends only: per position, the
/// lower coefficient, the denominator and the ratio (`gamma`) that [`row_group`]
/// computes for such a row.
struct Plain {
    lower: Vec<f64>,
    denom: Vec<f64>,
    gamma: Vec<f64>,
}

impl Plain {
    fn new(width: usize, r: f64) -> Self {
        let mut p = Plain {
            lower: Vec::with_capacity(width),
            denom: Vec::with_capacity(width),
            gamma: Vec::with_capacity(width),
        };
        let mut prev_gamma = 0.0;
        for x in 0..width {
            let (a, b, c) = coefficients(x == 0 || x + 1 == width, x, width, r);
            let denom = b - a * prev_gamma;
            prev_gamma = c / denom;
            p.lower.push(a);
            p.denom.push(denom);
            p.gamma.push(prev_gamma);
        }
        p
    }

    /// [`row_group`] for `K` plain rows from cell `start`: the same operations on the
    /// same values.
    #[inline(always)]
    fn rows<const K: usize>(&self, rhs: &[f64], out: &mut [f64], start: usize) {
        let width = self.denom.len();
        let mut prev_x = [0.0; K];
        for x in 0..width {
            let (a, denom) = (self.lower[x], self.denom[x]);
            for (k, p) in prev_x.iter_mut().enumerate() {
                let i = start + k * width + x;
                *p = (rhs[i] - a * *p) / denom;
                out[i] = *p;
            }
        }
        for x in (0..width - 1).rev() {
            let g = self.gamma[x];
            for k in 0..K {
                let i = start + k * width + x;
                out[i] -= g * out[i + 1];
            }
        }
    }
}

/// The Thomas sweeps of the `K` rows starting at cell `start`.
#[inline(always)]
fn row_group<const K: usize>(
    rhs: &[f64],
    out: &mut [f64],
    gamma: &mut [f64],
    width: usize,
    start: usize,
    fixed: &[bool],
    r: f64,
) {
    let mut prev_gamma = [0.0; K];
    let mut prev_x = [0.0; K];
    for x in 0..width {
        for k in 0..K {
            let i = start + k * width + x;
            let (a, b, c) = coefficients(fixed[i], x, width, r);
            let denom = b - a * prev_gamma[k];
            gamma[i] = c / denom;
            prev_x[k] = (rhs[i] - a * prev_x[k]) / denom;
            out[i] = prev_x[k];
            prev_gamma[k] = gamma[i];
        }
    }
    for x in (0..width - 1).rev() {
        for k in 0..K {
            let i = start + k * width + x;
            out[i] -= gamma[i] * out[i + 1];
        }
    }
}

/// The same along columns, sweeping whole rows at a time (cache-friendly, and the
/// columns are independent, so the sweep vectorises: the coefficients are selects,
/// not branches, with the values of [`coefficients`]).
///
/// Below a first row that is all fixed, while the rows are plain (fixed at their ends
/// only), every interior column has had the same coefficients so far, so the same
/// denominator and ratio at each row: those come from one column's sweep, by the same
/// operations, and the rows take one division per cell instead of two.
#[allow(clippy::too_many_arguments)]
fn implicit_columns(
    rhs: &[f64],
    out: &mut [f64],
    gamma: &mut [f64],
    width: usize,
    height: usize,
    fixed: &[bool],
    plain_rows: &[bool],
    r: f64,
) {
    let top_fixed = height > 1 && !fixed[..width].contains(&false);
    // The plain column's ratio above the current row (0 below a fixed cell).
    let mut plain_gamma = top_fixed.then_some(0.0);
    for (y, &plain) in plain_rows.iter().enumerate() {
        let (lower, _, upper) = coefficients(false, y, height, r);
        let diagonal = 1.0 - lower - upper;
        let row = y * width..(y + 1) * width;
        let (rhs, fixed) = (&rhs[row.clone()], &fixed[row.clone()]);
        if y == 0 {
            let (g, o) = (&mut gamma[row.clone()], &mut out[row]);
            for x in 0..width {
                let f = fixed[x];
                // The first row has no lower neighbour: `denom` is the diagonal.
                let b = if f { 1.0 } else { diagonal };
                g[x] = if f { 0.0 } else { upper } / b;
                o[x] = rhs[x] / b;
            }
            continue;
        }
        let (g_above, g) = gamma[row.start - width..row.end].split_at_mut(width);
        let (o_above, o) = out[row.start - width..row.end].split_at_mut(width);
        plain_gamma = plain_gamma.filter(|_| plain);
        if let Some(above) = plain_gamma {
            let denom = diagonal - lower * above;
            let ratio = upper / denom;
            for x in 1..width - 1 {
                g[x] = ratio;
                o[x] = (rhs[x] - lower * o_above[x]) / denom;
            }
            // The two fixed ends: a = 0, b = 1, c = 0, as below.
            for x in [0, width - 1] {
                let denom = 1.0 - 0.0 * g_above[x];
                g[x] = 0.0 / denom;
                o[x] = (rhs[x] - 0.0 * o_above[x]) / denom;
            }
            plain_gamma = Some(ratio);
            continue;
        }
        for x in 0..width {
            let f = fixed[x];
            let a = if f { 0.0 } else { lower };
            let b = if f { 1.0 } else { diagonal };
            let c = if f { 0.0 } else { upper };
            let denom = b - a * g_above[x];
            g[x] = c / denom;
            o[x] = (rhs[x] - a * o_above[x]) / denom;
        }
    }
    for y in (0..height - 1).rev() {
        let (o, o_below) = out[y * width..(y + 2) * width].split_at_mut(width);
        let g = &gamma[y * width..(y + 1) * width];
        for x in 0..width {
            o[x] -= g[x] * o_below[x];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both sweeps with the plain rows found, and with none (every row by the general
    /// coefficients): the same bits, on maps whose fixed cells are the border alone,
    /// the border plus a few cells (sea) in some rows, and no border at all.
    #[test]
    fn plain_rows_give_the_bits_of_the_general_sweep() {
        let mut rng = crate::rng::Mulberry32::new(9);
        let mut next = move || rng.next_u32();
        for (w, h) in [(3, 3), (4, 9), (37, 23), (64, 64), (5, 130)] {
            let border = |i: usize| i % w == 0 || i / w == 0 || i % w == w - 1 || i / w == h - 1;
            let sea: Vec<bool> = (0..w * h).map(|i| border(i) || next() % 97 == 0).collect();
            let lower_half: Vec<bool> = (0..w * h)
                .map(|i| border(i) || (i / w > h / 2 && i % 7 == 3))
                .collect();
            let edges: Vec<bool> = (0..w * h).map(border).collect();
            let none = vec![false; w * h];
            for fixed in [edges, sea, lower_half, none] {
                let z: Vec<f64> = (0..w * h)
                    .map(|_| (next() % 10_000) as f64 * 0.37 - 900.0)
                    .collect();
                for r in [0.01, 0.7, 3e4] {
                    let mut plain = Vec::new();
                    plain_rows(&fixed, w, h, &mut plain);
                    let general = vec![false; h];
                    let run = |plain: &[bool]| {
                        let (mut mid, mut out, mut g) =
                            (vec![0.0; w * h], z.clone(), vec![0.0; w * h]);
                        implicit_rows(&z, &mut mid, &mut g, w, plain, &fixed, r);
                        implicit_columns(&mid, &mut out, &mut g, w, h, &fixed, plain, r);
                        out.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
                    };
                    assert_eq!(run(&plain), run(&general), "{w}×{h}, r = {r}");
                }
            }
        }
    }
}
