//! Tree placement: spacing, threshold, monotone thinning, determinism, input checks.

use landform::noise::simplex::Simplex;
use landform::terrain::placement::{place, poisson_disk};

/// A density field in [0, 1] on a `w × h` grid (simplex at scale 16 mapped by (v + 1) / 2).
fn density(w: usize, h: usize) -> Vec<f32> {
    let n = Simplex::new(1337);
    (0..w * h)
        .map(|i| (n.noise2((i % w) as f32 / 16.0, (i / w) as f32 / 16.0) + 1.0) / 2.0)
        .collect()
}

fn closest_pair(points: &[[f32; 2]]) -> f64 {
    let mut best = f64::INFINITY;
    for (i, a) in points.iter().enumerate() {
        for b in &points[i + 1..] {
            let (dx, dy) = (a[0] as f64 - b[0] as f64, a[1] as f64 - b[1] as f64);
            best = best.min((dx * dx + dy * dy).sqrt());
        }
    }
    best
}

#[test]
fn no_two_trees_are_closer_than_min_spacing() {
    let field = density(120, 90);
    for spacing in [1.5f32, 3.0, 7.25] {
        let trees = place(&field, 120, 90, 0.3, spacing, 9).unwrap();
        assert!(trees.len() > 10);
        let d = closest_pair(&trees);
        assert!(
            d >= spacing as f64 * (1.0 - 1e-6),
            "spacing {spacing}: closest pair {d}"
        );
    }
}

#[test]
fn poisson_disk_fills_the_rectangle_densely_without_a_grid() {
    // Bridson's sampling is maximal: every spot of the area is within 2r of a point, so
    // the count is at least area / (π (2r)²); and at most area / (π r²/4) + boundary.
    let (w, h, r) = (100.0f32, 80.0f32, 4.0f32);
    let pts = poisson_disk(w, h, r, 5).unwrap();
    let n = pts.len() as f32;
    assert!(n > w * h / (std::f32::consts::PI * 4.0 * r * r), "{n}");
    assert!(
        n < (w + r) * (h + r) / (std::f32::consts::PI * r * r / 4.0),
        "{n}"
    );
    assert!(pts
        .iter()
        .all(|p| p[0] >= 0.0 && p[0] < w && p[1] >= 0.0 && p[1] < h));
    // Not a grid: the x coordinates modulo the spacing are spread out, not all equal.
    let mut fracs: Vec<i32> = pts
        .iter()
        .map(|p| ((p[0] / r).fract() * 10.0) as i32)
        .collect();
    fracs.sort();
    fracs.dedup();
    assert!(fracs.len() >= 8, "{fracs:?}");
}

#[test]
fn every_tree_stands_on_a_cell_above_the_threshold() {
    let (w, h) = (100, 70);
    let field = density(w, h);
    for t in [0.2f32, 0.5, 0.7] {
        for p in place(&field, w, h, t, 2.0, 3).unwrap() {
            assert!(
                field[p[1] as usize * w + p[0] as usize] > t,
                "threshold {t}: tree at {p:?}"
            );
        }
    }
}

#[test]
fn raising_the_threshold_only_removes_trees() {
    let (w, h) = (128, 96);
    let field = density(w, h);
    let mut last: Option<Vec<[f32; 2]>> = None;
    for k in 0..=10 {
        let trees = place(&field, w, h, k as f32 / 10.0, 2.5, 77).unwrap();
        if let Some(prev) = &last {
            assert!(trees.len() <= prev.len(), "threshold {k}/10 added trees");
            assert!(
                trees.iter().all(|t| prev.contains(t)),
                "threshold {k}/10 moved trees"
            );
        }
        last = Some(trees);
    }
    assert!(last.unwrap().is_empty(), "no field value exceeds 1");
}

#[test]
fn same_seed_same_trees_and_other_seeds_differ() {
    let field = density(64, 64);
    let a = place(&field, 64, 64, 0.4, 3.0, 1).unwrap();
    let b = place(&field, 64, 64, 0.4, 3.0, 1).unwrap();
    let c = place(&field, 64, 64, 0.4, 3.0, 2).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn bad_input_is_rejected_with_the_parameter_named() {
    let field = density(10, 10);
    let err = |r: landform::Result<Vec<[f32; 2]>>| r.unwrap_err().param();
    assert_eq!(err(place(&field, 10, 9, 0.5, 1.0, 0)), "field");
    assert_eq!(err(place(&field, 10, 10, f32::NAN, 1.0, 0)), "threshold");
    assert_eq!(err(place(&field, 10, 10, 0.5, 0.0, 0)), "minSpacing");
    assert_eq!(err(place(&field, 10, 10, 0.5, -1.0, 0)), "minSpacing");
    assert_eq!(
        err(place(&field, 10, 10, 0.5, f32::INFINITY, 0)),
        "minSpacing"
    );
    assert_eq!(err(place(&[], 0, 0, 0.5, 1.0, 0)), "width");
    let mut nan = field.clone();
    nan[3] = f32::NAN;
    assert_eq!(err(place(&nan, 10, 10, 0.5, 1.0, 0)), "field");
    // A spacing so small the background grid would exhaust memory.
    assert_eq!(err(poisson_disk(4096.0, 4096.0, 0.01, 0)), "minSpacing");
}

#[test]
fn a_spacing_larger_than_the_area_gives_one_tree_or_none() {
    let field = vec![1.0f32; 25];
    let trees = place(&field, 5, 5, 0.5, 100.0, 4).unwrap();
    assert_eq!(trees.len(), 1);
}

#[test]
fn golden_hash_of_tree_placement_that_the_wasm_build_must_reproduce() {
    // Simplex seed 7 at scale 20 on 64 × 48 mapped to [0, 1], threshold 0.5, spacing 3,
    // seed 42. tests/web_caves.rs checks the same numbers in wasm.
    let n = Simplex::new(7);
    let field: Vec<f32> = (0..64 * 48)
        .map(|i| (n.noise2((i % 64) as f32 / 20.0, (i / 64) as f32 / 20.0) + 1.0) / 2.0)
        .collect();
    let trees = place(&field, 64, 48, 0.5, 3.0, 42).unwrap();
    let hash = trees
        .iter()
        .flat_map(|p| p.iter().flat_map(|v| v.to_bits().to_le_bytes()))
        .fold(0x811C_9DC5u32, |h, b| {
            (h ^ b as u32).wrapping_mul(0x0100_0193)
        });
    assert_eq!((trees.len(), hash), (111, 2_503_232_783));
}
