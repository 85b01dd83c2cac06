//! The row vectors as WebAssembly `v128` values (`f32x4`, `i32x4`), with
//! `-C target-feature=+simd128`.

use core::arch::wasm32::*;
use core::ops::{Add, BitAnd, BitOr, BitXor, Div, Mul, Neg, Sub};

/// Whether this build uses WebAssembly SIMD.
pub const SIMD: bool = true;
/// What the vectors are in this build.
pub const BACKEND: &str = "WebAssembly SIMD (simd128)";

#[derive(Clone, Copy)]
pub struct F4(v128);
#[derive(Clone, Copy)]
pub struct I4(v128);
/// Lane mask: all ones or all zeros per lane.
#[derive(Clone, Copy)]
pub struct M4(v128);

impl F4 {
    #[inline(always)]
    pub fn splat(x: f32) -> Self {
        F4(f32x4_splat(x))
    }
    #[inline(always)]
    pub fn new(a: f32, b: f32, c: f32, d: f32) -> Self {
        F4(f32x4(a, b, c, d))
    }
    #[inline(always)]
    pub fn load(s: &[f32]) -> Self {
        assert!(s.len() >= 4);
        // SAFETY: four f32 are in bounds; wasm loads need no alignment.
        F4(unsafe { v128_load(s.as_ptr() as *const v128) })
    }
    #[inline(always)]
    pub fn store(self, s: &mut [f32]) {
        assert!(s.len() >= 4);
        // SAFETY: four f32 are in bounds; wasm stores need no alignment.
        unsafe { v128_store(s.as_mut_ptr() as *mut v128, self.0) }
    }
    #[inline(always)]
    pub fn floor(self) -> Self {
        F4(f32x4_floor(self.0))
    }
    #[inline(always)]
    pub fn abs(self) -> Self {
        F4(f32x4_abs(self.0))
    }
    #[inline(always)]
    pub fn sqrt(self) -> Self {
        F4(f32x4_sqrt(self.0))
    }
    /// `self < o ? self : o` lane by lane, as SSE's `minps` (so native and wasm agree
    /// even on signed zeros and NaN): `pmin(o, self)`, one instruction where V8 lowers
    /// `f32x4.min`'s NaN and zero rules to several.
    #[inline(always)]
    pub fn min(self, o: Self) -> Self {
        F4(f32x4_pmin(o.0, self.0))
    }
    /// `self > o ? self : o`, as SSE's `maxps`: `pmax(o, self)`.
    #[inline(always)]
    pub fn max(self, o: Self) -> Self {
        F4(f32x4_pmax(o.0, self.0))
    }
    #[inline(always)]
    pub fn lt(self, o: Self) -> M4 {
        M4(f32x4_lt(self.0, o.0))
    }
    #[inline(always)]
    pub fn gt(self, o: Self) -> M4 {
        M4(f32x4_gt(self.0, o.0))
    }
    #[inline(always)]
    pub fn ge(self, o: Self) -> M4 {
        M4(f32x4_ge(self.0, o.0))
    }
    /// `as i32` per lane (truncating, saturating).
    #[inline(always)]
    pub fn to_i4(self) -> I4 {
        I4(i32x4_trunc_sat_f32x4(self.0))
    }
    /// Lane 0.
    #[inline(always)]
    pub fn first(self) -> f32 {
        f32x4_extract_lane::<0>(self.0)
    }
    /// Lane 3 in every lane.
    #[inline(always)]
    pub fn last_splat(self) -> Self {
        self.lane_splat::<3>()
    }
    /// Lane `L` in every lane.
    #[inline(always)]
    pub fn lane_splat<const L: usize>(self) -> Self {
        F4(i32x4_shuffle::<L, L, L, L>(self.0, self.0))
    }
    #[inline(always)]
    pub fn eq(self, o: Self) -> M4 {
        M4(f32x4_eq(self.0, o.0))
    }
    #[inline(always)]
    pub fn to_array(self) -> [f32; 4] {
        [
            f32x4_extract_lane::<0>(self.0),
            f32x4_extract_lane::<1>(self.0),
            f32x4_extract_lane::<2>(self.0),
            f32x4_extract_lane::<3>(self.0),
        ]
    }
}

impl I4 {
    #[inline(always)]
    pub fn splat(x: i32) -> Self {
        I4(i32x4_splat(x))
    }
    #[inline(always)]
    pub fn new(a: i32, b: i32, c: i32, d: i32) -> Self {
        I4(i32x4(a, b, c, d))
    }
    #[inline(always)]
    pub fn load(s: &[i32]) -> Self {
        assert!(s.len() >= 4);
        // SAFETY: four i32 are in bounds; wasm loads need no alignment.
        I4(unsafe { v128_load(s.as_ptr() as *const v128) })
    }
    /// `as f32` per lane.
    #[inline(always)]
    pub fn to_f4(self) -> F4 {
        F4(f32x4_convert_i32x4(self.0))
    }
    #[inline(always)]
    pub fn shr<const N: u32>(self) -> Self {
        I4(u32x4_shr(self.0, N))
    }
    #[inline(always)]
    pub fn to_array(self) -> [i32; 4] {
        [
            i32x4_extract_lane::<0>(self.0),
            i32x4_extract_lane::<1>(self.0),
            i32x4_extract_lane::<2>(self.0),
            i32x4_extract_lane::<3>(self.0),
        ]
    }
}

impl M4 {
    /// `if mask { a } else { b }` per lane.
    #[inline(always)]
    pub fn select<T: Lanes>(self, a: T, b: T) -> T {
        T::from_v(v128_bitselect(a.v(), b.v(), self.0))
    }
    #[inline(always)]
    pub fn any(self) -> bool {
        v128_any_true(self.0)
    }
    #[inline(always)]
    pub fn all(self) -> bool {
        i32x4_all_true(self.0)
    }
    #[inline(always)]
    pub fn and(self, o: Self) -> Self {
        M4(v128_and(self.0, o.0))
    }
    #[inline(always)]
    pub fn and_not(self, o: Self) -> Self {
        M4(v128_andnot(self.0, o.0))
    }
    #[inline(always)]
    pub fn or(self, o: Self) -> Self {
        M4(v128_or(self.0, o.0))
    }
    #[inline(always)]
    pub fn all_true() -> Self {
        M4(i32x4_splat(-1))
    }
    #[inline(always)]
    pub fn splat(b: bool) -> Self {
        M4(i32x4_splat(-(b as i32)))
    }
    #[inline(always)]
    pub fn xor(self, o: Self) -> Self {
        M4(v128_xor(self.0, o.0))
    }
    /// Bit `l` set when lane `l` is set.
    #[inline(always)]
    pub fn bitmask(self) -> u32 {
        i32x4_bitmask(self.0) as u32
    }
    /// `v` where the mask is set, `+0.0` elsewhere (one `and`, cheaper than a select).
    #[inline(always)]
    pub fn keep(self, v: F4) -> F4 {
        F4(v128_and(self.0, v.0))
    }
    /// Lane 3 in every lane.
    #[inline(always)]
    pub fn last_splat(self) -> Self {
        M4(i32x4_shuffle::<3, 3, 3, 3>(self.0, self.0))
    }
}

/// `(t[i[0]][0], …, t[i[3]][0])` and the same of component 1: two 64-bit loads
/// per vector and two shuffles instead of eight lane inserts.
#[inline(always)]
pub fn gather2<const N: usize>(t: &[[f32; 2]; N], i: [usize; 4]) -> (F4, F4) {
    // (Written out: `array::map` is not always inlined in wasm builds.)
    let p = [&t[i[0]], &t[i[1]], &t[i[2]], &t[i[3]]].map(|r| r as *const [f32; 2] as *const u64);
    // SAFETY: each pointer is to an in-bounds 8-byte pair; wasm loads need no alignment.
    let (a, b) = unsafe {
        (
            v128_load64_lane::<1>(v128_load64_zero(p[0]), p[1]),
            v128_load64_lane::<1>(v128_load64_zero(p[2]), p[3]),
        )
    };
    (
        F4(i32x4_shuffle::<0, 2, 4, 6>(a, b)),
        F4(i32x4_shuffle::<1, 3, 5, 7>(a, b)),
    )
}

/// The three components of `t[i & 255]` per lane: one 16-byte load per lane (the
/// entry and the first component of the next, in bounds for entries below 511) and a
/// 4 × 4 transpose instead of twelve lane inserts.
#[inline(always)]
pub fn gather3(t: &[[f32; 3]; 512], i: I4) -> [F4; 3] {
    let i = v128_and(i.0, i32x4_splat(255));
    let row = |n: u32| t.as_ptr().wrapping_add(n as usize) as *const v128;
    let p = [
        row(u32x4_extract_lane::<0>(i)),
        row(u32x4_extract_lane::<1>(i)),
        row(u32x4_extract_lane::<2>(i)),
        row(u32x4_extract_lane::<3>(i)),
    ];
    // SAFETY: every entry is at most 255, so its 16 bytes lie inside the 512 entries;
    // wasm loads need no alignment.
    let [a, b, c, d] = unsafe {
        [
            v128_load(p[0]),
            v128_load(p[1]),
            v128_load(p[2]),
            v128_load(p[3]),
        ]
    };
    let (ab, cd) = (
        i32x4_shuffle::<0, 4, 1, 5>(a, b),
        i32x4_shuffle::<0, 4, 1, 5>(c, d),
    );
    let (abz, cdz) = (
        i32x4_shuffle::<2, 6, 3, 7>(a, b),
        i32x4_shuffle::<2, 6, 3, 7>(c, d),
    );
    [
        F4(i32x4_shuffle::<0, 1, 4, 5>(ab, cd)),
        F4(i32x4_shuffle::<2, 3, 6, 7>(ab, cd)),
        F4(i32x4_shuffle::<0, 1, 4, 5>(abz, cdz)),
    ]
}

pub trait Lanes: Copy {
    fn v(self) -> v128;
    fn from_v(v: v128) -> Self;
}
impl Lanes for F4 {
    #[inline(always)]
    fn v(self) -> v128 {
        self.0
    }
    #[inline(always)]
    fn from_v(v: v128) -> Self {
        F4(v)
    }
}
impl Lanes for I4 {
    #[inline(always)]
    fn v(self) -> v128 {
        self.0
    }
    #[inline(always)]
    fn from_v(v: v128) -> Self {
        I4(v)
    }
}

macro_rules! binop {
    ($t:ident, $tr:ident, $m:ident, $f:ident) => {
        impl $tr for $t {
            type Output = $t;
            #[inline(always)]
            fn $m(self, o: $t) -> $t {
                $t($f(self.0, o.0))
            }
        }
    };
}
binop!(F4, Add, add, f32x4_add);
binop!(F4, Sub, sub, f32x4_sub);
binop!(F4, Mul, mul, f32x4_mul);
binop!(F4, Div, div, f32x4_div);
binop!(I4, Add, add, i32x4_add);
binop!(I4, Sub, sub, i32x4_sub);
binop!(I4, Mul, mul, i32x4_mul);
binop!(I4, BitXor, bitxor, v128_xor);
binop!(I4, BitAnd, bitand, v128_and);
binop!(I4, BitOr, bitor, v128_or);
impl Neg for F4 {
    type Output = F4;
    #[inline(always)]
    fn neg(self) -> F4 {
        F4(f32x4_neg(self.0))
    }
}
