//! Invariant checks for the triangulation and the inside mesh, used by the tests and
//! available to callers that want to verify a result.

use crate::error::InvariantError;
use crate::label::InsideMesh;
use crate::mesh::{Cdt, NO_TRIANGLE, next, prev};
use onepath_predicates::{CirclePosition, GridPoint, incircle, orient2d};

/// Returns an [`InvariantError`] with the formatted message when `cond` is false.
macro_rules! ensure {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            return Err(InvariantError(format!($($msg)+)));
        }
    };
}

impl Cdt {
    /// Checks the triangulation: `2n + 1` counter-clockwise triangles using every vertex,
    /// symmetric adjacency and constrained flags, only bounding-triangle sides without a
    /// neighbour, every unconstrained edge locally Delaunay (the apex across is not strictly
    /// inside the circle), and exactly the constraints marked constrained.
    pub fn check_invariants(&self) -> Result<(), InvariantError> {
        let n = self.num_input_points();
        let count = self.triangles.len();
        ensure!(count == 2 * n + 1, "{count} triangles for {n} points");
        ensure!(
            self.adjacency.len() == count && self.constrained.len() == count,
            "array lengths differ"
        );
        let mut used = vec![false; self.points.len()];
        let mut constrained_edges = 0usize;
        for (t, tri) in self.triangles.iter().enumerate() {
            let p = |v: u32| self.points[v as usize];
            ensure!(
                tri.iter().all(|&v| (v as usize) < self.points.len()),
                "triangle {t} {tri:?} has a vertex out of range"
            );
            ensure!(
                orient2d(p(tri[0]), p(tri[1]), p(tri[2])).is_ccw(),
                "triangle {t} {tri:?} is not counter-clockwise"
            );
            for k in 0..3 {
                used[tri[k] as usize] = true;
                let flag = self.is_constrained(t, k);
                let u = self.adjacency[t][k];
                if u == NO_TRIANGLE {
                    ensure!(
                        tri[k] as usize >= n && tri[next(k)] as usize >= n && !flag,
                        "edge {k} of triangle {t} has no neighbour"
                    );
                    continue;
                }
                let other = self.triangles[u as usize];
                let m = (0..3).find(|&m| other[m] == tri[next(k)] && other[next(m)] == tri[k]);
                let Some(m) = m else {
                    return Err(InvariantError(format!(
                        "triangle {u} across edge {k} of {t} lacks the reversed edge"
                    )));
                };
                ensure!(
                    self.adjacency[u as usize][m] == t as u32,
                    "adjacency of {t} and {u} is not symmetric"
                );
                ensure!(
                    self.is_constrained(u as usize, m) == flag,
                    "constrained flags of {t} and {u} differ"
                );
                if flag {
                    constrained_edges += 1;
                    ensure!(
                        self.net_direction_known(tri[k], tri[next(k)]),
                        "edge ({}, {}) is flagged but is no constraint",
                        tri[k],
                        tri[next(k)]
                    );
                } else {
                    let d = other[prev(m)];
                    ensure!(
                        incircle(p(tri[0]), p(tri[1]), p(tri[2]), p(d)) != CirclePosition::Inside,
                        "edge {k} of triangle {t} is not locally Delaunay"
                    );
                }
            }
        }
        ensure!(used.iter().all(|&u| u), "a vertex is in no triangle");
        ensure!(
            constrained_edges == 2 * self.constraint_edges.len(),
            "{} constrained edge sides for {} constraints",
            constrained_edges,
            self.constraint_edges.len()
        );
        Ok(())
    }

    /// True when `u–v` is one of the constraints.
    fn net_direction_known(&self, u: u32, v: u32) -> bool {
        let key = (u.min(v), u.max(v));
        self.constraint_edges
            .binary_search_by(|e| (e.from, e.to).cmp(&key))
            .is_ok()
    }
}

impl InsideMesh {
    /// Checks the canonical form of "Region.Triangulate" against the caller's `points`:
    /// counter-clockwise triangles starting at their smallest vertex, strictly sorted, and
    /// symmetric neighbours that share the reversed edge.
    pub fn check_invariants(&self, points: &[GridPoint]) -> Result<(), InvariantError> {
        ensure!(
            self.neighbors.len() == 3 * self.triangles.len(),
            "neighbour count"
        );
        for (t, tri) in self.triangles.iter().enumerate() {
            ensure!(
                tri.iter().all(|&v| (v as usize) < points.len()),
                "triangle {t} has a vertex out of range"
            );
            ensure!(
                tri[0] < tri[1] && tri[0] < tri[2],
                "triangle {t} {tri:?} does not start at its smallest vertex"
            );
            let p = |v: u32| points[v as usize];
            ensure!(
                orient2d(p(tri[0]), p(tri[1]), p(tri[2])).is_ccw(),
                "triangle {t} {tri:?} is not counter-clockwise"
            );
            ensure!(
                t == 0 || self.triangles[t - 1] < *tri,
                "triangles are not strictly sorted at {t}"
            );
            for i in 0..3 {
                let nb = self.neighbors[3 * t + i];
                if nb < 0 {
                    ensure!(nb == -1, "neighbour {nb} of triangle {t}");
                    continue;
                }
                let other = self.triangles.get(nb as usize);
                let Some(other) = other else {
                    return Err(InvariantError(format!("neighbour {nb} out of range")));
                };
                let j = (0..3).find(|&j| other[j] == tri[next(i)] && other[next(j)] == tri[i]);
                let Some(j) = j else {
                    return Err(InvariantError(format!(
                        "triangle {nb} does not hold edge {i} of {t} reversed"
                    )));
                };
                ensure!(
                    self.neighbors[3 * nb as usize + j] == t as i32,
                    "neighbours of {t} and {nb} are not symmetric"
                );
            }
        }
        Ok(())
    }
}
