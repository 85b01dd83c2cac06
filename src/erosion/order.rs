//! `min` and `max` as plain comparisons for the droplet loop. Wasm's `f32.min` propagates
//! NaN where Rust's `min` ignores it, so on wasm32 LLVM turns every `f32::min` into a call
//! to libm's `fminf`: 7% of a droplet run in a profile. No value here is ever NaN (inputs
//! are validated), and for non-NaN values these give the same results.

pub trait Order: Copy + PartialOrd {
    #[inline(always)]
    fn lo(self, other: Self) -> Self {
        if other < self {
            other
        } else {
            self
        }
    }
    #[inline(always)]
    fn hi(self, other: Self) -> Self {
        if other > self {
            other
        } else {
            self
        }
    }
}

impl Order for f32 {}
impl Order for f64 {}
