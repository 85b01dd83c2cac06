//! The O(n) drainage core: receivers, stack order, drainage area, and the
//! `flow_accumulation` rebuilt on them, against brute force and the sorted original.

mod common;

use common::{bumpy_map, white_noise};
use landform::hydrology::lakes::{fill_lakes, LakeScratch};
use landform::hydrology::planchon_darboux;
use landform::hydrology::receivers::{receivers_into, Descent};
use landform::hydrology::{
    fill_depressions, flow_accumulation, flow_accumulation_sorted, FillParams, D8,
};
use landform::landscape::{drainage_area, flow_receivers, stack_order};

fn maps() -> Vec<(usize, usize, Vec<f32>)> {
    vec![
        (64, 48, bumpy_map(64, 48, 1)),
        (33, 57, white_noise(33, 57, 2)),
        (1, 17, white_noise(1, 17, 3)),
        (23, 1, white_noise(23, 1, 4)),
        (2, 2, white_noise(2, 2, 5)),
        (
            80,
            80,
            bumpy_map(80, 80, 6)
                .iter()
                .zip(white_noise(80, 80, 7))
                .map(|(a, b)| a + 0.05 * b)
                .collect(),
        ),
    ]
}

fn filled(z: &[f32], w: usize, h: usize, sea: Option<f32>) -> Vec<f32> {
    let mut f = z.to_vec();
    let p = FillParams {
        sea_level: sea,
        ..FillParams::default()
    };
    fill_depressions(&mut f, w, h, &p).unwrap();
    f
}

#[test]
fn receivers_are_the_steepest_strictly_lower_neighbour_by_true_distance() {
    for (w, h, z) in maps() {
        let mut rec = vec![0u32; w * h];
        flow_receivers(&z, w, h, None, &mut rec).unwrap();
        for i in 0..w * h {
            let (x, y) = ((i % w) as i32, (i / w) as i32);
            let border = x == 0 || y == 0 || x + 1 == w as i32 || y + 1 == h as i32;
            // Brute force: best slope over the in-map neighbours, f64.
            let mut best = (0.0f64, i);
            for &(dx, dy) in &D8 {
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx >= w as i32 || ny >= h as i32 {
                    continue;
                }
                let n = ny as usize * w + nx as usize;
                let s = (z[i] as f64 - z[n] as f64) / ((dx * dx + dy * dy) as f64).sqrt();
                if s > best.0 {
                    best = (s, n);
                }
            }
            let want = if border { i } else { best.1 };
            assert_eq!(rec[i] as usize, want, "cell {i} of {w}×{h}");
        }
    }
}

#[test]
fn stack_holds_every_cell_once_after_its_receiver() {
    for (w, h, z) in maps() {
        for map in [z.clone(), filled(&z, w, h, None)] {
            let mut rec = vec![0u32; w * h];
            flow_receivers(&map, w, h, None, &mut rec).unwrap();
            let mut stack = Vec::new();
            stack_order(&rec, w, h, &mut stack).unwrap();
            assert_eq!(stack.len(), w * h);
            let mut pos = vec![usize::MAX; w * h];
            for (k, &c) in stack.iter().enumerate() {
                assert_eq!(pos[c as usize], usize::MAX, "cell {c} twice");
                pos[c as usize] = k;
            }
            for i in 0..w * h {
                let r = rec[i] as usize;
                if r != i {
                    assert!(pos[r] < pos[i], "cell {i} before its receiver {r}");
                }
            }
        }
    }
}

#[test]
fn drainage_area_equals_the_brute_force_upstream_count() {
    for (w, h, z) in maps() {
        for sea in [None, Some(0.3)] {
            let map = filled(&z, w, h, sea);
            let mut rec = vec![0u32; w * h];
            flow_receivers(&map, w, h, sea, &mut rec).unwrap();
            // Brute force: walk every cell down to its root, counting it everywhere.
            let mut count = vec![0u32; w * h];
            for start in 0..w * h {
                let mut c = start;
                loop {
                    count[c] += 1;
                    if rec[c] as usize == c {
                        break;
                    }
                    c = rec[c] as usize;
                }
            }
            let mut area = vec![0.0f32; w * h];
            drainage_area(&rec, w, h, 10.0, &mut area).unwrap();
            for i in 0..w * h {
                assert_eq!(area[i], count[i] as f32 * 100.0, "cell {i}");
            }
        }
    }
}

#[test]
fn flow_accumulation_on_the_stack_equals_the_sorted_original_bit_for_bit() {
    for (w, h, z) in maps() {
        for sea in [None, Some(0.2), Some(0.6)] {
            for map in [z.clone(), filled(&z, w, h, sea)] {
                let (mut a, mut b) = (vec![0.0f32; w * h], vec![0.0f32; w * h]);
                let ta = flow_accumulation(&map, w, h, sea, &mut a).unwrap();
                let tb = flow_accumulation_sorted(&map, w, h, sea, &mut b).unwrap();
                assert_eq!(ta, tb);
                assert!(a.iter().zip(&b).all(|(x, y)| x.to_bits() == y.to_bits()));
            }
        }
    }
    // Flats and plateaus (many equal heights) exercise the tie-breaking.
    let (w, h) = (40, 30);
    let steps: Vec<f32> = white_noise(w, h, 9)
        .iter()
        .map(|v| (v * 4.0).floor() / 4.0)
        .collect();
    let (mut a, mut b) = (vec![0.0f32; w * h], vec![0.0f32; w * h]);
    assert_eq!(
        flow_accumulation(&steps, w, h, None, &mut a).unwrap(),
        flow_accumulation_sorted(&steps, w, h, None, &mut b).unwrap()
    );
    assert_eq!(a, b);
}

#[test]
fn bad_receivers_are_range_errors_naming_receivers() {
    let mut out = Vec::new();
    // Not a neighbour.
    let e = stack_order(&[5, 1, 2, 3, 4, 5], 3, 2, &mut out).unwrap_err();
    assert_eq!(e.param(), "receivers");
    let e = stack_order(&[0, 1, 9, 3], 2, 2, &mut out).unwrap_err();
    assert_eq!(e.param(), "receivers");
    // A cycle: 1 → 2 → 1 on a 3×1 strip.
    let e = stack_order(&[0, 2, 1], 3, 1, &mut out).unwrap_err();
    assert_eq!(e.param(), "receivers");
    assert!(e.to_string().contains("cycle"), "{e}");
    // Wrapping across a row end is not a neighbour: cell 2 (x=2,y=0) → 3 (x=0,y=1).
    let e = stack_order(&[0, 1, 3, 3, 4, 5], 3, 2, &mut out).unwrap_err();
    assert_eq!(e.param(), "receivers");
    let e = stack_order(&[0, 1, 2], 2, 2, &mut out).unwrap_err();
    assert_eq!(e.param(), "receivers");
    let mut area = vec![0.0; 4];
    let e = drainage_area(&[0, 1, 2, 3], 2, 2, 0.0, &mut area).unwrap_err();
    assert_eq!(e.param(), "cellSize");
    let e = flow_receivers(&[0.0, f32::NAN, 0.0, 0.0], 2, 2, None, &mut [0; 4]).unwrap_err();
    assert_eq!(e.param(), "heights");
    let e = flow_receivers(&[0.0; 4], 2, 2, Some(f32::INFINITY), &mut [0; 4]).unwrap_err();
    assert_eq!(e.param(), "seaLevel");
}

/// Maps with many lakes: the test maps, larger bumpy ones with noise, the same rounded
/// to 1/8 and 1/64 (wide flats, cells exactly at a lake's level and just above it),
/// and shifted below zero (heights of both signs).
fn lake_maps() -> Vec<(usize, usize, Vec<f32>)> {
    let mut out = maps();
    for (k, (w, h)) in [(200, 150), (97, 211), (128, 128)].into_iter().enumerate() {
        let seed = 20 + k as u32;
        let m: Vec<f32> = bumpy_map(w, h, seed)
            .iter()
            .zip(white_noise(w, h, seed + 100))
            .map(|(a, b)| a + 0.1 * b)
            .collect();
        for q in [8.0, 64.0] {
            out.push((w, h, m.iter().map(|v| (v * q).round() / q).collect()));
        }
        out.push((w, h, m.iter().map(|v| v - 0.5).collect()));
        out.push((w, h, m));
    }
    out
}

#[test]
fn filling_only_the_lakes_equals_the_whole_map_fill_bit_for_bit() {
    // Planchon–Darboux: an independent method (sweeps over the whole map) with the
    // same unique fixed point; priority_flood itself runs fill_lakes at ε = 0.
    let mut scratch = LakeScratch::default();
    let mut total = 0;
    for (w, h, z) in lake_maps() {
        for sea in [None, Some(0.25), Some(0.5), Some(-0.3)] {
            let mut whole = z.clone();
            let p = FillParams {
                sea_level: sea,
                ..FillParams::default()
            };
            let raised_whole = planchon_darboux(&mut whole, w, h, &p).unwrap().raised;
            let outlet: Vec<bool> = (0..w * h)
                .map(|i| {
                    let (x, y) = (i % w, i / w);
                    x == 0 || y == 0 || x + 1 == w || y + 1 == h || sea.is_some_and(|s| z[i] < s)
                })
                .collect();
            let mut local = z.clone();
            let mut rec = vec![0u32; w * h];
            receivers_into(&local, w, h, &outlet, Descent::Steepest, &mut rec);
            let raised = fill_lakes(&mut local, w, h, &outlet, &rec, &mut scratch);
            assert_eq!(raised, raised_whole, "{w}×{h} sea {sea:?}");
            for (i, (a, b)) in local.iter().zip(&whole).enumerate() {
                assert_eq!(
                    a.to_bits(),
                    b.to_bits(),
                    "{w}×{h} sea {sea:?} cell {i}: {a} vs {b}"
                );
            }
            total += raised;
        }
    }
    assert!(
        total > 10_000,
        "the maps had little to fill: {total} cells raised"
    );
}
