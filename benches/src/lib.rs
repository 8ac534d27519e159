//! Shared inputs of the onepath benchmarks: seeded generators, Moving AI maps, and (with the
//! `peers` feature) the adapters that feed the same inputs to the peer libraries.
//!
//! Every input is generated from a fixed seed by an in-crate SplitMix64, so every run and
//! every library sees the same bits. Coordinates are made on onepath's default grid
//! (SnapBits 16, one user unit is `2^16` grid units) and handed to the peers as the same
//! integers (i_overlay `i32`, Clipper2 `i64`, spade `f64`, all exact).
#![forbid(unsafe_code)]

#[cfg(feature = "peers")]
pub mod peers;

use onepath_arrangement::{Arrangement, Operand, TaggedEdge};
use onepath_build2d::{Geometry2DOptions, GridPoint, NavMesh, Outline, Region, Vector2D};
use onepath_io::{TileMap, read_tile_map};
use std::path::PathBuf;

/// Grid units per user unit on onepath's default grid (SnapBits 16).
pub const UNIT: i64 = 1 << 16;

/// The five bundled 512 x 512 Moving AI maps the whole-build benches use.
pub const BUILD_MAPS: [&str; 5] = [
    "8room_000.map",
    "AR0011SR.map",
    "battleground.map",
    "maze512-1-0.map",
    "random512-10-0.map",
];

/// A ring of grid points (closed implicitly), counter-clockwise for outer boundaries.
pub type Ring = Vec<[i64; 2]>;

/// The workspace's seeded generator, so every run benches the same inputs.
pub use onepath_testkit::Rng;

/// `n` axis-aligned unit squares (corners on a 1/256 grid) at random places in a field of
/// side `0.7 * sqrt(n)` units, so each point of the union is covered about twice; each
/// ring counter-clockwise.
pub fn overlapping_squares(n: usize, seed: u64) -> Vec<Ring> {
    let mut rng = Rng(seed);
    let step = UNIT / 256;
    let cells = (0.7 * (n as f64).sqrt() * 256.0) as i64;
    (0..n)
        .map(|_| {
            let x = rng.range_half_open(0, cells) * step;
            let y = rng.range_half_open(0, cells) * step;
            vec![[x, y], [x + UNIT, y], [x + UNIT, y + UNIT], [x, y + UNIT]]
        })
        .collect()
}

/// A star-shaped polygon of `vertices` vertices (even) around the origin: spikes whose tips
/// lie at radius 921.6 to 1024 units and whose valleys at 829.4 to 921.6 (seeded noise),
/// the first vertex at angle `phase` (as a fraction of a vertex step). Two stars with
/// different phases cross along every spike. (Spikes half the radius deep make every
/// library's sweep hold thousands of edges at once: onepath 10.6 s, i_overlay 4.1 s,
/// Clipper2 18.8 s; too slow for the suite's ten-minute budget.)
pub fn star(vertices: usize, seed: u64, phase: f64) -> Ring {
    let mut rng = Rng(seed);
    let outer = 1024.0 * UNIT as f64;
    (0..vertices)
        .map(|k| {
            let angle = std::f64::consts::TAU * (k as f64 + phase) / vertices as f64;
            let base = if k % 2 == 0 { 1.0 } else { 0.9 };
            let r = outer * base * (0.9 + 0.1 * rng.unit());
            [
                (r * angle.cos()).round() as i64,
                (r * angle.sin()).round() as i64,
            ]
        })
        .collect()
}

/// A `width x height` tile map whose cells are walkable with probability `walkable`.
pub fn noisy_cells(width: usize, height: usize, walkable: f64, seed: u64) -> Vec<bool> {
    let mut rng = Rng(seed);
    (0..width * height).map(|_| rng.unit() < walkable).collect()
}

/// The region of a tile map with unit cells at `origin`, on the default grid.
pub fn tile_region(cells: &[bool], width: usize, height: usize, origin: [f64; 2]) -> Region {
    Region::from_tile_map(
        cells,
        width,
        height,
        1.0,
        Vector2D::new(origin[0], origin[1]),
        &Geometry2DOptions::default(),
    )
    .expect("tile map region")
}

/// The path of a bundled Moving AI map.
pub fn map_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/movingai")
        .join(name)
}

/// Reads a bundled Moving AI map.
pub fn load_map(name: &str) -> TileMap {
    let text = std::fs::read_to_string(map_path(name)).expect("map file");
    read_tile_map(&text).expect("valid map")
}

/// The region of a bundled Moving AI map, unit cells at the origin, default grid.
pub fn map_region(name: &str) -> Region {
    let map = load_map(name);
    tile_region(&map.cells, map.width, map.height, [0.0, 0.0])
}

/// The walkable cells of a bundled Moving AI map as one rectangle per row run (a maximal
/// horizontal run of walkable cells), counter-clockwise, unit cells at the origin: the
/// input of the "tile-map union from run rectangles" bench (issue #19).
pub fn map_runs(name: &str) -> Vec<Ring> {
    let map = load_map(name);
    let mut rings = Vec::new();
    for y in 0..map.height {
        let mut x = 0;
        while x < map.width {
            if !map.cells[x + y * map.width] {
                x += 1;
                continue;
            }
            let start = x;
            while x < map.width && map.cells[x + y * map.width] {
                x += 1;
            }
            let (x0, x1) = (start as i64 * UNIT, x as i64 * UNIT);
            let (y0, y1) = (y as i64 * UNIT, (y + 1) as i64 * UNIT);
            rings.push(vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1]]);
        }
    }
    rings
}

/// The outlines, one ring each, of grid rings (converted exactly to user units).
pub fn outlines(rings: &[Ring]) -> Vec<Outline> {
    let scale = 1.0 / UNIT as f64;
    rings
        .iter()
        .map(|r| Outline::from_ring(r.iter().map(|p| [p[0] as f64 * scale, p[1] as f64 * scale])))
        .collect()
}

/// The region of one outline made of `ring` (even-odd, here a simple polygon).
pub fn ring_region(ring: &Ring) -> Region {
    Region::from_outlines(
        &outlines(std::slice::from_ref(ring)),
        &Geometry2DOptions::default(),
    )
    .expect("ring region")
}

/// A region's rings as plain grid rings, the peers' input.
pub fn region_rings(region: &Region) -> Vec<Ring> {
    region
        .rings()
        .iter()
        .map(|r| r.iter().map(|p| [p.x, p.y]).collect())
        .collect()
}

/// `count` random points with even coordinates in `0..2^30`, plus the corners of disjoint
/// axis-aligned squares with odd coordinates (so no random point lies on a square's side),
/// sorted and distinct; the squares' rings are the constraints (the input of the
/// triangulation benches).
pub fn cdt_input(count: usize, seed: u64) -> (Vec<GridPoint>, Vec<[u32; 2]>) {
    let mut rng = Rng(seed);
    let mut points: Vec<GridPoint> = (0..count)
        .map(|_| {
            let x = 2 * (rng.next_u64() >> 35) as i64;
            let y = 2 * (rng.next_u64() >> 35) as i64;
            GridPoint::new(x, y)
        })
        .collect();
    let cells = ((count / 40) as f64).sqrt() as i64;
    let side = (1i64 << 30) / cells;
    let mut squares = Vec::new();
    for i in 0..cells {
        for j in 0..cells {
            let (x0, y0) = (i * side + side / 4 + 1, j * side + side / 4 + 1);
            let (x1, y1) = (x0 + side / 2, y0 + side / 2);
            squares.push([(x0, y0), (x1, y0), (x1, y1), (x0, y1)].map(GridPoint::from));
        }
    }
    points.extend(squares.iter().flatten().copied());
    points.sort_unstable();
    points.dedup();
    let index = |p: GridPoint| points.binary_search(&p).map(|i| i as u32).unwrap_or(0);
    let mut constraints = Vec::new();
    for sq in &squares {
        for k in 0..4 {
            constraints.push([index(sq[k]), index(sq[(k + 1) % 4])]);
        }
    }
    (points, constraints)
}

/// The arc tolerance (in the unit of `r`) for which onepath's round offset of radius `r`
/// uses `m` vertices per circle: just above the circumscribed `m`-gon's excess
/// `r / cos(pi / m) - r`, and far below the `m / 2`-gon's.
pub fn onepath_tolerance(r: f64, m: u32) -> f64 {
    let excess = r / (std::f64::consts::PI / m as f64).cos() - r;
    excess * 1.01
}

/// The number of piece edges a round offset of `region` by `distance` user units (arc
/// tolerance `arc_tolerance`) feeds to the arrangement besides the region's own edges:
/// `(all the specification's pieces, those left after the culling)` (issue #18).
pub fn offset_piece_edges(region: &Region, distance: f64, arc_tolerance: f64) -> (usize, usize) {
    use onepath_offset::{
        OFFSET_LIMIT_USER_UNITS, OffsetSide, piece_edges, round_offset_polygons,
        round_offset_polygons_culled,
    };
    let scale = (1u64 << region.snap_bits()) as f64;
    let (r, tolerance) = (distance.abs() * scale, arc_tolerance * scale);
    let limit = OFFSET_LIMIT_USER_UNITS << region.snap_bits();
    let side = if distance > 0.0 {
        OffsetSide::Grow
    } else {
        OffsetSide::Shrink
    };
    let all = round_offset_polygons(region.rings(), r, tolerance, limit).expect("pieces");
    let culled =
        round_offset_polygons_culled(region.rings(), r, tolerance, limit, side).expect("pieces");
    (piece_edges(&all).len(), piece_edges(&culled).len())
}

/// The operand-1 edges that `Mesh2DPipeline::new(cell_size, agent_radius).shrink` feeds the
/// arrangement besides the region's own edges, without and with the culling of its corner
/// squares (`docs/offset-culling.md`, section 9).
pub fn shrink_piece_edges(region: &Region, cell_size: f64, agent_radius: f64) -> (usize, usize) {
    use onepath_offset::{
        OFFSET_LIMIT_USER_UNITS, pipeline_arc_tolerance, shrink_edges, shrink_edges_culled,
    };
    let scale = (1u64 << region.snap_bits()) as f64;
    let r = agent_radius * scale;
    let tolerance = pipeline_arc_tolerance(cell_size, agent_radius) * scale;
    let limit = OFFSET_LIMIT_USER_UNITS << region.snap_bits();
    let all = shrink_edges(region.rings(), r, tolerance, limit).expect("shrink edges");
    let culled = shrink_edges_culled(region.rings(), r, tolerance, limit).expect("shrink edges");
    (all.len(), culled.len())
}

/// The number of edges of a region's rings.
pub fn edge_count(region: &Region) -> usize {
    region.rings().iter().map(Vec::len).sum()
}

/// The peak resident memory of this process in kB (`VmHWM` of `/proc/self/status`), 0 when
/// the system does not say.
pub fn peak_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// A 64-bit FNV-1a hash of a word stream, to show that outputs are unchanged.
pub struct Fnv(pub u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    /// Hashes the eight bytes of `word`, least significant first.
    pub fn add(&mut self, word: u64) {
        for byte in word.to_le_bytes() {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// `count` random short segments in a square of side `sqrt(count) * 4096` grid units (about
/// three crossings a segment), the operands in turn: the general arrangement's input for
/// thread scaling (`case arrange`, `scaling threads`).
pub fn random_segments(count: usize) -> Vec<TaggedEdge> {
    let mut rng = Rng::new(11);
    let span = (count as f64).sqrt() as i64 * 4096;
    (0..count)
        .map(|k| {
            let (x, y) = (rng.range(0, span), rng.range(0, span));
            let (dx, dy) = (rng.range(-8192, 8192), rng.range(-8192, 8192));
            let operand = if k % 2 == 0 {
                Operand::First
            } else {
                Operand::Second
            };
            TaggedEdge::new(
                GridPoint::new(x, y),
                GridPoint::new(x + dx, y + dy),
                operand,
            )
        })
        .collect()
}

/// The FNV-1a hash of an arrangement's vertices and segments (with their deltas).
pub fn arrangement_hash(arrangement: &Arrangement) -> u64 {
    let mut hash = Fnv::default();
    for v in &arrangement.vertices {
        hash.add(v.x as u64);
        hash.add(v.y as u64);
    }
    for s in &arrangement.segments {
        hash.add(u64::from(s.a) << 32 | u64::from(s.b));
        hash.add(s.delta[0] as u64 ^ (s.delta[1] as u64) << 32);
    }
    hash.0
}

/// The FNV-1a hash of a mesh's vertices, polygons, neighbours and vertex fans.
pub fn mesh_hash(mesh: &NavMesh) -> u64 {
    let mut hash = Fnv::default();
    for p in mesh.vertices() {
        hash.add(p.x as u64);
        hash.add(p.y as u64);
    }
    for polygon in mesh.polygons().iter() {
        polygon
            .vertices
            .iter()
            .for_each(|&v| hash.add(u64::from(v)));
        polygon.neighbors.iter().for_each(|&n| hash.add(n as u64));
    }
    for fan in mesh.vertex_fans().iter() {
        hash.add(fan.len() as u64);
        fan.iter().for_each(|&n| hash.add(n as u64));
    }
    hash.0
}
