//! Caves from noise (article `000`, §4): threshold a noise field into wall and air, smooth
//! it with a cellular automaton, then deal with the isolated pockets of air, either by
//! filling the small ones or by carving the shortest tunnels that join all caves into one.
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
    /// `min_size`; for [`connect_regions`], every cave but one (caves − 1).
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
    let want = crate::limits::check_size(width, height, 0)?;
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
    // A copy framed by one ring of wall (the outside), so every cell has 8 neighbours.
    let pw = width + 2;
    let mut padded = vec![1u8; pw * (height + 2)];
    for iteration in 0..=iterations {
        let mut changed = false;
        for y in 0..height {
            let row = &mut padded[(y + 1) * pw + 1..(y + 1) * pw + 1 + width];
            for (p, &c) in row.iter_mut().zip(&grid[y * width..(y + 1) * width]) {
                *p = u8::from(c != AIR);
            }
        }
        if iteration == iterations {
            break;
        }
        for y in 0..height {
            let (up, mid, down) = (y * pw, (y + 1) * pw, (y + 2) * pw);
            for x in 0..width {
                let walls = padded[up + x]
                    + padded[up + x + 1]
                    + padded[up + x + 2]
                    + padded[mid + x]
                    + padded[mid + x + 2]
                    + padded[down + x]
                    + padded[down + x + 1]
                    + padded[down + x + 2];
                let was_wall = padded[mid + x + 1] != 0;
                let wall = walls >= if was_wall { rule.survival } else { rule.birth };
                grid[y * width + x] = if wall { WALL } else { AIR };
                changed |= wall != was_wall;
            }
        }
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

/// Joins all caves into one by carving 1-cell-wide tunnels along a minimum spanning
/// tree of shortest paths (Kruskal's algorithm over the caves).
///
/// A breadth-first search spreads from every cave at once through wall and air
/// (row-major sources, neighbours left, right, up, down), so each cell learns its
/// nearest cave, its distance and the step back towards it. Wherever the zones of two
/// caves touch, the two paths back form a tunnel between them, costing the cells it
/// carves. Taking tunnels cheapest first (ties in row-major order) and skipping those
/// between caves already joined connects everything with short, deterministic tunnels,
/// in time linear in the grid plus sorting the zone borders.
pub fn connect_regions(grid: &mut [u8], width: usize, height: usize) -> Result<Report> {
    let r = regions(grid, width, height)?;
    let caves_before = r.count();
    let mut changed = 0;
    if caves_before > 1 {
        let mut owner = r.labels;
        let mut dist = vec![0u32; grid.len()];
        let mut back = vec![usize::MAX; grid.len()];
        let mut queue: std::collections::VecDeque<usize> =
            (0..grid.len()).filter(|&i| owner[i] != 0).collect();
        while let Some(i) = queue.pop_front() {
            for n in neighbours(i, width, height) {
                if owner[n] == 0 {
                    (owner[n], dist[n], back[n]) = (owner[i], dist[i] + 1, i);
                    queue.push_back(n);
                }
            }
        }
        // Candidate tunnels across every zone border: (cost, cell, neighbour).
        let mut borders = vec![];
        for i in 0..grid.len() {
            let right = (i % width + 1 < width).then(|| i + 1);
            for j in [right, Some(i + width).filter(|&j| j < grid.len())]
                .into_iter()
                .flatten()
            {
                if owner[i] != owner[j] {
                    borders.push((dist[i] + dist[j], i, j));
                }
            }
        }
        borders.sort_unstable();
        let mut root: Vec<u32> = (0..=caves_before).collect();
        let find = |root: &mut Vec<u32>, mut a: u32| {
            while root[a as usize] != a {
                root[a as usize] = root[root[a as usize] as usize];
                a = root[a as usize];
            }
            a
        };
        for (_, i, j) in borders {
            let (a, b) = (find(&mut root, owner[i]), find(&mut root, owner[j]));
            if a == b {
                continue;
            }
            root[a.max(b) as usize] = a.min(b);
            for mut c in [i, j] {
                while c != usize::MAX {
                    if grid[c] != AIR {
                        grid[c] = AIR;
                        changed += 1;
                    }
                    c = back[c];
                }
            }
        }
    }
    let caves_after = regions(grid, width, height)?.count();
    Ok(Report {
        caves_before,
        caves_after,
        pockets_before: caves_before.saturating_sub(1),
        pockets_after: caves_after.saturating_sub(1),
        changed,
    })
}
