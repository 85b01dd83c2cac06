//! Seeded randomness. Everything random in landform comes from here, so one `u32`
//! seed gives the same bits on every platform.
//!
//! The generator is Mulberry32 (Tommy Ettinger, 2017), the small PRNG that the
//! island article of the seeds names for droplet start positions. It is written with
//! wrapping integer arithmetic only, so native and wasm builds agree bit for bit.

/// Mulberry32: 32 bits of state, period 2^32, one multiply-xorshift round per output.
///
/// Output `i` equals the well-known JavaScript one-liner
/// `t = a += 0x6D2B79F5; t = Math.imul(t ^ t >>> 15, t | 1); t ^= t + Math.imul(t ^ t >>> 7, t | 61); return (t ^ t >>> 14) >>> 0;`.
#[derive(Clone, Debug)]
pub struct Mulberry32 {
    state: u32,
}

impl Mulberry32 {
    pub fn new(seed: u32) -> Self {
        Self { state: seed }
    }

    pub fn next_u32(&mut self) -> u32 {
        self.state = self.state.wrapping_add(0x6D2B_79F5);
        let mut t = self.state;
        t = (t ^ (t >> 15)).wrapping_mul(t | 1);
        t ^= t.wrapping_add((t ^ (t >> 7)).wrapping_mul(t | 61));
        t ^ (t >> 14)
    }

    /// Uniform in `[0, 1)`, exactly representable: the top 24 bits over 2^24.
    pub fn next_f32(&mut self) -> f32 {
        (self.next_u32() >> 8) as f32 * (1.0 / 16_777_216.0)
    }

    /// Uniform integer in `0..n` by the multiply-shift map (bias below 2^-24 for n ≤ 256).
    pub fn next_below(&mut self, n: u32) -> u32 {
        ((self.next_u32() as u64 * n as u64) >> 32) as u32
    }
}

/// A permutation of `0..256`, shuffled by Fisher–Yates from `seed`.
pub fn permutation(seed: u32) -> [u8; 256] {
    let mut rng = Mulberry32::new(seed);
    let mut p = [0u8; 256];
    for (i, v) in p.iter_mut().enumerate() {
        *v = i as u8;
    }
    for i in (1..256u32).rev() {
        let j = rng.next_below(i + 1) as usize;
        p.swap(i as usize, j);
    }
    p
}

/// A permutation doubled to 512 entries so that `perm[perm[x] + y]` never needs a mask.
pub fn doubled(p: &[u8; 256]) -> [u8; 512] {
    let mut d = [0u8; 512];
    d[..256].copy_from_slice(p);
    d[256..].copy_from_slice(p);
    d
}

/// 256 pseudo-random unit vectors in 2D, from `seed`, by rejection sampling of the unit
/// disc (only +, ×, sqrt: correctly rounded everywhere, so identical on every platform).
pub fn unit_gradients_2d(seed: u32) -> [[f32; 2]; 256] {
    let mut rng = Mulberry32::new(seed ^ 0x9E37_79B9);
    let mut g = [[0.0f32; 2]; 256];
    for v in g.iter_mut() {
        loop {
            let x = rng.next_f32() * 2.0 - 1.0;
            let y = rng.next_f32() * 2.0 - 1.0;
            let r2 = x * x + y * y;
            if r2 > 1e-4 && r2 <= 1.0 {
                let r = r2.sqrt();
                *v = [x / r, y / r];
                break;
            }
        }
    }
    g
}

#[inline]
pub fn hash3(seed: u32, x: i32, y: i32, z: i32) -> u32 {
    let mut h = seed
        ^ (x as u32).wrapping_mul(0x27D4_EB2D)
        ^ (y as u32).wrapping_mul(0x1656_67B1)
        ^ (z as u32).wrapping_mul(0x9E37_79B1);
    h ^= h >> 16;
    h = h.wrapping_mul(0x7FEB_352D);
    h ^= h >> 15;
    h = h.wrapping_mul(0x846C_A68B);
    h ^ (h >> 16)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mulberry32_matches_the_javascript_reference_sequence() {
        // First outputs of the JS one-liner seeded with 0 and with 42, computed
        // independently with Math.imul in Node.
        let mut r = Mulberry32::new(0);
        let a: Vec<u32> = (0..3).map(|_| r.next_u32()).collect();
        let mut r = Mulberry32::new(42);
        let b: Vec<u32> = (0..3).map(|_| r.next_u32()).collect();
        assert_eq!(a, MULBERRY_0);
        assert_eq!(b, MULBERRY_42);
    }

    const MULBERRY_0: [u32; 3] = [1144304738, 1416247, 958946056];
    const MULBERRY_42: [u32; 3] = [2581720956, 1925393290, 3661312704];

    #[test]
    fn permutation_contains_every_byte_once() {
        let p = permutation(1234);
        let mut seen = [false; 256];
        for &v in &p {
            assert!(!seen[v as usize]);
            seen[v as usize] = true;
        }
        assert_ne!(permutation(1), permutation(2));
    }

    #[test]
    fn gradients_are_unit_length() {
        for g in unit_gradients_2d(7) {
            let len = (g[0] * g[0] + g[1] * g[1]).sqrt();
            assert!((len - 1.0).abs() < 1e-6, "{len}");
        }
    }

    #[test]
    fn next_f32_stays_in_unit_interval() {
        let mut r = Mulberry32::new(99);
        for _ in 0..100_000 {
            let v = r.next_f32();
            assert!((0.0..1.0).contains(&v));
        }
    }
}
