//! `normal_map`: exact on planes, within O(1/R²) of the analytic normals on a sphere
//! cap, unit length, and named errors.

use landform::spec::Spec;
use landform::terrain::normals::{normal_map, normal_map_from_deriv};
use landform::{Field, Region};

fn normals(h: &[f32], w: usize, hh: usize, scale: f64) -> Vec<f32> {
    let mut out = vec![0.0; 3 * w * hh];
    normal_map(&mut out, h, w, hh, scale).unwrap();
    out
}

#[test]
fn a_plane_has_one_normal_everywhere_borders_included() {
    let (w, h) = (9, 7);
    let (a, b, s) = (0.25f64, -0.5f64, 2.0f64);
    let plane: Vec<f32> = (0..w * h)
        .map(|k| (a * (k % w) as f64 + b * (k / w) as f64) as f32)
        .collect();
    let n = normals(&plane, w, h, s);
    let len = (1.0 + (s * a).powi(2) + (s * b).powi(2)).sqrt();
    let want = [-s * a / len, -s * b / len, 1.0 / len];
    for c in n.chunks_exact(3) {
        for k in 0..3 {
            assert!((c[k] as f64 - want[k]).abs() < 1e-6, "{c:?} vs {want:?}");
        }
    }
    // A flat map, or heightScale 0, faces straight up.
    assert!(normals(&plane, w, h, 0.0)
        .chunks_exact(3)
        .all(|c| c == [0.0, 0.0, 1.0]));
}

#[test]
fn a_sphere_cap_has_its_radial_normals() {
    let (w, r) = (65usize, 100.0f64);
    let c = (w / 2) as f64;
    let cap: Vec<f32> = (0..w * w)
        .map(|k| {
            let (x, y) = ((k % w) as f64 - c, (k / w) as f64 - c);
            (r * r - x * x - y * y).sqrt() as f32
        })
        .collect();
    let n = normals(&cap, w, w, 1.0);
    let mut worst = 0.0f64;
    for j in 1..w - 1 {
        for i in 1..w - 1 {
            let (x, y) = (i as f64 - c, j as f64 - c);
            let z = (r * r - x * x - y * y).sqrt();
            let want = [x / r, y / r, z / r];
            let got = &n[3 * (j * w + i)..][..3];
            let len: f64 = got.iter().map(|v| (*v as f64).powi(2)).sum::<f64>().sqrt();
            assert!((len - 1.0).abs() < 1e-6);
            let dot: f64 = (0..3).map(|k| got[k] as f64 * want[k]).sum();
            worst = worst.max(dot.min(1.0).acos());
        }
    }
    // Central differences of a sphere err by about h²/(6R²) × slope: far below 1e-3 rad.
    assert!(worst < 1e-3, "worst angle {worst} rad");
}

#[test]
fn bad_sizes_heights_and_scales_are_named_errors() {
    let h = vec![0.0f32; 12];
    let mut out = vec![0.0; 36];
    let param = |r: landform::Result<()>| r.unwrap_err().param();
    assert_eq!(param(normal_map(&mut out, &h, 5, 3, 1.0)), "heights");
    assert_eq!(param(normal_map(&mut out[..35], &h, 4, 3, 1.0)), "out");
    assert_eq!(param(normal_map(&mut out, &h, 4, 3, -1.0)), "heightScale");
    assert_eq!(
        param(normal_map(&mut out, &h, 4, 3, f64::NAN)),
        "heightScale"
    );
    let mut bad = h.clone();
    bad[5] = f32::INFINITY;
    assert_eq!(param(normal_map(&mut out, &bad, 4, 3, 1.0)), "heights");
    // One row or column: the slope across it is zero, never NaN.
    let n = normals(&[1.0, 2.0, 4.0], 3, 1, 1.0);
    assert!(n.iter().all(|v| v.is_finite()) && n[1] == 0.0);
}

/// From a derivative fill: the analytic slopes give the normals that central differences
/// of a finely sampled value plane approach (interior cells, fine scale).
#[test]
fn normals_from_a_derivative_fill_agree_with_those_of_its_heights() {
    let f = Field::new(&Spec::new("perlin", 4).fbm(3, 0.5, 2.0)).unwrap();
    let r = Region::new(48, 40, 64.0).at(-20.0, 9.0);
    let n = r.len();
    let mut d = vec![0.0; 3 * n];
    f.fill2d_deriv(&mut d, &r).unwrap();
    // Heights 20 × value on unit cells: slopes 20 × ∂ / scale.
    let (a, s) = (20.0, 64.0);
    let heights: Vec<f32> = d[..n].iter().map(|v| a * v).collect();
    let by_diff = normals(&heights, r.width, r.height, 1.0);
    let mut exact = vec![0.0; 3 * n];
    normal_map_from_deriv(&mut exact, &d, r.width, r.height, (a / s) as f64).unwrap();
    for j in 1..r.height - 1 {
        for i in 1..r.width - 1 {
            let k = 3 * (j * r.width + i);
            let dot: f32 = (0..3).map(|c| by_diff[k + c] * exact[k + c]).sum();
            assert!(
                dot > 1.0 - 1e-4,
                "cell ({i}, {j}): {:?} vs {:?}",
                &by_diff[k..k + 3],
                &exact[k..k + 3]
            );
        }
    }
    let mut out = vec![0.0; 3 * n];
    let e = normal_map_from_deriv(&mut out, &d[..n], r.width, r.height, 1.0).unwrap_err();
    assert_eq!(e.param(), "deriv");
    let e = normal_map_from_deriv(&mut out, &d, r.width, r.height, -1.0).unwrap_err();
    assert_eq!(e.param(), "slopeScale");
}
