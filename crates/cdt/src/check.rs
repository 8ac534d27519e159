//! Invariant checks for the triangulation and the inside mesh, used by the tests and
//! available to callers that want to verify a result (or one read back from a file).

use crate::error::InvariantError;
use crate::label::InsideMesh;
use crate::mesh::{Cdt, NO_TRIANGLE, next, prev};
use onepath_predicates::{CirclePosition, GridPoint, incircle, orient2d};

/// Returns `Err(error)` when `cond` is false.
macro_rules! ensure {
    ($cond:expr, $error:expr) => {
        if !$cond {
            return Err($error);
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
        ensure!(
            count == 2 * n + 1,
            InvariantError::TriangleCount {
                triangles: count,
                points: n,
            }
        );
        for (array, found) in [
            ("the adjacency array", self.adjacency.len()),
            ("the constrained flags", self.constrained.len()),
        ] {
            ensure!(
                found == count,
                InvariantError::ArrayLength {
                    array,
                    found,
                    expected: count,
                }
            );
        }
        let mut used = vec![false; self.points.len()];
        let mut constrained_sides = 0usize;
        for (t, tri) in self.triangles.iter().enumerate() {
            check_triangle(&self.points, t, *tri)?;
            let p = |v: u32| self.points[v as usize];
            for k in 0..3 {
                used[tri[k] as usize] = true;
                let flag = self.is_constrained(t, k);
                let u = self.adjacency[t][k];
                if u == NO_TRIANGLE {
                    ensure!(
                        tri[k] as usize >= n && tri[next(k)] as usize >= n && !flag,
                        InvariantError::MissingNeighbour {
                            triangle: t,
                            edge: k
                        }
                    );
                    continue;
                }
                ensure!(
                    (u as usize) < count,
                    InvariantError::NeighbourOutOfRange {
                        triangle: t,
                        edge: k,
                        entry: i64::from(u),
                    }
                );
                let other = self.triangles[u as usize];
                let Some(m) = reversed_slot(other, tri[k], tri[next(k)]) else {
                    return Err(InvariantError::NotReversed {
                        triangle: t,
                        edge: k,
                        neighbour: u as usize,
                    });
                };
                ensure!(
                    self.adjacency[u as usize][m] == t as u32,
                    InvariantError::Asymmetric {
                        triangle: t,
                        neighbour: u as usize,
                    }
                );
                ensure!(
                    self.is_constrained(u as usize, m) == flag,
                    InvariantError::FlagMismatch {
                        triangle: t,
                        neighbour: u as usize,
                    }
                );
                if flag {
                    constrained_sides += 1;
                    ensure!(
                        self.net_direction_known(tri[k], tri[next(k)]),
                        InvariantError::FlaggedNonConstraint {
                            from: tri[k],
                            to: tri[next(k)],
                        }
                    );
                } else {
                    let d = other[prev(m)];
                    ensure!(
                        incircle(p(tri[0]), p(tri[1]), p(tri[2]), p(d)) != CirclePosition::Inside,
                        InvariantError::NotDelaunay {
                            triangle: t,
                            edge: k
                        }
                    );
                }
            }
        }
        if let Some(vertex) = used.iter().position(|&u| !u) {
            return Err(InvariantError::UnusedVertex { vertex });
        }
        ensure!(
            constrained_sides == 2 * self.constraint_edges.len(),
            InvariantError::ConstraintCount {
                sides: constrained_sides,
                constraints: self.constraint_edges.len(),
            }
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

/// The slot `m` of `other` holding the edge `(b, a)`, the reverse of `(a, b)`.
fn reversed_slot(other: [u32; 3], a: u32, b: u32) -> Option<usize> {
    (0..3).find(|&m| other[m] == b && other[next(m)] == a)
}

/// Checks that triangle `t` names existing vertices and is strictly counter-clockwise.
fn check_triangle(points: &[GridPoint], t: usize, tri: [u32; 3]) -> Result<(), InvariantError> {
    if let Some(&vertex) = tri.iter().find(|&&v| v as usize >= points.len()) {
        return Err(InvariantError::VertexOutOfRange {
            triangle: t,
            vertex,
            count: points.len(),
        });
    }
    let p = |v: u32| points[v as usize];
    ensure!(
        orient2d(p(tri[0]), p(tri[1]), p(tri[2])).is_ccw(),
        InvariantError::NotCounterClockwise {
            triangle: t,
            vertices: tri,
        }
    );
    Ok(())
}

/// Checks an inside mesh in the canonical form of "Region.Triangulate" against `points`,
/// over slices (nothing is copied): counter-clockwise triangles starting at their smallest
/// vertex, strictly sorted, `neighbors[3 * t + i]` the triangle holding the reversed edge
/// `(v_{i+1}, v_i)` (symmetric) or `-1`, and every interior edge that is not one of
/// `constraints` locally Delaunay: the apex across does not lie strictly inside the
/// triangle's circumcircle (exact in-circle, spec "Constrained Delaunay triangulation").
///
/// `constraints` lists the edges (either direction) exempt from the Delaunay test. A
/// region's ring edges all lie on the mesh boundary, so a region's triangulation passes
/// an empty slice: every interior edge must be Delaunay.
pub fn check_inside_mesh(
    points: &[GridPoint],
    triangles: &[[u32; 3]],
    neighbors: &[i32],
    constraints: &[[u32; 2]],
) -> Result<(), InvariantError> {
    ensure!(
        neighbors.len() == 3 * triangles.len(),
        InvariantError::ArrayLength {
            array: "the neighbour list",
            found: neighbors.len(),
            expected: 3 * triangles.len(),
        }
    );
    let mut exempt: Vec<(u32, u32)> = constraints
        .iter()
        .map(|&[a, b]| (a.min(b), a.max(b)))
        .collect();
    exempt.sort_unstable();
    let p = |v: u32| points[v as usize];
    for (t, &tri) in triangles.iter().enumerate() {
        check_triangle(points, t, tri)?;
        ensure!(
            tri[0] < tri[1] && tri[0] < tri[2],
            InvariantError::NotRotated {
                triangle: t,
                vertices: tri,
            }
        );
        ensure!(
            t == 0 || triangles[t - 1] < tri,
            InvariantError::NotSorted { triangle: t }
        );
        for i in 0..3 {
            let nb = neighbors[3 * t + i];
            if nb == -1 {
                continue;
            }
            let Some(other) = usize::try_from(nb).ok().and_then(|u| triangles.get(u)) else {
                return Err(InvariantError::NeighbourOutOfRange {
                    triangle: t,
                    edge: i,
                    entry: i64::from(nb),
                });
            };
            let (a, b) = (tri[i], tri[next(i)]);
            let Some(j) = reversed_slot(*other, a, b) else {
                return Err(InvariantError::NotReversed {
                    triangle: t,
                    edge: i,
                    neighbour: nb as usize,
                });
            };
            ensure!(
                neighbors[3 * nb as usize + j] == t as i32,
                InvariantError::Asymmetric {
                    triangle: t,
                    neighbour: nb as usize,
                }
            );
            let apex = other[prev(j)];
            ensure!(
                exempt.binary_search(&(a.min(b), a.max(b))).is_ok()
                    || incircle(p(tri[0]), p(tri[1]), p(tri[2]), p(apex)) != CirclePosition::Inside,
                InvariantError::NotDelaunay {
                    triangle: t,
                    edge: i
                }
            );
        }
    }
    Ok(())
}

impl InsideMesh {
    /// Checks the mesh against the caller's `points` with [`check_inside_mesh`]: the
    /// canonical form of "Region.Triangulate", symmetric neighbours, and every interior
    /// edge that is not one of `constraints` locally Delaunay.
    pub fn check_invariants(
        &self,
        points: &[GridPoint],
        constraints: &[[u32; 2]],
    ) -> Result<(), InvariantError> {
        check_inside_mesh(points, &self.triangles, &self.neighbors, constraints)
    }
}
