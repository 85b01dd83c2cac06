//! The sediment budget of an erosion run.
//!
//! Every change a droplet makes to the map is measured as the difference between the
//! stored `f32` after and before (taken in `f64`, where it is exact for heights of
//! similar size), and the droplet's load changes by exactly that amount. So, up to
//! `f64` rounding of the sums: `Σ Δheight = deposited − eroded` and
//! `eroded − deposited = lost`.

use serde::Serialize;

/// Totals since an [`Eroder`](crate::erosion::Eroder) was made, in height units × cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Budget {
    /// Material taken from the map.
    pub eroded: f64,
    /// Material put back on the map.
    pub deposited: f64,
    /// Material that left the map with droplets. `lost = carried_off + stranded`.
    pub lost: f64,
    /// The part of `lost` carried over the map's edge, or out to sea where it did not
    /// fit under the sea.
    pub carried_off: f64,
    /// The part of `lost` that a stopped droplet could not settle: the ground around
    /// it was full to its rim (a few percent of `eroded` at most; tests check it).
    pub stranded: f64,
}

impl Budget {
    /// `deposited − eroded`: what the sum of all heights should have changed by.
    pub fn net_change(&self) -> f64 {
        self.deposited - self.eroded
    }

    /// `eroded − deposited − lost`, zero up to rounding.
    pub fn imbalance(&self) -> f64 {
        self.eroded - self.deposited - self.lost
    }
}
