//! D8 receivers: the one neighbour each cell drains to.
//!
//! Braun & Willett, "A very efficient O(n), implicit and parallel method to solve the
//! stream power equation governing fluvial incision and landscape evolution",
//! Geomorphology 180–181 (2013), §2.1: every node passes its water to one receiver,
//! its steepest-descent neighbour; base-level nodes are their own receivers.

use crate::hydrology::{for_neighbours, D8};

/// How a cell picks its receiver among its strictly lower D8 neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Descent {
    /// Largest drop divided by the true distance (diagonals √2 cells away): the
    /// steepest descent of Braun & Willett, used by the landscape model.
    Steepest,
    /// The lowest neighbour (largest drop, distance ignored): the rule of today's
    /// `flow_accumulation` (Red Blob's mapgen4 D8), kept so it can run on these pieces.
    Lowest,
}

/// 1/√2, the weight of a diagonal drop in [`Descent::Steepest`].
const DIAGONAL: f32 = std::f32::consts::FRAC_1_SQRT_2;

/// Writes the receiver of every cell into `rec`: `rec[i] = i` for outlets
/// (`outlet[i]`) and for cells without a strictly lower neighbour (pits, or flats);
/// else the neighbour that `descent` picks, the first in [`D8`] order among equals.
/// No checks: the caller validated the sizes and that heights are finite.
pub fn receivers_into(
    z: &[f32],
    width: usize,
    height: usize,
    outlet: &[bool],
    descent: Descent,
    rec: &mut [u32],
) {
    if width > 2 && height > 2 {
        match descent {
            Descent::Steepest => interior::<true>(z, width, height, outlet, rec),
            Descent::Lowest => interior::<false>(z, width, height, outlet, rec),
        }
    }
    let mut edge = |x: usize, y: usize| {
        rec[y * width + x] = receiver(z, width, height, outlet, descent, x, y);
    };
    for y in 0..height {
        if y == 0 || y + 1 == height || width <= 2 || height <= 2 {
            (0..width).for_each(|x| edge(x, y));
        } else {
            edge(0, y);
            edge(width - 1, y);
        }
    }
}

/// [`receiver`] of every interior cell (all eight neighbours on the map), with the
/// rule fixed at compile time. A plain loop: the compare-and-select chain compiles to
/// conditional moves, and it ran 4–6× faster in wasm than four cells at a time in
/// `v128` lanes (natively, about the same).
fn interior<const STEEPEST: bool>(
    z: &[f32],
    width: usize,
    height: usize,
    outlet: &[bool],
    rec: &mut [u32],
) {
    let offset = offsets(width);
    for y in 1..height - 1 {
        for i in y * width + 1..(y + 1) * width - 1 {
            let to = interior_receiver(z, &offset, STEEPEST, i);
            rec[i] = if outlet[i] { i } else { to } as u32;
        }
    }
}

/// The [`D8`] offsets in index space on a map `width` cells wide.
fn offsets(width: usize) -> [isize; 8] {
    D8.map(|(dx, dy)| dy as isize * width as isize + dx as isize)
}

/// The receiver of interior cell `i` (all eight neighbours on the map, at `offset`),
/// outlets aside: the neighbour with the best [`score`] above the cell's own, the
/// first in [`D8`] order among equals, else `i` itself.
#[inline(always)]
fn interior_receiver(z: &[f32], offset: &[isize; 8], steepest: bool, i: usize) -> usize {
    let zi = z[i];
    let (mut best, mut to) = (if steepest { 0.0 } else { -zi }, i);
    for (d, &o) in offset.iter().enumerate() {
        let n = (i as isize + o) as usize;
        let s = score(steepest, zi, z[n], d, DIAGONAL);
        if s > best {
            best = s;
            to = n;
        }
    }
    to
}

/// [`receivers_into`] for the `cells` and their D8 neighbours only: after heights
/// changed at `cells` alone, the other receivers are still right.
pub fn receivers_near(
    z: &[f32],
    width: usize,
    height: usize,
    outlet: &[bool],
    descent: Descent,
    cells: impl Iterator<Item = usize>,
    rec: &mut [u32],
) {
    for c in cells {
        rec[c] = receiver(z, width, height, outlet, descent, c % width, c / width);
        for_neighbours(c, width, height, |_, n| {
            rec[n] = receiver(z, width, height, outlet, descent, n % width, n / width);
        });
    }
}

/// The receiver of cell `(x, y)` by the rule of [`receivers_into`].
#[inline]
fn receiver(
    z: &[f32],
    width: usize,
    height: usize,
    outlet: &[bool],
    descent: Descent,
    x: usize,
    y: usize,
) -> u32 {
    let i = y * width + x;
    if outlet[i] {
        return i as u32;
    }
    let steepest = descent == Descent::Steepest;
    if y > 0 && y + 1 < height && x > 0 && x + 1 < width {
        return interior_receiver(z, &offsets(width), steepest, i) as u32;
    }
    let zi = z[i];
    let (mut best, mut to) = (if steepest { 0.0 } else { -zi }, i);
    for_neighbours(i, width, height, |d, n| {
        let s = score(steepest, zi, z[n], d, DIAGONAL);
        if s > best {
            best = s;
            to = n;
        }
    });
    to as u32
}

/// What the neighbour in direction `d` (at height `zn`) scores for a cell at height
/// `zi`: higher wins, and only scores above the cell's own (0 for the steepest
/// descent, `−zi` for the lowest neighbour) count. The lowest-neighbour rule compares
/// heights themselves, not rounded drops.
#[inline(always)]
fn score(steepest: bool, zi: f32, zn: f32, d: usize, diagonal: f32) -> f32 {
    if !steepest {
        -zn
    } else if d % 2 == 1 {
        (zi - zn) * diagonal
    } else {
        zi - zn
    }
}

/// The distance from cell `i` to its receiver `r`, in cells: 0 (itself), 1 or √2.
#[inline]
pub fn receiver_distance(i: usize, r: usize, width: usize) -> f64 {
    let d = i.abs_diff(r);
    if d == 0 {
        0.0
    } else if d == 1 || d == width {
        1.0
    } else {
        std::f64::consts::SQRT_2
    }
}
