//! Caves: threshold, automaton smoothing, region labelling, pocket removal, connection.

mod common;

use common::fnv1a_bytes;
use landform::noise::simplex::Simplex;
use landform::terrain::caves::{self, CaRule, AIR, WALL};

/// Parses a picture: `#` wall, `.` air; rows of equal length.
fn grid(rows: &[&str]) -> (Vec<u8>, usize, usize) {
    let w = rows[0].len();
    let cells = rows
        .iter()
        .flat_map(|r| r.bytes().map(|b| if b == b'#' { WALL } else { AIR }))
        .collect();
    (cells, w, rows.len())
}

/// Noise values in [0, 1] on a `w × h` grid (simplex at scale 8, mapped by (v + 1) / 2).
fn noise01(w: usize, h: usize, seed: u32) -> Vec<f32> {
    let n = Simplex::new(seed);
    (0..w * h)
        .map(|i| (n.noise2((i % w) as f32 / 8.0, (i / w) as f32 / 8.0) + 1.0) / 2.0)
        .collect()
}

fn walls(g: &[u8]) -> usize {
    g.iter().filter(|&&c| c == WALL).count()
}

#[test]
fn threshold_marks_wall_strictly_below_and_air_at_or_above() {
    let mut out = [9u8; 4];
    caves::threshold(&[0.2, 0.5, 0.51, f32::NAN], 0.5, &mut out).unwrap();
    assert_eq!(out, [WALL, AIR, AIR, AIR]);
    assert_eq!(
        caves::threshold(&[0.1; 3], 0.5, &mut out)
            .unwrap_err()
            .param(),
        "out"
    );
}

#[test]
fn raising_the_threshold_increases_the_wall_fraction() {
    let values = noise01(64, 64, 7);
    let mut out = vec![0u8; values.len()];
    let mut fractions = vec![];
    for k in 0..=20 {
        caves::threshold(&values, k as f32 / 20.0, &mut out).unwrap();
        fractions.push(walls(&out) as f32 / out.len() as f32);
    }
    assert!(fractions.windows(2).all(|p| p[0] <= p[1]), "{fractions:?}");
    assert_eq!((fractions[0], fractions[20]), (0.0, 1.0));
    // Balanced near 0.5, mostly rock at 0.7 (article `000`, figure 4).
    assert!(
        (0.3..0.7).contains(&fractions[10]) && fractions[14] > 0.6,
        "{fractions:?}"
    );
}

#[test]
fn smoothing_fills_a_lone_air_cell_and_opens_a_lone_wall_cell() {
    let (mut g, w, h) = grid(&["#####", "#####", "##.##", "#####", "#####"]);
    caves::smooth(&mut g, w, h, 1, CaRule::default()).unwrap();
    assert_eq!(walls(&g), 25);
    let (mut g, w, h) = grid(&[".....", ".....", "..#..", ".....", "....."]);
    caves::smooth(&mut g, w, h, 1, CaRule::default()).unwrap();
    // The lone wall dies (0 wall neighbours < 4); border cells see 3 or 5 outside walls:
    // corners become wall (5 outside neighbours), edge midpoints stay air (3).
    assert_eq!(g[2 * w + 2], AIR);
    assert_eq!(g[0], WALL);
    assert_eq!(g[2], AIR);
}

#[test]
fn smoothing_leaves_a_stable_pattern_unchanged_and_converges() {
    // A room with cut corners in solid rock: every air cell has at most 4 wall
    // neighbours (< 5) and every wall cell at least 4 (≥ 4), so B5678/S45678 changes
    // nothing. (A square room would not do: its inner corners see 5 walls.)
    let (mut g, w, h) = grid(&[
        "##########",
        "###....###",
        "##......##",
        "##......##",
        "###....###",
        "##########",
    ]);
    let before = g.clone();
    caves::smooth(&mut g, w, h, 10, CaRule::default()).unwrap();
    assert_eq!(g, before);
    // On noise: once smoothing has run long enough, more steps change nothing.
    let values = noise01(48, 48, 3);
    let mut g = vec![0u8; values.len()];
    caves::threshold(&values, 0.5, &mut g).unwrap();
    caves::smooth(&mut g, 48, 48, 50, CaRule::default()).unwrap();
    let settled = g.clone();
    caves::smooth(&mut g, 48, 48, 1, CaRule::default()).unwrap();
    assert_eq!(g, settled);
}

#[test]
fn smooth_rejects_bad_rules_and_wrong_lengths() {
    let mut g = vec![0u8; 12];
    assert_eq!(
        caves::smooth(&mut g, 3, 3, 1, CaRule::default())
            .unwrap_err()
            .param(),
        "grid"
    );
    assert_eq!(
        caves::smooth(
            &mut g,
            4,
            3,
            1,
            CaRule {
                birth: 10,
                survival: 4
            }
        )
        .unwrap_err()
        .param(),
        "birth"
    );
    assert_eq!(
        caves::smooth(
            &mut g,
            4,
            3,
            1,
            CaRule {
                birth: 5,
                survival: 12
            }
        )
        .unwrap_err()
        .param(),
        "survival"
    );
    assert!(caves::regions(&g, usize::MAX, 2).is_err());
}

#[test]
fn regions_counts_and_sizes_on_a_hand_made_grid() {
    // Four air regions in row-major order of their first cell: 4 cells top left, 2 top
    // right, 1 lone cell, and a 2 × 2 block.
    let (g, w, h) = grid(&["...#.", "##.#.", "#####", "#.#..", "###.."]);
    let r = caves::regions(&g, w, h).unwrap();
    assert_eq!(r.sizes, vec![4, 2, 1, 4]);
    assert_eq!(r.count(), 4);
    assert_eq!(r.largest(), 1);
    assert_eq!(r.labels[0], 1);
    assert_eq!(r.labels[4], 2);
    assert_eq!(r.labels[3 * w + 1], 3);
    assert_eq!(r.labels[4 * w + 4], 4);
    assert_eq!(r.labels[2 * w], 0);
}

#[test]
fn remove_pockets_fills_every_region_below_min_size_and_reports_counts() {
    let (mut g, w, h) = grid(&["...#.", "##.#.", "#####", "#.#..", "###.."]);
    let rep = caves::remove_pockets(&mut g, w, h, 3).unwrap();
    assert_eq!((rep.caves_before, rep.caves_after), (4, 2));
    assert_eq!(
        (rep.pockets_before, rep.pockets_after, rep.changed),
        (2, 0, 3)
    );
    let r = caves::regions(&g, w, h).unwrap();
    assert_eq!(r.sizes, vec![4, 4]);
}

#[test]
fn after_remove_pockets_no_region_is_below_min_size_on_noise() {
    let values = noise01(96, 96, 11);
    let mut g = vec![0u8; values.len()];
    caves::threshold(&values, 0.45, &mut g).unwrap();
    let rep = caves::remove_pockets(&mut g, 96, 96, 40).unwrap();
    assert!(rep.pockets_before > 0, "test needs pockets to remove");
    let r = caves::regions(&g, 96, 96).unwrap();
    assert!(r.sizes.iter().all(|&s| s >= 40));
    assert_eq!(r.count(), rep.caves_after);
}

#[test]
fn connect_leaves_exactly_one_air_region_on_hand_made_and_noise_grids() {
    let (mut g, w, h) = grid(&["...#.", "##.#.", "#####", "#.#..", "###.."]);
    let air_before = g.len() - walls(&g);
    let rep = caves::connect_regions(&mut g, w, h).unwrap();
    assert_eq!(
        (
            rep.caves_before,
            rep.caves_after,
            rep.pockets_before,
            rep.pockets_after
        ),
        (4, 1, 3, 0)
    );
    assert_eq!(caves::regions(&g, w, h).unwrap().count(), 1);
    assert_eq!(g.len() - walls(&g), air_before + rep.changed as usize);

    for seed in [1, 2, 3] {
        let values = noise01(80, 60, seed);
        let mut g = vec![0u8; values.len()];
        caves::threshold(&values, 0.5, &mut g).unwrap();
        caves::smooth(&mut g, 80, 60, 4, CaRule::default()).unwrap();
        let before = caves::regions(&g, 80, 60).unwrap().count();
        let mut again = g.clone();
        let rep = caves::connect_regions(&mut g, 80, 60).unwrap();
        assert!(before > 1, "seed {seed} needs several caves");
        assert_eq!(rep.caves_before, before);
        assert_eq!(caves::regions(&g, 80, 60).unwrap().count(), 1);
        // Deterministic: the same input carves the same tunnels.
        caves::connect_regions(&mut again, 80, 60).unwrap();
        assert_eq!(again, g);
    }
}

#[test]
fn connect_carves_the_shortest_tunnel_between_two_rooms() {
    let (mut g, w, h) = grid(&["#######", "#..#..#", "#..#..#", "#######"]);
    let rep = caves::connect_regions(&mut g, w, h).unwrap();
    assert_eq!(rep.changed, 1);
    assert_eq!(caves::regions(&g, w, h).unwrap().count(), 1);
}

#[test]
fn all_wall_and_all_air_grids_are_handled() {
    let mut g = vec![WALL; 16];
    assert_eq!(caves::connect_regions(&mut g, 4, 4).unwrap().caves_after, 0);
    assert_eq!(
        caves::remove_pockets(&mut g, 4, 4, 5).unwrap().caves_after,
        0
    );
    let mut g = vec![AIR; 16];
    let rep = caves::connect_regions(&mut g, 4, 4).unwrap();
    assert_eq!((rep.caves_before, rep.caves_after, rep.changed), (1, 1, 0));
    let mut empty: Vec<u8> = vec![];
    assert_eq!(caves::regions(&empty, 0, 0).unwrap().count(), 0);
    caves::smooth(&mut empty, 0, 0, 3, CaRule::default()).unwrap();
}

#[test]
fn golden_hash_of_the_cave_pipeline_that_the_wasm_build_must_reproduce() {
    // Simplex seed 7 at scale 20 on 64 × 48, threshold 0.5, 4 smoothing steps of
    // B5678/S45678, then connect. tests/web_caves.rs checks the same numbers in wasm.
    let n = Simplex::new(7);
    let values: Vec<f32> = (0..64 * 48)
        .map(|i| (n.noise2((i % 64) as f32 / 20.0, (i / 64) as f32 / 20.0) + 1.0) / 2.0)
        .collect();
    let mut g = vec![0u8; values.len()];
    caves::threshold(&values, 0.5, &mut g).unwrap();
    caves::smooth(&mut g, 64, 48, 4, CaRule::default()).unwrap();
    let smoothed = fnv1a_bytes(g.iter().copied());
    let rep = caves::connect_regions(&mut g, 64, 48).unwrap();
    assert_eq!(
        (smoothed, fnv1a_bytes(g.iter().copied())),
        (3_985_070_318, 984_975_233)
    );
    assert_eq!((rep.caves_before, rep.caves_after, rep.changed), (4, 1, 15));
}
