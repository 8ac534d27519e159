//! Clipper2's EVENODD test polygons: the area of each boolean result, and valid regions.
//!
//! `tests/data/clipper2/Polygons.txt` (BSL-1.0, see `tests/data/SOURCES.md`) gives per case
//! the operation, the fill rule, the subject and clip paths, and the area of Clipper2's own
//! result. Only EVENODD cases map onto this library's outline reading: all subject paths
//! form one outline and all clip paths another.

use onepath_build2d::{Geometry2DOptions, Outline, Region, Vector2D};
use onepath_tests::data_dir;

/// Cases whose stored Clipper2 area is more than 1% off the exact even-odd result. The
/// exact areas were computed independently (shapely 2: node all ring edges, polygonize,
/// keep the faces with an odd crossing count, then the boolean operation); onepath must
/// match those to 1e-5 relative (the snap grid moves edges by up to 2^-16).
const INDEPENDENT_AREAS: [(&str, f64); 6] = [
    ("15.", 3131.8181160010877),
    ("19.", 26.724245418624072),
    ("22.", 2.32936507936508),
    ("26.", 99.29180775928847),
    ("44.", 264.3829652753729),
    ("63.", 526.3157894736851),
];

struct Case {
    caption: String,
    clip_type: String,
    fill_rule: String,
    sol_area: f64,
    subjects: Vec<Vec<[f64; 2]>>,
    open_subjects: usize,
    clips: Vec<Vec<[f64; 2]>>,
}

fn parse_path(line: &str) -> Vec<[f64; 2]> {
    let numbers: Vec<f64> = line
        .split([',', ' '])
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().expect("number"))
        .collect();
    numbers.chunks_exact(2).map(|c| [c[0], c[1]]).collect()
}

fn parse(text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    let mut section = "";
    for line in text.lines().map(str::trim) {
        if let Some(caption) = line.strip_prefix("CAPTION:") {
            cases.push(Case {
                caption: caption.trim().to_string(),
                clip_type: String::new(),
                fill_rule: String::new(),
                sol_area: 0.0,
                subjects: Vec::new(),
                open_subjects: 0,
                clips: Vec::new(),
            });
            section = "";
            continue;
        }
        let Some(case) = cases.last_mut() else {
            continue;
        };
        if let Some(v) = line.strip_prefix("CLIPTYPE:") {
            case.clip_type = v.trim().to_string();
        } else if let Some(v) = line.strip_prefix("FILLRULE:") {
            case.fill_rule = v.trim().to_string();
        } else if let Some(v) = line.strip_prefix("SOL_AREA:") {
            case.sol_area = v.trim().parse().expect("area");
        } else if line.starts_with("SOL_COUNT:") {
        } else if matches!(line, "SUBJECTS" | "SUBJECTS_OPEN" | "CLIPS") {
            section = if line == "SUBJECTS" {
                "s"
            } else if line == "CLIPS" {
                "c"
            } else {
                "o"
            };
        } else if !line.is_empty() {
            let path = parse_path(line);
            match section {
                "s" => case.subjects.push(path),
                "c" => case.clips.push(path),
                _ => case.open_subjects += 1,
            }
        }
    }
    cases
}

#[test]
fn evenodd_cases_match_clipper2_areas() {
    let text = std::fs::read_to_string(data_dir().join("clipper2/Polygons.txt")).unwrap();
    let cases = parse(&text);
    assert_eq!(cases.len(), 195);
    let (mut run, mut checked, mut worst) = (0, 0, (0.0f64, String::new()));
    for case in cases.iter().filter(|c| c.fill_rule == "EVENODD") {
        run += 1;
        // Scale cases beyond the 2^21 input limit by a power of two (exact in f64).
        let max = case
            .subjects
            .iter()
            .chain(&case.clips)
            .flatten()
            .flatten()
            .fold(0.0f64, |m, v| m.max(v.abs()));
        let mut scale = 1.0;
        while max * scale > 2_097_152.0 {
            scale /= 2.0;
        }
        let outline = |paths: &[Vec<[f64; 2]>]| {
            Outline::new(
                paths
                    .iter()
                    .filter(|p| p.len() >= 3)
                    .map(|p| {
                        p.iter()
                            .map(|q| Vector2D::new(q[0] * scale, q[1] * scale))
                            .collect()
                    })
                    .collect(),
            )
        };
        let options = Geometry2DOptions::default();
        let subject = Region::from_outlines(&[outline(&case.subjects)], &options).unwrap();
        let clip = Region::from_outlines(&[outline(&case.clips)], &options).unwrap();
        let result = match case.clip_type.as_str() {
            "UNION" => subject.union(&clip),
            "INTERSECTION" => subject.intersection(&clip),
            "DIFFERENCE" => subject.difference(&clip),
            "XOR" => subject.xor(&clip),
            other => panic!("case {}: clip type {other}", case.caption),
        }
        .unwrap();
        result
            .check_invariants()
            .unwrap_or_else(|e| panic!("case {}: {e}", case.caption));
        if case.sol_area > 0.0 && case.open_subjects == 0 {
            checked += 1;
            let area = result.area() / (scale * scale);
            if let Some(&(_, exact)) = INDEPENDENT_AREAS.iter().find(|(c, _)| *c == case.caption) {
                let deviation = (area - exact).abs() / exact;
                assert!(
                    deviation <= 1e-5,
                    "case {}: area {area}, exact {exact}",
                    case.caption
                );
                continue;
            }
            let deviation = (area - case.sol_area).abs() / case.sol_area;
            if deviation > worst.0 {
                worst = (deviation, case.caption.clone());
            }
            assert!(
                deviation <= 0.01,
                "case {}: area {area}, Clipper2 {}",
                case.caption,
                case.sol_area
            );
        }
    }
    eprintln!(
        "{run} EVENODD cases run, {checked} areas checked, worst deviation {:.4}% (case {})",
        100.0 * worst.0,
        worst.1
    );
    assert_eq!(run, 163);
}
