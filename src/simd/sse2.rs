//! The row vectors as x86-64 SSE registers (`__m128`, `__m128i`). SSE2 is part of every
//! x86-64 CPU; with `-C target-feature=+sse4.1` floor and the integer multiply use their
//! single SSE4.1 instructions. The SSE2 forms give the same bits: floor is the exact
//! truncate-and-adjust (sign of zero kept, |x| ≥ 2²³ and NaN passed through) and the
//! multiply keeps the low 32 bits of two 64-bit products.
#![allow(unused_unsafe)] // SSE2 intrinsics are safe calls in newer Rust, unsafe in 1.80.

use core::arch::x86_64::*;
use core::ops::{Add, BitAnd, BitOr, BitXor, Div, Mul, Neg, Sub};

/// Whether this build uses WebAssembly SIMD.
pub const SIMD: bool = false;
/// What the vectors are in this build.
pub const BACKEND: &str = if cfg!(target_feature = "sse4.1") {
    "SSE4.1"
} else {
    "SSE2"
};

#[derive(Clone, Copy)]
pub struct F4(__m128);
#[derive(Clone, Copy)]
pub struct I4(__m128i);
/// Lane mask: all ones or all zeros per lane.
#[derive(Clone, Copy)]
pub struct M4(__m128);

#[inline(always)]
fn sign() -> __m128 {
    unsafe { _mm_set1_ps(-0.0) }
}

impl F4 {
    #[inline(always)]
    pub fn splat(x: f32) -> Self {
        F4(unsafe { _mm_set1_ps(x) })
    }
    #[inline(always)]
    pub fn new(a: f32, b: f32, c: f32, d: f32) -> Self {
        F4(unsafe { _mm_setr_ps(a, b, c, d) })
    }
    #[inline(always)]
    pub fn load(s: &[f32]) -> Self {
        assert!(s.len() >= 4);
        // SAFETY: four f32 are in bounds; an unaligned load.
        F4(unsafe { _mm_loadu_ps(s.as_ptr()) })
    }
    #[inline(always)]
    pub fn store(self, s: &mut [f32]) {
        assert!(s.len() >= 4);
        // SAFETY: four f32 are in bounds; an unaligned store.
        unsafe { _mm_storeu_ps(s.as_mut_ptr(), self.0) }
    }
    #[cfg(target_feature = "sse4.1")]
    #[inline(always)]
    pub fn floor(self) -> Self {
        F4(unsafe { _mm_floor_ps(self.0) })
    }
    /// `f32::floor` per lane: truncate, subtract one where that rounded up, and keep the
    /// sign of a zero; values of magnitude ≥ 2²³ (integers already), ∞ and NaN pass as
    /// they are.
    #[cfg(not(target_feature = "sse4.1"))]
    #[inline(always)]
    pub fn floor(self) -> Self {
        unsafe {
            let x = self.0;
            let small = _mm_cmplt_ps(_mm_andnot_ps(sign(), x), _mm_set1_ps(8_388_608.0));
            let t = _mm_cvtepi32_ps(_mm_cvttps_epi32(x));
            let t = _mm_sub_ps(t, _mm_and_ps(_mm_cmpgt_ps(t, x), _mm_set1_ps(1.0)));
            let t = _mm_or_ps(t, _mm_and_ps(x, sign()));
            F4(_mm_or_ps(_mm_and_ps(small, t), _mm_andnot_ps(small, x)))
        }
    }
    #[inline(always)]
    pub fn abs(self) -> Self {
        F4(unsafe { _mm_andnot_ps(sign(), self.0) })
    }
    #[inline(always)]
    pub fn sqrt(self) -> Self {
        F4(unsafe { _mm_sqrt_ps(self.0) })
    }
    /// `self < o ? self : o` lane by lane (`minps`).
    #[inline(always)]
    pub fn min(self, o: Self) -> Self {
        F4(unsafe { _mm_min_ps(self.0, o.0) })
    }
    /// `self > o ? self : o` (`maxps`).
    #[inline(always)]
    pub fn max(self, o: Self) -> Self {
        F4(unsafe { _mm_max_ps(self.0, o.0) })
    }
    #[inline(always)]
    pub fn lt(self, o: Self) -> M4 {
        M4(unsafe { _mm_cmplt_ps(self.0, o.0) })
    }
    #[inline(always)]
    pub fn gt(self, o: Self) -> M4 {
        M4(unsafe { _mm_cmpgt_ps(self.0, o.0) })
    }
    #[inline(always)]
    pub fn ge(self, o: Self) -> M4 {
        M4(unsafe { _mm_cmpge_ps(self.0, o.0) })
    }
    /// `as i32` per lane (truncating, saturating, NaN to 0): the SSE conversion gives
    /// `i32::MIN` for every out-of-range lane, fixed here for the large and NaN ones.
    #[inline(always)]
    pub fn to_i4(self) -> I4 {
        unsafe {
            let x = self.0;
            let i = _mm_cvttps_epi32(x);
            let high = _mm_castps_si128(_mm_cmpge_ps(x, _mm_set1_ps(2_147_483_648.0)));
            let nan = _mm_castps_si128(_mm_cmpunord_ps(x, x));
            I4(_mm_andnot_si128(nan, _mm_xor_si128(i, high)))
        }
    }
    /// Lane 0.
    #[inline(always)]
    pub fn first(self) -> f32 {
        unsafe { _mm_cvtss_f32(self.0) }
    }
    /// Lane 3 in every lane.
    #[inline(always)]
    pub fn last_splat(self) -> Self {
        self.lane_splat::<3>()
    }
    /// Lane `L` in every lane.
    #[inline(always)]
    pub fn lane_splat<const L: usize>(self) -> Self {
        let x = self.0;
        F4(unsafe {
            match L {
                0 => _mm_shuffle_ps::<0x00>(x, x),
                1 => _mm_shuffle_ps::<0x55>(x, x),
                2 => _mm_shuffle_ps::<0xAA>(x, x),
                _ => _mm_shuffle_ps::<0xFF>(x, x),
            }
        })
    }
    #[inline(always)]
    pub fn eq(self, o: Self) -> M4 {
        M4(unsafe { _mm_cmpeq_ps(self.0, o.0) })
    }
    #[inline(always)]
    pub fn to_array(self) -> [f32; 4] {
        let mut a = [0.0; 4];
        self.store(&mut a);
        a
    }
}

impl I4 {
    #[inline(always)]
    pub fn splat(x: i32) -> Self {
        I4(unsafe { _mm_set1_epi32(x) })
    }
    #[inline(always)]
    pub fn new(a: i32, b: i32, c: i32, d: i32) -> Self {
        I4(unsafe { _mm_setr_epi32(a, b, c, d) })
    }
    #[inline(always)]
    pub fn load(s: &[i32]) -> Self {
        assert!(s.len() >= 4);
        // SAFETY: four i32 are in bounds; an unaligned load.
        I4(unsafe { _mm_loadu_si128(s.as_ptr() as *const __m128i) })
    }
    /// `as f32` per lane.
    #[inline(always)]
    pub fn to_f4(self) -> F4 {
        F4(unsafe { _mm_cvtepi32_ps(self.0) })
    }
    /// Logical shift right.
    #[inline(always)]
    pub fn shr<const N: u32>(self) -> Self {
        I4(unsafe { _mm_srl_epi32(self.0, _mm_cvtsi32_si128(N as i32)) })
    }
    #[inline(always)]
    pub fn to_array(self) -> [i32; 4] {
        let mut a = [0; 4];
        // SAFETY: sixteen bytes, an unaligned store.
        unsafe { _mm_storeu_si128(a.as_mut_ptr() as *mut __m128i, self.0) };
        a
    }
}

impl M4 {
    /// `if mask { a } else { b }` per lane.
    #[inline(always)]
    pub fn select<T: Lanes>(self, a: T, b: T) -> T {
        let m = self.0;
        T::from_ps(unsafe { _mm_or_ps(_mm_and_ps(m, a.ps()), _mm_andnot_ps(m, b.ps())) })
    }
    #[inline(always)]
    pub fn any(self) -> bool {
        self.bitmask() != 0
    }
    #[inline(always)]
    pub fn all(self) -> bool {
        self.bitmask() == 0xF
    }
    #[inline(always)]
    pub fn and(self, o: Self) -> Self {
        M4(unsafe { _mm_and_ps(self.0, o.0) })
    }
    /// `self` and not `o`.
    #[inline(always)]
    pub fn and_not(self, o: Self) -> Self {
        M4(unsafe { _mm_andnot_ps(o.0, self.0) })
    }
    #[inline(always)]
    pub fn or(self, o: Self) -> Self {
        M4(unsafe { _mm_or_ps(self.0, o.0) })
    }
    #[inline(always)]
    pub fn all_true() -> Self {
        Self::splat(true)
    }
    #[inline(always)]
    pub fn splat(b: bool) -> Self {
        M4(unsafe { _mm_castsi128_ps(_mm_set1_epi32(-(b as i32))) })
    }
    #[inline(always)]
    pub fn xor(self, o: Self) -> Self {
        M4(unsafe { _mm_xor_ps(self.0, o.0) })
    }
    /// Bit `l` set when lane `l` is set.
    #[inline(always)]
    pub fn bitmask(self) -> u32 {
        unsafe { _mm_movemask_ps(self.0) as u32 }
    }
    /// `v` where the mask is set, `+0.0` elsewhere.
    #[inline(always)]
    pub fn keep(self, v: F4) -> F4 {
        F4(unsafe { _mm_and_ps(self.0, v.0) })
    }
    /// Lane 3 in every lane.
    #[inline(always)]
    pub fn last_splat(self) -> Self {
        M4(unsafe { _mm_shuffle_ps::<0xFF>(self.0, self.0) })
    }
}

/// `(t[i[0]][0], …, t[i[3]][0])` and the same of component 1: two 64-bit loads per
/// pair of lanes and two shuffles.
#[inline(always)]
pub fn gather2<const N: usize>(t: &[[f32; 2]; N], i: [usize; 4]) -> (F4, F4) {
    let p = [&t[i[0]], &t[i[1]], &t[i[2]], &t[i[3]]].map(|r| r as *const [f32; 2] as *const f64);
    // SAFETY: each pointer is to an in-bounds 8-byte pair; movsd/movhpd need no alignment.
    unsafe {
        let a = _mm_castpd_ps(_mm_loadh_pd(_mm_load_sd(p[0]), p[1]));
        let b = _mm_castpd_ps(_mm_loadh_pd(_mm_load_sd(p[2]), p[3]));
        (
            F4(_mm_shuffle_ps::<0b10_00_10_00>(a, b)),
            F4(_mm_shuffle_ps::<0b11_01_11_01>(a, b)),
        )
    }
}

/// The three components of `t[i & 255]` per lane: one 16-byte load per lane (the
/// entry and the first component of the next, in bounds for entries below 511) and
/// `_MM_TRANSPOSE4_PS`'s shuffles.
#[inline(always)]
pub fn gather3(t: &[[f32; 3]; 512], i: I4) -> [F4; 3] {
    let n = (i & I4::splat(255)).to_array();
    let p = n.map(|n| t.as_ptr().wrapping_add(n as usize) as *const f32);
    // SAFETY: every entry is at most 255, so its 16 bytes lie inside the 512 entries;
    // movups needs no alignment.
    unsafe {
        let [a, b, c, d] = p.map(|p| _mm_loadu_ps(p));
        let (ab, cd) = (_mm_unpacklo_ps(a, b), _mm_unpacklo_ps(c, d));
        let (abz, cdz) = (_mm_unpackhi_ps(a, b), _mm_unpackhi_ps(c, d));
        [
            F4(_mm_movelh_ps(ab, cd)),
            F4(_mm_movehl_ps(cd, ab)),
            F4(_mm_movelh_ps(abz, cdz)),
        ]
    }
}

pub trait Lanes: Copy {
    fn ps(self) -> __m128;
    fn from_ps(v: __m128) -> Self;
}
impl Lanes for F4 {
    #[inline(always)]
    fn ps(self) -> __m128 {
        self.0
    }
    #[inline(always)]
    fn from_ps(v: __m128) -> Self {
        F4(v)
    }
}
impl Lanes for I4 {
    #[inline(always)]
    fn ps(self) -> __m128 {
        unsafe { _mm_castsi128_ps(self.0) }
    }
    #[inline(always)]
    fn from_ps(v: __m128) -> Self {
        I4(unsafe { _mm_castps_si128(v) })
    }
}

/// Low 32 bits of each lane's product (wrapping, as `i32::wrapping_mul`).
#[inline(always)]
fn mullo(a: __m128i, b: __m128i) -> __m128i {
    #[cfg(target_feature = "sse4.1")]
    unsafe {
        _mm_mullo_epi32(a, b)
    }
    #[cfg(not(target_feature = "sse4.1"))]
    unsafe {
        let even = _mm_mul_epu32(a, b);
        let odd = _mm_mul_epu32(_mm_shuffle_epi32::<0xF5>(a), _mm_shuffle_epi32::<0xF5>(b));
        _mm_unpacklo_epi32(
            _mm_shuffle_epi32::<0x08>(even),
            _mm_shuffle_epi32::<0x08>(odd),
        )
    }
}

macro_rules! binop {
    ($t:ident, $tr:ident, $m:ident, $f:ident) => {
        impl $tr for $t {
            type Output = $t;
            #[inline(always)]
            fn $m(self, o: $t) -> $t {
                $t(unsafe { $f(self.0, o.0) })
            }
        }
    };
}
binop!(F4, Add, add, _mm_add_ps);
binop!(F4, Sub, sub, _mm_sub_ps);
binop!(F4, Mul, mul, _mm_mul_ps);
binop!(F4, Div, div, _mm_div_ps);
binop!(I4, Add, add, _mm_add_epi32);
binop!(I4, Sub, sub, _mm_sub_epi32);
binop!(I4, Mul, mul, mullo);
binop!(I4, BitXor, bitxor, _mm_xor_si128);
binop!(I4, BitAnd, bitand, _mm_and_si128);
binop!(I4, BitOr, bitor, _mm_or_si128);
impl Neg for F4 {
    type Output = F4;
    #[inline(always)]
    fn neg(self) -> F4 {
        F4(unsafe { _mm_xor_ps(self.0, sign()) })
    }
}
