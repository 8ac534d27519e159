//! `Region::check_invariants`: an exact proof that a region is valid and canonical.

use crate::error::{Error, Result};
use crate::region::Region;
use onepath_arrangement::{Arrangement, Segment};
use onepath_predicates::{GridPoint, Orientation, orient2d};
use onepath_winding::{canonical_ring, label};

impl Region {
    /// Checks every promise of a region, exactly, and says which one fails.
    ///
    /// - its SnapBits lie in `0..=16`;
    /// - every ring has at least 3 vertices, starts at its smallest directed edge, and the
    ///   rings are strictly sorted by that edge;
    /// - no two ring edges overlap (as undirected segments), properly cross, or have a vertex
    ///   of the region strictly inside one of them: rings touch only at shared vertices;
    /// - the winding sweep over the ring edges finds winding 1 on the left of every edge and 0
    ///   on its right: the interior is on the left, outer rings run counter-clockwise and
    ///   holes clockwise;
    /// - no vertex is collinear with its ring neighbours while having degree 2 over all rings.
    pub fn check_invariants(&self) -> Result<()> {
        self.options().validate().map_err(invalid)?;
        for (i, ring) in self.rings.iter().enumerate() {
            if ring.len() < 3 {
                return Err(invalid(format!("ring {i} has {} vertices", ring.len())));
            }
            if canonical_ring(ring.clone()) != *ring {
                return Err(invalid(format!(
                    "ring {i} does not start at its smallest directed edge"
                )));
            }
        }
        for (i, w) in self.rings.windows(2).enumerate() {
            if (w[0][0], w[0][1]) >= (w[1][0], w[1][1]) {
                return Err(invalid(format!("rings {i} and {} are not in order", i + 1)));
            }
        }
        let arrangement = self.edge_arrangement()?;
        arrangement
            .check_invariants()
            .map_err(|e| invalid(format!("ring edges are not noded: {e}")))?;
        for (s, w) in arrangement.segments.iter().zip(label(&arrangement)) {
            let (left, right) = if s.delta[0] > 0 {
                (w.above, w.below)
            } else {
                (w.below, w.above)
            };
            if left != [1, 0] || right != [0, 0] {
                let (a, b) = (
                    arrangement.vertices[s.a as usize],
                    arrangement.vertices[s.b as usize],
                );
                return Err(invalid(format!(
                    "edge {a}-{b} has winding {} on its inner side and {} on its outer side (want 1 and 0)",
                    left[0], right[0]
                )));
            }
        }
        self.check_no_collinear_degree_two(&arrangement)
    }

    /// The ring edges as an arrangement (one segment per edge, delta ±1 by its direction).
    fn edge_arrangement(&self) -> Result<Arrangement> {
        let (vertices, edges) = self.constraint_graph();
        let mut segments = Vec::with_capacity(edges.len());
        for [a, b] in edges {
            segments.push(match a.cmp(&b) {
                std::cmp::Ordering::Less => Segment {
                    a,
                    b,
                    delta: [1, 0],
                },
                std::cmp::Ordering::Greater => Segment {
                    a: b,
                    b: a,
                    delta: [-1, 0],
                },
                std::cmp::Ordering::Equal => {
                    return Err(invalid(format!(
                        "zero-length edge at {}",
                        vertices[a as usize]
                    )));
                }
            });
        }
        segments.sort_unstable_by_key(|s| (s.a, s.b));
        for w in segments.windows(2) {
            if (w[0].a, w[0].b) == (w[1].a, w[1].b) {
                let (p, q) = (vertices[w[0].a as usize], vertices[w[0].b as usize]);
                return Err(invalid(format!("two ring edges overlap along {p}-{q}")));
            }
        }
        Ok(Arrangement { vertices, segments })
    }

    fn check_no_collinear_degree_two(&self, arrangement: &Arrangement) -> Result<()> {
        let mut degree = vec![0u32; arrangement.vertices.len()];
        for s in &arrangement.segments {
            degree[s.a as usize] += 1;
            degree[s.b as usize] += 1;
        }
        let index = |p: GridPoint| arrangement.vertices.partition_point(|&q| q < p);
        for ring in &self.rings {
            let n = ring.len();
            for i in 0..n {
                let (prev, v, next) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
                if degree[index(v)] == 2 && orient2d(prev, v, next) == Orientation::Collinear {
                    return Err(invalid(format!("collinear degree-2 vertex {v} was kept")));
                }
            }
        }
        Ok(())
    }
}

/// A broken promise of a region.
fn invalid(message: impl std::fmt::Display) -> Error {
    Error::invariant("region", message)
}
