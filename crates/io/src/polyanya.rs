//! The polyanya mesh format, version 2: the text mesh that polyanya path finders load.

use crate::number::{Decimals, write_int};
use crate::sink;
use onepath_build2d::{ConvexPartition, NavMesh, VertexFans};
use std::fmt;
use std::io;

/// The mesh file of a navigation mesh (see [`polyanya_mesh_text`]).
pub fn navmesh_to_polyanya(mesh: &NavMesh) -> io::Result<String> {
    polyanya_mesh_text(mesh.polygons(), mesh.vertex_fans())
}

/// Writes the mesh file of a navigation mesh to `out` as it is formatted, through a
/// buffer (see [`write_polyanya_mesh`]).
pub fn write_navmesh_polyanya<W: io::Write>(mesh: &NavMesh, out: W) -> io::Result<()> {
    write_polyanya_mesh(mesh.polygons(), mesh.vertex_fans(), out)
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
    let corners = checked_corners(partition, fans)?;
    Ok(sink::to_string(|s| emit(s, partition, fans, &corners)))
}

/// Writes the text of [`polyanya_mesh_text`] to `out` as it is formatted, through a
/// buffer; the fans are checked against the polygons before anything is written.
pub fn write_polyanya_mesh<W: io::Write>(
    partition: &ConvexPartition,
    fans: &VertexFans,
    out: W,
) -> io::Result<()> {
    let corners = checked_corners(partition, fans)?;
    sink::stream(out, |s| emit(s, partition, fans, &corners))
}

/// The new number of each vertex (`u32::MAX` for a vertex no polygon uses) and the count
/// of used ones, after checking that every used vertex has a fan.
fn checked_corners(
    partition: &ConvexPartition,
    fans: &VertexFans,
) -> io::Result<(Vec<u32>, usize)> {
    let invalid = |message: String| io::Error::new(io::ErrorKind::InvalidInput, message);
    let count = partition.vertices().len();
    if fans.len() != count {
        return Err(invalid(format!(
            "{} vertex fans for {count} vertices",
            fans.len()
        )));
    }
    let (new_index, used) = partition.corner_numbers();
    if let Some(v) = (0..count).find(|&v| new_index[v] != u32::MAX && fans.fan(v).is_empty()) {
        return Err(invalid(format!(
            "vertex {v} is used by a polygon but has an empty fan"
        )));
    }
    Ok((new_index, used))
}

fn emit(
    s: &mut impl fmt::Write,
    partition: &ConvexPartition,
    fans: &VertexFans,
    (new_index, used): &(Vec<u32>, usize),
) -> fmt::Result {
    write!(s, "mesh\n2\n{} {}\n", used, partition.len())?;
    let mut decimals = Decimals::new();
    for (v, point) in partition.vertices_f64().iter().enumerate() {
        if new_index[v] == u32::MAX {
            continue;
        }
        let fan = fans.fan(v);
        decimals.write(s, point.x)?;
        s.write_char(' ')?;
        decimals.write(s, point.y)?;
        s.write_char(' ')?;
        write_int(s, fan.len())?;
        for &p in fan {
            s.write_char(' ')?;
            write_int(s, p)?;
        }
        s.write_char('\n')?;
    }
    for polygon in partition.iter() {
        let (corners, neighbors) = (polygon.vertices, polygon.neighbors);
        let n = corners.len();
        write_int(s, n)?;
        for &v in corners {
            s.write_char(' ')?;
            write_int(s, new_index[v as usize])?;
        }
        for i in 0..n {
            s.write_char(' ')?;
            write_int(s, neighbors[(i + n - 1) % n])?;
        }
        s.write_char('\n')?;
    }
    Ok(())
}
