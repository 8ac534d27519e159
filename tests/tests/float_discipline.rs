//! Floating-point discipline (decisions D4, issue #9): the sources of the algorithm crates
//! call no floating-point function outside `+ - * /` and `sqrt`, except where an allow-list
//! entry below gives the reason, because the others differ between platforms.

use std::path::{Path, PathBuf};

/// Functions whose results are not correctly rounded on every platform, or that narrow or
/// round in a way the specification does not use. Each is searched as `.name(` and
/// `::name(`.
const FORBIDDEN_FUNCTIONS: &[&str] = &[
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "atan2",
    "sin_cos",
    "sinh",
    "cosh",
    "tanh",
    "asinh",
    "acosh",
    "atanh",
    "exp",
    "exp2",
    "exp_m1",
    "ln",
    "ln_1p",
    "log",
    "log2",
    "log10",
    "powf",
    "powi",
    "mul_add",
    "hypot",
    "cbrt",
    "to_degrees",
    "to_radians",
    "gamma",
    "ln_gamma",
    "erf",
    "erfc",
    // `round` ties away from zero; decisions D3 rounds to the grid with `round_ties_even`.
    "round",
];

/// Other text that must not appear: float constants (rounded values of irrational numbers,
/// used only where the specification names them), `f32` (narrowing), fast-math operations.
const FORBIDDEN_TEXT: &[&str] = &["consts::", "f32", "_fast(", "algebraic_"];

/// `(file relative to the workspace root, forbidden text found on the line, why it is
/// allowed)`. An entry that no longer matches fails the test, so the list stays exact.
const ALLOWED: &[(&str, &str, &str)] = &[
    (
        "crates/offset/src/equal_area.rs",
        "consts::",
        "decisions D12: the shrink's bisection target is ((PI * r) * r) / 4 with \
         std::f64::consts::PI, exactly as the specification writes it",
    ),
    (
        "crates/build2d/src/polyanya_impl.rs",
        "f32",
        "feature polyanya: the hand-off to polyanya, whose mesh and queries are f32; \
         nothing of onepath's results is computed from these values",
    ),
    (
        "crates/testkit/src/lib.rs",
        ".sin_cos(",
        "test support: turned_point turns a tile map's walls into outline edges at an \
         angle for the tiled-region tests; it makes test input, no result of onepath",
    ),
    (
        "crates/build2d/src/glam_impl.rs",
        "f32",
        "feature glam: Vector2D into glam::Vec2 narrows to f32 because that type is f32; \
         nothing of onepath's results is computed from it",
    ),
];

/// The crates whose code may feed a result; `cli` and `io` only read and write files.
const EXCLUDED_CRATES: &[&str] = &["cli", "io"];

/// A forbidden use: file, 1-based line, the text found and the line itself.
#[derive(Debug, PartialEq)]
struct Finding {
    file: String,
    line: usize,
    found: String,
    text: String,
}

/// The part of a line before any `//` comment (doc comments explain the recipes in words).
fn code_part(line: &str) -> &str {
    line.find("//").map_or(line, |i| &line[..i])
}

/// Every forbidden use in `source`, reported as belonging to `file`.
fn scan(file: &str, source: &str) -> Vec<Finding> {
    let mut findings = Vec::new();
    for (i, line) in source.lines().enumerate() {
        let code = code_part(line);
        let calls = FORBIDDEN_FUNCTIONS
            .iter()
            .flat_map(|f| [format!(".{f}("), format!("::{f}(")]);
        let texts = FORBIDDEN_TEXT.iter().map(|t| (*t).to_string());
        for needle in calls.chain(texts) {
            if contains_token(code, &needle) {
                findings.push(Finding {
                    file: file.to_string(),
                    line: i + 1,
                    found: needle,
                    text: line.trim().to_string(),
                });
            }
        }
    }
    findings
}

/// True when `needle` occurs in `code`; a needle that is a whole word (`f32`) must not be
/// part of a longer identifier.
fn contains_token(code: &str, needle: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    if !needle.chars().all(word) {
        return code.contains(needle);
    }
    code.match_indices(needle).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + needle.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The sources of the algorithm crates: `crates/*/src/**/*.rs` without the excluded crates.
fn algorithm_sources(root: &Path) -> Vec<PathBuf> {
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .expect("cannot list crates/")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.join("src").is_dir())
        .filter(|p| !EXCLUDED_CRATES.iter().any(|x| p.ends_with(x)))
        .collect();
    crates.sort();
    let mut files = Vec::new();
    for krate in crates {
        rust_files(&krate.join("src"), &mut files);
    }
    files
}

#[test]
fn algorithm_crates_use_only_exact_float_operations() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace root");
    let files = algorithm_sources(root);
    // predicates, arrangement, winding, offset, cdt, convex and build2d at least.
    assert!(files.len() >= 20, "only {} source files found", files.len());
    let mut findings = Vec::new();
    for path in &files {
        let source = std::fs::read_to_string(path).expect("a readable source file");
        let relative = path.strip_prefix(root).expect("inside the root");
        findings.extend(scan(
            &relative.to_string_lossy().replace('\\', "/"),
            &source,
        ));
    }
    let allowed = |f: &Finding| {
        ALLOWED
            .iter()
            .any(|(file, found, _)| f.file == *file && f.found == *found)
    };
    let forbidden: Vec<String> = findings
        .iter()
        .filter(|f| !allowed(f))
        .map(|f| format!("{}:{}: `{}` in `{}`", f.file, f.line, f.found, f.text))
        .collect();
    assert!(
        forbidden.is_empty(),
        "floating point outside + - * / sqrt (decisions D4); remove it or add an allow-list \
         entry with the reason:\n{}",
        forbidden.join("\n")
    );
    for (file, found, reason) in ALLOWED {
        assert!(
            findings
                .iter()
                .any(|f| f.file == *file && f.found == *found),
            "stale allow-list entry {file} `{found}` ({reason})"
        );
    }
}

#[test]
fn the_scan_finds_what_it_must_and_nothing_else() {
    let source = "\
let a = x.sin();
let b = f64::atan2(y, x);
let c = y.mul_add(2.0, 1.0); // a comment mentioning .cos( is ignored
let d = std::f64::consts::E;
let e = v as f32;
let f = x.round();
let g = fadd_fast(x, y);
// let h = x.exp();
let ok = (dx * dx + dy * dy).sqrt() / len + n.ilog2() as f64 + x.round_ties_even();
let also_ok = my_f32_count + self.sinner(1) + blog(2);
";
    let found: Vec<(usize, String)> = scan("x.rs", source)
        .into_iter()
        .map(|f| (f.line, f.found))
        .collect();
    let expected = [
        (1, ".sin("),
        (2, "::atan2("),
        (3, ".mul_add("),
        (4, "consts::"),
        (5, "f32"),
        (6, ".round("),
    ];
    let expected = [&expected[..], &[(7, "_fast(")]].concat();
    let expected: Vec<(usize, String)> =
        expected.iter().map(|(l, s)| (*l, s.to_string())).collect();
    assert_eq!(found, expected);
}
