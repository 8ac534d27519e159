//! The golden case language: reading an input file of `tests/golden/` into a [`Case`] and
//! running it into canonical text. Shared by the golden and determinism test binaries.
//!
//! An input file is a list of lines; blank lines and lines starting with `#` are ignored
//! (except the rows that follow a `tilemap` line, which are read verbatim).
//!
//! ```text
//! snap_bits N                 the grid of the regions defined after it (default 16)
//! summary                     summarise every section (large inputs; see render.rs)
//! region NAME                 starts the definition of region NAME, then one of:
//!   outline                     starts a new outline (a set of even-odd rings)
//!   ring x0 y0 x1 y1 ...        adds a ring to the current outline, in user units
//!   tilemap W H CELL [OX OY]    a tile map; the next H lines are rows of `.` (walkable)
//!                               and `#` (blocked), row r being y = r
//!   movingai PATH CELL          a Moving AI `.map` file, PATH relative to the input file
//!   import PATH NAME            region NAME of another input file, PATH relative
//! op OPERATION [!err]         runs an operation on the current region; `!err` says it must
//!                             fail, and the error message is the golden output
//! ```
//!
//! The current region starts as the first region defined. Operations: `load NAME` (the
//! current region becomes region NAME), `union NAME`, `intersection NAME`, `difference NAME`,
//! `xor NAME` (the current region with region NAME), `offset D round|square TOL`,
//! `shrink RADIUS CELL` (the build pipeline's shrink), which replace the current region, and
//! `triangulate`, `partition N`, `build RADIUS CELL N` (a whole `NavMesh`), which leave it.

use onepath_build2d::{Geometry2DOptions, Join, Mesh2DPipeline, Outline, Region, Vector2D};
use std::path::{Path, PathBuf};

/// Where a region comes from.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Source {
    /// Outlines, each read by the even-odd rule, united.
    Outlines(Vec<Outline>),
    /// A tile map: row-major cells (`true` = walkable), its shape, cell size and origin.
    TileMap {
        /// `cells[x + y * width]`.
        cells: Vec<bool>,
        /// Cells per row.
        width: usize,
        /// Rows.
        height: usize,
        /// The cell size in user units.
        cell: f64,
        /// The corner of cell (0, 0).
        origin: Vector2D,
    },
}

/// A named input region and the grid it is built on.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RegionSpec {
    /// The name operations refer to.
    pub(crate) name: String,
    /// The region's SnapBits.
    pub(crate) snap_bits: u32,
    /// Its outlines or tile map.
    pub(crate) source: Source,
}

/// One operation of a case.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Op {
    /// The current region becomes the named region.
    Load(String),
    /// A boolean operation (`union`, `intersection`, `difference`, `xor`) with a named region.
    Boolean(String, String),
    /// `Region::offset(distance, join, arc_tolerance)`.
    Offset(f64, Join, f64),
    /// `Mesh2DPipeline::shrink` with an agent radius and a cell size.
    Shrink(f64, f64),
    /// `Region::triangulate`.
    Triangulate,
    /// `Region::partition_convex(n)`.
    Partition(usize),
    /// `Mesh2DPipeline::build` with agent radius, cell size and vertex limit.
    Build(f64, f64, usize),
}

/// An operation with its source line (the section title) and whether it must fail.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Step {
    /// The operation.
    pub(crate) op: Op,
    /// The line as written after `op`, without `!err`.
    pub(crate) title: String,
    /// True when the operation must return an error.
    pub(crate) expect_error: bool,
}

/// A parsed input file.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Case {
    /// The regions, in the order defined.
    pub(crate) regions: Vec<RegionSpec>,
    /// The operations, in order.
    pub(crate) steps: Vec<Step>,
    /// True when every section is summarised.
    pub(crate) summary: bool,
}

/// The input files, sorted by name.
pub(crate) fn input_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("cannot list tests/golden")
        .map(|e| e.expect("cannot list tests/golden").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
}

fn number<T: std::str::FromStr>(word: &str, at: &str) -> T {
    word.parse()
        .unwrap_or_else(|_| panic!("{at}: {word:?} is not a number"))
}

fn fields<'a>(words: &[&'a str], n: usize, at: &str) -> Vec<&'a str> {
    assert!(
        words.len() == n,
        "{at}: expected {n} arguments, got {words:?}"
    );
    words.to_vec()
}

/// Reads a `.map` file of the Moving AI benchmarks: `.`, `G` and `S` are walkable, row r of
/// the file is y = r (decisions D2).
fn read_moving_ai(path: &Path, cell: f64) -> Source {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut lines = text.lines().skip_while(|l| l.starts_with("type"));
    let mut header = |key: &str| -> usize {
        let line = lines
            .next()
            .unwrap_or_else(|| panic!("{}: truncated header", path.display()));
        let value = line
            .strip_prefix(key)
            .unwrap_or_else(|| panic!("{}: want {key}", path.display()));
        number(value.trim(), key)
    };
    let height = header("height");
    let width = header("width");
    assert_eq!(
        lines.next(),
        Some("map"),
        "{}: no `map` line",
        path.display()
    );
    let cells: Vec<bool> = lines
        .take(height)
        .flat_map(|row| row.chars().map(|c| matches!(c, '.' | 'G' | 'S')))
        .collect();
    assert_eq!(
        cells.len(),
        width * height,
        "{}: bad map shape",
        path.display()
    );
    Source::TileMap {
        cells,
        width,
        height,
        cell,
        origin: Vector2D::new(0.0, 0.0),
    }
}

/// Parses the input file at `path`.
pub(crate) fn parse(path: &Path) -> Case {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let dir = path.parent().expect("input file without a folder");
    let mut case = Case {
        regions: Vec::new(),
        steps: Vec::new(),
        summary: false,
    };
    let mut snap_bits = 16;
    let mut lines = text.lines().enumerate();
    while let Some((n, line)) = lines.next() {
        let at = format!("{}:{}", path.display(), n + 1);
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&keyword, args)) = words.split_first() else {
            continue;
        };
        let current = case.regions.last_mut();
        match keyword {
            _ if keyword.starts_with('#') => {}
            "snap_bits" => snap_bits = number(fields(args, 1, &at)[0], &at),
            "summary" => case.summary = true,
            "region" => case.regions.push(RegionSpec {
                name: fields(args, 1, &at)[0].to_string(),
                snap_bits,
                source: Source::Outlines(Vec::new()),
            }),
            "outline" | "ring" => {
                let Some(RegionSpec {
                    source: Source::Outlines(outlines),
                    ..
                }) = current
                else {
                    panic!("{at}: `{keyword}` outside an outline region")
                };
                if keyword == "outline" || outlines.is_empty() {
                    outlines.push(Outline::default());
                }
                if keyword == "ring" {
                    let c: Vec<f64> = args.iter().map(|w| number(w, &at)).collect();
                    assert!(c.len().is_multiple_of(2), "{at}: odd number of coordinates");
                    let ring = c.chunks(2).map(|p| Vector2D::new(p[0], p[1])).collect();
                    outlines.last_mut().expect("an outline").rings.push(ring);
                }
            }
            "tilemap" => {
                assert!(
                    args.len() == 3 || args.len() == 5,
                    "{at}: tilemap W H CELL [OX OY]"
                );
                let (width, height) = (number(args[0], &at), number(args[1], &at));
                let origin = match args.len() {
                    5 => Vector2D::new(number(args[3], &at), number(args[4], &at)),
                    _ => Vector2D::new(0.0, 0.0),
                };
                let mut cells = Vec::with_capacity(width * height);
                for _ in 0..height {
                    let (_, row) = lines.next().unwrap_or_else(|| panic!("{at}: too few rows"));
                    assert_eq!(row.len(), width, "{at}: a row of the wrong length");
                    cells.extend(row.chars().map(|c| c == '.'));
                }
                let source = Source::TileMap {
                    cells,
                    width,
                    height,
                    cell: number(args[2], &at),
                    origin,
                };
                current
                    .unwrap_or_else(|| panic!("{at}: tilemap outside a region"))
                    .source = source;
            }
            "movingai" => {
                let a = fields(args, 2, &at);
                let source = read_moving_ai(&dir.join(a[0]), number(a[1], &at));
                current
                    .unwrap_or_else(|| panic!("{at}: movingai outside a region"))
                    .source = source;
            }
            "import" => {
                let a = fields(args, 2, &at);
                let other = parse(&dir.join(a[0]));
                let spec = other.regions.into_iter().find(|r| r.name == a[1]);
                let spec = spec.unwrap_or_else(|| panic!("{at}: no region {} there", a[1]));
                let current = current.unwrap_or_else(|| panic!("{at}: import outside a region"));
                current.snap_bits = spec.snap_bits;
                current.source = spec.source;
            }
            "op" => case.steps.push(parse_step(args, &at)),
            _ => panic!("{at}: unknown keyword {keyword:?}"),
        }
    }
    assert!(!case.regions.is_empty(), "{}: no region", path.display());
    case
}

fn parse_step(args: &[&str], at: &str) -> Step {
    let expect_error = args.last() == Some(&"!err");
    let args = &args[..args.len() - usize::from(expect_error)];
    let (&name, rest) = args
        .split_first()
        .unwrap_or_else(|| panic!("{at}: empty op"));
    let op = match name {
        "load" => Op::Load(fields(rest, 1, at)[0].to_string()),
        "union" | "intersection" | "difference" | "xor" => {
            Op::Boolean(name.to_string(), fields(rest, 1, at)[0].to_string())
        }
        "offset" => {
            let a = fields(rest, 3, at);
            let join = match a[1] {
                "round" => Join::Round,
                "square" => Join::Square,
                other => panic!("{at}: unknown join {other:?}"),
            };
            Op::Offset(number(a[0], at), join, number(a[2], at))
        }
        "shrink" => {
            let a = fields(rest, 2, at);
            Op::Shrink(number(a[0], at), number(a[1], at))
        }
        "triangulate" => Op::Triangulate,
        "partition" => Op::Partition(number(fields(rest, 1, at)[0], at)),
        "build" => {
            let a = fields(rest, 3, at);
            Op::Build(number(a[0], at), number(a[1], at), number(a[2], at))
        }
        other => panic!("{at}: unknown operation {other:?}"),
    };
    Step {
        op,
        title: args.join(" "),
        expect_error,
    }
}

/// Builds an input region.
pub(crate) fn build_region(spec: &RegionSpec) -> Region {
    let options = Geometry2DOptions::with_snap_bits(spec.snap_bits);
    let region = match &spec.source {
        Source::Outlines(outlines) => Region::from_outlines(outlines, &options),
        Source::TileMap {
            cells,
            width,
            height,
            cell,
            origin,
        } => Region::from_tile_map(cells, *width, *height, *cell, *origin, &options),
    };
    region.unwrap_or_else(|e| panic!("region {} cannot be built: {e}", spec.name))
}

/// Runs a case: the canonical text of every input region, then of every operation.
pub(crate) fn run(case: &Case) -> String {
    let regions: Vec<(String, Region)> = case
        .regions
        .iter()
        .map(|s| (s.name.clone(), build_region(s)))
        .collect();
    let find = |name: &str| -> &Region {
        let found = regions.iter().find(|(n, _)| n == name);
        &found.unwrap_or_else(|| panic!("no region named {name}")).1
    };
    let mut out = crate::render::Output::new(case.summary);
    for (name, region) in &regions {
        out.section(&format!("region {name}"), |text| {
            crate::render::region(text, region)
        });
    }
    let mut current = regions[0].1.clone();
    for step in &case.steps {
        let title = format!("op {}", step.title);
        let result: Result<String, onepath_build2d::Error> = (|| {
            let mut text = String::new();
            match &step.op {
                Op::Load(name) => {
                    current = find(name).clone();
                    text.push_str(&format!("current region: {name}\n"));
                }
                Op::Boolean(kind, name) => {
                    let other = find(name);
                    current = match kind.as_str() {
                        "union" => current.union(other)?,
                        "intersection" => current.intersection(other)?,
                        "difference" => current.difference(other)?,
                        _ => current.xor(other)?,
                    };
                }
                Op::Offset(d, join, tol) => current = current.offset(*d, *join, *tol)?,
                Op::Shrink(radius, cell) => {
                    let pipeline = pipeline(*radius, *cell, 6);
                    current = pipeline.shrink(&current)?;
                }
                Op::Triangulate => {
                    crate::render::triangulation(&mut text, &current.triangulate()?, &current)
                }
                Op::Partition(n) => {
                    crate::render::partition(&mut text, &current.partition_convex(*n)?, &current)
                }
                Op::Build(radius, cell, n) => {
                    let mesh = pipeline(*radius, *cell, *n).build(&current)?;
                    crate::render::navmesh(&mut text, &mesh);
                }
            }
            if matches!(step.op, Op::Boolean(..) | Op::Offset(..) | Op::Shrink(..)) {
                crate::render::region(&mut text, &current);
            }
            Ok(text)
        })();
        match result {
            Ok(text) => {
                assert!(
                    !step.expect_error,
                    "{title}: succeeded but `!err` says it must fail"
                );
                out.section(&title, |t| t.push_str(&text));
            }
            Err(e) => {
                assert!(step.expect_error, "{title}: unexpected error: {e}");
                out.section(&title, |t| t.push_str(&format!("error: {e}\n")));
            }
        }
    }
    out.finish()
}

fn pipeline(agent_radius: f64, cell_size: f64, max: usize) -> Mesh2DPipeline {
    Mesh2DPipeline {
        cell_size,
        agent_radius,
        max_vertices_per_polygon: max,
    }
}
