//! Data-driven golden tests: each `golden/*.txt` input (one edge per line,
//! `x0 y0 x1 y1 operand` with operand `0`, `1` or `both`, `#` comments) is noded and its
//! exact output compared with the insta snapshot under `snapshots/`.

mod common;

use common::{e, p, verify};
use onepath_arrangement::{ArrangeStats, Arrangement, Operand, TaggedEdge};
use std::fmt::Write;

fn parse(text: &str) -> Vec<TaggedEdge> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(fields.len(), 5, "bad line {line:?}");
            let c: Vec<i64> = fields[..4]
                .iter()
                .map(|f| f.parse().expect("bad coordinate"))
                .collect();
            let operand = match fields[4] {
                "0" => Operand::First,
                "1" => Operand::Second,
                "both" => Operand::Both,
                other => panic!("bad operand {other:?}"),
            };
            e(p(c[0], c[1]), p(c[2], c[3]), operand)
        })
        .collect()
}

/// The canonical text of an output: counters, vertices and segments as exact integers.
fn render(arrangement: &Arrangement, stats: &ArrangeStats) -> String {
    let mut out = String::new();
    let balanced = arrangement.check_balanced().is_ok();
    writeln!(
        out,
        "hot pixels {}, initial crossings {}, repair rounds {}, balanced {balanced}",
        stats.hot_pixels, stats.initial_crossings, stats.repair_rounds
    )
    .unwrap();
    writeln!(out, "vertices {}", arrangement.vertices.len()).unwrap();
    for (i, v) in arrangement.vertices.iter().enumerate() {
        writeln!(out, "  {i}: {} {}", v.x, v.y).unwrap();
    }
    writeln!(out, "segments {}", arrangement.segments.len()).unwrap();
    for s in &arrangement.segments {
        writeln!(out, "  {} {} delta {} {}", s.a, s.b, s.delta[0], s.delta[1]).unwrap();
    }
    out
}

#[test]
fn golden_inputs() {
    insta::glob!("golden/*.txt", |path| {
        let text = std::fs::read_to_string(path).expect("cannot read golden input");
        let edges = parse(&text);
        assert!(!edges.is_empty());
        let (arrangement, stats) = verify(&edges, false, usize::MAX);
        insta::assert_snapshot!(render(&arrangement, &stats));
    });
}
