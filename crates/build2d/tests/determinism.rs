//! Determinism of the public API (issue #9): the golden inputs give byte-identical canonical
//! text whatever the order of outlines, rings and ring vertices, whatever the direction of
//! each ring, and on whichever thread they are built.

#[path = "golden/case.rs"]
mod case;
#[path = "golden/render.rs"]
mod render;

use case::{Case, Source};
use onepath_build2d::{
    ConvexPartition, Error, Mesh2DPipeline, NavMesh, Outline, Region, Triangulation,
};
use std::path::PathBuf;

/// Fails to compile unless `T` can be shared between and sent to threads.
const fn assert_send_sync<T: Send + Sync>() {}

// Every public result type can cross threads: a caller may build on a worker pool.
const _: () = {
    assert_send_sync::<Region>();
    assert_send_sync::<Triangulation>();
    assert_send_sync::<ConvexPartition>();
    assert_send_sync::<NavMesh>();
    assert_send_sync::<Error>();
    assert_send_sync::<Outline>();
    assert_send_sync::<Mesh2DPipeline>();
};

/// The shared seeded generator, so every scramble is reproducible from its seed.
use onepath_testkit::Rng as SplitMix64;

/// The case with the same set of even-odd edges per outline: outlines and the rings of each
/// outline shuffled, every ring's start vertex rotated and about half the rings reversed.
fn scrambled(case: &Case, rng: &mut SplitMix64) -> Case {
    let mut case = case.clone();
    for spec in &mut case.regions {
        if let Source::Outlines(outlines) = &mut spec.source {
            rng.shuffle(outlines);
            for outline in outlines.iter_mut() {
                rng.shuffle(&mut outline.rings);
                for ring in &mut outline.rings {
                    let k = rng.below(ring.len().max(1));
                    ring.rotate_left(k);
                    if rng.next_u64().is_multiple_of(2) {
                        ring.reverse();
                    }
                }
            }
        }
    }
    case
}

fn has_outlines(case: &Case) -> bool {
    case.regions
        .iter()
        .any(|r| matches!(&r.source, Source::Outlines(o) if !o.is_empty()))
}

fn name(path: &std::path::Path) -> String {
    path.file_name()
        .expect("a file name")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn scrambled_outlines_give_identical_text() {
    let mut tested = 0;
    for path in case::input_files() {
        let case = case::parse(&path);
        if !has_outlines(&case) {
            continue;
        }
        let expected = case::run(&case);
        let mut changed = false;
        for seed in 0..6 {
            let mut rng = SplitMix64(0x0DE7_E541_0000 + seed);
            let other = scrambled(&case, &mut rng);
            changed |= other != case;
            let text = case::run(&other);
            assert!(
                text == expected,
                "{} differs when scrambled with seed {seed}",
                name(&path)
            );
        }
        assert!(changed, "{}: no scramble changed the input", name(&path));
        tested += 1;
    }
    // Most of the corpus is made of outlines; a broken input listing must not pass silently.
    assert!(tested >= 25, "only {tested} inputs with outlines");
}

#[test]
fn threads_give_identical_text() {
    let inputs: Vec<(PathBuf, Case)> = case::input_files()
        .into_iter()
        .map(|p| (p.clone(), case::parse(&p)))
        .collect();
    assert!(inputs.len() >= 40, "only {} golden inputs", inputs.len());
    let expected: Vec<String> = inputs.iter().map(|(_, c)| case::run(c)).collect();
    const THREADS: usize = 4;
    let results: Vec<Vec<(usize, String)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..THREADS)
            .map(|t| {
                let inputs = &inputs;
                // Every thread builds every input, each starting at another place in the
                // list, so different inputs run at the same time on different threads.
                scope.spawn(move || {
                    let n = inputs.len();
                    (0..n)
                        .map(|i| (i + t * n / THREADS) % n)
                        .map(|i| (i, case::run(&inputs[i].1)))
                        .collect()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a thread panicked"))
            .collect()
    });
    for (t, result) in results.iter().enumerate() {
        assert_eq!(result.len(), inputs.len());
        for (i, text) in result {
            assert!(
                *text == expected[*i],
                "{} differs on thread {t}",
                name(&inputs[*i].0)
            );
        }
    }
}
