//! The arrangement with the crossing half of step 4's verifying pass left to a caller that
//! sweeps the segments anyway (the winding crate's labelling), which decides it on the way
//! by the Shamos–Hoey test of neighbours in its status.
//!
//! After step 3 the verifying pass asks two questions: does a hot pixel centre lie inside a
//! fragment, and do two fragments properly cross. The first is decided on step 3's
//! polylines (`Polylines::any_vertex_inside`). The second needs a candidate search over
//! every fragment: a grid of all of them and a crossing test per pair sharing a cell, a
//! fifth of an offset's instructions. A plane sweep over the same segments that is made in
//! any case answers it for the price of one or two exact tests per vertex, so
//! [`arrange_deferred`] stops before it and hands over step 3's fragments, the cancelled
//! ones (zero delta) included since they cross and count like any other. When the sweep
//! finds no proper crossing the verifying pass would have found none either, and step 3's
//! fragments are the arrangement; when it finds one, [`Deferred::verify`] runs the
//! verifying pass and the repair loop on exactly the fragments and pixels the eager path
//! would have, so the result is the same either way.

use crate::error::ArrangementError;
use crate::fragment::{Fragment, rank_used_pixels, remap_pairs};
use crate::invariants::{InvariantViolation, check_geometry, check_structure};
use crate::mixed::{MixedInput, mixed_pass_finds};
use crate::options::{ArrangeOptions, ArrangeStats, CandidateSearch};
use crate::pipeline::{Finished, Step4, assemble, fragments_again, general, repair_and_assemble};
use crate::types::{Arrangement, Segment};
use onepath_predicates::GridPoint;

/// An arrangement that is either done or waits for the answer to one question: do two of
/// its segments properly cross?
///
/// [`crate::arrange_deferred`] makes it. When [`Deferred::is_verified`] is false,
/// [`Deferred::segments`] are the fragments of step 3 over [`Deferred::vertices`], every
/// hot pixel: sorted by `(a, b)`, unique, with no hot pixel centre inside any of them, and
/// including those whose delta is zero (they are dropped only in step 5; the mixed path
/// sums collinear axis-parallel pieces along their lines, so a piece that cancels there is
/// absent, as it always was from its verifying pass). If none of them properly cross, they are the arrangement's segments plus the zero ones, and the labels
/// and boundary a sweep finds on them are those of the arrangement; otherwise
/// [`Deferred::verify`] gives the arrangement.
#[derive(Clone, Debug)]
pub struct Deferred {
    inner: Inner,
}

#[derive(Clone, Debug)]
enum Inner {
    /// Verified already (an exact shortcut needed no verifying pass, or the repair loop
    /// ran because a vertex lay inside a fragment).
    Done(Arrangement),
    /// Step 3's fragments with the crossing half of the verifying pass undecided (boxed:
    /// it carries the mixed path's fallback besides).
    Pending(Box<Pending>),
}

/// Step 3's fragments as segments over every hot pixel, before the crossing half of step
/// 4's verifying pass.
#[derive(Clone, Debug)]
pub(crate) struct Pending {
    /// Every hot pixel, sorted.
    hot: Vec<GridPoint>,
    /// Every fragment (zero deltas included), sorted by `(a, b)`.
    segments: Vec<Segment>,
    /// The run's counters so far.
    stats: ArrangeStats,
    /// Which path made step 3, and for the mixed path what its fallback needs.
    path: Step3,
}

/// The path that made step 3, as its verification needs to know it.
#[derive(Clone, Debug)]
enum Step3 {
    /// The general path: its verifying pass and repair loop follow.
    General,
    /// The mixed path, with what its fallback to the general path needs.
    Mixed(MixedInput),
    /// The mixed path after [`Deferred::forget_fallback`]: a sweep found no crossing, so
    /// the fallback was freed.
    MixedForgotten,
}

impl Pending {
    /// The segments of `fragments` (sorted, unique) whose endpoints are `hot[ids[k]]`.
    fn segments_of(fragments: &[Fragment], ids: &[[u32; 2]]) -> Vec<Segment> {
        fragments
            .iter()
            .zip(ids)
            .map(|(f, &[a, b])| Segment {
                a,
                b,
                delta: f.delta,
            })
            .collect()
    }

    /// Step 3 of the general path, no vertex inside a fragment.
    pub(crate) fn general(hot: Vec<GridPoint>, fragments: &[Fragment], ids: &[[u32; 2]]) -> Self {
        Self {
            segments: Self::segments_of(fragments, ids),
            hot,
            stats: ArrangeStats::default(),
            path: Step3::General,
        }
    }

    /// Step 3 of the mixed path (its merged pieces as `segments`), with what its fallback
    /// needs.
    pub(crate) fn mixed(
        hot: Vec<GridPoint>,
        segments: Vec<Segment>,
        stats: ArrangeStats,
        input: MixedInput,
    ) -> Self {
        Self {
            segments,
            hot,
            stats,
            path: Step3::Mixed(input),
        }
    }

    /// False when a vertex lies inside a fragment: then the segments cannot be handed to a
    /// sweep, and verification goes straight to the general path.
    pub(crate) fn is_open(&self) -> bool {
        !matches!(&self.path, Step3::Mixed(input) if input.vertex_inside)
    }

    /// The rest of the run after step 3, into `stats`: for the general path the verifying
    /// pass and, if it finds something, the repair loop; for the mixed path its verifying
    /// pass and, if it finds something (or a vertex lies inside a fragment), the general
    /// path from the unique fragments again; then step 5.
    pub(crate) fn verify_with(
        self,
        stats: &mut ArrangeStats,
    ) -> Result<Arrangement, ArrangementError> {
        let Pending {
            hot,
            segments,
            stats: so_far,
            path,
        } = self;
        *stats = so_far;
        let fragments: Vec<Fragment> = segments
            .iter()
            .map(|s| Fragment {
                p: hot[s.a as usize],
                q: hot[s.b as usize],
                delta: s.delta,
            })
            .collect();
        let ids = || {
            segments
                .iter()
                .map(|s| [s.a, s.b])
                .collect::<Vec<[u32; 2]>>()
        };
        // The mixed path's fallback input, or `None` once forgotten.
        let input = match path {
            Step3::General => {
                let step4 = Step4 {
                    search: CandidateSearch::Auto,
                    vertex_inside: false,
                    any_input: true,
                };
                return repair_and_assemble(fragments, hot, ids(), step4, stats, None);
            }
            Step3::Mixed(input) => Some(input),
            Step3::MixedForgotten => None,
        };
        let vertex_inside = input.as_ref().is_some_and(|input| input.vertex_inside);
        if !vertex_inside && !mixed_pass_finds(&fragments, &hot, stats) {
            stats.hot_pixels = hot.len();
            stats.fragments = fragments.len();
            return Ok(assemble(&fragments, &ids(), hot));
        }
        // A crossing after all: a forgotten fallback cannot run.
        let input = input.ok_or(ArrangementError::FallbackForgotten)?;
        // The fragments again, from their input pixels and deltas, for the general path.
        drop((fragments, segments));
        #[cfg(test)]
        crate::pipeline::tests::FALLBACKS.with(|n| n.set(n.get() + 1));
        let MixedInput {
            mut ids,
            deltas,
            base,
            ..
        } = input;
        // The input pixels are the endpoints of the unique fragments (every input pixel is
        // one), in the order of the final pixels, which kept theirs: the pixels used,
        // numbered again.
        let (input_hot, rank) = rank_used_pixels(&hot, ids.iter().copied());
        #[cfg(debug_assertions)]
        debug_assert_eq!(input_hot, input.given, "the mixed path's input pixels");
        drop(hot);
        remap_pairs(&mut ids, &rank);
        drop(rank);
        let unique = fragments_again(&ids, &input_hot, deltas.into_wide());
        drop(ids);
        let options = ArrangeOptions::default();
        match general(unique, input_hot, base, &options, None, false)? {
            Finished::Run(run) => {
                *stats = run.stats;
                Ok(run.arrangement)
            }
            // Not deferred, so never pending; verified all the same.
            Finished::Pending(pending) => pending.verify_with(stats),
        }
    }
}

impl From<Arrangement> for Deferred {
    /// A verified arrangement as a deferred one with nothing left open.
    fn from(arrangement: Arrangement) -> Self {
        Self::done(arrangement)
    }
}

impl Deferred {
    /// A verified arrangement.
    pub(crate) fn done(arrangement: Arrangement) -> Self {
        Self {
            inner: Inner::Done(arrangement),
        }
    }

    /// Step 3's fragments, the crossing question open.
    pub(crate) fn pending(pending: Pending) -> Self {
        Self {
            inner: Inner::Pending(Box::new(pending)),
        }
    }

    /// True when this is a verified arrangement (its segments satisfy every invariant of
    /// [`Arrangement`]); false when whether two segments properly cross is still open.
    pub fn is_verified(&self) -> bool {
        matches!(self.inner, Inner::Done(_))
    }

    /// The vertices, strictly increasing in `(x, y)` order: the arrangement's, or every hot
    /// pixel while the crossing question is open.
    pub fn vertices(&self) -> &[GridPoint] {
        match &self.inner {
            Inner::Done(arrangement) => &arrangement.vertices,
            Inner::Pending(pending) => &pending.hot,
        }
    }

    /// The segments, strictly increasing in `(a, b)`: the arrangement's, or step 3's
    /// fragments (zero deltas included) while the crossing question is open.
    pub fn segments(&self) -> &[Segment] {
        match &self.inner {
            Inner::Done(arrangement) => &arrangement.segments,
            Inner::Pending(pending) => &pending.segments,
        }
    }

    /// Frees what [`Deferred::verify`] would need should two segments properly cross, for
    /// a caller whose sweep over [`Deferred::segments`] found that none do (the winding
    /// crate's `label_deferred` returned their labels): the mixed path keeps its unique
    /// input fragments for that case, which a large shrink would otherwise hold to the end
    /// of its tracing (issue #24). Nothing else changes; `verify` still gives the same
    /// arrangement, or [`ArrangementError::FallbackForgotten`] should two segments cross
    /// after all. An arrangement that is verified already, or whose segments cannot be
    /// swept ([`crate::arrange_deferred`]), is left as it is.
    pub fn forget_fallback(&mut self) {
        if let Inner::Pending(pending) = &mut self.inner
            && pending.is_open()
            && matches!(pending.path, Step3::Mixed(_))
        {
            pending.path = Step3::MixedForgotten;
        }
    }

    /// The vertices ([`Deferred::vertices`]), everything else freed: for a caller that has
    /// taken what it needs of the segments (the winding crate's tracing keeps only the
    /// boundary's vertex pairs).
    pub fn into_vertices(self) -> Vec<GridPoint> {
        match self.inner {
            Inner::Done(arrangement) => arrangement.vertices,
            Inner::Pending(pending) => pending.hot,
        }
    }

    /// Checks every guarantee of the type: a verified arrangement satisfies
    /// [`Arrangement::check_invariants`]; an open one has vertices strictly sorted,
    /// segments strictly sorted by `(a, b)` with `a < b` in range, and no vertex strictly
    /// inside a segment (exactly). Whether two open segments cross is the open question, so
    /// it is not a violation; zero deltas and vertices of no segment are allowed there too.
    pub fn check_invariants(&self) -> Result<(), InvariantViolation> {
        match &self.inner {
            Inner::Done(arrangement) => arrangement.check_invariants(),
            Inner::Pending(pending) => {
                check_structure(&pending.hot, &pending.segments, false)?;
                check_geometry(&pending.hot, &pending.segments, false)
            }
        }
    }

    /// The arrangement [`crate::arrange`] gives for the same edges: the verified one as it
    /// is, otherwise the verifying pass and (if two segments cross) the repair loop on
    /// exactly the fragments and pixels the eager path has after step 3.
    pub fn verify(self) -> Result<Arrangement, ArrangementError> {
        match self.inner {
            Inner::Done(arrangement) => Ok(arrangement),
            Inner::Pending(pending) => pending.verify_with(&mut ArrangeStats::default()),
        }
    }
}

#[cfg(test)]
mod tests {
    //! Forgetting the mixed path's fallback: the same arrangement when no two segments
    //! cross, and an error, never another arrangement, when (forced here, as no input
    //! found reaches it) the verifying pass finds something.

    use super::*;
    use crate::mixed::FORCE_FALLBACK;
    use crate::pipeline::tests::mostly_axis_parallel;
    use onepath_testkit::Rng;

    #[test]
    fn a_forgotten_fallback_gives_the_same_arrangement_or_an_error() {
        let mut rng = Rng::new(35);
        let mut mixed = 0;
        for k in 0..200 {
            let edges = mostly_axis_parallel(&mut rng, [8u64, 60, 1 << 20][k % 3]);
            let expected = crate::arrange(&edges).expect("an arrangement");
            let deferred = crate::arrange_deferred(edges).expect("a deferred arrangement");
            let keeps_fallback =
                matches!(&deferred.inner, Inner::Pending(p) if matches!(p.path, Step3::Mixed(_)));
            let mut forgotten = deferred.clone();
            forgotten.forget_fallback();
            assert_eq!(
                forgotten.clone().verify().as_ref(),
                Ok(&expected),
                "input {k}"
            );
            if !keeps_fallback {
                continue;
            }
            mixed += 1;
            assert!(matches!(
                &forgotten.inner,
                Inner::Pending(p) if matches!(p.path, Step3::MixedForgotten)
            ));
            FORCE_FALLBACK.with(|f| f.set(true));
            let refused = forgotten.verify();
            let kept = deferred.verify();
            FORCE_FALLBACK.with(|f| f.set(false));
            assert_eq!(
                refused,
                Err(ArrangementError::FallbackForgotten),
                "input {k}"
            );
            assert_eq!(kept, Ok(expected), "input {k}");
        }
        assert!(mixed > 100, "only {mixed} of 200 inputs kept a fallback");
    }
}
