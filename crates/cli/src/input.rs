//! Reading an input file into a region: Moving AI maps and text grids (tile maps) or outline
//! JSON and GeoJSON files, with errors that name the file and the line.

use crate::options::InputOptions;
use crate::output::counted;
use crate::{CliError, library_error};
use onepath_build2d::{
    AreaId, AreaMap, Axis, Error, Geometry2DOptions, Location, Region, Vector2D,
};
use onepath_io::{
    JsonInputError, LetterAreas, MOVING_AI_TERRAIN, OutlineFile, YAxis, read_outlines,
    read_tile_map,
};
use std::path::Path;

/// The bundled demo map: `den312d.map` from Dragon Age: Origins (BioWare), from the Moving
/// AI Lab grid benchmarks (Sturtevant 2012); attribution in `data/SOURCES.md`.
pub(crate) const DEMO_MAP: &str = include_str!("../data/den312d.map");

/// The bundled demo map's name in messages.
pub(crate) const DEMO_NAME: &str = "den312d.map, the bundled demo";

/// The letters of the Moving AI terrain kinds, in the order of [`MOVING_AI_TERRAIN`].
pub(crate) const TERRAIN_LETTERS: &str = ".GSWT@O";

/// The letters blocked without `--areas`: the benchmark's rule, `.`, `G` and `S` walkable
/// (decisions D2). Water is passable only from water there, which one area cannot say.
pub(crate) const BLOCKED_ONE_AREA: &str = "@OTW";

/// The letters blocked with `--areas`: trees and out of bounds. Water is walkable in its
/// own area, which a path finder may weigh or forbid (decisions D16).
pub(crate) const BLOCKED_AREAS: &str = "@OT";

/// How tile-map letters become walkable ground: `--areas` and `--blocked`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Terrain<'a> {
    /// Whether each terrain kind is its own area (`--areas`); also asks for the areas of
    /// an outline file whose outlines carry none (all in area 1).
    pub(crate) areas: bool,
    /// The blocked letters given by `--blocked`, checked against [`TERRAIN_LETTERS`].
    pub(crate) blocked: Option<&'a str>,
}

impl Terrain<'_> {
    /// The blocked letters: `--blocked`, else the default of the mode.
    fn blocked(&self) -> &str {
        self.blocked.unwrap_or(match self.areas {
            true => BLOCKED_AREAS,
            false => BLOCKED_ONE_AREA,
        })
    }

    /// The table of letters to area codes.
    fn table(&self) -> LetterAreas {
        let blocked = self.blocked().as_bytes();
        match self.areas {
            true => LetterAreas::terrain(blocked),
            false => {
                let walkable: Vec<u8> = TERRAIN_LETTERS
                    .bytes()
                    .filter(|l| !blocked.contains(l))
                    .collect();
                LetterAreas::one_area(&walkable)
            }
        }
    }

    /// The legend's names of the terrain areas: `ground (. G)`, with the letters that are
    /// walkable.
    fn area_names(&self) -> Vec<(AreaId, String)> {
        let blocked = self.blocked();
        MOVING_AI_TERRAIN
            .iter()
            .filter_map(|kind| {
                let letters: Vec<String> = kind
                    .letters
                    .chars()
                    .filter(|&l| !blocked.contains(l))
                    .map(String::from)
                    .collect();
                (!letters.is_empty())
                    .then(|| (kind.area, format!("{} ({})", kind.name, letters.join(" "))))
            })
            .collect()
    }
}

/// How tile maps are placed and which grid inputs without their own `snap_bits` use.
#[derive(Clone, Copy, Debug)]
pub(crate) struct InputSettings<'a> {
    /// The side of a tile map's cell in user units.
    pub(crate) cell_size: f64,
    /// The SnapBits of tile maps and of outline files that do not give theirs.
    pub(crate) snap_bits: u32,
    /// Whether `--cell-size` was given: then a tile map's grid line out of range or
    /// snapped onto its neighbour is reported as a problem of that option.
    pub(crate) cell_size_given: bool,
    /// How tile-map letters become walkable ground (`build` only; the default elsewhere).
    pub(crate) terrain: Terrain<'a>,
}

impl From<&InputOptions> for InputSettings<'_> {
    /// `--cell-size` and `--snap-bits`, with the default terrain.
    fn from(options: &InputOptions) -> Self {
        Self {
            cell_size: options.cell_size,
            snap_bits: options.snap_bits,
            cell_size_given: options.cell_size_given,
            terrain: Terrain::default(),
        }
    }
}

/// What an input was, for the summary.
#[derive(Clone, Copy, Debug)]
pub(crate) enum InputKind {
    /// A tile map of `width x height` cells, `walkable` of them passable.
    TileMap {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// Passable cells.
        walkable: usize,
    },
    /// An outline or GeoJSON file with `count` outlines.
    Outlines {
        /// The number of outlines.
        count: usize,
    },
}

/// A loaded input: its name, its region and how to draw it.
#[derive(Clone, Debug)]
pub(crate) struct Input {
    /// The file name as given (or the demo's name).
    pub(crate) name: String,
    /// The region the input describes.
    pub(crate) region: Region,
    /// What the input was.
    pub(crate) kind: InputKind,
    /// Tile maps are drawn y down (as the file reads), outlines y up.
    pub(crate) y_axis: YAxis,
    /// The input's areas (decisions D16), when the build is asked to keep them apart.
    pub(crate) areas: Option<AreaMap>,
    /// The names of the areas for the legend and the summary, where they have one.
    pub(crate) area_names: Vec<(AreaId, String)>,
}

impl Input {
    /// One line describing the input: its name and size.
    pub(crate) fn describe(&self) -> String {
        self.kind.describe(&self.name)
    }
}

impl InputKind {
    /// One line describing an input named `name`: its name and size.
    pub(crate) fn describe(&self, name: &str) -> String {
        match *self {
            InputKind::TileMap {
                width,
                height,
                walkable,
            } => format!("{name} (tile map, {width} x {height} cells, {walkable} walkable)"),
            InputKind::Outlines { count } => {
                format!("{name} ({})", counted(count, "outline", "outlines"))
            }
        }
    }
}

/// Reads the file at `path` (see [`load_text`]).
pub(crate) fn load_file(path: &str, settings: InputSettings<'_>) -> Result<Input, CliError> {
    let (text, outlines) = read_input(path)?;
    load_text(path, &text, outlines, settings)
}

/// The text of the input file at `path`, and whether it holds outlines (a `.json` or
/// `.geojson` name, or text starting with `{`) rather than a tile map.
pub(crate) fn read_input(path: &str) -> Result<(String, bool), CliError> {
    let bytes = read_bytes(path)?;
    let mut text = String::from_utf8(bytes)
        .map_err(|e| CliError::new(format!("{path}: the file is not UTF-8 text: {e}")))?;
    // A UTF-8 byte-order mark (some editors write one) is not part of the content.
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    if text.trim().is_empty() {
        return Err(CliError::new(format!(
            "{path}: the file is empty (no map, no outline)"
        )));
    }
    let extension = Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let outlines = matches!(extension.as_deref(), Some("json" | "geojson"))
        || text.trim_start().starts_with('{');
    Ok((text, outlines))
}

/// The bytes of the file at `path`, its buffer reserved fallibly: a file larger than the
/// memory the program can have is an error naming the file and its size, not an abort.
fn read_bytes(path: &str) -> Result<Vec<u8>, CliError> {
    use std::io::Read;
    let cannot_read =
        |e: std::io::Error| CliError::new(format!("{path}: cannot read the file: {e}"));
    let mut file = std::fs::File::open(path).map_err(cannot_read)?;
    let len = file.metadata().map_err(cannot_read)?.len();
    let mut bytes = Vec::new();
    usize::try_from(len)
        .ok()
        .and_then(|len| bytes.try_reserve_exact(len).ok())
        .ok_or_else(|| {
            CliError::new(format!(
                "{path}: cannot reserve {} of memory to read the file",
                byte_size(len)
            ))
        })?;
    file.read_to_end(&mut bytes).map_err(cannot_read)?;
    Ok(bytes)
}

/// A size in bytes for messages: `1.5 GiB`, `12.0 MiB`, `800 bytes`.
pub(crate) fn byte_size(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

/// Reads `text` as outlines (JSON or GeoJSON) or as a tile map (Moving AI `.map` or text
/// grid) and builds its region; `name` prefixes every error message.
pub(crate) fn load_text(
    name: &str,
    text: &str,
    outlines: bool,
    settings: InputSettings<'_>,
) -> Result<Input, CliError> {
    let at = |message: String| CliError::new(format!("{name}: {message}"));
    if outlines {
        if settings.terrain.blocked.is_some() {
            return Err(at(
                "option `--blocked` applies to tile maps (an outline file gives its areas in `area` members)"
                    .to_string(),
            ));
        }
        let file = read_outlines(text).map_err(|e| at(json_message(&e)))?;
        let options =
            Geometry2DOptions::with_snap_bits(file.snap_bits.unwrap_or(settings.snap_bits));
        let located = |e: Error| outline_error(name, &file, e);
        let (region, areas) =
            if (settings.terrain.areas || file.has_areas()) && !file.outlines.is_empty() {
                let areas = file.to_area_map(&options).map_err(located)?;
                (areas.walkable().clone(), Some(areas))
            } else {
                let region = Region::from_outlines(&file.outlines, &options).map_err(located)?;
                (region, None)
            };
        return Ok(Input {
            name: name.to_string(),
            region,
            kind: InputKind::Outlines {
                count: file.outlines.len(),
            },
            y_axis: YAxis::Up,
            areas,
            area_names: Vec::new(),
        });
    }
    let tiles = load_tile_map(name, text, settings)?;
    let origin = Vector2D::new(0.0, 0.0);
    let (region, areas) = if settings.terrain.areas {
        let areas = tiles
            .map
            .to_area_map(&tiles.table, settings.cell_size, origin, &tiles.options)
            .map_err(|e| tiles.grid_error(e))?;
        (areas.walkable().clone(), Some(areas))
    } else {
        (tiles.region()?, None)
    };
    Ok(Input {
        name: name.to_string(),
        region,
        kind: tiles.kind(),
        y_axis: YAxis::Down,
        area_names: match areas {
            Some(_) => tiles.area_names(),
            None => Vec::new(),
        },
        areas,
    })
}

/// A tile map read with the command's settings: its cells walkable as the letters' table
/// says, not yet a region (a tiled build works on the cells' codes, decisions D17).
#[derive(Clone, Debug)]
pub(crate) struct TileInput<'a> {
    /// The file name as given (or the demo's name).
    pub(crate) name: String,
    /// The map, walkable as [`TileInput::table`] says.
    pub(crate) map: onepath_io::TileMap,
    /// The letters' area codes.
    pub(crate) table: LetterAreas,
    /// The grid of the map's region.
    pub(crate) options: Geometry2DOptions,
    /// The command's settings.
    pub(crate) settings: InputSettings<'a>,
}

impl TileInput<'_> {
    /// The map's region: its walkable cells, cell `(x, y)` at `(x, y) * cell_size`.
    pub(crate) fn region(&self) -> Result<Region, CliError> {
        self.map
            .to_region(
                self.settings.cell_size,
                Vector2D::new(0.0, 0.0),
                &self.options,
            )
            .map_err(|e| self.grid_error(e))
    }

    /// Each cell's area code (`codes[x + y * width]`, 0 blocked): the terrain areas with
    /// `--areas`, else 1 for every walkable cell.
    pub(crate) fn codes(&self) -> Vec<AreaId> {
        match self.settings.terrain.areas {
            true => self.map.area_codes(&self.table),
            false => self.map.cells.iter().map(|&c| AreaId::from(c)).collect(),
        }
    }

    /// What the input is, for the summary.
    pub(crate) fn kind(&self) -> InputKind {
        InputKind::TileMap {
            width: self.map.width,
            height: self.map.height,
            walkable: self.map.walkable_count(),
        }
    }

    /// The legend's names of the areas (with `--areas`).
    pub(crate) fn area_names(&self) -> Vec<(AreaId, String)> {
        self.settings.terrain.area_names()
    }

    /// A library error on the map: a grid line's problem is one of `--cell-size` when
    /// that option was given.
    pub(crate) fn grid_error(&self, e: Error) -> CliError {
        let name = &self.name;
        match e {
            Error::OutOfRange {
                location: location @ Location::GridLine { .. },
                message,
            }
            | Error::InvalidArgument {
                location: location @ Location::GridLine { .. },
                message,
            } if self.settings.cell_size_given => CliError::new(format!(
                "{name}: option `--cell-size`: {location}: {message}"
            )),
            e => library_error(name, e),
        }
    }
}

/// Reads `text` as a tile map (Moving AI `.map` or text grid) with the letters' table of
/// `settings`; `name` prefixes every error message.
pub(crate) fn load_tile_map<'a>(
    name: &str,
    text: &str,
    settings: InputSettings<'a>,
) -> Result<TileInput<'a>, CliError> {
    let at = |message: String| CliError::new(format!("{name}: {message}"));
    let mut map = read_tile_map(text).map_err(|e| {
        at(if e.line == 0 {
            e.message.clone()
        } else {
            e.to_string()
        })
    })?;
    let table = settings.terrain.table();
    map.set_walkable(&table);
    Ok(TileInput {
        name: name.to_string(),
        map,
        table,
        options: Geometry2DOptions::with_snap_bits(settings.snap_bits),
        settings,
    })
}

/// A library error reading an outline file; a vertex or ring error also names its place
/// in the file as a JSON path.
fn outline_error(name: &str, file: &OutlineFile, e: Error) -> CliError {
    let location = match &e {
        Error::OutOfRange { location, .. } | Error::InvalidArgument { location, .. } => {
            Some(location)
        }
        _ => None,
    };
    let place = match location {
        Some(Location::Vertex {
            outline,
            ring,
            vertex,
            axis,
        }) => {
            let axis = usize::from(matches!(axis, Axis::Y));
            file.json_path(*outline, *ring, Some(*vertex), Some(axis))
        }
        Some(Location::Ring { outline, ring }) => file.json_path(*outline, *ring, None, None),
        _ => None,
    };
    match place {
        Some(path) => CliError::new(format!("{name}: {e} (at {path})")),
        None => CliError::new(format!("{name}: {e}")),
    }
}

/// A JSON error as a message: syntax errors by line and column, content errors by path.
fn json_message(error: &JsonInputError) -> String {
    match error {
        JsonInputError::Syntax { .. } => format!("invalid JSON: {error}"),
        JsonInputError::Content { .. } => error.to_string(),
    }
}
