//! Drainage of a heightmap: depression filling ([`fill`]) so that every cell can
//! drain, then D8 flow directions, accumulation and rivers ([`flow`]).
//!
//! Neighbours are the 8 of D8 in the fixed order of [`D8`]; whenever two choices tie,
//! the earlier one in that order (or the lower cell index) wins, so results never
//! depend on anything but the input.

pub mod fill;
pub mod flow;
pub mod lakes;
pub mod receivers;
pub mod stack;

pub use fill::{
    fill_depressions, planchon_darboux, priority_flood, undrained_cells, FillMethod, FillParams,
    FillReport,
};
pub use flow::{
    flow_accumulation, flow_accumulation_sorted, flow_directions, river_mask, FlowTotals,
};

/// The 8 neighbour offsets `(dx, dy)`: E, SE, S, SW, W, NW, N, NE.
pub const D8: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// Flow direction of a cell with no strictly lower neighbour.
pub const NO_FLOW: u8 = 255;

/// Maps an `f32` to a `u32` with the same order (for finite values), so cells can be
/// sorted or queued by packed integer keys.
#[inline]
pub(crate) fn order_key(v: f32) -> u32 {
    let b = (v + 0.0).to_bits(); // + 0.0 turns -0.0 into +0.0
    if b & 0x8000_0000 != 0 {
        !b
    } else {
        b | 0x8000_0000
    }
}

/// Calls `f(direction, neighbour_index)` for each in-map D8 neighbour of cell `i`, in
/// [`D8`] order. Interior cells (most of them) take all eight offsets unchecked.
#[inline]
pub(crate) fn for_neighbours(
    i: usize,
    width: usize,
    height: usize,
    mut f: impl FnMut(usize, usize),
) {
    // Cells number fewer than 2^32 (check_grid), and 32-bit division is the cheap one.
    let (x, y) = (
        (i as u32 % width as u32) as usize,
        (i as u32 / width as u32) as usize,
    );
    if x > 0 && y > 0 && x + 1 < width && y + 1 < height {
        for (d, &(dx, dy)) in D8.iter().enumerate() {
            f(
                d,
                (i as isize + dy as isize * width as isize + dx as isize) as usize,
            );
        }
        return;
    }
    let (x, y) = (x as i32, y as i32);
    for (d, &(dx, dy)) in D8.iter().enumerate() {
        let (nx, ny) = (x + dx, y + dy);
        if nx >= 0 && ny >= 0 && (nx as usize) < width && (ny as usize) < height {
            f(d, ny as usize * width + nx as usize);
        }
    }
}

/// Whether cell `i` lies on the map's border.
#[inline]
pub(crate) fn on_border(i: usize, width: usize, height: usize) -> bool {
    let (x, y) = (i % width, i / width);
    x == 0 || y == 0 || x + 1 == width || y + 1 == height
}
