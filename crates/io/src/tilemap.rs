//! Tile maps from text: the Moving AI `.map` format and plain `#`/`.` grids (decisions D2).

use std::fmt;

/// A grid of walkable (true) and blocked (false) cells, `cells[x + y * width]`.
///
/// Row `r` of a text file is `y = r`, so a picture drawn with y down shows the file as it
/// reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileMap {
    /// The number of columns.
    pub width: usize,
    /// The number of rows.
    pub height: usize,
    /// Row-major cells: `cells[x + y * width]` is true when cell `(x, y)` is walkable.
    pub cells: Vec<bool>,
}

impl TileMap {
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
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')));
    let (mut width, mut height) = (None, None);
    loop {
        let Some((n, line)) = lines.next() else {
            return Err(error(0, "the header ends before the `map` line"));
        };
        let mut words = line.split_whitespace();
        match (words.next(), words.next(), words.next()) {
            (Some("type"), Some(_), None) => {}
            (Some("height"), Some(v), None) => height = Some(parse_dimension(n, "height", v)?),
            (Some("width"), Some(v), None) => width = Some(parse_dimension(n, "width", v)?),
            (Some("map"), None, None) => break,
            (None, _, _) => {}
            _ => return Err(error(n, format!("unexpected header line `{line}`"))),
        }
    }
    let height = height.ok_or_else(|| error(0, "the header has no `height` line"))?;
    let width = width.ok_or_else(|| error(0, "the header has no `width` line"))?;
    read_rows(lines, width, height, |c| matches!(c, '.' | 'G' | 'S'))
}

/// Reads a plain text grid: rows of `#` (blocked) and `.` (passable), all of one length;
/// empty lines at the end are ignored.
pub fn read_text_grid(text: &str) -> Result<TileMap, MapParseError> {
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
                format!("unexpected character `{bad}` (use `#` or `.`)"),
            ));
        }
    }
    read_rows(rows.iter().copied(), width, rows.len(), |c| c == '.')
}

/// Reads either format: a file whose first word is `type` is a Moving AI map.
pub fn read_tile_map(text: &str) -> Result<TileMap, MapParseError> {
    if text.trim_start().starts_with("type") {
        read_moving_ai_map(text)
    } else {
        read_text_grid(text)
    }
}

fn parse_dimension(line: usize, name: &str, value: &str) -> Result<usize, MapParseError> {
    value.parse::<usize>().map_err(|_| {
        error(
            line,
            format!("{name} `{value}` is not a non-negative integer"),
        )
    })
}

fn read_rows<'a>(
    mut lines: impl Iterator<Item = (usize, &'a str)>,
    width: usize,
    height: usize,
    passable: impl Fn(char) -> bool,
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
    let mut cells = Vec::with_capacity(count);
    for y in 0..height {
        let Some((n, row)) = lines.next() else {
            return Err(error(
                0,
                format!("the map has {y} rows, the header says {height}"),
            ));
        };
        let before = cells.len();
        cells.extend(row.chars().map(&passable));
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
        return Err(error(n, format!("text after the last row: `{extra}`")));
    }
    Ok(TileMap {
        width,
        height,
        cells,
    })
}
