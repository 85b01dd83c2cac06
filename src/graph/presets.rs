//! Named graph specs to start from (the site's recipes), each a plain spec a user can
//! copy: `presets()` in JavaScript returns them as objects. Sized for fills at
//! `scale` 64 or so over a few hundred samples (noise units of a few cells).

use super::plain::Plain;
use crate::spec::{FractalSpec, Spec};

fn leaf(noise: &str, seed: u32, kind: &str, octaves: u32) -> Plain {
    Plain::leaf(Spec {
        fractal: FractalSpec {
            kind: kind.into(),
            octaves: octaves as f64,
            ..FractalSpec::default()
        },
        ..Spec::new(noise, seed)
    })
}

fn node<'a>(
    op: &str,
    inputs: Vec<Plain>,
    params: impl IntoIterator<Item = (&'a str, Plain)>,
) -> Plain {
    Plain::node(op, inputs, params)
}

fn num(v: f64) -> Plain {
    Plain::Num(v)
}

/// An island: fBm simplex pushed down with the distance from the centre `(4, 4)`.
fn island() -> Plain {
    let falloff = node(
        "remap",
        vec![node(
            "distance",
            vec![],
            [("to", Plain::nums(&[4.0, 4.0, 0.0]))],
        )],
        [
            ("from", Plain::nums(&[0.0, 4.0])),
            ("to", Plain::nums(&[-0.6, 1.0])),
        ],
    );
    node(
        "clamp",
        vec![node("sub", vec![leaf("simplex", 7, "fbm", 6), falloff], [])],
        [("min", num(-1.0)), ("max", num(1.0))],
    )
}

/// Ridged mountains where a slow continent mask is high, low rolling plains elsewhere.
fn ridged_mountains() -> Plain {
    let plains = node(
        "scaleBias",
        vec![leaf("perlin", 3, "fbm", 4)],
        [("scale", num(0.2)), ("bias", num(-0.3))],
    );
    let mask = node(
        "scale",
        vec![leaf("perlin", 5, "fbm", 3)],
        [("by", num(0.25))],
    );
    node(
        "select",
        vec![plains, leaf("simplex", 4, "ridged", 6), mask],
        [("threshold", num(0.0)), ("falloff", num(0.15))],
    )
}

/// Canyons: broad turbulent fBm, stretched to about ±1, cut into terraces.
fn canyons() -> Plain {
    let ground = node(
        "turbulence",
        vec![node(
            "scale",
            vec![leaf("perlin", 11, "fbm", 5)],
            [("by", num(0.35))],
        )],
        [
            ("power", num(0.15)),
            ("frequency", num(2.0)),
            ("roughness", num(2.0)),
        ],
    );
    let stretched = node("scaleBias", vec![ground], [("scale", num(2.2))]);
    node(
        "terrace",
        vec![stretched],
        [(
            "points",
            Plain::nums(&[-1.5, -0.7, -0.35, 0.0, 0.3, 0.6, 1.5]),
        )],
    )
}

/// Marble: bands across x (a smooth wave, as a monotone cubic through alternating
/// points), bent by turbulence.
fn marble() -> Plain {
    let wave: Vec<Plain> = (0..16)
        .map(|i| Plain::nums(&[i as f64, if i % 2 == 0 { -1.0 } else { 1.0 }]))
        .collect();
    let bent = node(
        "turbulence",
        vec![node("x", vec![], [])],
        [
            ("power", num(2.5)),
            ("frequency", num(0.4)),
            ("roughness", num(4.0)),
        ],
    );
    node("curve", vec![bent], [("points", Plain::List(wave))])
}

/// Every preset by name.
pub fn presets() -> Vec<(&'static str, Plain)> {
    vec![
        ("island", island()),
        ("ridgedMountains", ridged_mountains()),
        ("canyons", canyons()),
        ("marble", marble()),
    ]
}
