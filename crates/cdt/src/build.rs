//! Building the triangulation: input validation, the merge of directed constraints into
//! undirected ones, and [`Cdt::new`] (spec "Constrained Delaunay triangulation", steps 1
//! to 4).

use crate::constrain::Constrainer;
use crate::sort::sort_by_first_vertex;
use crate::{CDT_COORDINATE_LIMIT, Cdt, CdtError, ConstraintEdge, MAX_POINTS, insertion_order};
use onepath_predicates::{BOUNDING_TRIANGLE, GridPoint};

/// Checks that the points are within range, distinct and strictly sorted by `(x, y)`.
fn validate_points(points: &[GridPoint]) -> Result<(), CdtError> {
    if points.len() > MAX_POINTS {
        return Err(CdtError::TooManyPoints {
            count: points.len(),
            max: MAX_POINTS,
        });
    }
    for (index, p) in points.iter().enumerate() {
        if p.x.abs() > CDT_COORDINATE_LIMIT || p.y.abs() > CDT_COORDINATE_LIMIT {
            return Err(CdtError::CoordinateOutOfRange {
                index,
                x: p.x,
                y: p.y,
            });
        }
        if index > 0 {
            let before = points[index - 1];
            if before == *p {
                return Err(CdtError::DuplicatePoint { index });
            }
            if before > *p {
                return Err(CdtError::UnsortedPoints { index });
            }
        }
    }
    Ok(())
}

/// Validates the directed constraints and merges them into unique undirected edges
/// `(A, B)`, `A < B`, in lexicographic order (D13), each with its net direction.
fn merge_constraints(n: usize, constraints: &[[u32; 2]]) -> Result<Vec<ConstraintEdge>, CdtError> {
    // Each constraint as its `(A, B, input index)` triple, distinct by the index (kept
    // whole, so that the direction below is read from the right constraint however many
    // there are; `first_index` stores it as the `u32` it always was).
    let mut keys: Vec<(u32, u32, usize)> = Vec::with_capacity(constraints.len());
    for (index, &[from, to]) in constraints.iter().enumerate() {
        for vertex in [from, to] {
            if vertex as usize >= n {
                return Err(CdtError::IndexOutOfRange {
                    constraint: index,
                    vertex,
                    count: n,
                });
            }
        }
        if from == to {
            return Err(CdtError::ZeroLength {
                constraint: index,
                vertex: from,
            });
        }
        keys.push((from.min(to), from.max(to), index));
    }
    sort_by_first_vertex(&mut keys, n, |k| k.0);
    let mut merged: Vec<ConstraintEdge> = Vec::with_capacity(keys.len());
    for (from, to, index) in keys {
        let [a, b] = constraints[index];
        let net = if a < b { 1 } else { -1 };
        match merged.last_mut() {
            Some(last) if (last.from, last.to) == (from, to) => last.net += net,
            _ => merged.push(ConstraintEdge {
                from,
                to,
                net,
                first_index: index as u32,
            }),
        }
    }
    Ok(merged)
}

impl Cdt {
    /// Builds the constrained Delaunay triangulation of `points` with the `constraints`
    /// (spec "Constrained Delaunay triangulation", steps 1 to 4, numbered as D13).
    ///
    /// `points` must be distinct, strictly sorted by `(x, y)` and within
    /// [`CDT_COORDINATE_LIMIT`]. `constraints` are directed edges `[from, to]` between distinct
    /// point indices; they are inserted as undirected edges (a repeated edge once) and their
    /// directions only feed [`Cdt::windings`]. They must be noded: a constraint passing
    /// through a point or crossing another constraint is an error naming the constraint.
    pub fn new(points: &[GridPoint], constraints: &[[u32; 2]]) -> Result<Cdt, CdtError> {
        validate_points(points)?;
        let constraint_edges = merge_constraints(points.len(), constraints)?;
        let mut all_points = Vec::with_capacity(points.len() + 3);
        all_points.extend_from_slice(points);
        Self::with_constraints(all_points, constraint_edges)
    }

    /// [`Cdt::new`] of points and constraints given up by the caller: the same
    /// triangulation, but the points become its own (not copied), and the constraints are
    /// freed once merged, so that a large triangulation holds neither twice (issue #24).
    /// [`Cdt::into_inside_mesh`] hands the points back.
    pub fn from_owned(points: Vec<GridPoint>, constraints: Vec<[u32; 2]>) -> Result<Cdt, CdtError> {
        validate_points(&points)?;
        let constraint_edges = merge_constraints(points.len(), &constraints)?;
        drop(constraints);
        Self::with_constraints(points, constraint_edges)
    }

    /// Steps 1 to 4 over the validated input `points` (to which the bounding corners are
    /// appended) and the merged constraints.
    fn with_constraints(
        mut points: Vec<GridPoint>,
        constraint_edges: Vec<ConstraintEdge>,
    ) -> Result<Cdt, CdtError> {
        let n = points.len();
        let order = insertion_order(&points);
        // At the exact size: the points outlive the triangulation (`Cdt::into_inside_mesh`).
        points.reserve_exact(BOUNDING_TRIANGLE.len());
        points.extend_from_slice(&BOUNDING_TRIANGLE);
        let mut cdt = Cdt::with_bounding_triangle(points, 2 * n + 1);
        cdt.insert_points(&order)?;
        drop(order);
        if !constraint_edges.is_empty() {
            let mut constrainer = Constrainer::new(&cdt);
            cdt.constraint_edges = constraint_edges;
            for i in 0..cdt.constraint_edges.len() {
                let e = cdt.constraint_edges[i];
                constrainer.insert(&mut cdt, e.first_index as usize, e.from, e.to)?;
            }
            cdt.final_passes(constrainer.touched);
        }
        Ok(cdt)
    }
}

#[cfg(test)]
mod tests {
    //! Checks that skipping untouched edges in the final passes gives the same triangles as
    //! full passes over every edge (spec step 4 read literally).

    use super::*;
    use crate::splitmix64_output;

    /// Builds like [`Cdt::new`] but runs the final passes over every edge.
    fn with_full_passes(points: &[GridPoint], constraints: &[[u32; 2]]) -> Cdt {
        let edges = merge_constraints(points.len(), constraints).expect("valid");
        let mut all = points.to_vec();
        all.extend_from_slice(&BOUNDING_TRIANGLE);
        let mut cdt = Cdt::with_bounding_triangle(all, 2 * points.len() + 1);
        cdt.insert_points(&insertion_order(points)).expect("valid");
        let mut constrainer = Constrainer::new(&cdt);
        cdt.constraint_edges = edges;
        for i in 0..cdt.constraint_edges.len() {
            let e = cdt.constraint_edges[i];
            constrainer
                .insert(&mut cdt, e.first_index as usize, e.from, e.to)
                .expect("noded");
        }
        let len = cdt.triangles.len();
        cdt.final_passes(vec![true; len]);
        cdt
    }

    #[test]
    fn skipping_untouched_edges_changes_nothing() {
        let mut state = 11u64;
        let mut next = move |m: u64| {
            state = splitmix64_output(state);
            state % m
        };
        let mut constrained_cases = 0;
        for case in 0..200 {
            // Grid points (highly cocircular) with parallel knight-move constraints, (1, 2)
            // or (2, 1): they hold no grid point inside and never cross, so they are noded,
            // and they cut across the Delaunay diagonals, so Sloan's flips run.
            let side = 4 + next(12) as i64;
            let points: Vec<GridPoint> = (0..side)
                .flat_map(|x| (0..side).map(move |y| GridPoint::new(x, y)))
                .collect();
            let (dx, dy) = if case % 2 == 0 { (1, 2) } else { (2, 1) };
            let mut constraints = Vec::new();
            for _ in 0..next(2 * side as u64) {
                let (x, y) = (
                    next((side - dx) as u64) as i64,
                    next((side - dy) as u64) as i64,
                );
                constraints.push([(x * side + y) as u32, ((x + dx) * side + y + dy) as u32]);
            }
            let fast = Cdt::new(&points, &constraints).expect("valid");
            let full = with_full_passes(&points, &constraints);
            assert_eq!(fast.triangles, full.triangles, "case {case}");
            constrained_cases += usize::from(!constraints.is_empty());
        }
        assert!(
            constrained_cases > 150,
            "{constrained_cases} cases ran Sloan's flips"
        );
    }
}
