//! Shared decoding and checking of the onepath fuzz targets: bytes become bounded input
//! (few small rings, SnapBits in 0..=16, coordinates within the limits) and every result is
//! checked against its invariants, not only for panics.

pub use onepath_build2d::{
    Error, Geometry2DOptions, Join, Location, Mesh2DPipeline, NavMesh, Outline, Region, Vector2D,
};

/// Reads the fuzzer's bytes front to back; past the end every read is zero, so every byte
/// string decodes to some input.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// A reader over `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data }
    }

    /// The next byte, or 0.
    pub fn u8(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// The next two bytes as a signed integer.
    pub fn i16(&mut self) -> i16 {
        i16::from_le_bytes([self.u8(), self.u8()])
    }

    /// A value below `n` (which must be positive).
    pub fn below(&mut self, n: u8) -> u8 {
        self.u8() % n
    }

    /// True when the bytes are used up.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
}

/// The limit of input coordinates, `2^21` user units.
pub const LIMIT: f64 = 2_097_152.0;

/// One coordinate in user units on the grid of `bits`: a small or medium number of grid
/// units, possibly with a fraction that rounds (ties to even), or a value at the limit.
pub fn coordinate(b: &mut Bytes<'_>, bits: u32) -> f64 {
    let unit = 1.0 / (1u64 << bits) as f64;
    let mode = b.below(8);
    let fraction = [0.0, 0.5, 0.25, -0.5][b.below(4) as usize];
    match mode {
        0..=3 => (f64::from(b.u8() as i8) + fraction) * unit,
        4 | 5 => (f64::from(b.i16()) + fraction) * unit,
        6 => f64::from(b.i16()) * (1u64 << 6) as f64,
        // Within a few units of ±2^21, never beyond.
        _ => {
            let v = LIMIT - f64::from(b.below(8)) * unit;
            if b.u8() & 1 == 0 { v } else { -v }
        }
    }
}

/// Up to `max_outlines` outlines of up to `max_rings` rings of 0 to `max_vertices` vertices
/// (rings of fewer than 3 vertices are errors the caller must expect).
pub fn outlines(
    b: &mut Bytes<'_>,
    bits: u32,
    max_outlines: u8,
    max_rings: u8,
    max_vertices: u8,
) -> Vec<Outline> {
    (0..b.below(max_outlines) + 1)
        .map(|_| {
            let rings = (0..b.below(max_rings) + 1)
                .map(|_| {
                    let n = b.below(max_vertices + 1);
                    (0..n)
                        .map(|_| Vector2D::new(coordinate(b, bits), coordinate(b, bits)))
                        .collect()
                })
                .collect();
            Outline::new(rings)
        })
        .collect()
}

/// The first ring with fewer than 3 vertices, in the order of decisions D9.
fn first_short_ring(outlines: &[Outline]) -> Option<Location> {
    outlines.iter().enumerate().find_map(|(o, outline)| {
        let r = outline.rings.iter().position(|r| r.len() < 3)?;
        Some(Location::Ring {
            outline: o,
            ring: r,
        })
    })
}

/// `from_outlines`, checked: the expected error for a short ring (the only bad input the
/// decoder makes), otherwise a valid region.
pub fn region(outlines: &[Outline], bits: u32) -> Option<Region> {
    let result = Region::from_outlines(outlines, &Geometry2DOptions::with_snap_bits(bits));
    match (result, first_short_ring(outlines)) {
        (Ok(region), None) => Some(valid(region, "from_outlines")),
        (Err(Error::InvalidArgument { location, .. }), Some(expected)) if location == expected => {
            None
        }
        (result, expected) => {
            panic!("from_outlines gave {result:?}, expected an error at {expected:?}")
        }
    }
}

/// Panics unless `region` passes its invariants.
pub fn valid(region: Region, what: &str) -> Region {
    if let Err(e) = region.check_invariants() {
        panic!("{what}: invalid region: {e}: {:?}", region.rings());
    }
    region
}

/// Panics unless `result` is a valid region or offset geometry beyond the limit (the only
/// error valid input can cause in an offset or shrink).
pub fn valid_or_beyond_limit(result: Result<Region, Error>, what: &str) -> Option<Region> {
    match result {
        Ok(region) => Some(valid(region, what)),
        Err(Error::OutOfRange {
            location: Location::OffsetPoint { .. },
            ..
        }) => None,
        Err(e) => panic!("{what}: {e}"),
    }
}

/// A join.
pub fn join(b: &mut Bytes<'_>) -> Join {
    if b.u8() & 1 == 0 {
        Join::Round
    } else {
        Join::Square
    }
}

/// A distance or radius of 0 to a few hundred grid units, or a few user units, or the
/// largest allowed; `signed` allows negative values.
pub fn distance(b: &mut Bytes<'_>, bits: u32, signed: bool) -> f64 {
    let unit = 1.0 / (1u64 << bits) as f64;
    let magnitude = match b.below(4) {
        0 | 1 => f64::from(b.u8()) * unit,
        2 => f64::from(b.u8()) / 16.0,
        _ => 1_048_576.0,
    };
    if signed && b.u8() & 1 == 1 {
        -magnitude
    } else {
        magnitude
    }
}

/// An arc tolerance coarse enough to keep the pieces few: at least an eighth of `distance`.
pub fn arc_tolerance(b: &mut Bytes<'_>, distance: f64) -> f64 {
    distance.abs() * [0.125, 0.25, 1.0][b.below(3) as usize]
}

/// A pipeline for regions on the grid of `bits` (the pipeline takes its grid from the
/// region, decisions D14) with a decoded radius, cell size and vertex limit.
pub fn pipeline(b: &mut Bytes<'_>, bits: u32) -> Mesh2DPipeline {
    let unit = 1.0 / (1u64 << bits) as f64;
    Mesh2DPipeline {
        agent_radius: distance(b, bits, false),
        cell_size: [unit, 0.25, 1.0, 4.0][b.below(4) as usize],
        max_vertices_per_polygon: 3 + usize::from(b.below(14)),
    }
}

/// Builds the mesh and checks it: a valid navmesh whose region equals the shrink's, with no
/// mergeable diagonal left and polygons within the vertex limit.
pub fn check_build(region: &Region, pipeline: &Mesh2DPipeline) -> Option<NavMesh> {
    let shrunk = valid_or_beyond_limit(pipeline.shrink(region), "shrink")?;
    let mesh = pipeline
        .build(region)
        .expect("build after a successful shrink");
    assert_eq!(mesh.region(), &shrunk, "build and shrink disagree");
    if let Err(e) = mesh.check_invariants() {
        panic!("invalid navmesh: {e}");
    }
    let left = mesh
        .polygons()
        .remaining_mergeable_diagonals()
        .expect("diagonals");
    assert!(left.is_empty(), "mergeable diagonals left: {left:?}");
    assert!(
        mesh.polygons()
            .iter()
            .all(|p| p.vertices.len() <= pipeline.max_vertices_per_polygon)
    );
    let triangulation = shrunk.triangulate().expect("triangulate");
    if let Err(e) = triangulation.check_invariants() {
        panic!("invalid triangulation: {e}");
    }
    assert_eq!(
        triangulation.area2(),
        shrunk.area2(),
        "triangles do not cover the region"
    );
    Some(mesh)
}

/// A tile map of at most 15 x 15 cells with a decoded cell size and origin.
pub fn tile_map(b: &mut Bytes<'_>, bits: u32) -> Option<Region> {
    let (width, height) = (usize::from(b.below(16)), usize::from(b.below(16)));
    let mut cells = Vec::with_capacity(width * height);
    let mut byte = 0;
    for i in 0..width * height {
        if i % 8 == 0 {
            byte = b.u8();
        }
        cells.push(byte >> (i % 8) & 1 == 1);
    }
    let unit = 1.0 / (1u64 << bits) as f64;
    let cell_size = [unit, 3.0 * unit, 0.3, 1.0][b.below(4) as usize].max(unit);
    let origin = Vector2D::new(coordinate(b, bits) / 2.0, coordinate(b, bits) / 2.0);
    match Region::from_tile_map(
        &cells,
        width,
        height,
        cell_size,
        origin,
        &Geometry2DOptions::with_snap_bits(bits),
    ) {
        Ok(region) => Some(valid(region, "from_tile_map")),
        // Grid lines beyond the limit (an origin near it) and lines that snap together (a
        // cell size near one unit) are the bad inputs the decoder can make.
        Err(Error::OutOfRange {
            location: Location::GridLine { .. },
            ..
        }) => None,
        Err(Error::InvalidArgument {
            location: Location::GridLine { .. },
            ..
        }) => None,
        Err(e) => panic!("from_tile_map: {e}"),
    }
}
