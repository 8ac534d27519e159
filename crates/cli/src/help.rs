//! The help texts of the program and of each command.

/// `onepath --help`.
pub(crate) const MAIN: &str = "\
onepath: exact 2D navigation meshes from tile maps and outlines

Usage: onepath COMMAND [ARGS] [OPTIONS]

Commands:
  build        build a navigation mesh (without INPUT: the bundled demo map)
  region       region operations: resolve, union, intersection, difference, xor,
               offset, shrink
  triangulate  the constrained Delaunay triangulation of a region
  partition    the region cut into convex polygons

Inputs are Moving AI .map files, text grids (`#` blocked, `.` free) or outline
files (.json: {\"snap_bits\": 16, \"outlines\": [[[[x, y], ...], ...], ...]}, or
GeoJSON .geojson); onepath's own JSON results read back as outline files.
Errors print one line and exit with status 2; a failed run writes no file.
Output paths are checked before any work; `-` is standard output, FIFOs and
devices are written in place, symbolic links are followed. The memory a command
needs is estimated first and checked (--memory-limit SIZE, default: the memory
available).

Options for every command: -h, --help (this text, or a command's), -V, --version.
Run `onepath COMMAND --help` for a command's options. The file formats are
described in docs/cli.md.

The demo map den312d.map is from Dragon Age: Origins (BioWare), part of the
Moving AI Lab grid benchmarks (N. Sturtevant, 2012), used for research.
";

/// `onepath build --help`.
pub(crate) const BUILD: &str = "\
onepath build: build a navigation mesh

Usage: onepath build [INPUT] [OPTIONS]

INPUT is a Moving AI .map, a text grid or an outline file (.json / .geojson).
Tile maps: cell (x, y) spans (x, y) * C to (x + 1, y + 1) * C and row r of the
file is y = r. The walkable region is shrunk by the agent radius, triangulated
and merged into convex polygons. A summary is printed: input size, rings,
vertices, triangles, polygons, walkable area before and after the shrink, and
the time of each stage.

Without INPUT the bundled demo is built: den312d.map (65 x 81 cells, Dragon
Age: Origins by BioWare, from the Moving AI Lab grid benchmarks, Sturtevant
2012) at the default agent radius, writing navmesh.json, navmesh.svg and
navmesh.mesh in the current folder (or where --json/--svg/--mesh say).

Options:
  --agent-radius R  agent radius in user units (default 0.5: corridors one cell
                    wide close; use 0 to keep every walkable cell)
  --cell-size C     tile map cell size, also sets the shrink's arc tolerance
                    (default 1)
  --max-verts N     most vertices per convex polygon, 3..=16 (default 6)
  --snap-bits B     grid of 2^-B user units for tile maps and outline files
                    without their own snap_bits, 0..=16 (default 16)
  --areas           keep terrain kinds apart (decisions D16): Moving AI letters
                    . G area 1 (ground), S 2 (swamp), W 3 (water), T 4
                    (trees), @ O 5; polygons never cross an area border.
                    Outline files with area_id tags always keep their areas
  --blocked LETTERS the Moving AI letters that are blocked (default @OTW, with
                    --areas @OT); every other terrain letter is walkable
  --json FILE       write the result as JSON (rings, area, vertices, polygons,
                    polygon_neighbors, polygon_areas, triangle_count; the same
                    bytes for the same input: the stage times are in the
                    summary only)
  --svg FILE        write a picture: input walkable area grey, shrunk area
                    light blue (with areas: one colour per area and a legend),
                    polygon edges blue
  --geojson FILE    write the polygons as GeoJSON features with their area_id
  --mesh FILE       write a polyanya mesh (format version 2; it has no areas)
  --memory-limit S  refuse to start when the estimated memory exceeds S (512M,
                    8G, ...; default: MemAvailable of /proc/meminfo; none: off)
  -h, --help        this text
";

/// `onepath region --help`.
pub(crate) const REGION: &str = "\
onepath region: region operations

Usage: onepath region OP A [B] [OPTIONS]

OP is one of:
  resolve       A alone: the union of its outlines, each read even-odd (or
                the walkable cells of a tile map)
  union         A or B
  intersection  A and B
  difference    A minus B
  xor           in exactly one of A and B
  offset        A grown (--distance > 0) or shrunk (< 0) by --distance
  shrink        A shrunk by the build pipeline's agent-radius shrink

A and B are tile maps or outline files (both on the same snap grid).

Options:
  --distance D       offset distance in user units (required for offset)
  --join J           offset corners: round (default) or square
  --arc-tolerance T  round joins: how far the arcs' polygons may lie outside
                     the circle, user units (default 0: |D| / 128)
  --agent-radius R   shrink: agent radius (default 0.5)
  --cell-size C      tile map cell size; shrink: sets the arc tolerance
                     (default 1)
  --snap-bits B      grid for tile maps and outline files without snap_bits
                     (default 16)
  --json FILE        write the result as JSON (snap_bits, rings, area,
                     area2_grid)
  --svg FILE         write a picture of the result
  --geojson FILE     write the result as a GeoJSON MultiPolygon feature
  --memory-limit S   refuse to start when the estimated memory exceeds S (512M,
                     8G, ...; default: the memory available; none: off)
  -h, --help         this text
";

/// `onepath triangulate --help`.
pub(crate) const TRIANGULATE: &str = "\
onepath triangulate: the constrained Delaunay triangulation of a region

Usage: onepath triangulate A [OPTIONS]

A is a tile map or an outline file; its region is triangulated exactly (every
ring edge is a triangle edge).

Options:
  --cell-size C  tile map cell size (default 1)
  --snap-bits B  grid for tile maps and outline files without snap_bits
                 (default 16)
  --json FILE    write the region, vertices, triangles and triangle_neighbors
  --svg FILE     write a picture with the triangle edges
  --memory-limit S  refuse to start when the estimated memory exceeds S
                 (512M, 8G, ...; default: the memory available; none: off)
  -h, --help     this text
";

/// `onepath partition --help`.
pub(crate) const PARTITION: &str = "\
onepath partition: a region cut into convex polygons

Usage: onepath partition A [OPTIONS]

A is a tile map or an outline file; its triangulation is merged into convex
polygons by the Hertel-Mehlhorn pass.

Options:
  --max-verts N  most vertices per polygon, 3..=16 (default 6)
  --cell-size C  tile map cell size (default 1)
  --snap-bits B  grid for tile maps and outline files without snap_bits
                 (default 16)
  --json FILE    write the region, vertices, triangles, triangle_neighbors,
                 polygons and polygon_neighbors
  --svg FILE     write a picture with triangle and polygon edges
  --memory-limit S  refuse to start when the estimated memory exceeds S
                 (512M, 8G, ...; default: the memory available; none: off)
  -h, --help     this text
";

/// The help text of a command, by name.
pub(crate) fn for_command(name: &str) -> Option<&'static str> {
    match name {
        "build" => Some(BUILD),
        "region" => Some(REGION),
        "triangulate" => Some(TRIANGULATE),
        "partition" => Some(PARTITION),
        _ => None,
    }
}
