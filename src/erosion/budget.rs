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
    /// Material that left with droplets: carried off the map's edge, or still in a
    /// droplet when it died (end of lifetime, stuck on a flat).
    /// `lost = carried_off + stranded`.
    pub lost: f64,
    /// The part of `lost` carried over the map's edge.
    pub carried_off: f64,
    /// The part of `lost` still held by droplets when they died.
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
