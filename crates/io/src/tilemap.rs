//! Tile maps from text: the Moving AI `.map` format and plain `#`/`.` grids (decisions D2),
//! with the letter of every cell, and the tables that turn letters into area codes
//! (decisions D16).

use crate::{quote, without_bom};
use onepath_build2d::{AreaId, AreaMap, Geometry2DOptions, Region, Vector2D};
use std::fmt;

/// A grid of walkable (true) and blocked (false) cells, `cells[x + y * width]`, and the
/// letter each cell was read from.
///
/// Row `r` of a text file is `y = r`, so a picture drawn with y down shows the file as it
/// reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileMap {
    /// The number of columns.
    pub width: usize,
    /// The number of rows.
    pub height: usize,
    /// Row-major cells: `cells[x + y * width]` is true when cell `(x, y)` is walkable by
    /// the format's own rule (Moving AI: `.`, `G`, `S`; text grids: `.`).
    pub cells: Vec<bool>,
    /// Row-major letters: `letters[x + y * width]` is the character of cell `(x, y)` in
    /// the file when it is ASCII, else [`TileMap::NOT_ASCII`]. [`LetterAreas`] turns them
    /// into area codes.
    pub letters: Vec<u8>,
}

impl TileMap {
    /// The letter recorded for a cell whose character is not ASCII (no Moving AI letter
    /// is; such a cell is blocked by every table that does not name this byte).
    pub const NOT_ASCII: u8 = 0xFF;

    /// The region of the walkable cells ([`Region::from_tile_map`] of [`TileMap::cells`]):
    /// cell `(x, y)` spans `origin + (x, y) * cell_size` to
    /// `origin + (x + 1, y + 1) * cell_size`.
    ///
    /// Errors: those of [`Region::from_tile_map`] (cell size, grid lines, SnapBits).
    pub fn to_region(
        &self,
        cell_size: f64,
        origin: Vector2D,
        options: &Geometry2DOptions,
    ) -> onepath_build2d::Result<Region> {
        Region::from_tile_map(
            &self.cells,
            self.width,
            self.height,
            cell_size,
            origin,
            options,
        )
    }

    /// Makes walkable exactly the cells whose letter `table` puts in an area (code not 0),
    /// so that [`TileMap::cells`], [`TileMap::walkable_count`] and [`TileMap::to_region`]
    /// follow `table` instead of the format's own rule.
    pub fn set_walkable(&mut self, table: &LetterAreas) {
        for (cell, &letter) in self.cells.iter_mut().zip(&self.letters) {
            *cell = table.area(letter) != 0;
        }
    }

    /// The area code of every cell (`codes[x + y * width]`, 0 for blocked) under `table`.
    pub fn area_codes(&self, table: &LetterAreas) -> Vec<AreaId> {
        self.letters.iter().map(|&l| table.area(l)).collect()
    }

    /// The areas of the map under `table` ([`AreaMap::from_tile_map`] of
    /// [`TileMap::area_codes`]): cell `(x, y)` spans `origin + (x, y) * cell_size` to
    /// `origin + (x + 1, y + 1) * cell_size`.
    ///
    /// Errors: those of [`AreaMap::from_tile_map`] (cell size, grid lines, SnapBits).
    pub fn to_area_map(
        &self,
        table: &LetterAreas,
        cell_size: f64,
        origin: Vector2D,
        options: &Geometry2DOptions,
    ) -> onepath_build2d::Result<AreaMap> {
        AreaMap::from_tile_map(
            &self.area_codes(table),
            self.width,
            self.height,
            cell_size,
            origin,
            options,
        )
    }

    /// The number of walkable cells.
    pub fn walkable_count(&self) -> usize {
        self.cells.iter().filter(|&&c| c).count()
    }

    /// Whether cell `(x, y)` is walkable (false outside the map).
    pub fn get(&self, x: usize, y: usize) -> bool {
        x < self.width && y < self.height && self.cells[x + y * self.width]
    }
}

/// A malformed tile-map or scenario file: the 1-based line and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct MapParseError {
    /// The 1-based line number (0 when the problem is the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

fn error(line: usize, message: impl fmt::Display) -> MapParseError {
    MapParseError {
        line,
        message: message.to_string(),
    }
}

/// The largest number of cells a map may have: 2^28 (a 16384 x 16384 map), so that a
/// malformed header cannot ask for unbounded memory.
pub const MAX_MAP_CELLS: usize = 1 << 28;

/// Reads a Moving AI `.map` file: `type octile`, `height H`, `width W`, `map`, then `H` rows
/// of `W` characters; `.`, `G` and `S` are passable and every other character is blocked.
/// CRLF line ends are accepted.
pub fn read_moving_ai_map(text: &str) -> Result<TileMap, MapParseError> {
    let text = without_bom(text);
    if text.trim().is_empty() {
        return Err(error(0, "the file is empty"));
    }
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')));
    // Each header line once: (line number, value).
    let (mut kind, mut width, mut height) = (None, None, None);
    let once = |n: usize, name: &str, seen: Option<(usize, usize)>| match seen {
        Some((first, _)) => Err(error(
            n,
            format!("a second `{name}` line (the first is line {first})"),
        )),
        None => Ok(()),
    };
    loop {
        let Some((n, line)) = lines.next() else {
            return Err(error(0, "the header ends before the `map` line"));
        };
        let mut words = line.split_whitespace();
        match (words.next(), words.next(), words.next()) {
            (Some("type"), Some(v), None) => {
                once(n, "type", kind)?;
                if v != "octile" {
                    return Err(error(
                        n,
                        format!(
                            "type `{}` is not supported (onepath reads `type octile` maps)",
                            quote(v)
                        ),
                    ));
                }
                kind = Some((n, 0));
            }
            (Some("height"), Some(v), None) => {
                once(n, "height", height)?;
                height = Some((n, parse_dimension(n, "height", v)?));
            }
            (Some("width"), Some(v), None) => {
                once(n, "width", width)?;
                width = Some((n, parse_dimension(n, "width", v)?));
            }
            (Some("map"), None, None) => break,
            (None, _, _) => {}
            _ => {
                return Err(error(
                    n,
                    format!("unexpected header line `{}`", quote(line)),
                ));
            }
        }
    }
    let (_, height) = height.ok_or_else(|| error(0, "the header has no `height` line"))?;
    let (_, width) = width.ok_or_else(|| error(0, "the header has no `width` line"))?;
    read_rows(text.len(), lines, width, height, |c| {
        matches!(c, b'.' | b'G' | b'S')
    })
}

/// Reads a plain text grid: rows of `#` (blocked) and `.` (passable), all of one length;
/// empty lines at the end are ignored.
pub fn read_text_grid(text: &str) -> Result<TileMap, MapParseError> {
    let text = without_bom(text);
    if text.trim().is_empty() {
        return Err(error(0, "the file is empty"));
    }
    let rows: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
        .collect();
    let last = rows
        .iter()
        .rposition(|(_, l)| !l.is_empty())
        .map_or(0, |i| i + 1);
    let rows = &rows[..last];
    let width = rows.first().map_or(0, |(_, l)| l.chars().count());
    for &(n, line) in rows {
        if let Some(bad) = line.chars().find(|c| !matches!(c, '#' | '.')) {
            return Err(error(
                n,
                format!(
                    "unexpected character `{}` (use `#` or `.`)",
                    bad.escape_debug()
                ),
            ));
        }
    }
    read_rows(text.len(), rows.iter().copied(), width, rows.len(), |c| {
        c == b'.'
    })
}

/// Reads either format: a file whose first word is `type` is a Moving AI map.
pub fn read_tile_map(text: &str) -> Result<TileMap, MapParseError> {
    if without_bom(text).trim_start().starts_with("type") {
        read_moving_ai_map(text)
    } else {
        read_text_grid(text)
    }
}

fn parse_dimension(line: usize, name: &str, value: &str) -> Result<usize, MapParseError> {
    value.parse::<usize>().map_err(|_| {
        error(
            line,
            format!("{name} `{}` is not a non-negative integer", quote(value)),
        )
    })
}

fn read_rows<'a>(
    text_len: usize,
    mut lines: impl Iterator<Item = (usize, &'a str)>,
    width: usize,
    height: usize,
    passable: impl Fn(u8) -> bool,
) -> Result<TileMap, MapParseError> {
    let count = width
        .checked_mul(height)
        .filter(|&c| c <= MAX_MAP_CELLS)
        .ok_or_else(|| {
            error(
                0,
                format!("a {width} x {height} map exceeds the limit of {MAX_MAP_CELLS} cells"),
            )
        })?;
    // Reserved fallibly, and never beyond the text: a map has one character per cell, so
    // a header that promises more cells than the text holds fails on its rows instead.
    let reserve = count.min(text_len);
    let (mut cells, mut letters) = (Vec::new(), Vec::new());
    cells
        .try_reserve_exact(reserve)
        .and_then(|()| letters.try_reserve_exact(reserve))
        .map_err(|_| {
            error(
                0,
                format!(
                    "cannot reserve {} bytes of memory for the cells of a {width} x {height} map",
                    2 * reserve
                ),
            )
        })?;
    for y in 0..height {
        let Some((n, row)) = lines.next() else {
            return Err(error(
                0,
                format!("the map has {y} rows, the header says {height}"),
            ));
        };
        let before = letters.len();
        letters.extend(row.chars().map(|c| {
            u8::try_from(c)
                .ok()
                .filter(u8::is_ascii)
                .unwrap_or(TileMap::NOT_ASCII)
        }));
        cells.extend(letters[before..].iter().map(|&c| passable(c)));
        if cells.len() - before != width {
            return Err(error(
                n,
                format!(
                    "row {y} has {} cells, expected {width}",
                    cells.len() - before
                ),
            ));
        }
    }
    if let Some((n, extra)) = lines.find(|(_, l)| !l.trim().is_empty()) {
        return Err(error(
            n,
            format!("text after the last row: `{}`", quote(extra)),
        ));
    }
    Ok(TileMap {
        width,
        height,
        cells,
        letters,
    })
}

/// A Moving AI terrain kind: its letters, the area it is in when every kind has its own
/// ([`LetterAreas::terrain`]), and its name for legends and summaries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terrain {
    /// The letters of the kind in a `.map` file.
    pub letters: &'static str,
    /// The kind's area in [`LetterAreas::terrain`].
    pub area: AreaId,
    /// A short name: `ground`, `swamp`, ...
    pub name: &'static str,
}

/// The letters of the Moving AI benchmark maps and their areas when every kind has its
/// own (decisions D16): `.` and `G` ground (area 1), `S` swamp (2), `W` water (3), `T`
/// trees (4), `@` and `O` out of bounds (5).
pub const MOVING_AI_TERRAIN: [Terrain; 5] = [
    Terrain {
        letters: ".G",
        area: 1,
        name: "ground",
    },
    Terrain {
        letters: "S",
        area: 2,
        name: "swamp",
    },
    Terrain {
        letters: "W",
        area: 3,
        name: "water",
    },
    Terrain {
        letters: "T",
        area: 4,
        name: "trees",
    },
    Terrain {
        letters: "@O",
        area: 5,
        name: "out of bounds",
    },
];

/// How the letters of a tile map become area codes (0 = blocked): a table of one code per
/// byte. The default is the formats' own rule: `.`, `G` and `S` in area 1 (decisions D2;
/// a text grid's `.` too), every other letter blocked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LetterAreas {
    codes: [AreaId; 256],
}

impl Default for LetterAreas {
    fn default() -> Self {
        Self::one_area(b".GS")
    }
}

impl LetterAreas {
    /// Every letter of `walkable` in area 1 ([`onepath_build2d::DEFAULT_AREA`]), every
    /// other letter blocked.
    pub fn one_area(walkable: &[u8]) -> Self {
        let mut table = Self { codes: [0; 256] };
        for &letter in walkable {
            table.set(letter, onepath_build2d::DEFAULT_AREA);
        }
        table
    }

    /// Every Moving AI terrain kind in its own area ([`MOVING_AI_TERRAIN`]), except the
    /// letters in `blocked`; every letter that is no terrain letter is blocked.
    pub fn terrain(blocked: &[u8]) -> Self {
        let mut table = Self { codes: [0; 256] };
        for kind in MOVING_AI_TERRAIN {
            for letter in kind.letters.bytes().filter(|l| !blocked.contains(l)) {
                table.set(letter, kind.area);
            }
        }
        table
    }

    /// The area code of `letter` (0: blocked).
    pub fn area(&self, letter: u8) -> AreaId {
        self.codes[usize::from(letter)]
    }

    /// Puts `letter` in `area` (0: blocked).
    pub fn set(&mut self, letter: u8, area: AreaId) {
        self.codes[usize::from(letter)] = area;
    }
}
