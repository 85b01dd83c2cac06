//! Derivative fills (`Field::fill2d_deriv`, `fill3d_deriv`): against central finite
//! differences of the plain field on random specs, the value plane against the plain
//! fill bit for bit, tiles against the whole, continuity across cell edges, the
//! coordinate limit, and the errors.

mod common;

use common::check_point;

use landform::rng::Mulberry32;
use landform::spec::{Spec, WarpSpec};
use landform::{Field, Region};

/// The kernels with derivatives (Worley: F1, Euclidean, the default).
const NOISES: [&str; 5] = ["value", "perlin", "perlin-improved", "simplex", "worley"];
const KINDS: [&str; 4] = ["fbm", "ridged", "billow", "turbulence"];

/// A random spec over the derivable kernels: any kind, 1–4 octaves, half of them
/// warped, a third of the tileable ones tiled.
fn random_spec(r: &mut Mulberry32) -> Spec {
    let noise = NOISES[r.next_below(5) as usize];
    let mut s = Spec::new(noise, r.next_u32()).fbm(
        1 + r.next_below(4),
        0.3 + 0.4 * r.next_f32() as f64,
        1.5 + r.next_f32() as f64,
    );
    s.fractal.kind = KINDS[r.next_below(4) as usize].into();
    if r.next_below(2) == 0 {
        s.warp = Some(WarpSpec {
            strength: 0.8 * r.next_f32() as f64,
            seed: r.next_below(1000) as f64,
            octaves: (1 + r.next_below(2)) as f64,
            frequency: 0.5 + r.next_f32() as f64,
        });
    }
    if noise != "simplex" && r.next_below(3) == 0 {
        let p = (2 + r.next_below(6)) as f64;
        s.period = Some([p, p + 1.0]);
        // Tiles need whole octave periods (and warp frequencies).
        s.fractal.lacunarity = s.fractal.lacunarity.round();
        if let Some(w) = &mut s.warp {
            w.frequency = 1.0;
        }
    }
    s
}

#[test]
fn random_specs_match_central_differences_in_2d() {
    let mut r = Mulberry32::new(2024);
    let (mut compared, mut total) = (0, 0);
    for _ in 0..200 {
        let spec = random_spec(&mut r);
        let f = Field::new(&spec).unwrap();
        let region = Region::new(6, 5, 3.0 + 40.0 * r.next_f32()).at(
            (r.next_f32() * 400.0 - 200.0).floor(),
            (r.next_f32() * 400.0 - 200.0).floor(),
        );
        let mut out = vec![0.0; 3 * region.len()];
        f.fill2d_deriv(&mut out, &region).unwrap();
        let n = region.len();
        for j in 0..region.height {
            for i in 0..region.width {
                let k = j * region.width + i;
                let p = [region.x(i), region.y(j), 0.0];
                let g = [out[n + k], out[2 * n + k]];
                total += 1;
                let sample = |q: [f64; 3]| f.sample2d(q[0], q[1]);
                // |n| of ridged, billow, turbulence; Worley F1 at cell borders.
                let creased = spec.fractal.kind != "fbm" || spec.noise == "worley";
                compared += check_point(sample, p, &g, creased, &format!("{spec:?}")) as usize;
            }
        }
    }
    // Stencils across creases (ridged, billow, turbulence) are skipped; most are not.
    assert!(compared * 100 >= total * 85, "{compared} of {total}");
}

#[test]
fn random_specs_match_central_differences_in_3d() {
    let mut r = Mulberry32::new(77);
    let (mut compared, mut total) = (0, 0);
    for _ in 0..120 {
        let mut spec = random_spec(&mut r);
        spec.period = None;
        let f = Field::new(&spec).unwrap();
        let mut region = Region::new(5, 4, 3.0 + 30.0 * r.next_f32()).at(
            (r.next_f32() * 200.0).floor(),
            -(r.next_f32() * 200.0).floor(),
        );
        region.z = r.next_f32() as f64 * 100.0 - 50.0;
        let mut out = vec![0.0; 4 * region.len()];
        f.fill3d_deriv(&mut out, &region).unwrap();
        let n = region.len();
        for j in 0..region.height {
            for i in 0..region.width {
                let k = j * region.width + i;
                let p = [region.x(i), region.y(j), region.z];
                let g = [out[n + k], out[2 * n + k], out[3 * n + k]];
                total += 1;
                let sample = |q: [f64; 3]| f.sample3d(q[0], q[1], q[2]).unwrap();
                // |n| of ridged, billow, turbulence; Worley F1 at cell borders.
                let creased = spec.fractal.kind != "fbm" || spec.noise == "worley";
                compared += check_point(sample, p, &g, creased, &format!("{spec:?}")) as usize;
            }
        }
    }
    assert!(compared * 100 >= total * 85, "{compared} of {total}");
}

#[test]
fn the_value_plane_is_the_plain_fill_bit_for_bit_and_tiles_equal_the_whole() {
    let mut r = Mulberry32::new(5);
    for _ in 0..60 {
        let spec = random_spec(&mut r);
        let f = Field::new(&spec).unwrap();
        let whole = Region::new(37, 21, 9.5).at(-13.0, 4.0);
        let n = whole.len();
        let (mut plain, mut d) = (vec![0.0; n], vec![0.0; 3 * n]);
        f.fill2d(&mut plain, &whole).unwrap();
        f.fill2d_deriv(&mut d, &whole).unwrap();
        assert_eq!(
            plain.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
            d[..n].iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
            "{spec:?}"
        );
        // A 3D slice too: the value plane is fill3d's.
        if spec.period.is_none() {
            let (mut plain3, mut d3) = (vec![0.0; n], vec![0.0; 4 * n]);
            let slice = Region { z: 2.25, ..whole };
            f.fill3d(&mut plain3, &slice).unwrap();
            f.fill3d_deriv(&mut d3, &slice).unwrap();
            assert!(plain3
                .iter()
                .zip(&d3)
                .all(|(a, b)| a.to_bits() == b.to_bits()));
        }
        // The tile (5..17) × (3..12) equals those cells of the whole, in every plane.
        let tile = Region::new(12, 9, 9.5).at(-13.0 + 5.0, 4.0 + 3.0);
        let mut t = vec![0.0; 3 * tile.len()];
        f.fill2d_deriv(&mut t, &tile).unwrap();
        for c in 0..3 {
            for j in 0..9 {
                for i in 0..12 {
                    let a = t[c * tile.len() + j * 12 + i];
                    let b = d[c * n + (j + 3) * 37 + i + 5];
                    assert_eq!(a.to_bits(), b.to_bits(), "{spec:?} plane {c}");
                }
            }
        }
    }
}

/// The row fills (four lanes, one corner lookup per run of a cell) give the point
/// fill's bits in every plane, for every kernel and kind, in 2D and 3D, on awkward
/// regions (one column, widths off a multiple of four, low and high frequencies, far
/// out).
#[test]
fn derivative_row_fills_equal_point_fills_bit_for_bit() {
    let regions = [
        Region::new(1, 3, 7.0).at(-3.0, 2.0),
        Region::new(37, 9, 40.0).at(-100.0, 55.0),
        Region::new(70, 5, 0.8).at(12.0, -7.0),
        Region::new(13, 4, 64.0).at(2147483000.0, -2147483000.0),
    ];
    for noise in NOISES {
        for kind in KINDS {
            let mut spec = Spec::new(noise, 8).fbm(5, 0.6, 2.3);
            spec.fractal.kind = kind.into();
            let f = Field::new(&spec).unwrap();
            for r in &regions {
                let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                let (mut a, mut b) = (vec![0.0; 3 * r.len()], vec![1.0; 3 * r.len()]);
                f.fill2d_deriv(&mut a, r).unwrap();
                f.fill2d_deriv_points(&mut b, r).unwrap();
                assert_eq!(bits(&a), bits(&b), "{noise} {kind} {r:?}");
                let slice = Region { z: -3.3, ..*r };
                let (mut a, mut b) = (vec![0.0; 4 * r.len()], vec![1.0; 4 * r.len()]);
                f.fill3d_deriv(&mut a, &slice).unwrap();
                f.fill3d_deriv_points(&mut b, &slice).unwrap();
                assert_eq!(bits(&a), bits(&b), "3D {noise} {kind} {r:?}");
            }
        }
    }
}

/// Lattice noises are C¹ across cell edges (the quintic fade's slope is 0 there) and
/// simplex across simplex edges (each corner's kernel fades as t⁴): the derivative just
/// left and just right of every lattice line agrees. (Worley F1's gradient turns where
/// the nearest point changes, anywhere: it is left out.)
#[test]
fn derivatives_are_continuous_across_cell_edges() {
    for noise in &NOISES[..4] {
        let f = Field::new(&Spec::new(noise, 31).fbm(1, 0.5, 2.0)).unwrap();
        let e = 1e-4;
        for k in -20..20 {
            for t in 0..8 {
                let (x, y) = (k as f64, t as f64 * 0.37 + 0.1);
                for (a, b) in [
                    (f.sample2d_deriv(x - e, y), f.sample2d_deriv(x + e, y)),
                    (f.sample2d_deriv(y, x - e), f.sample2d_deriv(y, x + e)),
                ] {
                    let (a, b) = (a.unwrap(), b.unwrap());
                    for c in 1..3 {
                        assert!((a[c] - b[c]).abs() < 0.02, "{noise} at {k}: {a:?} vs {b:?}");
                    }
                }
            }
        }
    }
}

/// At the coordinate limit (origin 2³¹ samples) the derivatives still match central
/// differences taken at the f64 points, and the value plane is the plain fill's.
#[test]
fn derivatives_hold_at_the_coordinate_limit() {
    let far = 2_147_483_648.0 - 8.0;
    for noise in NOISES {
        let f = Field::new(&Spec::new(noise, 9).fbm(3, 0.5, 2.0)).unwrap();
        let region = Region::new(8, 4, 16.0).at(far, -far);
        let n = region.len();
        let (mut plain, mut d) = (vec![0.0; n], vec![0.0; 3 * n]);
        f.fill2d(&mut plain, &region).unwrap();
        f.fill2d_deriv(&mut d, &region).unwrap();
        assert!(plain
            .iter()
            .zip(&d)
            .all(|(a, b)| a.to_bits() == b.to_bits()));
        for j in 0..4 {
            for i in 0..8 {
                let k = j * 8 + i;
                let g = [d[n + k], d[2 * n + k]];
                assert!(g.iter().all(|v| v.is_finite() && *v != 0.0), "{noise}");
                let sample = |q: [f64; 3]| f.sample2d(q[0], q[1]);
                check_point(
                    sample,
                    [region.x(i), region.y(j), 0.0],
                    &g,
                    noise == "worley",
                    noise,
                );
            }
        }
    }
}

/// The leaf rows graphs build on (`Field::row2_deriv`, `row3_deriv`) give the cells of
/// the fills, at any noise-space columns.
#[test]
fn leaf_rows_equal_the_cells_of_the_fills() {
    let f = Field::new(&Spec::new("perlin-improved", 12).fbm(3, 0.5, 2.0)).unwrap();
    let r = Region {
        z: 0.6,
        ..Region::new(9, 3, 12.0).at(-4.0, 5.0)
    };
    let (n, xs) = (r.len(), r.xs());
    let (mut d2, mut d3) = (vec![0.0; 3 * n], vec![0.0; 4 * n]);
    f.fill2d_deriv(&mut d2, &r).unwrap();
    f.fill3d_deriv(&mut d3, &r).unwrap();
    for j in 0..r.height {
        let mut p = [[0.0f32; 9]; 4];
        let [a, b, c, _] = &mut p;
        f.row2_deriv(&xs, r.y(j), [a, b, c]).unwrap();
        for (k, row) in p[..3].iter().enumerate() {
            assert_eq!(row[..], d2[k * n + j * 9..][..9]);
        }
        let [a, b, c, d] = &mut p;
        f.row3_deriv(&xs, r.y(j), r.z, [a, b, c, d]).unwrap();
        for (k, row) in p.iter().enumerate() {
            assert_eq!(row[..], d3[k * n + j * 9..][..9]);
        }
    }
    // A plane shorter than the row is a named error, not a panic.
    let (mut a, mut b, mut c) = ([0.0; 9], [0.0; 9], [0.0; 8]);
    let e = f
        .row2_deriv(&xs, 0.0, [&mut a, &mut b, &mut c])
        .unwrap_err();
    assert!(
        e.param() == "planes" && e.to_string().contains("plane 2"),
        "{e}"
    );
}

#[test]
fn fields_without_a_derivative_and_wrong_lengths_are_named_errors() {
    let r = Region::new(4, 4, 8.0);
    let mut out = vec![0.0; 3 * 16];
    let mut f2 = Spec::new("worley", 1);
    f2.worley.returns = "f2".into();
    let mut manhattan = Spec::new("worley", 1);
    manhattan.worley.distance = "manhattan".into();
    let teaching = ["perlin-linear", "perlin-smoothstep", "perlin-corner-sw"];
    for spec in teaching
        .map(|n| Spec::new(n, 1))
        .into_iter()
        .chain([f2, manhattan])
    {
        let e = Field::new(&spec)
            .unwrap()
            .fill2d_deriv(&mut out, &r)
            .unwrap_err();
        assert_eq!(e.param(), "noise", "{spec:?}");
        let m = e.to_string();
        assert!(m.contains(&spec.noise) && m.contains("derivative"), "{m}");
    }
    let f = Field::new(&Spec::new("perlin", 1)).unwrap();
    let e = f.fill2d_deriv(&mut [0.0; 16], &r).unwrap_err();
    assert!(
        e.param() == "out" && e.to_string().contains("3 × region.width"),
        "{e}"
    );
    let e = f.fill3d_deriv(&mut out, &r).unwrap_err();
    assert!(
        e.param() == "out" && e.to_string().contains("4 × region.width"),
        "{e}"
    );
    let mut tiled = Spec::new("perlin", 1);
    tiled.period = Some([4.0, 4.0]);
    let e = Field::new(&tiled)
        .unwrap()
        .fill3d_deriv(&mut [0.0; 64], &r)
        .unwrap_err();
    assert_eq!(e.param(), "period");
}

/// The golden specs' derivative fills, hashed (`common::GOLDEN_DERIV`, asserted in wasm
/// by tests/web.rs, scalar and SIMD builds): every plane, at the region of the golden
/// hashes and on the far tile at (2³¹ − 7, −2³¹ + 3); and the 3D golden specs' slices.
#[test]
fn golden_derivative_hashes() {
    let hash = |spec: &Spec, r: &Region, planes: usize| {
        let f = Field::new(spec).unwrap();
        let mut out = vec![0.0; planes * r.len()];
        match planes {
            3 => f.fill2d_deriv(&mut out, r).unwrap(),
            _ => f.fill3d_deriv(&mut out, r).unwrap(),
        }
        common::fnv1a(&out)
    };
    let near = Region::new(64, 48, 32.0).at(-7.0, 3.0);
    let far = Region::new(64, 48, 32.0).at(2147483641.0, -2147483645.0);
    // The first five golden specs and Worley F1 (Euclidean) for the sixth.
    let mut specs = common::golden_specs();
    specs[5].worley.returns = "f1".into();
    let got: Vec<u32> = specs.iter().map(|s| hash(s, &near, 3)).collect();
    let got_far: Vec<u32> = specs.iter().map(|s| hash(s, &far, 3)).collect();
    let slice = Region { z: 0.7, ..near };
    let got_3d: Vec<u32> = common::GOLDEN_3D_NOISES[..4]
        .iter()
        .map(|n| hash(&common::golden_3d_spec(n), &slice, 4))
        .collect();
    assert_eq!(
        (got, got_far, got_3d),
        (
            common::GOLDEN_DERIV.to_vec(),
            common::FAR_GOLDEN_DERIV.to_vec(),
            common::GOLDEN_DERIV_3D.to_vec()
        )
    );
}
