//! The seam lines of a tiled build and the global vertex numbers (decisions D17): every
//! tile's vertices in one sorted list, a vertex on a seam numbered once, column by column.

use crate::error::{Error, Result};
use crate::navmesh::NavMesh;
use onepath_predicates::GridPoint;

/// The seam lines in grid units: vertical lines `x = xs[k]`, horizontal `y = ys[k]`.
pub(super) struct Seams {
    pub(super) xs: Vec<i64>,
    pub(super) ys: Vec<i64>,
}

impl Seams {
    /// The seam line an edge lies on, if any: `(vertical, coordinate)`.
    pub(super) fn line_of(&self, a: GridPoint, b: GridPoint) -> Option<(bool, i64)> {
        if a.x == b.x && self.xs.binary_search(&a.x).is_ok() {
            Some((true, a.x))
        } else if a.y == b.y && self.ys.binary_search(&a.y).is_ok() {
            Some((false, a.y))
        } else {
            None
        }
    }

    /// True when `p` lies on a seam line.
    pub(super) fn touches(&self, p: GridPoint) -> bool {
        self.xs.binary_search(&p.x).is_ok() || self.ys.binary_search(&p.y).is_ok()
    }
}

/// The global vertices (every tile's, sorted, a vertex on a seam once) and each tile's
/// vertex numbers in that list.
///
/// Tile column `i` spans `x` from its left seam up to its right one, and only the points on
/// a vertical seam belong to two columns; counting each of those in the column to its
/// right, the columns are consecutive runs of the sorted list. So each column's points are
/// sorted on their own (with the tile and local number they came from), numbered, and the
/// columns laid end to end: the work is a sort per column, and what is held beyond the
/// result is one column's points.
pub(super) fn number_vertices(
    tiles: &[Option<NavMesh>],
    seams: &Seams,
) -> Result<(Vec<GridPoint>, Vec<Vec<u32>>)> {
    let tiles_x = seams.xs.len() + 1;
    let total: usize = tiles
        .iter()
        .flatten()
        .map(|m| m.partition.vertices().len())
        .sum();
    if total > u32::MAX as usize {
        return Err(Error::internal(format!(
            "{total} tile vertices do not fit the mesh's u32 vertex numbers"
        )));
    }
    let mut global: Vec<Vec<u32>> = tiles
        .iter()
        .map(|m| vec![0; m.as_ref().map_or(0, |m| m.partition.vertices().len())])
        .collect();
    let mut vertices: Vec<GridPoint> = Vec::with_capacity(total);
    let mut column: Vec<(GridPoint, u32, u32)> = Vec::new();
    for i in 0..tiles_x {
        column.clear();
        // This column's tiles, without their right seam, and the previous column's points on
        // its left seam.
        let mut add = |t: usize, keep: &dyn Fn(GridPoint) -> bool| {
            if let Some(Some(m)) = tiles.get(t) {
                for (local, &p) in m.partition.vertices().iter().enumerate() {
                    if keep(p) {
                        column.push((p, t as u32, local as u32));
                    }
                }
            }
        };
        for t in (i..tiles.len()).step_by(tiles_x) {
            match seams.xs.get(i) {
                Some(&right) => add(t, &|p: GridPoint| p.x != right),
                None => add(t, &|_| true),
            }
            if let Some(&left) = i.checked_sub(1).and_then(|k| seams.xs.get(k)) {
                add(t - 1, &|p: GridPoint| p.x == left);
            }
        }
        column.sort_unstable();
        for &(p, t, local) in &column {
            if vertices.last() != Some(&p) {
                vertices.push(p);
            }
            global[t as usize][local as usize] = (vertices.len() - 1) as u32;
        }
    }
    Ok((vertices, global))
}
