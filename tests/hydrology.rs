mod common;

use common::{bumpy_map, white_noise};
use landform::hydrology::{
    fill_depressions, flow_accumulation, flow_directions, planchon_darboux, priority_flood,
    river_mask, undrained_cells, FillMethod, FillParams, NO_FLOW,
};

fn params(method: FillMethod, epsilon: f32, sea_level: Option<f32>) -> FillParams {
    FillParams {
        method,
        epsilon,
        sea_level,
    }
}

/// Maps with many depressions: smooth bumps, white noise, and an erosion-like mix.
fn test_maps() -> Vec<(usize, usize, Vec<f32>)> {
    vec![
        (64, 48, bumpy_map(64, 48, 1)),
        (33, 57, white_noise(33, 57, 2)),
        (
            80,
            80,
            bumpy_map(80, 80, 3)
                .iter()
                .zip(white_noise(80, 80, 4))
                .map(|(a, b)| a + 0.05 * b)
                .collect(),
        ),
        (1, 9, white_noise(1, 9, 5)),
        // Terraced: many flats and ties, which the queues of the flood must order.
        (
            150,
            110,
            bumpy_map(150, 110, 6)
                .iter()
                .zip(white_noise(150, 110, 7))
                .map(|(a, b)| ((a + 0.1 * b) * 20.0).round() / 20.0)
                .collect(),
        ),
        (3, 3, vec![1.0, 1.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 1.0]),
    ]
}

const CASES: [(f32, Option<f32>); 4] = [
    (0.0, None),
    (1e-4, None),
    (0.0, Some(0.35)),
    (0.01, Some(0.2)),
];

#[test]
fn priority_flood_leaves_every_cell_draining_and_lowers_none() {
    for (w, h, map) in test_maps() {
        for (eps, sea) in CASES {
            let mut z = map.clone();
            priority_flood(&mut z, w, h, &params(FillMethod::PriorityFlood, eps, sea)).unwrap();
            assert!(
                undrained_cells(&z, w, h, sea).unwrap().is_empty(),
                "{w}×{h} ε={eps} sea={sea:?}"
            );
            assert!(z.iter().zip(&map).all(|(a, b)| a >= b), "a cell went down");
        }
    }
}

#[test]
fn planchon_darboux_leaves_every_cell_draining_and_lowers_none() {
    for (w, h, map) in test_maps() {
        for (eps, sea) in CASES {
            let mut z = map.clone();
            planchon_darboux(&mut z, w, h, &params(FillMethod::PlanchonDarboux, eps, sea)).unwrap();
            assert!(
                undrained_cells(&z, w, h, sea).unwrap().is_empty(),
                "{w}×{h} ε={eps} sea={sea:?}"
            );
            assert!(z.iter().zip(&map).all(|(a, b)| a >= b), "a cell went down");
        }
    }
}

#[test]
fn both_fill_methods_agree_bit_for_bit() {
    for (w, h, map) in test_maps() {
        for (eps, sea) in CASES {
            let (mut a, mut b) = (map.clone(), map.clone());
            let ra = fill_depressions(&mut a, w, h, &params(FillMethod::PriorityFlood, eps, sea))
                .unwrap();
            let rb = fill_depressions(&mut b, w, h, &params(FillMethod::PlanchonDarboux, eps, sea))
                .unwrap();
            for (i, (x, y)) in a.iter().zip(&b).enumerate() {
                assert_eq!(
                    x.to_bits(),
                    y.to_bits(),
                    "{w}×{h} ε={eps} sea={sea:?} cell {i}: {x} vs {y}"
                );
            }
            assert_eq!(ra.raised, rb.raised);
        }
    }
}

#[test]
fn a_walled_pit_fills_to_the_rim_plus_epsilon_per_step() {
    // 5×5: border at 1, inner ring at 0.5, centre 0. Minimal drained surface with ε =
    // 0.25 (exact in binary): ring at 1 + ε, centre at 1 + 2ε.
    let mut z = vec![1.0f32; 25];
    for y in 1..4 {
        for x in 1..4 {
            z[y * 5 + x] = 0.5;
        }
    }
    z[12] = 0.0;
    for method in [FillMethod::PriorityFlood, FillMethod::PlanchonDarboux] {
        let mut f = z.clone();
        let r = fill_depressions(&mut f, 5, 5, &params(method, 0.25, None)).unwrap();
        assert_eq!(r.raised, 9);
        for (i, &v) in f.iter().enumerate() {
            let (x, y) = (i % 5, i / 5);
            let want = if i == 12 {
                1.5
            } else if (1..4).contains(&x) && (1..4).contains(&y) {
                1.25
            } else {
                1.0
            };
            assert_eq!(v, want, "{method:?} cell ({x},{y})");
        }
    }
}

#[test]
fn epsilon_zero_raises_by_one_float_step() {
    let mut z = vec![1.0f32, 1.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 1.0];
    priority_flood(&mut z, 3, 3, &FillParams::default()).unwrap();
    assert_eq!(z[4], f32::from_bits(1.0f32.to_bits() + 1));
}

#[test]
fn a_map_that_already_drains_is_left_alone() {
    let n = 41;
    let c = 20.0f32;
    let cone: Vec<f32> = (0..n * n)
        .map(|i| 100.0 - ((i % n) as f32 - c).abs().max(((i / n) as f32 - c).abs()))
        .collect();
    for method in [FillMethod::PriorityFlood, FillMethod::PlanchonDarboux] {
        let mut z = cone.clone();
        let r = fill_depressions(&mut z, n, n, &params(method, 0.5, None)).unwrap();
        assert_eq!((r.raised, z), (0, cone.clone()), "{method:?}");
    }
}

#[test]
fn sea_cells_are_outlets_and_are_never_changed() {
    let (w, h) = (50, 50);
    let map = bumpy_map(w, h, 11);
    let mut z = map.clone();
    priority_flood(
        &mut z,
        w,
        h,
        &params(FillMethod::PriorityFlood, 0.0, Some(0.4)),
    )
    .unwrap();
    for (a, b) in z.iter().zip(&map) {
        if *b < 0.4 {
            assert_eq!(a, b);
        }
    }
}

#[test]
fn d8_outflow_equals_rain_after_filling() {
    for (w, h, map) in test_maps() {
        for sea in [None, Some(0.3)] {
            let mut z = map.clone();
            priority_flood(&mut z, w, h, &params(FillMethod::PriorityFlood, 0.0, sea)).unwrap();
            let mut acc = vec![0.0; w * h];
            let t = flow_accumulation(&z, w, h, sea, &mut acc).unwrap();
            assert_eq!(t.rain, (w * h) as u64);
            assert_eq!((t.outflow, t.ponded), (t.rain, 0), "{w}×{h} sea={sea:?}");
            assert!(acc.iter().all(|&a| a >= 1.0));
        }
    }
}

#[test]
fn d8_without_filling_reports_ponded_rain_and_still_conserves_it() {
    let (w, h) = (40, 40);
    let z = white_noise(w, h, 8);
    let mut acc = vec![0.0; w * h];
    let t = flow_accumulation(&z, w, h, None, &mut acc).unwrap();
    assert!(t.ponded > 0);
    assert_eq!(t.outflow + t.ponded, t.rain);
}

#[test]
fn d8_on_a_tilted_plane_sends_each_column_to_the_next() {
    // z = x: all water runs west, so column x carries the rain of columns x..w.
    let (w, h) = (12, 7);
    let z: Vec<f32> = (0..w * h).map(|i| (i % w) as f32).collect();
    let mut acc = vec![0.0; w * h];
    flow_accumulation(&z, w, h, None, &mut acc).unwrap();
    for x in 0..w {
        let col: f32 = (0..h).map(|y| acc[y * w + x]).sum();
        assert_eq!(col, ((w - x) * h) as f32, "column {x}");
    }
    // A single row is exact per cell.
    let row: Vec<f32> = (0..10).map(|x| x as f32).collect();
    let mut acc = vec![0.0; 10];
    flow_accumulation(&row, 10, 1, None, &mut acc).unwrap();
    assert_eq!(acc, (0..10).map(|x| (10 - x) as f32).collect::<Vec<_>>());
}

#[test]
fn d8_direction_ties_go_to_the_first_neighbour_in_d8_order() {
    // Centre 1, all eight neighbours 0: the first in D8 order (east) wins.
    let z = [0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0];
    let d = flow_directions(&z, 3, 3).unwrap();
    assert_eq!(d[4], 0);
    assert!(d.iter().enumerate().all(|(i, &v)| i == 4 || v == NO_FLOW));
}

#[test]
fn river_mask_marks_cells_above_the_threshold() {
    let acc = [1.0, 5.0, 10.0, 10.5, 100.0];
    let mut m = [9u8; 5];
    assert_eq!(river_mask(&acc, 10.0, &mut m).unwrap(), 2);
    assert_eq!(m, [0, 0, 0, 1, 1]);
}

#[test]
fn hydrology_rejects_bad_input_naming_the_parameter() {
    let mut z = vec![0.0f32; 16];
    let bad = |e: FillParams| {
        priority_flood(&mut z.clone(), 4, 4, &e)
            .unwrap_err()
            .param()
    };
    assert_eq!(
        bad(params(FillMethod::PriorityFlood, -0.1, None)),
        "epsilon"
    );
    assert_eq!(
        bad(params(FillMethod::PriorityFlood, f32::NAN, None)),
        "epsilon"
    );
    assert_eq!(
        bad(params(FillMethod::PriorityFlood, 0.0, Some(f32::INFINITY))),
        "seaLevel"
    );
    assert_eq!(
        priority_flood(&mut z, 5, 4, &FillParams::default())
            .unwrap_err()
            .param(),
        "heights"
    );
    assert_eq!(
        planchon_darboux(&mut z, 0, 4, &FillParams::default())
            .unwrap_err()
            .param(),
        "width"
    );
    z[3] = f32::NAN;
    assert_eq!(
        planchon_darboux(&mut z, 4, 4, &FillParams::default())
            .unwrap_err()
            .param(),
        "heights"
    );
    let mut acc = vec![0.0; 15];
    assert_eq!(
        flow_accumulation(&[0.0; 16], 4, 4, None, &mut acc)
            .unwrap_err()
            .param(),
        "accumulation"
    );
    assert_eq!(
        river_mask(&[1.0], -1.0, &mut [0]).unwrap_err().param(),
        "threshold"
    );
    assert_eq!(
        river_mask(&[1.0], 1.0, &mut [0, 0]).unwrap_err().param(),
        "mask"
    );
}

/// `w + ε`, or the next float up when that rounds back to `w` (the fill's step).
fn raise(w: f32, eps: f32) -> f32 {
    let r = w + eps;
    if r > w {
        r
    } else {
        f32::from_bits(w.to_bits() + 1) // test maps are positive
    }
}

fn neighbours(i: usize, w: usize, h: usize) -> impl Iterator<Item = usize> {
    let (x, y) = ((i % w) as i64, (i / w) as i64);
    (-1..=1i64)
        .flat_map(move |dy| (-1..=1i64).map(move |dx| (x + dx, y + dy)))
        .filter(move |&(nx, ny)| {
            (nx, ny) != (x, y) && nx >= 0 && ny >= 0 && nx < w as i64 && ny < h as i64
        })
        .map(move |(nx, ny)| ny as usize * w + nx as usize)
}

#[test]
fn filled_cells_are_raised_no_higher_than_needed() {
    // Minimality: a raised cell sits exactly at raise(lowest neighbour), and every land
    // cell drops by at least ε (in raise's sense) to some neighbour.
    for (w, h, map) in test_maps() {
        for (eps, sea) in CASES {
            let mut z = map.clone();
            priority_flood(&mut z, w, h, &params(FillMethod::PriorityFlood, eps, sea)).unwrap();
            for i in 0..w * h {
                let border = i % w == 0 || i / w == 0 || i % w == w - 1 || i / w == h - 1;
                if border || sea.is_some_and(|s| map[i] < s) {
                    continue;
                }
                let low = neighbours(i, w, h)
                    .map(|n| raise(z[n], eps))
                    .fold(f32::INFINITY, f32::min);
                assert!(z[i] >= low, "{w}×{h} ε={eps}: cell {i} does not drop by ε");
                if z[i] > map[i] {
                    assert_eq!(z[i], low, "{w}×{h} ε={eps}: cell {i} raised too high");
                }
            }
        }
    }
}

#[test]
fn d8_accumulation_is_one_plus_the_water_of_every_donor() {
    for (w, h, map) in test_maps() {
        let dirs = flow_directions(&map, w, h).unwrap();
        let mut acc = vec![0.0; w * h];
        flow_accumulation(&map, w, h, None, &mut acc).unwrap();
        let d8 = landform::hydrology::D8;
        let mut want = vec![1.0f32; w * h];
        for (i, &d) in dirs.iter().enumerate() {
            if d != NO_FLOW {
                // the receiver is the strictly lowest neighbour
                let (dx, dy) = d8[d as usize];
                let t = ((i / w) as i32 + dy) as usize * w + ((i % w) as i32 + dx) as usize;
                assert!(map[t] < map[i] && neighbours(i, w, h).all(|n| map[n] >= map[t]));
                want[t] += acc[i];
            } else {
                assert!(neighbours(i, w, h).all(|n| map[n] >= map[i]));
            }
        }
        assert_eq!(acc, want, "{w}×{h}");
    }
}

#[test]
fn tiny_and_all_sea_maps_are_handled() {
    for (w, h) in [(1, 1), (2, 2), (1, 5), (5, 1), (2, 7)] {
        let map = white_noise(w, h, 3);
        for method in [FillMethod::PriorityFlood, FillMethod::PlanchonDarboux] {
            let mut z = map.clone();
            let r = fill_depressions(&mut z, w, h, &params(method, 0.0, None)).unwrap();
            assert_eq!((r.raised, &z), (0, &map), "every cell is on the border");
        }
    }
    let map = bumpy_map(30, 30, 4);
    let mut z = map.clone();
    let r = priority_flood(
        &mut z,
        30,
        30,
        &params(FillMethod::PriorityFlood, 0.0, Some(10.0)),
    )
    .unwrap();
    assert_eq!((r.raised, z), (0, map.clone()), "all sea: nothing to fill");
    let mut acc = vec![0.0; 900];
    let t = flow_accumulation(&map, 30, 30, Some(10.0), &mut acc).unwrap();
    assert_eq!((t.outflow, t.ponded), (900, 0));
    assert!(
        acc.iter().all(|&a| a == 1.0),
        "sea cells keep only their own rain"
    );
}
