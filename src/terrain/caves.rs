//! Caves from noise (article `000`, §4): threshold a noise field into wall and air, smooth
//! it with a cellular automaton, then deal with the isolated pockets of air, either by
//! filling the small ones or by carving tunnels that join every cave to the largest.
//!
//! The smoothing rule is the "4-5 rule" family of cave automata popularised by Jim
//! Babcock's cave generator and RogueBasin's "Cellular Automata Method for Generating
//! Random Cave-Like Levels": count wall cells among the 8 neighbours (outside the map
//! counts as wall), and a cell becomes wall when that count reaches a threshold.
//!
//! Grids are row-major `u8`, `width × height`, holding [`WALL`] (1) or [`AIR`] (0); any
//! non-zero byte is read as wall.

use crate::error::{check_len, Error, Result};

pub const AIR: u8 = 0;
pub const WALL: u8 = 1;

/// A birth/survival rule in threshold form: an air cell becomes wall when at least
/// `birth` of its 8 neighbours are wall; a wall cell stays wall when at least `survival`
/// are. `B5678/S45678` is `{ birth: 5, survival: 4 }`. Each is in `0..=9` (9 = never).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CaRule {
    pub birth: u8,
    pub survival: u8,
}

impl Default for CaRule {
    /// B5678/S45678: smooths noise into rounded caves.
    fn default() -> Self {
        Self {
            birth: 5,
            survival: 4,
        }
    }
}

impl CaRule {
    pub fn check(&self) -> Result<()> {
        if self.birth > 9 {
            return Err(Error::range(
                "birth",
                format!("must be an integer in [0, 9], got {}", self.birth),
            ));
        }
        if self.survival > 9 {
            return Err(Error::range(
                "survival",
                format!("must be an integer in [0, 9], got {}", self.survival),
            ));
        }
        Ok(())
    }
}

/// Cave and pocket counts around one operation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Air regions (4-connected), before and after.
    pub caves_before: u32,
    pub caves_after: u32,
    /// Pockets, before and after: for [`remove_pockets`], air regions smaller than
    /// `min_size`; for [`connect_regions`], caves not joined to the largest (caves − 1).
    pub pockets_before: u32,
    pub pockets_after: u32,
    /// Cells that changed between wall and air.
    pub changed: u32,
}

/// Air regions of a grid: `labels[i]` is 0 for wall, else the region number `1..=count`,
/// numbered in row-major order of their first cell; `sizes[k - 1]` is region `k`'s size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regions {
    pub labels: Vec<u32>,
    pub sizes: Vec<u32>,
}

impl Regions {
    pub fn count(&self) -> u32 {
        self.sizes.len() as u32
    }

    /// Label of the largest region (the first one on ties), or 0 when there is no air.
    pub fn largest(&self) -> u32 {
        let mut best = 0;
        for (k, &s) in self.sizes.iter().enumerate() {
            if best == 0 || s > self.sizes[best as usize - 1] {
                best = k as u32 + 1;
            }
        }
        best
    }
}

/// Checks that `grid` holds exactly `width × height` cells.
pub fn check_grid(len: usize, width: usize, height: usize) -> Result<()> {
    let want = width
        .checked_mul(height)
        .ok_or_else(|| Error::range("width", "times height overflows"))?;
    check_len(
        "grid",
        len,
        want,
        &format!("width {width} × height {height}"),
    )
}

/// Marks each cell WALL where its value is below `threshold`, else AIR (§4 of `000`).
/// `values` are noise values already mapped to `[0, 1]`; NaN counts as air.
///
/// Direction: raising the threshold turns more cells to wall (at 0.5 the map is about
/// half rock, at 0.7 nearly all rock with a few cavities), as the article's text and
/// figure 4 describe and the cave figure's test expects. The article's pseudo-code
/// writes `v > threshold ? WALL : AIR`, which would do the opposite; we follow the text.
pub fn threshold(values: &[f32], threshold: f32, out: &mut [u8]) -> Result<()> {
    check_len("out", out.len(), values.len(), "one byte per value")?;
    for (o, &v) in out.iter_mut().zip(values) {
        *o = if v < threshold { WALL } else { AIR };
    }
    Ok(())
}

/// Runs `iterations` steps of the automaton `rule` (stopping early once nothing
/// changes). Cells outside the map count as wall, so caves close at the borders.
pub fn smooth(
    grid: &mut [u8],
    width: usize,
    height: usize,
    iterations: u32,
    rule: CaRule,
) -> Result<()> {
    check_grid(grid.len(), width, height)?;
    rule.check()?;
    let mut next = vec![AIR; grid.len()];
    for _ in 0..iterations {
        let mut changed = false;
        for y in 0..height {
            for x in 0..width {
                let mut walls = 0u8;
                for dy in -1i64..=1 {
                    for dx in -1i64..=1 {
                        if dx == 0 && dy == 0 {
                            continue;
                        }
                        let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                        let outside = nx < 0 || ny < 0 || nx >= width as i64 || ny >= height as i64;
                        if outside || grid[ny as usize * width + nx as usize] != AIR {
                            walls += 1;
                        }
                    }
                }
                let i = y * width + x;
                let was_wall = grid[i] != AIR;
                let wall = if was_wall {
                    walls >= rule.survival
                } else {
                    walls >= rule.birth
                };
                next[i] = if wall { WALL } else { AIR };
                changed |= wall != was_wall;
            }
        }
        grid.copy_from_slice(&next);
        if !changed {
            break;
        }
    }
    Ok(())
}

/// The 4-neighbours of cell `i` that lie inside the grid.
fn neighbours(i: usize, width: usize, height: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (i % width, i / width);
    [
        (x > 0).then(|| i - 1),
        (x + 1 < width).then(|| i + 1),
        (y > 0).then(|| i - width),
        (y + 1 < height).then(|| i + width),
    ]
    .into_iter()
    .flatten()
}

/// Labels the 4-connected air regions by flood fill (an explicit stack, no recursion).
pub fn regions(grid: &[u8], width: usize, height: usize) -> Result<Regions> {
    check_grid(grid.len(), width, height)?;
    let mut labels = vec![0u32; grid.len()];
    let mut sizes = vec![];
    let mut stack = vec![];
    for start in 0..grid.len() {
        if grid[start] != AIR || labels[start] != 0 {
            continue;
        }
        let label = sizes.len() as u32 + 1;
        let mut size = 0u32;
        labels[start] = label;
        stack.push(start);
        while let Some(i) = stack.pop() {
            size += 1;
            for n in neighbours(i, width, height) {
                if grid[n] == AIR && labels[n] == 0 {
                    labels[n] = label;
                    stack.push(n);
                }
            }
        }
        sizes.push(size);
    }
    Ok(Regions { labels, sizes })
}

fn count_below(r: &Regions, min_size: u32) -> u32 {
    r.sizes.iter().filter(|&&s| s < min_size).count() as u32
}

/// Fills with wall every air region smaller than `min_size` cells.
pub fn remove_pockets(
    grid: &mut [u8],
    width: usize,
    height: usize,
    min_size: u32,
) -> Result<Report> {
    let before = regions(grid, width, height)?;
    let mut changed = 0;
    for (cell, &label) in grid.iter_mut().zip(&before.labels) {
        if label != 0 && before.sizes[label as usize - 1] < min_size {
            *cell = WALL;
            changed += 1;
        }
    }
    let after = regions(grid, width, height)?;
    Ok(Report {
        caves_before: before.count(),
        caves_after: after.count(),
        pockets_before: count_below(&before, min_size),
        pockets_after: count_below(&after, min_size),
        changed,
    })
}

/// Joins every air region to the largest one by carving 1-cell-wide tunnels.
///
/// Repeatedly: a breadth-first search spreads from every cell of the largest region
/// (in row-major order, neighbours left, right, up, down) through wall and air alike,
/// until it reaches a cell of another region; the path back is carved to air. Each
/// tunnel is a shortest 4-connected path, so it joins the nearest region first (in
/// Manhattan steps) and the result is deterministic.
pub fn connect_regions(grid: &mut [u8], width: usize, height: usize) -> Result<Report> {
    let mut r = regions(grid, width, height)?;
    let caves_before = r.count();
    let mut changed = 0;
    let mut parent = vec![usize::MAX; grid.len()];
    let mut queue = std::collections::VecDeque::new();
    while r.count() > 1 {
        let main = r.largest();
        parent.fill(usize::MAX);
        queue.clear();
        for (i, &l) in r.labels.iter().enumerate() {
            if l == main {
                parent[i] = i;
                queue.push_back(i);
            }
        }
        let mut reached = None;
        'search: while let Some(i) = queue.pop_front() {
            for n in neighbours(i, width, height) {
                if parent[n] == usize::MAX {
                    parent[n] = i;
                    if r.labels[n] != 0 {
                        reached = Some(n);
                        break 'search;
                    }
                    queue.push_back(n);
                }
            }
        }
        // With more than one region, the search always reaches another one.
        let Some(mut i) = reached else { break };
        while parent[i] != i {
            if grid[i] != AIR {
                grid[i] = AIR;
                changed += 1;
            }
            i = parent[i];
        }
        r = regions(grid, width, height)?;
    }
    let caves_after = r.count();
    Ok(Report {
        caves_before,
        caves_after,
        pockets_before: caves_before.saturating_sub(1),
        pockets_after: caves_after.saturating_sub(1),
        changed,
    })
}
