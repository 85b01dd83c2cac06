//! Row kernels of the lattice noises (value, classic Perlin, improved Perlin).
//!
//! Per column and octave: the cell index, fraction `xf`, `xf − 1`, the fade `u`, and the
//! first level of the permutation hash for the cell's two x corners. Per row: the same
//! on y (and z). Per sample only the remaining hash levels, the gradient or value
//! lookups (scalar gathers) and the blend (four lanes at once) are left. This file has
//! the shared column, axis and hash helpers; `value.rs` and `gradient.rs` the kernels.

mod deriv;
mod deriv3;
mod gradient;
mod value;

pub(crate) use deriv::{blend, blend_values, LatticeDeriv};
pub(crate) use deriv3::{blend3, Grads, LatticeDeriv3};

use crate::noise::{cell, fade, fade_deriv};
use crate::simd::F4;

pub struct LatticeCols {
    xf: Vec<f32>,
    xf1: Vec<f32>,
    u: Vec<f32>,
    /// The fade's slope at `xf` (the derivative rows' `du`).
    du: Vec<f32>,
    /// First-level hash of the cell's left and right corners.
    p0: Vec<u32>,
    p1: Vec<u32>,
    /// Per chunk of four columns: all four in the same lattice cell, so every corner
    /// lookup is one scalar load splatted to four lanes instead of a four-lane gather.
    uni: Vec<bool>,
}

/// Column data; `first(xi)` gives the first-level hashes of corners `xi` and `xi + 1`.
#[inline]
fn lattice_cols(xs: &[f32], first: impl Fn(i32) -> (u32, u32)) -> LatticeCols {
    let n = xs.len();
    let mut c = LatticeCols {
        xf: Vec::with_capacity(n),
        xf1: Vec::with_capacity(n),
        u: Vec::with_capacity(n),
        du: Vec::with_capacity(n),
        p0: Vec::with_capacity(n),
        p1: Vec::with_capacity(n),
        uni: Vec::with_capacity(n / 4),
    };
    let mut cells = Vec::with_capacity(n);
    for &x in xs {
        let (xi, xf) = cell(x);
        cells.push(xi);
        let (a, b) = first(xi);
        c.xf.push(xf);
        c.xf1.push(xf - 1.0);
        c.u.push(fade(xf));
        c.du.push(fade_deriv(xf));
        c.p0.push(a);
        c.p1.push(b);
    }
    c.uni = cells
        .chunks_exact(4)
        .map(|q| q.iter().all(|&v| v == q[0]))
        .collect();
    c
}

/// Per-row y (or z) data: masked lattice index of both corners, fraction, fraction − 1,
/// fade.
struct Axis {
    i0: u32,
    i1: u32,
    f: F4,
    f1: F4,
    s: F4,
}

impl Axis {
    /// Classic hashing: corners `(i & 255, (i + 1) & 255)`.
    #[inline]
    fn wrapped(v: f32) -> Self {
        let (i, f) = cell(v);
        Self::with(f, (i & 255) as u32, (i.wrapping_add(1) & 255) as u32)
    }
    /// Improved noise's hashing: corners `(i & 255, (i & 255) + 1)`.
    #[inline]
    fn improved(v: f32) -> Self {
        let (i, f) = cell(v);
        Self::with(f, (i & 255) as u32, ((i & 255) + 1) as u32)
    }
    #[inline]
    fn with(f: f32, i0: u32, i1: u32) -> Self {
        Self {
            i0,
            i1,
            f: F4::splat(f),
            f1: F4::splat(f - 1.0),
            s: F4::splat(fade(f)),
        }
    }
}

/// `perm[(p[l] + add) & 511]` for four lanes (one lookup when `U`: all lanes equal).
#[inline(always)]
fn hash4<const U: bool>(perm: &[u8; 512], p: [u32; 4], add: u32) -> [u32; 4] {
    if U {
        [perm[((p[0] + add) & 511) as usize] as u32; 4]
    } else {
        let h = |l: usize| perm[((p[l] + add) & 511) as usize] as u32;
        [h(0), h(1), h(2), h(3)]
    }
}

/// Classic hashing's second level for chunk `k`: `perm[p + yi]` of the corners 00, 10
/// (row `ya.i0`) and 01, 11 (row `ya.i1`); one lookup per corner when `U`.
#[inline(always)]
fn corners<const U: bool>(perm: &[u8; 512], c: &LatticeCols, k: usize, ya: &Axis) -> [[u32; 4]; 4] {
    let (p0, p1) = (lanes(&c.p0, k), lanes(&c.p1, k));
    [
        hash4::<U>(perm, p0, ya.i0),
        hash4::<U>(perm, p1, ya.i0),
        hash4::<U>(perm, p0, ya.i1),
        hash4::<U>(perm, p1, ya.i1),
    ]
}

#[inline(always)]
fn lanes(v: &[u32], k: usize) -> [u32; 4] {
    [v[k], v[k + 1], v[k + 2], v[k + 3]]
}

/// Calls `run(out, k, end)` for each stretch of chunks of four columns, from column `k`
/// to `end`, that all sit in one lattice cell, and `single(out, k)` for every other
/// chunk. At low frequencies a cell spans many chunks (32 columns at scale 1/32), so a
/// run looks its corners up once and keeps what only depends on the row. A chunk is in
/// the run's cell when it is uniform and has the run's first-level hash `perm[xi & 255]`:
/// equal hashes mean equal `xi & 255`, hence equal corners (the hash sees nothing else).
#[inline(always)]
fn cell_runs(
    c: &LatticeCols,
    out: &mut [f32],
    mut run: impl FnMut(&mut [f32], usize, usize),
    mut single: impl FnMut(&mut [f32], usize),
) {
    cell_spans(c, out.len(), |k, end, uniform| {
        if uniform {
            run(out, k, end)
        } else {
            single(out, k)
        }
    });
}

/// The spans of [`cell_runs`] over `n` columns: `span(k, end, true)` for a run of one
/// cell, `span(k, k + 4, false)` for a chunk in several.
#[inline(always)]
fn cell_spans(c: &LatticeCols, n: usize, mut span: impl FnMut(usize, usize, bool)) {
    let mut k = 0;
    while k < n {
        if c.uni[k >> 2] {
            let key = c.p0[k];
            let mut end = k + 4;
            while end < n && c.uni[end >> 2] && c.p0[end] == key {
                end += 4;
            }
            span(k, end, true);
            k = end;
        } else {
            span(k, k + 4, false);
            k += 4;
        }
    }
}

/// A lattice kernel's 3D row in its two parts, joined by [`lattice_row3`].
trait Row3 {
    /// A row's y or z data (the kernel's hashing).
    fn axis(v: f32) -> Axis;
    /// Chunks `k0..end`: a run of one lattice cell (see [`cell_runs`]).
    fn run3(&self, c: &LatticeCols, out: &mut [f32], k0: usize, end: usize, ya: &Axis, za: &Axis);
    /// Chunk `k`, its four columns in any cells.
    fn chunk3(&self, c: &LatticeCols, out: &mut [f32], k: usize, ya: &Axis, za: &Axis);
}

/// The row `out[i] = noise3(xs[i], y, z)` from its runs and single chunks.
#[inline(always)]
fn lattice_row3<N: Row3>(n: &N, c: &LatticeCols, y: f32, z: f32, out: &mut [f32]) {
    let (ya, za) = (N::axis(y), N::axis(z));
    cell_runs(
        c,
        out,
        |out, k0, end| n.run3(c, out, k0, end, &ya, &za),
        |out, k| n.chunk3(c, out, k, &ya, &za),
    );
}

#[inline(always)]
fn vals<const U: bool>(t: &[f32; 256], h: [u32; 4]) -> F4 {
    if U {
        return F4::splat(t[(h[0] & 255) as usize]);
    }
    F4::new(
        t[(h[0] & 255) as usize],
        t[(h[1] & 255) as usize],
        t[(h[2] & 255) as usize],
        t[(h[3] & 255) as usize],
    )
}

/// Component `a` of the table entries picked by four hashes (masked to the table size,
/// a power of two); one lookup splatted when `U`: all lanes equal.
#[inline(always)]
fn ig<const U: bool, const N: usize, const M: usize>(
    t: &[[f32; N]; M],
    h: [u32; 4],
    a: usize,
) -> F4 {
    let m = M as u32 - 1;
    if U {
        return F4::splat(t[(h[0] & m) as usize][a]);
    }
    F4::new(
        t[(h[0] & m) as usize][a],
        t[(h[1] & m) as usize][a],
        t[(h[2] & m) as usize][a],
        t[(h[3] & m) as usize][a],
    )
}

fn classic_first(perm: &[u8; 512]) -> impl Fn(i32) -> (u32, u32) + '_ {
    move |xi| {
        (
            perm[(xi & 255) as usize] as u32,
            perm[(xi.wrapping_add(1) & 255) as usize] as u32,
        )
    }
}
