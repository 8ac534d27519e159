//! The memory check: before a command starts its work, the memory it will need is
//! estimated from the input's boundary and compared with what the machine has available
//! (`MemAvailable` of `/proc/meminfo`) or with `--memory-limit`.
//!
//! The factors were measured with `/usr/bin/time -v` on the Moving AI maps of
//! `tests/data/movingai` and random maps of 1024 to 8192 cells a side (see
//! `docs/testing.md`, "Memory figures behind the estimate"): the snap rounding arrangement
//! holds about [`BYTES_PER_EDGE`] bytes per edge it nodes, and the offsets and the shrink
//! feed it the region's edges plus their pieces.

use crate::CliError;
use crate::input::byte_size;
use onepath_build2d::Mesh2DPipeline;

/// Peak bytes per edge fed to the arrangement by a boolean operation or an offset (own
/// edges plus the offset's pieces before the culling), measured: 90 to 110 for booleans
/// of the bundled maps and 120 for a shrink of a maze by one cell, whose pieces the culling
/// cannot thin (docs/testing.md). The culled offsets of rectilinear maps need a tenth to
/// a half of it, so that for them the estimate is a ceiling.
const BYTES_PER_EDGE: f64 = 160.0;

/// Peak bytes per piece edge (`m / 2` per boundary vertex) of the build's shrink (the
/// pipeline's `shrink`, `region shrink`), whose pieces are culled and cut on tile maps and
/// whose arrangement frees what it has read: 260 to 340 bytes per boundary vertex at
/// `m = 8` and half a cell, on maps of 2,000 to 22 million vertices (docs/testing.md).
const SHRINK_BYTES_PER_EDGE: f64 = 85.0;

/// What any run holds besides its data (the program, the standard library, buffers): the
/// resident set of a build of an 8 x 8 map is 4.8 MiB.
const BASE_BYTES: f64 = 6.0 * 1024.0 * 1024.0;

/// Bytes per boundary vertex of a triangulation (`triangulate`), measured: 145 on a random
/// 1024 x 1024 map.
const TRIANGULATION_BYTES_PER_VERTEX: f64 = 140.0;

/// Bytes per boundary vertex of a region that is only resolved and written out.
const RESOLVE_BYTES_PER_VERTEX: f64 = 60.0;

/// Bytes per boundary vertex of a navigation mesh held in memory (its triangulation's
/// counts, polygons, adjacency and fans; `partition` holds as much), measured: 215 to 235
/// on random 1024 x 1024 maps (`build --agent-radius 0`, `partition`).
const MESH_BYTES_PER_VERTEX: f64 = 300.0;

/// Bytes per cell a tiled build holds besides its tiles: the map's text, letters, walkable
/// flags and area codes.
const TILED_BYTES_PER_CELL: f64 = 4.0;

/// Bytes per tile a tiled build holds besides its meshes' vertices: the tile's mesh slot,
/// its result and the slot it replaces (528 bytes each) and the small allocations of the
/// tile's mesh.
const TILE_BYTES: f64 = 4096.0;

/// Bytes per boundary vertex of each output of a mesh (JSON, SVG, GeoJSON, mesh file). The
/// outputs are streamed into their files, never held whole; what one holds is the mesh
/// file's vertex list in user units and its renumbering (20 bytes per mesh vertex).
const MESH_OUTPUT_BYTES_PER_VERTEX: f64 = 24.0;

/// Bytes per boundary vertex of each output of a region (JSON, SVG, GeoJSON), streamed
/// like a mesh's; GeoJSON groups the rings into polygons first (8 bytes per vertex).
const REGION_OUTPUT_BYTES_PER_VERTEX: f64 = 16.0;

/// The work a command is about to do, for the estimate.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Work {
    /// Writing the region out (`region resolve`).
    Resolve,
    /// A boolean operation on both operands' edges together.
    Boolean,
    /// `Region::offset` with round joins of `m` vertices (`None`: square joins), growing
    /// or shrinking by `distance_cells` cells.
    Offset {
        /// Vertices of a round join's polygon (8 to 256), or `None` for square joins.
        m: Option<u32>,
        /// The distance in cell sizes (absolute).
        distance_cells: f64,
    },
    /// The build pipeline's shrink (`region shrink`; `build` adds the meshes).
    Shrink {
        /// Vertices of the equal-area arcs.
        m: u32,
        /// The agent radius in cell sizes.
        radius_cells: f64,
        /// Whether the mesh is built too.
        build: bool,
    },
    /// The triangulation, and with `partition` the convex partition.
    Mesh {
        /// Whether the convex partition is computed too.
        partition: bool,
    },
}

impl Work {
    /// The work of `pipeline`'s shrink on a grid of `scale` grid units per user unit (its
    /// arcs' vertices from the agent radius and the arc tolerance, the radius in cells),
    /// with the meshes when `build`.
    pub(crate) fn shrink(pipeline: &Mesh2DPipeline, scale: f64, build: bool) -> Work {
        Work::Shrink {
            m: join_vertices(
                pipeline.agent_radius * scale,
                pipeline.arc_tolerance() * scale,
            ),
            radius_cells: pipeline.agent_radius / pipeline.cell_size,
            build,
        }
    }

    /// What each output text of this work holds per boundary vertex: a mesh's outputs
    /// list polygons, neighbours and fans, a region's only its rings.
    fn output_bytes_per_vertex(self) -> f64 {
        match self {
            Work::Mesh { .. } | Work::Shrink { build: true, .. } => MESH_OUTPUT_BYTES_PER_VERTEX,
            Work::Resolve
            | Work::Boolean
            | Work::Offset { .. }
            | Work::Shrink { build: false, .. } => REGION_OUTPUT_BYTES_PER_VERTEX,
        }
    }
}

/// The estimated peak memory in bytes of `work` on a boundary of `vertices` vertices (all
/// operands together) writing `outputs` files.
pub(crate) fn estimate(work: Work, vertices: usize, outputs: usize) -> f64 {
    let v = vertices as f64;
    // Crossings among pieces grow with the distance; fitted on offsets of 0.5 to 4 cells.
    let spread = |cells: f64| 1.0 + cells.abs() / 4.0;
    let work_bytes = match work {
        Work::Resolve => RESOLVE_BYTES_PER_VERTEX * v,
        Work::Boolean => BYTES_PER_EDGE * v,
        Work::Offset { m, distance_cells } => {
            let pieces_per_vertex = match m {
                Some(m) => f64::from(m) + 5.0,
                None => 7.0,
            };
            BYTES_PER_EDGE * v * pieces_per_vertex * spread(distance_cells)
        }
        Work::Shrink {
            m,
            radius_cells,
            build,
        } => {
            let mesh = if build {
                MESH_BYTES_PER_VERTEX * v
            } else {
                0.0
            };
            if radius_cells == 0.0 {
                mesh
            } else {
                (SHRINK_BYTES_PER_EDGE * v * f64::from(m) / 2.0 * spread(radius_cells)).max(mesh)
            }
        }
        Work::Mesh { partition } => {
            if partition {
                MESH_BYTES_PER_VERTEX * v
            } else {
                TRIANGULATION_BYTES_PER_VERTEX * v
            }
        }
    };
    BASE_BYTES + work_bytes + work.output_bytes_per_vertex() * v * outputs as f64
}

/// The estimated peak memory in bytes of a tiled build (decisions D17, D20) whose tiles
/// each do `tile_work` on about `window_vertices` boundary vertices, `in_flight` of them at
/// a time, keeping every tile's mesh and the stitched mesh of `vertices` boundary vertices
/// in all, holding `cells` cells of a map (none for an outline region) and `tiles` tiles,
/// writing `outputs` files: the memory grows with the tiles in flight and the output, not
/// with one arrangement of the whole map. Each tile adds about one vertex (a corner where
/// seams meet) to the stitched mesh and [`TILE_BYTES`].
pub(crate) fn estimate_tiled(
    tile_work: Work,
    window_vertices: usize,
    in_flight: usize,
    vertices: usize,
    cells: usize,
    tiles: usize,
    outputs: usize,
) -> f64 {
    let v = vertices as f64 + tiles as f64;
    let window = estimate(tile_work, window_vertices, 0) - BASE_BYTES;
    BASE_BYTES
        + window * in_flight as f64
        + 2.0 * MESH_BYTES_PER_VERTEX * v
        + TILED_BYTES_PER_CELL * cells as f64
        + TILE_BYTES * tiles as f64
        + MESH_OUTPUT_BYTES_PER_VERTEX * v * outputs as f64
}

/// The vertex count of a round join's polygon for radius `r` and arc tolerance `tol`,
/// both in grid units (decisions D10: the fewest of 8, 16, ..., 256 within the tolerance;
/// `tol` below one grid unit means `max(1, r / 128)`). An estimate only: no result
/// depends on it.
pub(crate) fn join_vertices(r: f64, tol: f64) -> u32 {
    let tol = if tol >= 1.0 {
        tol
    } else {
        (r / 128.0).max(1.0)
    };
    [8u32, 16, 32, 64, 128]
        .into_iter()
        .find(|&m| r / (std::f64::consts::PI / f64::from(m)).cos() - r <= tol)
        .unwrap_or(256)
}

/// The memory limit: `--memory-limit SIZE` (bytes, or with a K, M, G or T suffix in
/// powers of 1024; `none` turns the check off), else `MemAvailable` of `/proc/meminfo`,
/// else no limit.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Limit {
    /// No check.
    None,
    /// The limit given by `--memory-limit`.
    Given(u64),
    /// The memory the system reports as available.
    Available(u64),
}

impl Limit {
    /// What the system reports as available (`MemAvailable`), or no limit where it
    /// reports nothing.
    pub(crate) fn available() -> Limit {
        mem_available().map_or(Limit::None, Limit::Available)
    }

    /// Fails with a message naming `input` when `needed` bytes exceed the limit.
    pub(crate) fn check(self, input: &str, what: &str, needed: f64) -> Result<(), CliError> {
        let (limit, source) = match self {
            Limit::None => return Ok(()),
            Limit::Given(bytes) => (bytes, "the limit set by --memory-limit"),
            Limit::Available(bytes) => (
                bytes,
                "the memory available (MemAvailable; see --memory-limit)",
            ),
        };
        if needed <= limit as f64 {
            return Ok(());
        }
        Err(CliError::new(format!(
            "{input}: {what} needs about {} of memory, more than {} of {source}",
            byte_size(needed.min(u64::MAX as f64) as u64),
            byte_size(limit)
        )))
    }
}

/// Reads the value of `--memory-limit` (clap's value parser).
pub(crate) fn parse_memory_limit(value: &str) -> Result<Limit, String> {
    parse_limit(value).ok_or_else(|| "expected a size such as 512M or 8G, or none".to_string())
}

fn parse_limit(value: &str) -> Option<Limit> {
    let value = value.trim();
    if value.eq_ignore_ascii_case("none") {
        return Some(Limit::None);
    }
    let (digits, shift) = match value.char_indices().last()? {
        (i, 'k' | 'K') => (&value[..i], 10),
        (i, 'm' | 'M') => (&value[..i], 20),
        (i, 'g' | 'G') => (&value[..i], 30),
        (i, 't' | 'T') => (&value[..i], 40),
        _ => (value, 0),
    };
    let number: f64 = digits.trim().parse().ok()?;
    let bytes = number * (1u64 << shift) as f64;
    (bytes.is_finite() && bytes >= 0.0 && bytes < u64::MAX as f64)
        .then_some(Limit::Given(bytes as u64))
}

/// `MemAvailable` of `/proc/meminfo` in bytes (Linux).
fn mem_available() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line
        .trim_start_matches("MemAvailable:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    kib.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_parse_with_binary_suffixes() {
        assert!(matches!(parse_limit("512M"), Some(Limit::Given(b)) if b == 512 << 20));
        assert!(matches!(parse_limit("1.5g"), Some(Limit::Given(b)) if b == 3 << 29));
        assert!(matches!(parse_limit("1000"), Some(Limit::Given(1000))));
        assert!(matches!(parse_limit("none"), Some(Limit::None)));
        for bad in ["", "G", "-1G", "8X", "inf", "1e30T"] {
            assert!(parse_limit(bad).is_none(), "{bad}");
        }
    }

    /// Peak resident sets measured with `/usr/bin/time -v` (release CLI, two threads,
    /// 2026-12-06; docs/testing.md, "Memory figures behind the estimate"): the work, the
    /// boundary vertices, the outputs written and the measured peak in KiB.
    const BUILD: Work = Work::Shrink {
        m: 8,
        radius_cells: 0.5,
        build: true,
    };

    const fn offset(m: Option<u32>, distance_cells: f64) -> Work {
        Work::Offset { m, distance_cells }
    }

    /// Runs whose estimate lies within the documented band of their peak.
    const MEASURED: [(Work, usize, usize, f64); 14] = [
        // `build 8room_000.map`, `build maze512-1-0.map`, `build random512-10-0.map`.
        (BUILD, 35_320, 0, 15_168.0),
        (BUILD, 98_312, 0, 31_836.0),
        (BUILD, 86_186, 0, 33_600.0),
        // `build` of the random maps of `growth map N` (1024, 2048, 4096 and 8192 cells
        // a side), and the 1024 one writing JSON, SVG and the mesh.
        (BUILD, 343_808, 0, 120_968.0),
        (BUILD, 1_373_026, 0, 417_964.0),
        (BUILD, 5_494_448, 0, 1_501_224.0),
        (BUILD, 21_980_246, 0, 5_837_500.0),
        (BUILD, 343_808, 3, 120_360.0),
        // `region offset maze512-1-0.map --distance -1` (round, 32-gons): a shrink whose
        // pieces the culling cannot thin.
        (offset(Some(32), -1.0), 98_312, 0, 602_508.0),
        // `triangulate` (JSON) and `partition` of the random 1024 map.
        (Work::Mesh { partition: false }, 343_808, 1, 55_760.0),
        (Work::Mesh { partition: true }, 343_808, 0, 85_188.0),
        // `region union 8room_000.map battleground.map`, `region xor maze512-1-0.map
        // random512-10-0.map` (JSON).
        (Work::Boolean, 37_402, 1, 9_392.0),
        (Work::Boolean, 184_498, 1, 25_164.0),
        // `region shrink random512-10-0.map` (JSON).
        (
            Work::Shrink {
                m: 8,
                radius_cells: 0.5,
                build: false,
            },
            86_186,
            1,
            35_144.0,
        ),
    ];

    /// Culled offsets of rectilinear maps: the estimate is a ceiling (docs/cli.md).
    const CULLED: [(Work, usize, usize, f64); 4] = [
        // `region offset 8room_000.map --distance 0.5` and `--distance 4` (JSON),
        // `random512-10-0.map --distance 2`, `8room_000.map --distance 0.5 --join square`
        // (JSON).
        (offset(Some(32), 0.5), 35_320, 1, 43_980.0),
        (offset(Some(32), 4.0), 35_320, 1, 42_348.0),
        (offset(Some(32), 2.0), 86_186, 0, 95_228.0),
        (offset(None, 0.5), 35_320, 1, 24_808.0),
    ];

    #[test]
    fn estimates_lie_within_the_documented_band_of_measured_peaks() {
        // docs/cli.md promises -10 % to +70 % of the measured peak (culled offsets and
        // offsets far beyond the features excepted): never much below, so that a run the
        // check lets through does not run out of memory, and not so far above that a build
        // that fits is refused.
        for (work, vertices, outputs, kib) in MEASURED {
            let ratio = estimate(work, vertices, outputs) / (kib * 1024.0);
            assert!(
                (0.9..=1.7).contains(&ratio),
                "{work:?} on {vertices} vertices: estimate {ratio:.2} times the measured peak"
            );
        }
        for (work, vertices, outputs, kib) in CULLED {
            let ratio = estimate(work, vertices, outputs) / (kib * 1024.0);
            assert!(
                ratio >= 1.0,
                "{work:?} on {vertices} vertices: estimate {ratio:.2} times the measured peak"
            );
        }
    }

    #[test]
    fn tiled_estimates_grow_with_the_tiles_in_flight_not_the_map() {
        // A shrink whose arrangement outweighs the meshes (an agent of 4 cells, 32-gons);
        // at half a cell the whole map's arrangement is now lighter than the tiles'
        // meshes and the stitched mesh together, and a tiled build needs more.
        let work = Work::Shrink {
            m: 32,
            radius_cells: 4.0,
            build: true,
        };
        let one = estimate_tiled(work, 1000, 1, 100_000, 1 << 20, 1 << 10, 0);
        let two = estimate_tiled(work, 1000, 2, 100_000, 1 << 20, 1 << 10, 0);
        let whole = estimate(work, 100_000, 0);
        assert!(two > one);
        assert!(one < whole);
        // A window's work is paid once per thread: doubling the threads adds one window.
        let window = estimate(work, 1000, 0) - BASE_BYTES;
        assert!((two - one - window).abs() < 1e-6);
    }

    #[test]
    fn join_vertices_follow_the_tolerance() {
        // Radius 0.5 user units at 2^16: tolerance r / 128 gives 32 vertices.
        assert_eq!(join_vertices(32768.0, 0.0), 32);
        // The build's shrink at radius 0.5 and cell size 1 (tolerance a quarter cell).
        assert_eq!(join_vertices(32768.0, 16384.0), 8);
        assert_eq!(join_vertices(1e9, 1.0), 256);
    }
}
