//! `min` and `max` as plain comparisons for the scalar loops (droplets, hydrology, the
//! landscape model). Wasm's `f32.min` propagates NaN where Rust's `min` ignores it, so on
//! wasm32 LLVM turns every `f32::min` and `f64::max` into a call to libm's `fminf`/`fmax`:
//! 7% of a droplet run, and a third of the pass scan of the lake fill, in profiles. No
//! value there is ever NaN (inputs are validated), and for non-NaN values these give the
//! same results, on every target (ties between `0.0` and `-0.0` return `self`).

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
