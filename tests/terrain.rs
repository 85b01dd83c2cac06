use landform::terrain::biome::{
    biomes, land_biome, paint_biomes, table_biome, Biome, BiomeParams, LEGEND,
};
use landform::terrain::island::{
    falloff_distance, island_falloff, normalize, normalize_from, redistribute, FalloffShape,
    IslandParams,
};

#[test]
fn redistribution_matches_powers_in_closed_form() {
    let mut v = [0.0f32, 0.25, 0.5, 1.0, -0.5];
    redistribute(&mut v, 2.0).unwrap();
    assert_eq!(v, [0.0, 0.0625, 0.25, 1.0, -0.25]);
    let mut v = [0.25f32, 0.0625, 1.0];
    redistribute(&mut v, 0.5).unwrap();
    assert_eq!(v, [0.5, 0.25, 1.0]);
    let mut v = [0.3f32, 0.7];
    redistribute(&mut v, 1.0).unwrap();
    assert_eq!(v, [0.3, 0.7]);
}

#[test]
fn redistribution_rejects_bad_exponents_and_values() {
    for k in [0.0, -1.0, 16.5, f32::NAN, f32::INFINITY] {
        let e = redistribute(&mut [0.5], k).unwrap_err();
        assert_eq!(e.param(), "exponent");
        assert!(e.to_string().contains("(0, 16]"), "{e}");
    }
    assert_eq!(
        redistribute(&mut [f32::NAN], 2.0).unwrap_err().param(),
        "heights"
    );
}

fn coord(i: usize, n: usize) -> f64 {
    2.0 * i as f64 / (n - 1) as f64 - 1.0
}

#[test]
fn radial_falloff_at_full_blend_is_one_minus_clamped_distance() {
    let (w, h) = (21, 15);
    let mut m = vec![0.7f32; w * h];
    island_falloff(
        &mut m,
        w,
        h,
        &IslandParams {
            shape: FalloffShape::Radial,
            blend: 1.0,
        },
    )
    .unwrap();
    for y in 0..h {
        for x in 0..w {
            let (nx, ny) = (coord(x, w), coord(y, h));
            let want = 1.0 - (nx * nx + ny * ny).sqrt().min(1.0);
            assert!((m[y * w + x] as f64 - want).abs() < 1e-6, "({x},{y})");
        }
    }
    assert_eq!(m[7 * w + 10], 1.0); // centre
    assert_eq!((m[7 * w], m[0], m[w * h - 1]), (0.0, 0.0, 0.0)); // edge midpoint, corners
}

#[test]
fn square_bump_at_full_blend_is_the_product_of_parabolas() {
    let n = 17;
    let mut m = vec![0.2f32; n * n];
    island_falloff(
        &mut m,
        n,
        n,
        &IslandParams {
            shape: FalloffShape::Square,
            blend: 1.0,
        },
    )
    .unwrap();
    for y in 0..n {
        for x in 0..n {
            let (nx, ny) = (coord(x, n), coord(y, n));
            let want = (1.0 - nx * nx) * (1.0 - ny * ny);
            assert!((m[y * n + x] as f64 - want).abs() < 1e-6);
        }
    }
    assert_eq!(falloff_distance(FalloffShape::Square, 1.0, 0.3), 1.0);
    assert_eq!(falloff_distance(FalloffShape::Square, 0.0, 0.0), 0.0);
}

#[test]
fn falloff_blend_interpolates_linearly_and_zero_changes_nothing() {
    let (w, h) = (9, 9);
    let base: Vec<f32> = (0..w * h).map(|i| (i as f32 * 0.37).fract()).collect();
    let mut zero = base.clone();
    island_falloff(
        &mut zero,
        w,
        h,
        &IslandParams {
            blend: 0.0,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(zero, base);
    let mut half = base.clone();
    island_falloff(
        &mut half,
        w,
        h,
        &IslandParams {
            blend: 0.5,
            ..Default::default()
        },
    )
    .unwrap();
    for (i, (&e, &r)) in base.iter().zip(&half).enumerate() {
        let (nx, ny) = (coord(i % w, w), coord(i / w, h));
        let t = 1.0 - (nx * nx + ny * ny).sqrt().min(1.0);
        assert!((r as f64 - (e as f64 + t) / 2.0).abs() < 1e-6);
    }
}

#[test]
fn falloff_is_mirror_symmetric_about_the_centre() {
    let n = 32;
    for shape in [FalloffShape::Radial, FalloffShape::Square] {
        let mut m = vec![0.0f32; n * n];
        island_falloff(&mut m, n, n, &IslandParams { shape, blend: 1.0 }).unwrap();
        for y in 0..n {
            for x in 0..n {
                let v = m[y * n + x];
                assert_eq!(v, m[y * n + n - 1 - x]);
                assert_eq!(v, m[(n - 1 - y) * n + x]);
                assert_eq!(v, m[x * n + y]);
            }
        }
    }
}

#[test]
fn falloff_rejects_bad_blend_and_sizes() {
    let e = island_falloff(
        &mut [0.0; 4],
        2,
        2,
        &IslandParams {
            blend: 1.5,
            ..Default::default()
        },
    )
    .unwrap_err();
    assert_eq!(e.param(), "blend");
    assert!(e.to_string().contains("[0, 1]"));
    assert_eq!(
        island_falloff(&mut [0.0; 4], 3, 2, &IslandParams::default())
            .unwrap_err()
            .param(),
        "heights"
    );
    assert_eq!(
        island_falloff(&mut [], 0, 2, &IslandParams::default())
            .unwrap_err()
            .param(),
        "width"
    );
}

#[test]
fn normalize_maps_min_to_zero_and_max_to_one() {
    let mut v = [-2.0f32, 0.0, 2.0, 1.0];
    assert_eq!(normalize(&mut v).unwrap(), (-2.0, 2.0));
    assert_eq!(v, [0.0, 0.5, 1.0, 0.75]);
    let mut flat = [3.0f32; 3];
    normalize(&mut flat).unwrap();
    assert_eq!(flat, [0.0; 3]);
    let mut s = [-1.0f32, 0.0, 1.0, 2.0];
    normalize_from(&mut s, -1.0, 1.0).unwrap();
    assert_eq!(s, [0.0, 0.5, 1.0, 1.0]);
    assert_eq!(
        normalize_from(&mut s, 1.0, 1.0).unwrap_err().param(),
        "fromLo"
    );
}

#[test]
fn biome_table_matches_red_blob_lookup() {
    use Biome::*;
    let cases = [
        (0.05, 0.5, Ocean),
        (0.11, 0.5, Beach),
        (0.9, 0.05, Scorched),
        (0.9, 0.15, Bare),
        (0.9, 0.3, Tundra),
        (0.9, 0.7, Snow),
        (0.7, 0.2, TemperateDesert),
        (0.7, 0.5, Shrubland),
        (0.7, 0.8, Taiga),
        (0.4, 0.1, TemperateDesert),
        (0.4, 0.3, Grassland),
        (0.4, 0.7, TemperateDeciduousForest),
        (0.4, 0.9, TemperateRainForest),
        (0.2, 0.1, SubtropicalDesert),
        (0.2, 0.2, Grassland),
        (0.2, 0.5, TropicalSeasonalForest),
        (0.2, 0.8, TropicalRainForest),
    ];
    for (e, m, want) in cases {
        assert_eq!(table_biome(e, m), want, "e={e} m={m}");
    }
    // Band edges: Red Blob's comparisons are strict "e > 0.8", "e > 0.6", "e > 0.3".
    assert_eq!(land_biome(0.8, 0.7), Taiga);
    assert_eq!(land_biome(0.6, 0.9), TemperateRainForest);
    assert_eq!(land_biome(0.3, 0.9), TropicalRainForest);
}

#[test]
fn biome_exceptions_force_rock_beach_snow_and_marsh() {
    let p = BiomeParams::default();
    assert_eq!(p.classify(0.5, 0.4, 7.0), Biome::Rock); // steep
    assert_eq!(p.classify(0.5, 0.4, 5.0), Biome::Grassland);
    assert_eq!(p.classify(0.05, 0.5, 50.0), Biome::Ocean); // the sea is never rock
    assert_eq!(p.classify(0.115, 0.01, 0.0), Biome::Beach); // waterline band, any moisture
    assert_eq!(p.classify(0.95, 0.05, 0.0), Biome::Snow); // above the snow line, even dry
    assert_eq!(p.classify(0.13, 0.9, 0.0), Biome::Marsh); // low and wet
    assert_eq!(p.classify(0.13, 0.8, 0.0), Biome::TropicalRainForest);
    let off = BiomeParams {
        rock_slope: 0.0,
        marsh_band: 0.0,
        ..p
    };
    assert_eq!(off.classify(0.5, 0.4, 1e5), Biome::Grassland);
    assert_eq!(off.classify(0.13, 0.9, 0.0), Biome::TropicalRainForest);
}

#[test]
fn slope_is_measured_per_map_width() {
    // A ramp rising 1 across the map has slope 1 whatever the resolution.
    for n in [8usize, 64] {
        let heights: Vec<f32> = (0..n * n)
            .map(|i| 0.5 + 0.3 * (i % n) as f32 / (n - 1) as f32)
            .collect();
        let moist = vec![0.3f32; n * n];
        let mut ids = vec![0u8; n * n];
        let steep = BiomeParams {
            rock_slope: 0.29,
            ..Default::default()
        };
        biomes(&heights, &moist, n, n, &steep, &mut ids).unwrap();
        assert!(ids.iter().all(|&b| b == Biome::Rock.id()), "n={n}");
        let gentle = BiomeParams {
            rock_slope: 0.31,
            ..Default::default()
        };
        biomes(&heights, &moist, n, n, &gentle, &mut ids).unwrap();
        assert!(ids.iter().all(|&b| b != Biome::Rock.id()), "n={n}");
    }
}

#[test]
fn legend_lists_every_biome_once_in_id_order() {
    for (i, b) in LEGEND.iter().enumerate() {
        assert_eq!(b.id as usize, i);
        assert!(
            LEGEND
                .iter()
                .filter(|o| o.name == b.name || o.key == b.key || o.color == b.color)
                .count()
                == 1
        );
    }
    assert_eq!(Biome::Marsh.info().key, "marsh");
}

#[test]
fn painted_biomes_use_legend_colours() {
    let ids = [0u8, 5, 15, 200];
    let mut rgba = [0u8; 16];
    paint_biomes(&ids, &mut rgba).unwrap();
    assert_eq!(&rgba[0..4], &[0x44, 0x44, 0x7a, 255]);
    assert_eq!(&rgba[4..7], &LEGEND[5].color);
    assert_eq!(&rgba[8..11], &LEGEND[15].color);
    assert_eq!(&rgba[12..16], &[255, 0, 255, 255]);
    assert_eq!(
        paint_biomes(&ids, &mut [0u8; 15]).unwrap_err().param(),
        "rgba"
    );
}

#[test]
fn biomes_reject_bad_input_naming_the_parameter() {
    let h = [0.5f32; 4];
    let mut ids = [0u8; 4];
    assert_eq!(
        biomes(&h, &[0.5; 3], 2, 2, &BiomeParams::default(), &mut ids)
            .unwrap_err()
            .param(),
        "moisture"
    );
    assert_eq!(
        biomes(&h, &[0.5; 4], 2, 2, &BiomeParams::default(), &mut [0; 5])
            .unwrap_err()
            .param(),
        "ids"
    );
    let bad = BiomeParams {
        sea_level: 2.0,
        ..Default::default()
    };
    assert_eq!(
        biomes(&h, &[0.5; 4], 2, 2, &bad, &mut ids)
            .unwrap_err()
            .param(),
        "seaLevel"
    );
    assert_eq!(
        biomes(&h, &[f32::NAN; 4], 2, 2, &BiomeParams::default(), &mut ids)
            .unwrap_err()
            .param(),
        "moisture"
    );
}

#[test]
fn land_bands_stretch_with_the_sea_level() {
    // With the sea at 0.4, land spans [0.4, 1]: 0.7 sits where Red Blob's 0.55 does
    // (0.3 < e ≤ 0.6), 0.45 where 0.175 does (lowland), 0.95 where 0.925 does (high).
    let p = BiomeParams {
        sea_level: 0.4,
        beach_band: 0.0,
        marsh_band: 0.0,
        snow_line: 2.0,
        ..Default::default()
    };
    assert_eq!(p.classify(0.7, 0.4, 0.0), land_biome(0.55, 0.4));
    assert_eq!(p.classify(0.45, 0.8, 0.0), Biome::TropicalRainForest);
    assert_eq!(p.classify(0.95, 0.3, 0.0), Biome::Tundra);
    assert_eq!(p.classify(0.39, 0.3, 0.0), Biome::Ocean);
    assert_eq!(BiomeParams::default().table_elevation(0.37), 0.37);
}
