//! Integer hashes, bit for bit those of `shaders/common.*`: lowbias32 (Chris Wellons,
//! "Hash function prospector"), so the offsets do not depend on a GPU's float maths.

pub fn hash(mut x: u32) -> u32 {
    x ^= x >> 16;
    x = x.wrapping_mul(0x7feb_352d);
    x ^= x >> 15;
    x = x.wrapping_mul(0x846c_a68b);
    x ^= x >> 16;
    x
}

/// Hash of a lattice point.
pub fn hash2(p: [i32; 2]) -> u32 {
    hash(p[0] as u32 ^ hash((p[1] as u32).wrapping_add(0x9e37_79b9)))
}

/// Offset in [0, 1)² of lattice point `p`, 16 bits per axis.
pub fn offset(p: [i32; 2]) -> [f32; 2] {
    let h = hash2(p);
    [(h & 0xffff) as f32 / 65536.0, (h >> 16) as f32 / 65536.0]
}

/// A number in [0, 1) from the top 24 bits of `h`.
pub fn unit(h: u32) -> f32 {
    (h >> 8) as f32 / 16_777_216.0
}
