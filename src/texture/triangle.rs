//! The triangle grid of Heitz and Neyret (HPG 2018): uv (in texture repeats) is skewed
//! so that equilateral triangles become half unit squares; each point gets the three
//! vertices of its triangle and its barycentric weights.

/// Lattice steps per texture repeat (2√3): a triangle edge is ≈ 0.29 repeats.
pub const TRI_SCALE: f32 = 3.464_101_6;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Triangle {
    /// Barycentric weights of `v[0]`, `v[1]`, `v[2]`.
    pub w: [f32; 3],
    /// Vertices in skewed-lattice integer coordinates.
    pub v: [[i32; 2]; 3],
}

pub fn triangle_grid(uv: [f32; 2]) -> Triangle {
    let p = [uv[0] * TRI_SCALE, uv[1] * TRI_SCALE];
    let s = [p[0] - 0.577_350_27 * p[1], 1.154_700_5 * p[1]];
    let b = [s[0].floor(), s[1].floor()];
    let f = [s[0] - b[0], s[1] - b[1]];
    let i = [b[0] as i32, b[1] as i32];
    let z = 1.0 - f[0] - f[1];
    if z > 0.0 {
        Triangle {
            w: [z, f[1], f[0]],
            v: [i, [i[0], i[1] + 1], [i[0] + 1, i[1]]],
        }
    } else {
        Triangle {
            w: [-z, 1.0 - f[1], 1.0 - f[0]],
            v: [[i[0] + 1, i[1] + 1], [i[0] + 1, i[1]], [i[0], i[1] + 1]],
        }
    }
}

/// Position (in texture repeats) of lattice vertex `v`: the centre of its hexagon.
pub fn vertex_position(v: [i32; 2]) -> [f32; 2] {
    let (x, y) = (v[0] as f32, v[1] as f32);
    [(x + 0.5 * y) / TRI_SCALE, 0.866_025_4 * y / TRI_SCALE]
}
