//! The string-valued choices of a spec, each an enum with one table of its JSON names.
//! The table is the only list: parsing, error messages, [`crate::Field::spec`] and the
//! TypeScript unions of the `.d.ts` (`Named::TS`, emitted by `src/wasm/field.rs`) all
//! read it.

use crate::error::{Error, Result};
use crate::fractal::FractalKind;
use crate::noise::worley::{WorleyDistance, WorleyReturn};

/// An enum a spec names by string.
pub trait Named: Copy + PartialEq + 'static {
    /// The parameter path errors name, e.g. `fractal.kind`.
    const PARAM: &'static str;
    /// Every value with its JSON name, in documentation order.
    const NAMES: &'static [(Self, &'static str)];
    /// `export type … = 'a' | 'b';`: the union for the `.d.ts`.
    const TS: &'static str;

    /// The value named `name`, or a TypeError listing every name.
    fn parse(name: &str) -> Result<Self> {
        match Self::NAMES.iter().find(|(_, n)| *n == name) {
            Some(&(v, _)) => Ok(v),
            None => Err(Error::kind(
                Self::PARAM,
                format!("must be one of {}, got '{name}'", quoted(Self::names())),
            )),
        }
    }

    /// The JSON name of `self`.
    fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(v, _)| *v == self)
            .map_or("", |&(_, n)| n)
    }

    /// The names alone.
    fn names() -> Vec<&'static str> {
        Self::NAMES.iter().map(|&(_, n)| n).collect()
    }
}

/// `'a', 'b', 'c'`.
pub fn quoted(names: Vec<&str>) -> String {
    names
        .iter()
        .map(|n| format!("'{n}'"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Implements [`Named`] from one table of `Variant = "name"` pairs; the TypeScript union
/// is written from the same literals.
macro_rules! named {
    ($ty:ty, $ts:literal, $param:literal, $first:path = $name:literal $(, $v:path = $n:literal)* $(,)?) => {
        impl Named for $ty {
            const PARAM: &'static str = $param;
            const NAMES: &'static [(Self, &'static str)] = &[($first, $name) $(, ($v, $n))*];
            const TS: &'static str =
                concat!("export type ", $ts, " = '", $name, "'" $(, " | '", $n, "'")*, ";\n");
        }
    };
}

/// The graph's op table uses the same macro (`crate::graph::ops`).
pub(crate) use named;

/// Which kernel a field samples.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoiseKind {
    Value,
    /// Classic Perlin (1985), 2D bound ±√½.
    Perlin,
    /// Perlin's 2002 improved noise.
    Improved,
    Simplex,
    Worley,
    /// Teaching variants of `perlin`: linear blend, smoothstep fade, one corner only.
    PerlinLinear,
    PerlinSmoothstep,
    PerlinCornerSw,
}

/// Where the lattice's permutation table comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Permutation {
    /// Shuffled from `seed` (Mulberry32).
    Seeded,
    /// Ken Perlin's published table (`perlin-improved` only).
    Reference,
}

named!(
    NoiseKind,
    "NoiseName",
    "noise",
    NoiseKind::Value = "value",
    NoiseKind::Perlin = "perlin",
    NoiseKind::Improved = "perlin-improved",
    NoiseKind::Simplex = "simplex",
    NoiseKind::Worley = "worley",
    NoiseKind::PerlinLinear = "perlin-linear",
    NoiseKind::PerlinSmoothstep = "perlin-smoothstep",
    NoiseKind::PerlinCornerSw = "perlin-corner-sw",
);
named!(
    Permutation,
    "PermutationName",
    "permutation",
    Permutation::Seeded = "seeded",
    Permutation::Reference = "reference",
);
named!(
    FractalKind,
    "FractalKindName",
    "fractal.kind",
    FractalKind::Fbm = "fbm",
    FractalKind::Ridged = "ridged",
    FractalKind::Billow = "billow",
    FractalKind::Turbulence = "turbulence",
);
named!(
    WorleyDistance,
    "WorleyDistanceName",
    "worley.distance",
    WorleyDistance::Euclidean = "euclidean",
    WorleyDistance::Manhattan = "manhattan",
    WorleyDistance::Chebyshev = "chebyshev",
);
named!(
    WorleyReturn,
    "WorleyReturnName",
    "worley.return",
    WorleyReturn::F1 = "f1",
    WorleyReturn::F2 = "f2",
    WorleyReturn::F2MinusF1 = "f2-f1",
);

/// Every union for the `.d.ts`, in the order `FieldSpec` uses them.
pub const TS_UNIONS: [&str; 5] = [
    NoiseKind::TS,
    Permutation::TS,
    FractalKind::TS,
    WorleyDistance::TS,
    WorleyReturn::TS,
];

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trips<T: Named + std::fmt::Debug>() {
        for &(v, n) in T::NAMES {
            assert_eq!(T::parse(n), Ok(v));
            assert_eq!(v.name(), n);
        }
        let e = T::parse("nope").unwrap_err();
        assert_eq!(e.param(), T::PARAM);
        for n in T::names() {
            assert!(e.to_string().contains(&format!("'{n}'")), "{e}");
            assert!(T::TS.contains(&format!("'{n}'")), "{}", T::TS);
        }
        assert_eq!(T::TS.matches('|').count(), T::NAMES.len() - 1);
    }

    #[test]
    fn every_name_parses_back_to_its_value_and_is_in_the_union() {
        round_trips::<NoiseKind>();
        round_trips::<Permutation>();
        round_trips::<FractalKind>();
        round_trips::<WorleyDistance>();
        round_trips::<WorleyReturn>();
    }

    #[test]
    fn unions_are_typescript_type_aliases() {
        assert_eq!(
            WorleyReturn::TS,
            "export type WorleyReturnName = 'f1' | 'f2' | 'f2-f1';\n"
        );
    }
}
