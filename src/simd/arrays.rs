//! The row vectors as plain `[f32; 4]` / `[i32; 4]` arrays, which the compiler may or
//! may not vectorise: the scalar wasm build, and native targets other than x86-64.

use core::ops::{Add, BitAnd, BitOr, BitXor, Div, Mul, Neg, Sub};

/// Whether this build uses WebAssembly SIMD.
pub const SIMD: bool = false;
/// What the vectors are in this build.
pub const BACKEND: &str = "4-element arrays";

#[derive(Clone, Copy)]
pub struct F4([f32; 4]);
#[derive(Clone, Copy)]
pub struct I4([i32; 4]);
#[derive(Clone, Copy)]
pub struct M4([bool; 4]);

impl F4 {
    #[inline(always)]
    pub fn splat(x: f32) -> Self {
        F4([x; 4])
    }
    #[inline(always)]
    pub fn new(a: f32, b: f32, c: f32, d: f32) -> Self {
        F4([a, b, c, d])
    }
    #[inline(always)]
    pub fn load(s: &[f32]) -> Self {
        F4([s[0], s[1], s[2], s[3]])
    }
    #[inline(always)]
    pub fn store(self, s: &mut [f32]) {
        s[..4].copy_from_slice(&self.0);
    }
    #[inline(always)]
    pub fn floor(self) -> Self {
        F4(self.0.map(f32::floor))
    }
    #[inline(always)]
    pub fn abs(self) -> Self {
        F4(self.0.map(f32::abs))
    }
    #[inline(always)]
    pub fn sqrt(self) -> Self {
        F4(self.0.map(f32::sqrt))
    }
    /// `self < o ? self : o` lane by lane, as SSE's `minps` and the wasm backend.
    #[inline(always)]
    pub fn min(self, o: Self) -> Self {
        F4(core::array::from_fn(|i| if self.0[i] < o.0[i] { self.0[i] } else { o.0[i] }))
    }
    /// `self > o ? self : o`, as SSE's `maxps`.
    #[inline(always)]
    pub fn max(self, o: Self) -> Self {
        F4(core::array::from_fn(|i| if self.0[i] > o.0[i] { self.0[i] } else { o.0[i] }))
    }
    #[inline(always)]
    pub fn lt(self, o: Self) -> M4 {
        M4(core::array::from_fn(|i| self.0[i] < o.0[i]))
    }
    #[inline(always)]
    pub fn gt(self, o: Self) -> M4 {
        M4(core::array::from_fn(|i| self.0[i] > o.0[i]))
    }
    #[inline(always)]
    pub fn ge(self, o: Self) -> M4 {
        M4(core::array::from_fn(|i| self.0[i] >= o.0[i]))
    }
    #[inline(always)]
    pub fn to_i4(self) -> I4 {
        I4(self.0.map(|v| v as i32))
    }
    #[inline(always)]
    pub fn first(self) -> f32 {
        self.0[0]
    }
    #[inline(always)]
    pub fn last_splat(self) -> Self {
        F4([self.0[3]; 4])
    }
    #[inline(always)]
    pub fn lane_splat<const L: usize>(self) -> Self {
        F4([self.0[L]; 4])
    }
    #[inline(always)]
    pub fn eq(self, o: Self) -> M4 {
        M4(core::array::from_fn(|i| self.0[i] == o.0[i]))
    }
    #[inline(always)]
    pub fn to_array(self) -> [f32; 4] {
        self.0
    }
}

impl I4 {
    #[inline(always)]
    pub fn splat(x: i32) -> Self {
        I4([x; 4])
    }
    #[inline(always)]
    pub fn new(a: i32, b: i32, c: i32, d: i32) -> Self {
        I4([a, b, c, d])
    }
    #[inline(always)]
    pub fn load(s: &[i32]) -> Self {
        I4([s[0], s[1], s[2], s[3]])
    }
    #[inline(always)]
    pub fn to_f4(self) -> F4 {
        F4(self.0.map(|v| v as f32))
    }
    #[inline(always)]
    pub fn shr<const N: u32>(self) -> Self {
        I4(self.0.map(|v| ((v as u32) >> N) as i32))
    }
    #[inline(always)]
    pub fn to_array(self) -> [i32; 4] {
        self.0
    }
}

/// `(t[i[0]][0], …, t[i[3]][0])` and the same of component 1.
#[inline(always)]
pub fn gather2<const N: usize>(t: &[[f32; 2]; N], i: [usize; 4]) -> (F4, F4) {
    let g = i.map(|i| t[i]);
    (F4(g.map(|g| g[0])), F4(g.map(|g| g[1])))
}

/// The three components of `t[i & 255]` per lane.
#[inline(always)]
pub fn gather3(t: &[[f32; 3]; 512], i: I4) -> [F4; 3] {
    let g = i.0.map(|n| t[(n & 255) as usize]);
    [0, 1, 2].map(|a| F4(g.map(|g| g[a])))
}

pub trait Lanes: Copy {
    fn pick(m: [bool; 4], a: Self, b: Self) -> Self;
}
impl Lanes for F4 {
    #[inline(always)]
    fn pick(m: [bool; 4], a: Self, b: Self) -> Self {
        F4(core::array::from_fn(|i| if m[i] { a.0[i] } else { b.0[i] }))
    }
}
impl Lanes for I4 {
    #[inline(always)]
    fn pick(m: [bool; 4], a: Self, b: Self) -> Self {
        I4(core::array::from_fn(|i| if m[i] { a.0[i] } else { b.0[i] }))
    }
}

impl M4 {
    #[inline(always)]
    pub fn select<T: Lanes>(self, a: T, b: T) -> T {
        T::pick(self.0, a, b)
    }
    #[inline(always)]
    pub fn any(self) -> bool {
        self.0.iter().any(|&b| b)
    }
    #[inline(always)]
    pub fn all(self) -> bool {
        self.0.iter().all(|&b| b)
    }
    #[inline(always)]
    pub fn and(self, o: Self) -> Self {
        M4(core::array::from_fn(|i| self.0[i] && o.0[i]))
    }
    #[inline(always)]
    pub fn and_not(self, o: Self) -> Self {
        M4(core::array::from_fn(|i| self.0[i] && !o.0[i]))
    }
    #[inline(always)]
    pub fn or(self, o: Self) -> Self {
        M4(core::array::from_fn(|i| self.0[i] || o.0[i]))
    }
    #[inline(always)]
    pub fn all_true() -> Self {
        M4([true; 4])
    }
    #[inline(always)]
    pub fn splat(b: bool) -> Self {
        M4([b; 4])
    }
    #[inline(always)]
    pub fn xor(self, o: Self) -> Self {
        M4(core::array::from_fn(|i| self.0[i] != o.0[i]))
    }
    #[inline(always)]
    pub fn bitmask(self) -> u32 {
        (0..4).map(|i| (self.0[i] as u32) << i).sum()
    }
    #[inline(always)]
    pub fn keep(self, v: F4) -> F4 {
        F4(core::array::from_fn(
            |i| if self.0[i] { v.0[i] } else { 0.0 },
        ))
    }
    #[inline(always)]
    pub fn last_splat(self) -> Self {
        M4([self.0[3]; 4])
    }
}

macro_rules! fbinop {
    ($tr:ident, $m:ident, $op:tt) => {
        impl $tr for F4 {
            type Output = F4;
            #[inline(always)]
            fn $m(self, o: F4) -> F4 {
                F4(core::array::from_fn(|i| self.0[i] $op o.0[i]))
            }
        }
    };
}
fbinop!(Add, add, +);
fbinop!(Sub, sub, -);
fbinop!(Mul, mul, *);
fbinop!(Div, div, /);
macro_rules! ibinop {
    ($tr:ident, $m:ident, $f:expr) => {
        impl $tr for I4 {
            type Output = I4;
            #[inline(always)]
            fn $m(self, o: I4) -> I4 {
                let f: fn(i32, i32) -> i32 = $f;
                I4(core::array::from_fn(|i| f(self.0[i], o.0[i])))
            }
        }
    };
}
ibinop!(Add, add, |a, b| a.wrapping_add(b));
ibinop!(Sub, sub, |a, b| a.wrapping_sub(b));
ibinop!(Mul, mul, |a, b| a.wrapping_mul(b));
ibinop!(BitXor, bitxor, |a, b| a ^ b);
ibinop!(BitAnd, bitand, |a, b| a & b);
ibinop!(BitOr, bitor, |a, b| a | b);
impl Neg for F4 {
    type Output = F4;
    #[inline(always)]
    fn neg(self) -> F4 {
        F4(self.0.map(|v| -v))
    }
}
