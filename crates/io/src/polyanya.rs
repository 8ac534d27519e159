//! The polyanya mesh format, version 2: the text mesh that polyanya path finders load.

use onepath_build2d::{ConvexPartition, NavMesh, VertexFans};
use std::fmt::Write as _;
use std::io;

/// The mesh file of a navigation mesh (see [`polyanya_mesh_text`]).
pub fn navmesh_to_polyanya(mesh: &NavMesh) -> io::Result<String> {
    polyanya_mesh_text(mesh.polygons(), mesh.vertex_fans())
}

/// The polyanya mesh (version 2) of convex polygons and their vertex fans, as text.
///
/// `fans.fan(v)` lists the polygons around vertex `v` counter-clockwise with one `-1` per run of
/// outside, as [`ConvexPartition::vertex_fans`] and [`NavMesh::vertex_fans`] give it. Only
/// vertices that a polygon uses are written, renumbered in their order. A polygon line is
/// `n v_0 .. v_{n-1} p_0 .. p_{n-1}` with the vertices counter-clockwise and `p_i` the
/// polygon across edge `(v_{i-1}, v_i)`: onepath stores the neighbour across
/// `(v_i, v_{i+1})` at `i`, so the list is rotated by one. Coordinates are exact user units
/// in Rust's shortest round-trip decimal form.
///
/// Fails with [`io::ErrorKind::InvalidInput`] when `fans` does not match the polygons.
pub fn polyanya_mesh_text(partition: &ConvexPartition, fans: &VertexFans) -> io::Result<String> {
    let invalid = |message: String| io::Error::new(io::ErrorKind::InvalidInput, message);
    let vertices = partition.vertices_f64();
    if fans.len() != vertices.len() {
        return Err(invalid(format!(
            "{} vertex fans for {} vertices",
            fans.len(),
            vertices.len()
        )));
    }
    let (new_index, used) = partition.corner_numbers();
    let mut s = format!("mesh\n2\n{} {}\n", used, partition.len());
    for (v, point) in vertices.iter().enumerate() {
        if new_index[v] == u32::MAX {
            continue;
        }
        let fan = fans.fan(v);
        if fan.is_empty() {
            return Err(invalid(format!(
                "vertex {v} is used by a polygon but has an empty fan"
            )));
        }
        let _ = write!(s, "{} {} {}", point.x, point.y, fan.len());
        for p in fan {
            let _ = write!(s, " {p}");
        }
        s.push('\n');
    }
    for polygon in partition.iter() {
        let (corners, neighbors) = (polygon.vertices, polygon.neighbors);
        let n = corners.len();
        let _ = write!(s, "{n}");
        for &v in corners {
            let _ = write!(s, " {}", new_index[v as usize]);
        }
        for i in 0..n {
            let _ = write!(s, " {}", neighbors[(i + n - 1) % n]);
        }
        s.push('\n');
    }
    Ok(s)
}
