//! The area cut and the labelled mesh of decisions D16: the shrunk region and every area
//! noded in one arrangement, the pieces traced from it, the borders made constraints of
//! the triangulation, and the convex merge kept from crossing them.

use crate::areas::AreaId;
use crate::error::{Error, Result};
use crate::region::{Region, arrange_and_label};
use onepath_arrangement::{Operand, TaggedEdge};
use onepath_cdt::Cdt;
use onepath_predicates::{GridPoint, Orientation, orient2d};
use onepath_winding::trace_rings;
use std::collections::VecDeque;

/// The shrunk region cut along the area borders (decisions D16).
pub(crate) struct AreaCut {
    /// The union of the pieces: the shrunk region as the cut arrangement noded it.
    pub(crate) region: Region,
    /// Each area's piece, in the order of the areas given.
    pub(crate) pieces: Vec<(AreaId, Region)>,
    /// The triangulation's input.
    pub(crate) graph: LabelGraph,
}

/// The triangulation's input from the borders between labels (decisions D16).
pub(crate) struct LabelGraph {
    /// The vertices, sorted by `(x, y)`.
    pub(crate) vertices: Vec<GridPoint>,
    /// Directed constraints: boundary segments with the inside on the left, borders in
    /// both directions.
    pub(crate) constraints: Vec<[u32; 2]>,
    /// For each constraint, the label (a 1-based area number) on its left.
    pub(crate) left_labels: Vec<u32>,
}

/// One segment of an arrangement that separates two labels: vertex indices `a < b` and the
/// labels on its left (`left`, seen from `a → b`) and right (0 = outside).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Border {
    pub(crate) a: u32,
    pub(crate) b: u32,
    pub(crate) left: u32,
    pub(crate) right: u32,
}

/// The label of a face with windings `w`, for `n` areas weighted `n + i` (decisions D16):
/// the area number `i`, or 0 outside. A face inside the shrunk region but in no area is
/// a sliver the two snappings disagree on and is left out; a weight that is no area's
/// would mean two areas overlap, a defect.
fn face_label(w: [i32; 2], n: i64) -> Result<u32> {
    if w[0] <= 0 || w[1] == 0 {
        return Ok(0);
    }
    let k = i64::from(w[1]) - n;
    if (1..=n).contains(&k) {
        Ok(k as u32)
    } else {
        Err(Error::internal(format!(
            "a face of the area cut has area winding {} (areas overlap)",
            w[1]
        )))
    }
}

/// Cuts `shrunk` by the pairwise disjoint `areas` in one arrangement (decisions D16).
/// `keep` names the points that stay vertices of the triangulation even where two
/// borders continue each other in a straight line (the seams of a tiled build, D17).
pub(crate) fn cut(
    shrunk: &Region,
    areas: &[(AreaId, Region)],
    keep: &dyn Fn(GridPoint) -> bool,
) -> Result<AreaCut> {
    let n = areas.len();
    let weight = |i: usize| i32::try_from(n + i + 1).map_err(Error::internal);
    let mut edges: Vec<TaggedEdge> = TaggedEdge::of_rings(shrunk.rings(), Operand::First).collect();
    for (i, (_, region)) in areas.iter().enumerate() {
        edges.extend(TaggedEdge::of_rings(
            region.rings(),
            Operand::Weighted([0, weight(i)?]),
        ));
    }
    let (arrangement, windings) = arrange_and_label(edges)?;
    let mut borders = Vec::new();
    for (s, w) in arrangement.segments().iter().zip(&windings) {
        let (left, right) = (
            face_label(w.above, n as i64)?,
            face_label(w.below, n as i64)?,
        );
        if left != right {
            borders.push(Border {
                a: s.a,
                b: s.b,
                left,
                right,
            });
        }
    }
    let points = arrangement.vertices();
    let directed = |keep: &dyn Fn(u32, u32) -> Option<bool>| -> Vec<(GridPoint, GridPoint)> {
        borders
            .iter()
            .filter_map(|s| {
                let (a, b) = (points[s.a as usize], points[s.b as usize]);
                keep(s.left, s.right).map(|forward| if forward { (a, b) } else { (b, a) })
            })
            .collect()
    };
    let region_of = |edges: Vec<(GridPoint, GridPoint)>| -> Result<Region> {
        Ok(Region {
            snap_bits: shrunk.snap_bits(),
            rings: trace_rings(&edges).map_err(Error::internal)?,
        })
    };
    let region = region_of(directed(&|l, r| match (l != 0, r != 0) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    }))?;
    let mut pieces = Vec::with_capacity(n);
    for (i, &(id, _)) in areas.iter().enumerate() {
        let k = i as u32 + 1;
        let piece = region_of(directed(&|l, r| match (l == k, r == k) {
            (true, false) => Some(true),
            (false, true) => Some(false),
            _ => None,
        }))?;
        pieces.push((id, piece));
    }
    Ok(AreaCut {
        region,
        pieces,
        graph: label_graph(points, &borders, keep),
    })
}

/// The triangulation's input from the label borders: straight runs through vertices of
/// degree 2 merged (counting every border at the vertex; never through a point `keep`
/// names), the remaining vertices sorted, boundary runs directed with the inside on the
/// left, borders between two labels given in both directions, and the label on the left
/// of each.
pub(crate) fn label_graph(
    points: &[GridPoint],
    borders: &[Border],
    keep: &dyn Fn(GridPoint) -> bool,
) -> LabelGraph {
    // Incident borders per vertex (at most a few; a flat list sorted by vertex).
    let mut incident: Vec<(u32, u32)> = Vec::with_capacity(2 * borders.len());
    for (k, s) in borders.iter().enumerate() {
        incident.push((s.a, k as u32));
        incident.push((s.b, k as u32));
    }
    incident.sort_unstable();
    let around = |v: u32| {
        let start = incident.partition_point(|&(u, _)| u < v);
        let end = incident.partition_point(|&(u, _)| u <= v);
        &incident[start..end]
    };
    // A vertex is dropped when exactly two borders meet there, in a straight line, with
    // the same labels on each side.
    let droppable = |v: u32| -> bool {
        let [(_, k), (_, l)] = around(v) else {
            return false;
        };
        if keep(points[v as usize]) {
            return false;
        }
        let (s, t) = (borders[*k as usize], borders[*l as usize]);
        let (other_s, other_t) = (
            if s.a == v { s.b } else { s.a },
            if t.a == v { t.b } else { t.a },
        );
        let (p, q, r) = (
            points[other_s as usize],
            points[v as usize],
            points[other_t as usize],
        );
        // Collinear with v between: the two runs continue each other.
        if orient2d(p, q, r) != Orientation::Collinear || (p < q) == (r < q) {
            return false;
        }
        // Seen along p → v → r, both borders must have the same labels on each side.
        let seen = |b: Border, from: u32| {
            if b.a == from {
                (b.left, b.right)
            } else {
                (b.right, b.left)
            }
        };
        seen(s, other_s) == seen(t, v)
    };
    // Walks from vertex `at`, reached along border `via`, through droppable vertices to
    // the end of the run, marking the borders it passes.
    let walk = |mut at: u32, mut via: usize, used: &mut [bool]| -> u32 {
        while droppable(at) {
            let &[(_, x), (_, y)] = around(at) else {
                break;
            };
            let next = if x as usize == via { y } else { x } as usize;
            if used[next] {
                break;
            }
            used[next] = true;
            via = next;
            let b = borders[next];
            at = if b.a == at { b.b } else { b.a };
        }
        at
    };
    let mut runs: Vec<Border> = Vec::new();
    let mut used = vec![false; borders.len()];
    for (k, s) in borders.iter().enumerate() {
        if used[k] {
            continue;
        }
        used[k] = true;
        // The run first ... s.a, s.b ... last keeps the direction and the labels of s.
        let first = walk(s.a, k, &mut used);
        let last = walk(s.b, k, &mut used);
        runs.push(if first < last {
            Border {
                a: first,
                b: last,
                left: s.left,
                right: s.right,
            }
        } else {
            Border {
                a: last,
                b: first,
                left: s.right,
                right: s.left,
            }
        });
    }
    // Renumber the vertices the runs use, in (x, y) order (arrangement indices are).
    let mut index = vec![u32::MAX; points.len()];
    for r in &runs {
        index[r.a as usize] = 0;
        index[r.b as usize] = 0;
    }
    let mut vertices = Vec::new();
    for (v, slot) in index.iter_mut().enumerate() {
        if *slot == 0 {
            *slot = vertices.len() as u32;
            vertices.push(points[v]);
        }
    }
    let mut constraints = Vec::with_capacity(runs.len());
    let mut left_labels = Vec::with_capacity(runs.len());
    for r in &runs {
        let (a, b) = (index[r.a as usize], index[r.b as usize]);
        if r.left != 0 {
            constraints.push([a, b]);
            left_labels.push(r.left);
        }
        if r.right != 0 {
            constraints.push([b, a]);
            left_labels.push(r.right);
        }
    }
    LabelGraph {
        vertices,
        constraints,
        left_labels,
    }
}

/// The inside triangles of a label graph, canonical as "Region.Triangulate" makes them,
/// with the label of each: the label on the left of a constraint the triangle lies on,
/// flooded across unconstrained edges (decisions D16).
pub(crate) fn labelled_triangles(graph: &LabelGraph) -> Result<LabelledTriangles> {
    let cdt = Cdt::new(&graph.vertices, &graph.constraints).map_err(Error::internal)?;
    // The points are the graph's; the triangulation's copy goes with it.
    let (_, mesh) = cdt.into_inside_mesh();
    let mut directed: Vec<((u32, u32), u32)> = graph
        .constraints
        .iter()
        .zip(&graph.left_labels)
        .map(|(&[a, b], &area)| ((a, b), area))
        .collect();
    directed.sort_unstable();
    let left_of = |a: u32, b: u32| {
        directed
            .binary_search_by(|probe| probe.0.cmp(&(a, b)))
            .ok()
            .map(|i| directed[i].1)
    };
    let is_constraint = |a: u32, b: u32| left_of(a, b).is_some() || left_of(b, a).is_some();
    let count = mesh.triangles.len();
    let mut areas = vec![0u32; count];
    let mut queue = VecDeque::new();
    for (t, tri) in mesh.triangles.iter().enumerate() {
        for k in 0..3 {
            if let Some(area) = left_of(tri[k], tri[(k + 1) % 3]) {
                if areas[t] != 0 && areas[t] != area {
                    return Err(Error::internal("a triangle touches two areas"));
                }
                if areas[t] == 0 {
                    areas[t] = area;
                    queue.push_back(t);
                }
            }
        }
    }
    while let Some(t) = queue.pop_front() {
        let tri = mesh.triangles[t];
        for k in 0..3 {
            let Ok(u) = usize::try_from(mesh.neighbors[3 * t + k]) else {
                continue;
            };
            if is_constraint(tri[k], tri[(k + 1) % 3]) {
                continue;
            }
            if areas[u] == 0 {
                areas[u] = areas[t];
                queue.push_back(u);
            } else if areas[u] != areas[t] {
                return Err(Error::internal("an area floods into another"));
            }
        }
    }
    if areas.contains(&0) {
        return Err(Error::internal("a triangle of the area cut has no area"));
    }
    Ok(LabelledTriangles {
        triangles: mesh.triangles,
        neighbors: mesh.neighbors,
        areas,
    })
}

/// The inside triangles of the cut with their neighbours and areas.
pub(crate) struct LabelledTriangles {
    /// Canonical inside triangles ("Region.Triangulate").
    pub(crate) triangles: Vec<[u32; 3]>,
    /// The neighbour across each triangle edge, or -1.
    pub(crate) neighbors: Vec<i32>,
    /// The area number (1-based) of each triangle.
    pub(crate) areas: Vec<u32>,
}
