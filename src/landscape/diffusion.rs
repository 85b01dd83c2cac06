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
        implicit_rows(
            &self.h,
            &mut self.rhs,
            &mut self.gamma,
            width,
            height,
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
            r,
        );
        for (o, &v) in z.iter_mut().zip(&self.h) {
            *o = v as f32;
        }
    }
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
fn implicit_rows(
    rhs: &[f64],
    out: &mut [f64],
    gamma: &mut [f64],
    width: usize,
    height: usize,
    fixed: &[bool],
    r: f64,
) {
    let mut y = 0;
    while y + 4 <= height {
        row_group::<4>(rhs, out, gamma, width, y * width, fixed, r);
        y += 4;
    }
    for y in y..height {
        row_group::<1>(rhs, out, gamma, width, y * width, fixed, r);
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
fn implicit_columns(
    rhs: &[f64],
    out: &mut [f64],
    gamma: &mut [f64],
    width: usize,
    height: usize,
    fixed: &[bool],
    r: f64,
) {
    for y in 0..height {
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
