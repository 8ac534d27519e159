//! Moving AI scenario files (`.scen`, version 1): the benchmark queries of a grid map.

use crate::tilemap::MapParseError;

/// One query of a scenario file: a start and a goal cell and the length of the optimal
/// 8-connected grid path between their centres (diagonal steps `sqrt(2)`, no corner
/// cutting), as the benchmark computed it.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioQuery {
    /// The bucket (the benchmark groups queries of similar optimal length).
    pub bucket: u32,
    /// The map the query belongs to, as the file names it.
    pub map: String,
    /// The map's width in cells.
    pub map_width: usize,
    /// The map's height in cells.
    pub map_height: usize,
    /// The start cell `(x, y)`: column and row of the map file.
    pub start: (usize, usize),
    /// The goal cell `(x, y)`.
    pub goal: (usize, usize),
    /// The optimal 8-connected length, as written (5 decimals in the published files).
    pub optimal_length: f64,
}

impl ScenarioQuery {
    /// The centre of a cell in the map's user units with cells of side `cell_size` at the
    /// origin: `((x + 1/2)·cell_size, (y + 1/2)·cell_size)`, row `y` of the map file being
    /// `y` as onepath reads maps (decisions D2).
    pub fn centre((x, y): (usize, usize), cell_size: f64) -> [f64; 2] {
        [(x as f64 + 0.5) * cell_size, (y as f64 + 0.5) * cell_size]
    }
}

fn error(line: usize, message: impl Into<String>) -> MapParseError {
    MapParseError {
        line,
        message: message.into(),
    }
}

/// Reads a Moving AI scenario file: the line `version 1` (or `version 1.0`), then one query
/// per line, nine fields separated by tabs or spaces: bucket, map, map width, map height,
/// start x, start y, goal x, goal y, optimal length. Blank lines are skipped; CRLF line
/// ends are accepted. Cells must lie inside the map's size and the length must be finite
/// and not negative; every error names its 1-based line.
pub fn read_scenario(text: &str) -> Result<Vec<ScenarioQuery>, MapParseError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')));
    match lines.next() {
        Some((_, header)) if matches!(header.trim(), "version 1" | "version 1.0") => {}
        Some((_, header)) => {
            return Err(error(
                1,
                format!("expected `version 1`, found `{}`", header.trim()),
            ));
        }
        None => return Err(error(0, "the file is empty (expected `version 1`)")),
    }
    let mut queries = Vec::new();
    for (n, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() != 9 {
            return Err(error(
                n,
                format!("expected 9 fields, found {}", fields.len()),
            ));
        }
        let integer = |i: usize, name: &str| {
            fields[i].parse::<usize>().map_err(|_| {
                error(
                    n,
                    format!("{name} `{}` is not a non-negative integer", fields[i]),
                )
            })
        };
        let bucket = integer(0, "the bucket")?;
        let bucket = u32::try_from(bucket).map_err(|_| error(n, "the bucket is too large"))?;
        let (width, height) = (integer(2, "the map width")?, integer(3, "the map height")?);
        let cell = |xi: usize, yi: usize, what: &str| -> Result<(usize, usize), MapParseError> {
            let (x, y) = (integer(xi, what)?, integer(yi, what)?);
            if x >= width || y >= height {
                return Err(error(
                    n,
                    format!("the {what} ({x}, {y}) lies outside the {width} x {height} map"),
                ));
            }
            Ok((x, y))
        };
        let start = cell(4, 5, "start")?;
        let goal = cell(6, 7, "goal")?;
        let optimal_length = match fields[8].parse::<f64>() {
            Ok(v) if v.is_finite() && v >= 0.0 => v,
            _ => {
                return Err(error(
                    n,
                    format!(
                        "the optimal length `{}` is not a finite non-negative number",
                        fields[8]
                    ),
                ));
            }
        };
        queries.push(ScenarioQuery {
            bucket,
            map: fields[1].to_string(),
            map_width: width,
            map_height: height,
            start,
            goal,
            optimal_length,
        });
    }
    Ok(queries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_queries_and_names_bad_lines() {
        let text =
            "version 1\n0\tmaps/a.map\t4\t3\t0\t1\t3\t2\t3.41421\r\n\n1 a.map 4 3 1 1 2 2 1.5\n";
        let queries = read_scenario(text).unwrap();
        assert_eq!(queries.len(), 2);
        assert_eq!(queries[0].start, (0, 1));
        assert_eq!(queries[0].goal, (3, 2));
        assert_eq!(queries[0].optimal_length, 3.41421);
        assert_eq!(queries[1].bucket, 1);
        assert_eq!(ScenarioQuery::centre((3, 2), 1.0), [3.5, 2.5]);
        let bad = [
            ("", 0, "empty"),
            ("version 2\n", 1, "expected `version 1`"),
            (
                "version 1\n0 a 4 3 0 1 3 2\n",
                2,
                "expected 9 fields, found 8",
            ),
            (
                "version 1\n0 a 4 3 4 1 3 2 1\n",
                2,
                "the start (4, 1) lies outside",
            ),
            ("version 1\n0 a 4 3 0 1 3 -2 1\n", 2, "goal `-2`"),
            (
                "version 1\n\n0 a 4 3 0 1 3 2 NaN\n",
                3,
                "optimal length `NaN`",
            ),
        ];
        for (text, line, message) in bad {
            let e = read_scenario(text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
            assert!(e.message.contains(message), "{text:?}: {e}");
        }
    }
}
