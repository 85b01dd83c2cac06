//! The stack order of Braun & Willett (2013), §2.2–2.3: every cell after its receiver,
//! so one pass along the stack solves the implicit erosion downstream-first, and one
//! pass back sums drainage area upstream-first. Both O(n).
//!
//! Braun & Willett build it from donor lists by a depth-first walk from each base-level
//! node; any order that puts every cell after its receiver serves the same passes and
//! gives the same bits (a cell's update reads only its receiver's, and area sums are
//! exact integers). This one is built upstream-first by counting each cell's donors
//! and peeling cells whose donors are all placed (Kahn's topological sort, "Topological
//! sorting of large networks", Communications of the ACM 5, 1962): a scan in index
//! order starts at every cell with no donor left and follows its receivers downstream
//! while each one's last donor has just been placed. Every step reads a cell and its
//! neighbour, so the passes stay near the scan in memory instead of jumping along
//! donor lists, and the upstream counts come out of the same walk.

/// Scratch of [`stack_into`], reused between calls.
#[derive(Clone, Debug, Default)]
pub struct StackScratch {
    /// Donors of each cell not yet placed.
    pending: Vec<u8>,
    /// The cells with no donor, in index order.
    leaves: Vec<u32>,
}

/// Writes a stack order of the receivers `rec` into `stack` (every cell after its
/// receiver; base-level nodes, `rec[i] == i`, first among their trees) and the
/// upstream cell counts into `count` (`count[i]`: the cells whose water passes through
/// `i`, itself included; exact integers). `rec` must point every cell at itself or a
/// D8 neighbour. Cells on a cycle of receivers are left out of the stack (the cells
/// draining into a cycle are still placed, so the order holds only for a forest);
/// returns how many cells it holds (all of them for a forest).
pub fn stack_into(
    rec: &[u32],
    stack: &mut Vec<u32>,
    count: &mut [u32],
    s: &mut StackScratch,
) -> usize {
    let n = rec.len();
    let pending = &mut s.pending;
    pending.clear();
    pending.resize(n, 0);
    for (i, (&r, c)) in rec.iter().zip(count.iter_mut()).enumerate() {
        *c = 1;
        if r as usize != i {
            pending[r as usize] += 1;
        }
    }
    // Walks start at the cells with no donor (in index order); a walk goes on into
    // a receiver whose last donor it placed, so those are never walk starts.
    // Every slot that is read is written first: `leaves` and `stack` keep their length
    // between calls instead of being cleared.
    let leaves = &mut s.leaves;
    leaves.resize(n, 0);
    let mut starts = 0;
    for (i, &p) in pending.iter().enumerate() {
        leaves[starts] = i as u32;
        starts += (p == 0) as usize;
    }
    stack.resize(n, 0);
    // Placed cells fill the stack from its end: the last placed (a base-level node
    // whose tree is complete) comes first.
    let mut k = n;
    for &leaf in &leaves[..starts] {
        let mut c = leaf as usize;
        loop {
            k -= 1;
            stack[k] = c as u32;
            let r = rec[c] as usize;
            if r == c {
                break;
            }
            count[r] += count[c];
            pending[r] -= 1;
            if pending[r] != 0 {
                break;
            }
            c = r;
        }
    }
    stack.drain(..k);
    n - k
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Receivers on a `w`-wide strip: each cell drains west, cell 0 is base level;
    /// with `cycle`, cells 1 and 2 drain into each other (left out of the stack; the
    /// cells upstream of them are walked from their leaf and kept).
    fn strip(n: usize, cycle: bool) -> Vec<u32> {
        let mut rec: Vec<u32> = (0..n as u32).map(|i| i.saturating_sub(1)).collect();
        if cycle {
            rec[1] = 2;
        }
        rec
    }

    #[test]
    fn reused_buffers_give_what_fresh_ones_give() {
        let (mut stack, mut scratch) = (Vec::new(), StackScratch::default());
        for (n, cycle) in [(9, true), (40, false), (7, false), (12, true), (12, false)] {
            let rec = strip(n, cycle);
            let mut count = vec![0; n];
            let placed = stack_into(&rec, &mut stack, &mut count, &mut scratch);
            let (mut fresh, mut fresh_count) = (Vec::new(), vec![0; n]);
            let want = stack_into(
                &rec,
                &mut fresh,
                &mut fresh_count,
                &mut StackScratch::default(),
            );
            assert_eq!(
                (placed, &stack, &count),
                (want, &fresh, &fresh_count),
                "{n}, {cycle}"
            );
            if !cycle {
                assert_eq!(placed, n);
            } else {
                assert!(!stack.contains(&1) && !stack.contains(&2), "{stack:?}");
            }
        }
    }
}
