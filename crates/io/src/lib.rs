//! Readers and writers for onepath's file formats; the algorithm crates do no I/O.
//!
//! Input: Moving AI `.map` files and plain `#`/`.` text grids ([`read_tile_map`]), Moving
//! AI scenario files ([`read_scenario`]), outline JSON files and GeoJSON
//! ([`read_outlines`]). Output: the JSON of a result
//! ([`ResultJson`]), GeoJSON of a region ([`region_to_geojson`]), SVG pictures
//! ([`render_svg`]) and polyanya's text mesh format, version 2
//! ([`navmesh_to_polyanya`]). Each writer comes in two forms: the text as a `String`
//! (`to_json_string`, `render_svg`, ...) and the same bytes written to any
//! [`std::io::Write`] as they are formatted (`write_json`, [`write_svg`], ...), so that a
//! large mesh's file is never held whole in memory. [`check_output`] checks output paths
//! before any work and [`StagedOutputs`] writes files so that a failed run leaves none
//! behind. The formats are described in `docs/cli.md`.
//!
//! ```
//! use onepath_build2d::{Geometry2DOptions, Mesh2DPipeline, Region, Vector2D};
//! use onepath_io::{ResultJson, navmesh_to_polyanya, read_outlines, read_tile_map};
//!
//! // A tile map: row r of the text is y = r.
//! let map = read_tile_map("....\n.##.\n....\n").unwrap();
//! let options = Geometry2DOptions::default();
//! let grid = map.to_region(1.0, Vector2D::new(0.0, 0.0), &options).unwrap();
//! assert_eq!(grid.area(), 10.0);
//!
//! // An outline file: one outline, a 4 x 4 square with a 2 x 2 hole.
//! let file = read_outlines(
//!     r#"{"snap_bits": 16, "outlines": [[[[0, 0], [4, 0], [4, 4], [0, 4]],
//!                                       [[1, 1], [3, 1], [3, 3], [1, 3]]]]}"#,
//! )
//! .unwrap();
//! let region = Region::from_outlines(&file.outlines, &options).unwrap();
//! assert_eq!(region.area(), 12.0);
//!
//! // Build a navigation mesh and write it as JSON and as a polyanya mesh.
//! let mesh = Mesh2DPipeline::new(1.0, 0.0).build(&region).unwrap();
//! let json = ResultJson::navmesh(&mesh).to_json_string().unwrap();
//! assert!(json.contains("\"area2_grid\": \"103079215104\""));
//! let text = navmesh_to_polyanya(&mesh).unwrap();
//! assert!(text.starts_with("mesh\n2\n8 "));
//!
//! // Errors name the JSON path at fault.
//! let err = read_outlines(r#"{"outlines": [[[[0, 0], [1, "a"], [1, 1]]]]}"#).unwrap_err();
//! assert_eq!(err.to_string(), "at outlines[0][0][1][1]: expected a number, found a string");
//! ```
#![forbid(unsafe_code)]

mod atomic;
mod geojson_out;
mod json_out;
mod number;
mod outlines;
mod polyanya;
mod scenario;
mod sink;
mod svg;
mod tilemap;

pub use atomic::{
    CheckedOutput, FileIdentity, StagedOutputs, TemporariesRemoved, check_output, file_identity,
    remove_temporary_files, write_file_atomically,
};
pub use geojson_out::{
    navmesh_to_geojson, region_to_geojson, write_navmesh_geojson, write_region_geojson,
};
pub use json_out::ResultJson;
pub use outlines::{JsonInputError, OutlineFile, read_geojson, read_outline_file, read_outlines};
pub use polyanya::{
    navmesh_to_polyanya, polyanya_mesh_text, write_navmesh_polyanya, write_polyanya_mesh,
};
pub use scenario::{ScenarioQuery, read_scenario};
pub use svg::{SvgPicture, TileGrid, YAxis, area_colour, render_svg, write_svg};
pub use tilemap::{
    LetterAreas, MAX_MAP_CELLS, MOVING_AI_TERRAIN, MapParseError, Terrain, TileMap,
    read_moving_ai_map, read_text_grid, read_tile_map,
};

/// The most characters of an input a message quotes.
const LONGEST_QUOTE: usize = 40;

/// `text` for a message: control characters escaped (a CR would move the cursor) and cut
/// to [`LONGEST_QUOTE`] characters, with the full length when cut (a line of a file with
/// CR line ends can be megabytes long).
pub(crate) fn quote(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(LONGEST_QUOTE)
        .flat_map(char::escape_debug)
        .collect();
    let count = text.chars().count();
    if count > LONGEST_QUOTE {
        out.push_str(&format!("… ({count} characters)"));
    }
    out
}

/// `text` without a UTF-8 byte-order mark at its start.
pub(crate) fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
