//! The crate's floors: each top-level module may use modules of its own floor or of
//! lower floors, never of a higher one, and no two top-level modules may use each other
//! (directly or around a loop). Read from the `crate::` paths in src/**.rs, comments
//! left out. A new top-level module must be given a floor here.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Lowest first.
const FLOORS: &[&[&str]] = &[
    &["error", "limits", "order", "rng", "simd"],
    &["noise", "fractal", "grid"],
    &["compose"],
    &["rows"],
    &["spec", "field"],
    &["graph"],
    &["terrain", "texture"],
    &["hydrology", "erosion"],
    &["landscape"],
    &["wasm"],
];

fn floor(module: &str) -> usize {
    FLOORS
        .iter()
        .position(|f| f.contains(&module))
        .unwrap_or_else(|| panic!("src/{module}: give the module a floor in tests/architecture.rs"))
}

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level modules a source text names through `crate::` (and `$crate::`),
/// including each head of a grouped `use crate::{a::x, b}`.
fn used(text: &str) -> BTreeSet<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = BTreeSet::new();
    for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
        for (at, _) in line.match_indices("crate::") {
            let rest = &line[at + "crate::".len()..];
            if let Some(group) = rest.strip_prefix('{') {
                let group = &group[..group.find('}').unwrap_or(group.len())];
                out.extend(
                    group
                        .split(',')
                        .map(|p| ident(p.trim()))
                        .filter(|m| !m.is_empty()),
                );
            } else {
                out.insert(ident(rest));
            }
        }
    }
    // Items of lib.rs itself (`crate::Error`) are re-exports, not modules.
    out.retain(|m| !m.is_empty() && m.chars().next().unwrap().is_lowercase());
    out
}

/// Edges between top-level modules: `from` → the modules it uses.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let rel = file.strip_prefix(&src).unwrap();
        let top = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let top = top.trim_end_matches(".rs").to_string();
        if top == "lib" {
            continue;
        }
        let uses = used(&fs::read_to_string(&file).unwrap());
        edges
            .entry(top.clone())
            .or_default()
            .extend(uses.into_iter().filter(|m| *m != top));
    }
    edges
}

#[test]
fn every_module_has_a_floor_and_uses_only_its_floor_or_lower() {
    let mut wrong = Vec::new();
    for (from, tos) in graph() {
        for to in tos {
            if floor(&to) > floor(&from) {
                wrong.push(format!(
                    "{from} (floor {}) uses {to} (floor {})",
                    floor(&from),
                    floor(&to)
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports from a higher floor:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_two_modules_use_each_other() {
    let edges = graph();
    // Depth-first search for a loop, reporting it as a path.
    fn visit<'a>(
        m: &'a str,
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<String> {
        if let Some(at) = path.iter().position(|p| *p == m) {
            return Some(format!("{} -> {m}", path[at..].join(" -> ")));
        }
        if !done.insert(m) {
            return None;
        }
        path.push(m);
        for to in edges.get(m).into_iter().flatten() {
            if let Some(cycle) = visit(to, edges, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    for m in edges.keys() {
        let cycle = visit(m, &edges, &mut Vec::new(), &mut done);
        assert!(cycle.is_none(), "import cycle: {}", cycle.unwrap());
    }
}

#[test]
fn lib_declares_exactly_the_modules_with_floors() {
    let lib = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let declared: BTreeSet<&str> = lib
        .lines()
        .filter_map(|l| l.trim().trim_start_matches("pub ").strip_prefix("mod "))
        .map(|m| m.trim_end_matches(';'))
        .collect();
    let floors: BTreeSet<&str> = FLOORS.iter().flat_map(|f| f.iter().copied()).collect();
    assert_eq!(declared, floors);
}

#[test]
fn the_reader_sees_grouped_uses_and_skips_comments() {
    let text =
        "use crate::{noise::Noise, grid};\n// crate::wasm in a comment\nlet x = $crate::rows::f;";
    let got: Vec<String> = used(text).into_iter().collect();
    assert_eq!(got, ["grid", "noise", "rows"]);
}
