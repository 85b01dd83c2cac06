//! Four-lane `f32`/`i32` vectors for the row kernels of [`crate::rows`].
//!
//! One of three forms, chosen at compile time: WebAssembly `v128` values with
//! `-C target-feature=+simd128` on wasm32 (`wasm.rs`), SSE registers on x86-64 (`sse2.rs`),
//! and plain `[f32; 4]` arrays everywhere else (`arrays.rs`; `--cfg landform_arrays` picks
//! them on x86-64 too, to test them natively). Every operation is an IEEE operation with
//! the same rounding in all forms (add, sub, mul, div, sqrt, floor, abs, saturating
//! conversions, wrapping integer ops, no FMA; min and max as SSE's `minps`/`maxps`,
//! `a < b ? a : b` and `a > b ? a : b`, NaN and signed zeros included), so the forms,
//! and the scalar kernels they mirror, give the same bits.
//!
//! Table lookups (gathers) are scalar: WebAssembly SIMD has no gather instruction.

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
use wasm as imp;

#[cfg(all(target_arch = "x86_64", not(landform_arrays)))]
mod sse2;
#[cfg(all(target_arch = "x86_64", not(landform_arrays)))]
use sse2 as imp;

#[cfg(not(any(
    all(target_arch = "wasm32", target_feature = "simd128"),
    all(target_arch = "x86_64", not(landform_arrays))
)))]
mod arrays;
#[cfg(not(any(
    all(target_arch = "wasm32", target_feature = "simd128"),
    all(target_arch = "x86_64", not(landform_arrays))
)))]
use arrays as imp;

pub use imp::{gather2, gather3, Lanes, BACKEND, F4, I4, M4, SIMD};

/// `F4` of `t[i[k]]`: a scalar gather.
#[inline(always)]
pub fn gather(t: &[f32], i: [usize; 4]) -> F4 {
    F4::new(t[i[0]], t[i[1]], t[i[2]], t[i[3]])
}

/// Quintic fade, same operation order as [`crate::noise::fade`].
#[inline(always)]
pub fn fade4(t: F4) -> F4 {
    t * t * t * (t * (t * F4::splat(6.0) - F4::splat(15.0)) + F4::splat(10.0))
}

/// Same operation order as [`crate::noise::fade_deriv`].
#[inline(always)]
pub fn fade_deriv4(t: F4) -> F4 {
    F4::splat(30.0) * t * t * (t * (t - F4::splat(2.0)) + F4::splat(1.0))
}

/// Same operation order as [`crate::noise::lerp`].
#[inline(always)]
pub fn lerp4(a: F4, b: F4, t: F4) -> F4 {
    a + t * (b - a)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Edge values for the lane operations: signed zeros, halves, values next to
    // integers, the 2²³ and 2³¹ limits of the SSE2 floor and conversion, ∞ and NaN.
    const EDGES: [f32; 24] = [
        0.0,
        -0.0,
        0.5,
        -0.5,
        1.0,
        -1.0,
        0.999_999_94,
        -0.999_999_94,
        1.5,
        -1.5,
        2.5e-40,
        -2.5e-40,
        8_388_607.5,
        -8_388_607.5,
        8_388_608.0,
        -8_388_609.0,
        16_777_217.0,
        2_147_483_520.0,
        -2_147_483_648.0,
        3.0e9,
        -3.0e9,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
    ];

    fn lanes(k: usize) -> F4 {
        F4::new(EDGES[k], EDGES[k + 1], EDGES[k + 2], EDGES[k + 3])
    }

    #[test]
    fn min_and_max_are_compare_and_select_on_every_pair() {
        for (k, &a) in EDGES.iter().enumerate() {
            for j in (0..EDGES.len()).step_by(4) {
                let (lo, hi) = (F4::splat(a).min(lanes(j)), F4::splat(a).max(lanes(j)));
                for l in 0..4 {
                    let b = EDGES[j + l];
                    let want = (if a < b { a } else { b }, if a > b { a } else { b });
                    let got = (lo.to_array()[l], hi.to_array()[l]);
                    assert_eq!(got.0.to_bits(), want.0.to_bits(), "min({a:e}, {b:e}) [{k}]");
                    assert_eq!(got.1.to_bits(), want.1.to_bits(), "max({a:e}, {b:e}) [{k}]");
                }
            }
        }
    }

    #[test]
    fn floor_and_conversion_match_scalar_bits() {
        for k in (0..EDGES.len()).step_by(4) {
            let (f, i) = (lanes(k).floor().to_array(), lanes(k).to_i4().to_array());
            for l in 0..4 {
                let x = EDGES[k + l];
                assert_eq!(f[l].to_bits(), x.floor().to_bits(), "floor({x:e})");
                assert_eq!(i[l], x as i32, "{x:e} as i32");
            }
        }
    }

    #[test]
    fn integer_lanes_wrap_like_scalar() {
        let (a, b) = ([7, -3, i32::MAX, i32::MIN], [-11, 0x7654_3210, 3, -1]);
        let (va, vb) = (
            I4::new(a[0], a[1], a[2], a[3]),
            I4::new(b[0], b[1], b[2], b[3]),
        );
        let (m, s) = ((va * vb).to_array(), va.shr::<13>().to_array());
        for l in 0..4 {
            assert_eq!(m[l], a[l].wrapping_mul(b[l]));
            assert_eq!(s[l], ((a[l] as u32) >> 13) as i32);
        }
    }

    #[test]
    fn masks_select_and_gather() {
        let (a, b) = (F4::new(1.0, -2.0, 3.0, -4.0), F4::splat(0.5));
        let m = a.gt(b);
        assert_eq!(m.bitmask(), 0b0101);
        assert_eq!(m.select(a, b).to_array(), [1.0, 0.5, 3.0, 0.5]);
        assert_eq!(m.keep(a).to_array(), [1.0, 0.0, 3.0, 0.0]);
        assert!(m.any() && !m.all() && m.or(b.ge(a)).all());
        assert_eq!((-a).abs().to_array(), [1.0, 2.0, 3.0, 4.0]);
        assert_eq!(a.lane_splat::<2>().to_array(), [3.0; 4]);
        let t = [[0.0, 10.0], [1.0, 11.0], [2.0, 12.0], [3.0, 13.0]];
        let (x, y) = gather2(&t, [3, 0, 2, 2]);
        assert_eq!(
            (x.to_array(), y.to_array()),
            ([3.0, 0.0, 2.0, 2.0], [13.0, 10.0, 12.0, 12.0])
        );
    }
}
