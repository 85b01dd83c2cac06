//! Erosion stays physical however many droplets run: heights stay within the input's
//! range (widened by a small margin), an island keeps its land, the load of dying
//! droplets settles instead of vanishing, and further droplets change an eroded map less
//! and less. The maps are the island page's (www/js/figures/island.js) at every size and
//! droplet count its controls allow, and 10× more on a small map.
mod common;

use common::{bumpy_map, white_noise};
use landform::erosion::{Budget, Eroder, ErosionParams};
use landform::rng::Mulberry32;
use landform::spec::WarpSpec;
use landform::terrain::island::{island_falloff, normalize, redistribute, IslandParams};
use landform::{Field, Region, Spec};

/// The island page's defaults: sea level, and its slider ranges for erosion.
const SEA: f32 = 0.24;

/// The island page's heightmap at its defaults: warped 7-octave Perlin fBm, normalised,
/// `e^1.6`, radial falloff blended by 0.7.
fn island_map(n: usize, seed: u32) -> Vec<f32> {
    let mut spec = Spec::new("perlin", seed).fbm(7, 0.5, 2.0);
    spec.warp = Some(WarpSpec {
        strength: 0.45,
        seed: (seed + 101) as f64,
        octaves: 3.0,
        frequency: 0.7,
    });
    let field = Field::new(&spec).unwrap();
    let mut v = vec![0.0; n * n];
    let region = Region {
        width: n,
        height: n,
        scale: n as f32 / 3.2,
        ..Region::default()
    };
    field.fill2d(&mut v, &region).unwrap();
    normalize(&mut v).unwrap();
    redistribute(&mut v, 1.6).unwrap();
    island_falloff(
        &mut v,
        n,
        n,
        &IslandParams {
            blend: 0.7,
            ..IslandParams::default()
        },
    )
    .unwrap();
    v
}

/// The island page's erosion parameters at its defaults, with the sea.
fn page(seed: u32) -> ErosionParams {
    ErosionParams {
        seed,
        sea_level: Some(SEA),
        ..ErosionParams::default()
    }
}

fn min_max(v: &[f32]) -> (f32, f32) {
    v.iter()
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), &x| {
            (lo.min(x), hi.max(x))
        })
}

fn land(v: &[f32]) -> usize {
    v.iter().filter(|&&h| h >= SEA).count()
}

/// What every run must keep, checked after each chunk of droplets.
#[derive(Clone, Copy)]
struct Bounds {
    lo: f32,
    hi: f32,
    land: usize,
    /// Largest share of `eroded` that may end stranded (no room below the water where
    /// a droplet died).
    stranded: f64,
}

impl Bounds {
    fn of(map: &[f32]) -> Self {
        let (lo, hi) = min_max(map);
        Self {
            lo,
            hi,
            land: land(map),
            stranded: 0.05,
        }
    }

    fn check(&self, map: &[f32], b: &Budget, what: &str) {
        let (lo, hi) = min_max(map);
        let margin = 0.05 * (self.hi - self.lo);
        assert!(
            map.iter().all(|v| v.is_finite()),
            "{what}: non-finite height"
        );
        assert!(
            lo >= self.lo,
            "{what}: min {lo} below the input's {}",
            self.lo
        );
        assert!(
            hi <= self.hi + margin,
            "{what}: max {hi} above the input's {} + {margin}",
            self.hi
        );
        let stranded_share = b.stranded.abs() / b.eroded.max(1e-12);
        assert!(
            stranded_share < self.stranded,
            "{what}: stranded {} of eroded {}",
            b.stranded,
            b.eroded
        );
        // f64 sums of millions of exact f32 changes: rounding only.
        let tol = 1e-8 * (b.eroded + b.deposited) + 1e-9;
        assert!(b.imbalance().abs() < tol, "{what}: budget {b:?}");
        if self.land > 0 {
            let kept = land(map) as f64 / self.land as f64;
            assert!(
                (0.85..=1.15).contains(&kept),
                "{what}: land {} of {}",
                land(map),
                self.land
            );
        }
    }
}

/// Runs `total` droplets in chunks of `chunk` (every value a slider step reaches) and
/// checks the bounds after each; returns the map.
fn run_checked(
    map: Vec<f32>,
    n: usize,
    params: ErosionParams,
    total: u32,
    chunk: u32,
    what: &str,
) -> Vec<f32> {
    run_within(Bounds::of(&map), map, n, params, (total, chunk), what)
}

/// [`run_checked`] with other bounds.
fn run_within(
    bounds: Bounds,
    mut map: Vec<f32>,
    n: usize,
    params: ErosionParams,
    (total, chunk): (u32, u32),
    what: &str,
) -> Vec<f32> {
    let mut e = Eroder::new(n, n, params).unwrap();
    let mut done = 0;
    while done < total {
        let k = chunk.min(total - done);
        e.run(&mut map, k).unwrap();
        done += k;
        bounds.check(&map, &e.budget(), &format!("{what}, {done} droplets"));
    }
    map
}

#[test]
fn every_page_size_at_every_droplet_count_stays_an_island() {
    // The Droplets slider: 0 to 1 000 000 in steps of 10 000; sizes 256² and 512².
    for n in [256, 512] {
        run_checked(
            island_map(n, 7),
            n,
            page(1),
            1_000_000,
            10_000,
            &format!("{n}²"),
        );
    }
}

#[test]
fn ten_times_the_slider_maximum_on_a_small_map_stays_bounded() {
    // 10 000 000 droplets on 64²: about 2 400 per cell.
    let n = 64;
    run_checked(
        island_map(n, 3),
        n,
        page(5),
        10_000_000,
        1_000_000,
        "64², 10M",
    );
}

#[test]
fn every_slider_at_its_extremes_stays_bounded() {
    // Each erosion slider of the island page at its minimum and its maximum, the
    // others at their defaults; then all at the minimum and all at the maximum.
    let d = page(11);
    type Set = fn(&mut ErosionParams, bool);
    let sliders: [(&str, Set); 7] = [
        ("erodeSpeed", |p, hi| {
            p.erode_speed = if hi { 1.0 } else { 0.0 }
        }),
        ("depositSpeed", |p, hi| {
            p.deposit_speed = if hi { 1.0 } else { 0.0 }
        }),
        ("capacity", |p, hi| {
            p.capacity_factor = if hi { 16.0 } else { 0.5 }
        }),
        ("inertia", |p, hi| p.inertia = if hi { 0.95 } else { 0.0 }),
        ("radius", |p, hi| p.radius = if hi { 8.0 } else { 1.0 }),
        ("lifetime", |p, hi| p.lifetime = if hi { 120 } else { 5 }),
        ("evaporation", |p, hi| {
            p.evaporation = if hi { 0.2 } else { 0.0 }
        }),
    ];
    let n = 128;
    let map = island_map(n, 7);
    let loose = Bounds {
        stranded: 0.1,
        ..Bounds::of(&map)
    };
    for hi in [false, true] {
        let end = if hi { "max" } else { "min" };
        let mut all = d;
        for (name, set) in sliders {
            let mut p = d;
            set(&mut p, hi);
            set(&mut all, hi);
            // 1 000 000 droplets on 256² is 15 per cell: the same density here.
            let what = format!("{name} {end}");
            run_within(loose, map.clone(), n, p, (250_000, 50_000), &what);
        }
        run_within(
            loose,
            map.clone(),
            n,
            all,
            (250_000, 50_000),
            &format!("all {end}"),
        );
    }
}

#[test]
fn dense_runs_on_maps_with_pits_stay_within_the_input_range() {
    // The cases that ran away before: white noise (a pit in every few cells) and a
    // bumpy map without a sea, at 12 and 50 droplets per cell.
    let n = 64;
    for (name, map) in [
        ("white noise", white_noise(n, n, 9)),
        ("bumpy", bumpy_map(n, n, 4)),
    ] {
        for droplets in [50_000, 200_000] {
            let p = ErosionParams {
                seed: 3,
                ..ErosionParams::default()
            };
            let bounds = Bounds {
                land: 0,
                stranded: 0.1,
                ..Bounds::of(&map)
            };
            let mut m = map.clone();
            let mut e = Eroder::new(n, n, p).unwrap();
            e.run(&mut m, droplets).unwrap();
            bounds.check(&m, &e.budget(), &format!("{name}, {droplets}"));
        }
    }
}

#[test]
fn random_parameters_in_their_documented_ranges_stay_bounded() {
    let mut rng = Mulberry32::new(77);
    let mut pick = |lo: f32, hi: f32| {
        let r = rng.next_f32();
        if r < 0.15 {
            lo
        } else if r < 0.3 {
            hi
        } else {
            lo + (hi - lo) * rng.next_f32()
        }
    };
    let n = 48;
    for case in 0..40u32 {
        let p = ErosionParams {
            seed: case,
            inertia: pick(0.0, 1.0),
            capacity_factor: pick(0.0, 64.0),
            min_capacity: pick(0.0, 1.0),
            erode_speed: pick(0.0, 1.0),
            deposit_speed: pick(0.0, 1.0),
            evaporation: pick(0.0, 1.0),
            gravity: pick(0.0, 64.0),
            lifetime: pick(1.0, 1024.0) as u32,
            radius: pick(1.0, 16.0),
            initial_water: pick(0.01, 16.0),
            initial_speed: pick(0.0, 16.0),
            max_speed: pick(0.01, 64.0),
            sea_level: (case % 2 == 0).then_some(SEA),
        };
        let map = if case % 3 == 0 {
            white_noise(n, n, case)
        } else {
            island_map(n, case)
        };
        let bounds = Bounds {
            land: 0,
            stranded: 0.1,
            ..Bounds::of(&map)
        };
        let mut m = map.clone();
        let mut e = Eroder::new(n, n, p).unwrap();
        // 20 droplets per cell at the defaults' cost per droplet (30 steps, a 3-cell
        // brush); fewer for long lives and wide brushes, but at least 2 per cell.
        let cost = (p.lifetime as usize * e.brush().len()) as f64 / (30.0 * 29.0);
        let droplets = ((20 * n * n) as f64 / cost).max((2 * n * n) as f64);
        e.run(&mut m, droplets as u32).unwrap();
        bounds.check(&m, &e.budget(), &format!("case {case}: {p:?}"));
    }
}

#[test]
fn erosion_never_lowers_a_cell_below_the_lowest_height() {
    // The floor is the map's own minimum: erosion lowers a cell at most to the height
    // the droplet moves down to, which is never below the lowest cell.
    let n = 64;
    let mut map = bumpy_map(n, n, 12);
    let (lo, _) = min_max(&map);
    let mut e = Eroder::new(
        n,
        n,
        ErosionParams {
            erode_speed: 1.0,
            capacity_factor: 64.0,
            ..ErosionParams::default()
        },
    )
    .unwrap();
    for _ in 0..20 {
        e.run(&mut map, 5_000).unwrap();
        assert!(min_max(&map).0 >= lo);
    }
}

#[test]
fn the_sea_floor_never_grows_into_land() {
    let n = 128;
    let mut map = island_map(n, 21);
    let sea_before: Vec<bool> = map.iter().map(|&h| h <= SEA).collect();
    let mut e = Eroder::new(n, n, page(4)).unwrap();
    e.run(&mut map, 300_000).unwrap();
    for (i, &was_sea) in sea_before.iter().enumerate() {
        if was_sea {
            assert!(map[i] < SEA, "sea cell {i} rose to {}", map[i]);
        }
    }
    let b = e.budget();
    assert!(b.carried_off > 0.0 && b.deposited > 0.0, "{b:?}");
}

#[test]
fn further_droplets_change_an_eroded_map_less_and_less() {
    let n = 128;
    let mut map = island_map(n, 7);
    let mut e = Eroder::new(n, n, page(2)).unwrap();
    let mut changes = Vec::new();
    for _ in 0..8 {
        let before = map.clone();
        e.run(&mut map, 100_000).unwrap();
        let change: f64 = map
            .iter()
            .zip(&before)
            .map(|(a, b)| (a - b).abs() as f64)
            .sum();
        changes.push(change);
    }
    // Each chunk changes the map no more than 10% over the one before (noise), and the
    // last changes it at most half as much as the first.
    for w in changes.windows(2) {
        assert!(w[1] <= w[0] * 1.1, "changes per 100k droplets: {changes:?}");
    }
    assert!(
        changes[7] <= 0.5 * changes[0],
        "changes per 100k droplets: {changes:?}"
    );
}

#[test]
fn the_speed_cap_bounds_capacity_in_a_bowl() {
    // A deep bowl without an outlet: droplets circle in it. With the terminal speed the
    // bowl fills with sediment instead of digging itself deeper.
    let n = 48;
    let c = (n - 1) as f32 / 2.0;
    let bowl: Vec<f32> = (0..n * n)
        .map(|i| {
            let (x, y) = ((i % n) as f32 - c, (i / n) as f32 - c);
            ((x * x + y * y).sqrt() / c).min(1.5)
        })
        .collect();
    for max_speed in [0.5, 8.0, 64.0] {
        let mut m = bowl.clone();
        let p = ErosionParams {
            max_speed,
            lifetime: 200,
            inertia: 0.3,
            ..ErosionParams::default()
        };
        let bounds = Bounds {
            land: 0,
            ..Bounds::of(&bowl)
        };
        let mut e = Eroder::new(n, n, p).unwrap();
        e.run(&mut m, 100_000).unwrap();
        bounds.check(&m, &e.budget(), &format!("maxSpeed {max_speed}"));
    }
}
