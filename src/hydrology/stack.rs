//! Donors and the stack order of Braun & Willett (2013), §2.2–2.3: invert the receiver
//! array into donor lists (a counting pass, no sort), then walk each tree depth-first
//! from its base-level node. Every cell comes after its receiver, so one pass along
//! the stack solves the implicit erosion downstream-first, and one pass back sums
//! drainage area upstream-first. Both O(n).

/// Donor lists in compressed form: the donors of cell `c` are
/// `donors[start[c] as usize..start[c + 1] as usize]`, in increasing index order.
#[derive(Clone, Debug, Default)]
pub struct Donors {
    pub start: Vec<u32>,
    pub donors: Vec<u32>,
}

impl Donors {
    /// Rebuilds the lists from `rec` (a cell is not its own donor). Reuses memory.
    pub fn build(&mut self, rec: &[u32]) {
        let n = rec.len();
        self.start.clear();
        self.start.resize(n + 1, 0);
        for (i, &r) in rec.iter().enumerate() {
            if r as usize != i {
                self.start[r as usize + 1] += 1;
            }
        }
        for c in 0..n {
            self.start[c + 1] += self.start[c];
        }
        self.donors.clear();
        self.donors.resize(self.start[n] as usize, 0);
        // Fill each list from its start; `next` is a moving copy of the starts.
        let mut next: Vec<u32> = self.start[..n].to_vec();
        for (i, &r) in rec.iter().enumerate() {
            if r as usize != i {
                let slot = &mut next[r as usize];
                self.donors[*slot as usize] = i as u32;
                *slot += 1;
            }
        }
    }

    pub fn of(&self, c: usize) -> &[u32] {
        &self.donors[self.start[c] as usize..self.start[c + 1] as usize]
    }
}

/// Writes the stack order into `stack` (cleared first): base-level nodes (`rec[i] == i`)
/// in index order, each followed depth-first by everything that drains to it.
/// `todo` is scratch. With receivers that form a forest (as strictly descending ones
/// do) every cell appears exactly once; returns how many cells the stack holds.
pub fn stack_into(
    rec: &[u32],
    donors: &Donors,
    stack: &mut Vec<u32>,
    todo: &mut Vec<u32>,
) -> usize {
    stack.clear();
    todo.clear();
    for (b, &r) in rec.iter().enumerate() {
        if r as usize != b {
            continue;
        }
        todo.push(b as u32);
        while let Some(c) = todo.pop() {
            stack.push(c);
            todo.extend_from_slice(donors.of(c as usize));
        }
    }
    stack.len()
}

/// Upstream cell counts: `count[i]` = the cells whose water passes through `i`, itself
/// included, by one pass up the reversed stack. Exact integers.
pub fn upstream_counts(rec: &[u32], stack: &[u32], count: &mut [u32]) {
    count.fill(1);
    for &c in stack.iter().rev() {
        let (c, r) = (c as usize, rec[c as usize] as usize);
        if r != c {
            count[r] += count[c];
        }
    }
}
