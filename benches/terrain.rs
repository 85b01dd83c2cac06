//! Native timings of the terrain pipeline, with a tiny harness (warm-up, N timed runs,
//! median): droplet erosion in droplets per second on 512² and 1024², and depression filling
//! (both methods) plus D8 flow accumulation per megacell from 256² to 2048².
//!
//! Then the landscape model: one full step (receivers, pits, stack, area, implicit
//! erosion, diffusion) per megacell from 256² to 2048², where its time goes, and fill +
//! D8 by the sorted path against the O(n) stack path.
//!
//! Run with `cargo bench --bench terrain` (about two minutes). Time per cell that grows
//! like log n, not like n, is what O(n log n) looks like.

use std::hint::black_box;
use std::time::Instant;

use landform::erosion::{Eroder, ErosionParams};
use landform::hydrology::lakes::{fill_lakes, LakeScratch};
use landform::hydrology::receivers::{receivers_into, Descent};
use landform::hydrology::stack::{stack_into, StackScratch};
use landform::hydrology::{
    fill_depressions, flow_accumulation, flow_accumulation_sorted, priority_flood, FillMethod,
    FillParams,
};
use landform::landscape::diffusion::Diffusion;
use landform::landscape::stream_power::{erode, AreaPower, StreamPower};
use landform::landscape::{Landscape, LandscapeParams, Rate};
use landform::rng::Mulberry32;
use landform::terrain::island::{island_falloff, IslandParams};

/// Median seconds of `runs` timed calls of `f` after `warm` untimed ones. `setup`
/// makes each call's fresh input outside the timing.
fn median<T>(warm: usize, runs: usize, mut setup: impl FnMut() -> T, mut f: impl FnMut(T)) -> f64 {
    for _ in 0..warm {
        f(setup());
    }
    let mut t: Vec<f64> = (0..runs)
        .map(|_| {
            let input = setup();
            let start = Instant::now();
            f(input);
            start.elapsed().as_secs_f64()
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[runs / 2]
}

/// An island from five octaves of bilinear value noise plus a little white noise, so
/// it has depressions at every scale.
fn island(n: usize, seed: u32) -> Vec<f32> {
    let mut out = vec![0.0f32; n * n];
    let mut amp = 0.5;
    let mut cell = n / 4;
    while cell >= 2 && amp > 0.02 {
        let lw = n / cell + 2;
        let mut rng = Mulberry32::new(seed ^ cell as u32);
        let lattice: Vec<f32> = (0..lw * lw).map(|_| rng.next_f32()).collect();
        for (i, o) in out.iter_mut().enumerate() {
            let (fx, fy) = ((i % n) as f32 / cell as f32, (i / n) as f32 / cell as f32);
            let (ix, iy) = (fx as usize, fy as usize);
            let (u, v) = (fx - ix as f32, fy - iy as f32);
            let at = |x: usize, y: usize| lattice[y * lw + x];
            let top = at(ix, iy) * (1.0 - u) + at(ix + 1, iy) * u;
            let bot = at(ix, iy + 1) * (1.0 - u) + at(ix + 1, iy + 1) * u;
            *o += amp * (top * (1.0 - v) + bot * v);
        }
        amp *= 0.5;
        cell /= 2;
    }
    let mut rng = Mulberry32::new(seed);
    for o in out.iter_mut() {
        *o += 0.004 * rng.next_f32();
    }
    island_falloff(
        &mut out,
        n,
        n,
        &IslandParams {
            blend: 0.6,
            ..Default::default()
        },
    )
    .unwrap();
    out
}

fn main() {
    // `cargo bench --bench terrain -- erosion` runs the erosion lines only (bench/erosion.mjs).
    // `-- fill` runs the fill + D8 comparison only, `-- landscape` the landscape step.
    let erosion_only = std::env::args().any(|a| a == "erosion");
    if std::env::args().any(|a| a == "fill") {
        fill_and_d8();
        return;
    }
    if std::env::args().any(|a| a == "landscape") {
        landscape();
        return;
    }
    for n in [512usize, 1024] {
        let map = island(n, 7);
        let chunk = 50_000u32;
        let secs = median(
            1,
            5,
            || {
                (
                    map.clone(),
                    Eroder::new(n, n, ErosionParams::default()).unwrap(),
                )
            },
            |(mut m, mut e)| {
                e.run(&mut m, chunk).unwrap();
                black_box(m);
            },
        );
        println!(
            "erosion  {n:>5}²  {:>9.0} droplets/s  ({chunk} droplets in {:.1} ms, default params)",
            chunk as f64 / secs,
            secs * 1e3
        );
    }
    if erosion_only {
        return;
    }

    println!("\nfill and flow on value-noise islands (median; ns/cell/log2n flat = n log n)");
    println!(
        "{:>6} | {:^33} | {:^33} | {:^33} | p-d sweeps",
        "size", "priority-flood", "planchon-darboux", "d8 accumulation"
    );
    let head = format!("{:>8} {:>9} {:>14}", "ms", "ms/Mcell", "ns/cell/log2n");
    println!("{:>6} | {head} | {head} | {head} |", "");
    for (side, runs) in [(256usize, 7), (512, 5), (1024, 3), (2048, 3)] {
        let cells = side * side;
        let map = island(side, 11);
        let fill = |method| {
            let p = FillParams {
                method,
                epsilon: 0.0,
                sea_level: None,
            };
            median(
                1,
                runs,
                || map.clone(),
                move |mut m| {
                    fill_depressions(&mut m, side, side, &p).unwrap();
                    black_box(m);
                },
            )
        };
        let pf = fill(FillMethod::PriorityFlood);
        let pd = fill(FillMethod::PlanchonDarboux);
        let sweeps = fill_depressions(
            &mut map.clone(),
            side,
            side,
            &FillParams {
                method: FillMethod::PlanchonDarboux,
                ..Default::default()
            },
        )
        .unwrap()
        .passes;
        let mut filled = map.clone();
        fill_depressions(&mut filled, side, side, &FillParams::default()).unwrap();
        let mut acc = vec![0.0f32; cells];
        let d8 = median(
            1,
            runs,
            || (),
            |_| {
                black_box(flow_accumulation(&filled, side, side, None, &mut acc).unwrap());
            },
        );
        let cols = |s: f64| {
            format!(
                "{:>8.1} {:>9.1} {:>14.2}",
                s * 1e3,
                s * 1e3 / (cells as f64 / 1e6),
                s * 1e9 / cells as f64 / (cells as f64).log2()
            )
        };
        println!(
            "{:>5}² | {} | {} | {} | {sweeps}",
            side,
            cols(pf),
            cols(pd),
            cols(d8)
        );
    }

    let side = 512;
    let mut rng = Mulberry32::new(3);
    let noise: Vec<f32> = (0..side * side).map(|_| rng.next_f32()).collect();
    for method in [FillMethod::PriorityFlood, FillMethod::PlanchonDarboux] {
        let p = FillParams {
            method,
            ..Default::default()
        };
        let s = median(
            1,
            3,
            || noise.clone(),
            |mut m| {
                fill_depressions(&mut m, side, side, &p).unwrap();
                black_box(m);
            },
        );
        println!(
            "white noise 512² (worst case): {method:?} {:.1} ms",
            s * 1e3
        );
    }
    landscape();
    fill_and_d8();
}

/// A landscape 10 steps into uniform uplift from a value-noise island (so it has
/// rivers, and pits from the noise in the first steps).
fn evolving(side: usize, steps: u32) -> Landscape {
    let mut ls = Landscape::new(side, side, LandscapeParams::default()).unwrap();
    let z: Vec<f32> = island(side, 5).iter().map(|v| v * 50.0).collect();
    ls.set_heights(&z).unwrap();
    ls.set_uplift(Rate::Uniform(1e-3)).unwrap();
    ls.step(1e4, steps).unwrap();
    ls
}

fn landscape() {
    println!("\nlandscape step (uplift, receivers, pits, stack, area, erosion n = 1, diffusion)");
    println!("  size |  step ms | ms/Mcell | receivers | pit fill (whole map) | stack+area | erosion | diffusion");
    for (side, runs) in [(256usize, 7), (512, 5), (1024, 3), (2048, 3)] {
        let cells = side * side;
        let ls = evolving(side, 10);
        let step = median(
            1,
            runs,
            || ls.clone(),
            |mut l| {
                l.step(1e4, 1).unwrap();
                black_box(l);
            },
        );
        // The phases one by one on the same state.
        let z = ls.heights().to_vec();
        let base: Vec<bool> = (0..cells)
            .map(|i| i % side == 0 || i / side == 0 || i % side == side - 1 || i / side == side - 1)
            .collect();
        let mut rec = vec![0u32; cells];
        let t_rec = median(
            1,
            runs,
            || (),
            |_| {
                receivers_into(&z, side, side, &base, Descent::Steepest, &mut rec);
            },
        );
        let (mut order, mut stack, mut count) =
            (StackScratch::default(), Vec::new(), vec![0u32; cells]);
        let t_stack = median(
            1,
            runs,
            || (),
            |_| {
                stack_into(&rec, &mut stack, &mut count, &mut order);
            },
        );
        let mut scratch = LakeScratch::default();
        let t_pits = median(
            1,
            runs,
            || z.clone(),
            |mut m| {
                black_box(fill_lakes(
                    &mut m,
                    side,
                    side,
                    &base,
                    &rec,
                    &mut scratch,
                ));
            },
        );
        let t_fill = median(
            1,
            runs,
            || z.clone(),
            |mut m| {
                black_box(priority_flood(&mut m, side, side, &FillParams::default()).unwrap());
            },
        );
        let law = StreamPower { m: 0.5, n: 1.0 };
        let mut area_m = AreaPower::default();
        area_m.set(1e4, law.m);
        let t_erode = median(
            1,
            runs,
            || z.clone(),
            |mut m| {
                erode(
                    &mut m,
                    side,
                    &rec,
                    &stack,
                    |i| area_m.of(count[i]),
                    |_| 2e-5,
                    &base,
                    law,
                    100.0,
                    1e4,
                );
                black_box(m);
            },
        );
        let mut diff = Diffusion::default();
        let t_diff = median(
            1,
            runs,
            || z.clone(),
            |mut m| {
                diff.step(&mut m, side, side, &base, 0.01 * 1e4 / 1e4);
                black_box(m);
            },
        );
        let ms = |s: f64| s * 1e3;
        println!(
            "{side:>5}² | {:>8.1} | {:>8.1} | {:>9.1} | {:>7.1} ({:>10.1}) | {:>10.1} | {:>7.1} | {:>9.1}",
            ms(step),
            ms(step) / (cells as f64 / 1e6),
            ms(t_rec),
            ms(t_pits),
            ms(t_fill),
            ms(t_stack),
            ms(t_erode),
            ms(t_diff)
        );
    }
    let steps = evolving(512, 1);
    let mut first = steps.clone();
    let r = first.step(1e4, 1).unwrap();
    println!(
        "  (pits: the second step from noise filled {} cells; fill ran on {} of 1 step)",
        r.raised, r.filled_steps
    );
}

/// Fill + D8 on value-noise islands: Priority-Flood, then D8 accumulation by the sorted
/// path (before) and by the O(n) receivers and stack (after), in one run.
fn fill_and_d8() {
    println!("\nfill + D8 accumulation on value-noise islands: sorted D8 (before) vs stack D8");
    println!("  size | fill ms | sorted D8 → stack D8 ms | fill+D8 before → after | speed-up");
    for (side, runs) in [(256usize, 7), (512, 5), (1024, 3), (2048, 3)] {
        let cells = side * side;
        let map = island(side, 11);
        let t_fill = median(
            1,
            runs,
            || map.clone(),
            |mut m| {
                black_box(priority_flood(&mut m, side, side, &FillParams::default()).unwrap());
            },
        );
        let mut filled = map.clone();
        fill_depressions(&mut filled, side, side, &FillParams::default()).unwrap();
        let mut acc = vec![0.0f32; cells];
        let t_sorted = median(
            1,
            runs,
            || (),
            |_| {
                black_box(flow_accumulation_sorted(&filled, side, side, None, &mut acc).unwrap());
            },
        );
        let t_stack = median(
            1,
            runs,
            || (),
            |_| {
                black_box(flow_accumulation(&filled, side, side, None, &mut acc).unwrap());
            },
        );
        let (before, after) = (t_fill + t_sorted, t_fill + t_stack);
        println!(
            "{side:>5}² | {:>7.1} | {:>10.1} → {:>10.1} | {:>8.1} → {:>8.1} ms | {:.2}×",
            t_fill * 1e3,
            t_sorted * 1e3,
            t_stack * 1e3,
            before * 1e3,
            after * 1e3,
            before / after
        );
    }
}
