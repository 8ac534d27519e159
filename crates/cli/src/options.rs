//! The command line, declared with clap's derive: the commands, their options and the help
//! generated from them, and clap's errors turned into onepath's one-line messages.

use crate::CliError;
use crate::input::TERRAIN_LETTERS;
use crate::memory::{Limit, parse_memory_limit};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Args, Parser, Subcommand, ValueEnum};
use onepath_build2d::{
    DEFAULT_MAX_VERTICES_PER_POLYGON, DEFAULT_SNAP_BITS, MAX_SNAP_BITS, Mesh2DPipeline, Vector2D,
};
use std::path::PathBuf;

/// The agent radius of `build` and `region shrink` when `--agent-radius` is not given: half
/// a cell, an agent as wide as a cell of the default size (corridors one cell wide close).
pub(crate) const DEFAULT_AGENT_RADIUS: f64 = 0.5;

/// The cell size of tile maps when `--cell-size` is not given.
pub(crate) const DEFAULT_CELL_SIZE: f64 = 1.0;

/// The top-level help: what onepath is, the commands, and the rules every command follows.
const MAIN_AFTER_HELP: &str = "\
Inputs are Moving AI .map files, text grids (`#` blocked, `.` free) or outline
files (.json: {\"snap_bits\": 16, \"outlines\": [[[[x, y], ...], ...], ...]}, or
GeoJSON .geojson); onepath's own JSON results read back as outline files.
Errors print one line and exit with status 2; a failed run writes no file.
Output paths are checked before any work; `-` is standard output, FIFOs and
devices are written in place, symbolic links are followed. The memory a command
needs is estimated first and checked (--memory-limit SIZE, default: the memory
available). Run `onepath COMMAND --help` for a command's options; the file
formats are described in docs/cli.md.

The demo map den312d.map is from Dragon Age: Origins (BioWare), part of the
Moving AI Lab grid benchmarks (N. Sturtevant, 2012), used for research.";

/// `onepath`: exact 2D navigation meshes from tile maps and outlines.
#[derive(Debug, Parser)]
#[command(
    name = "onepath",
    version,
    about = "exact 2D navigation meshes from tile maps and outlines",
    help_template = "{name}: {about}\n\n{usage-heading} {usage}\n\n{all-args}{after-help}",
    after_help = MAIN_AFTER_HELP,
    arg_required_else_help = true,
    subcommand_value_name = "COMMAND",
    term_width = 80
)]
pub(crate) struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// The commands of `onepath`.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// build a navigation mesh (without INPUT: the bundled demo map)
    #[command(after_help = BUILD_AFTER_HELP)]
    Build(BuildArgs),
    /// region operations: resolve, union, intersection, difference, xor, offset,
    /// shrink
    Region(RegionArgs),
    /// the constrained Delaunay triangulation of a region
    Triangulate(MeshArgs),
    /// the region cut into convex polygons
    Partition(PartitionArgs),
    /// build, then any-angle shortest paths (polyanya) between two points or of a scenario
    #[command(
        override_usage = "onepath path MAP --from X,Y --to X,Y [OPTIONS]\n       \
                                onepath path MAP --scen FILE [OPTIONS]"
    )]
    Path(PathArgs),
    /// print a shell completion script (bash, elvish, fish, powershell, zsh)
    Completions {
        /// the shell to complete for
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

impl Command {
    /// The options every command that reads an input has.
    pub(crate) fn input_options_mut(&mut self) -> Option<&mut InputOptions> {
        match self {
            Command::Build(a) => Some(&mut a.pipeline.input_options),
            Command::Region(a) => Some(&mut a.input_options),
            Command::Triangulate(a) => Some(&mut a.input_options),
            Command::Partition(a) => Some(&mut a.mesh.input_options),
            Command::Path(a) => Some(&mut a.pipeline.input_options),
            Command::Completions { .. } => None,
        }
    }
}

const BUILD_BEFORE_HELP: &str = "\
INPUT is a Moving AI .map, a text grid or an outline file (.json / .geojson).
Tile maps: cell (x, y) spans (x, y) * C to (x + 1, y + 1) * C and row r of the
file is y = r. The walkable region is shrunk by the agent radius, triangulated
and merged into convex polygons. A summary is printed: input size, rings,
vertices, triangles, polygons, walkable area before and after the shrink, and
the time of each stage.

Without INPUT the bundled demo is built: den312d.map (65 x 81 cells, Dragon
Age: Origins by BioWare, from the Moving AI Lab grid benchmarks, Sturtevant
2012) at the default agent radius, writing navmesh.json, navmesh.svg and
navmesh.mesh in the current folder (or where --json/--svg/--mesh say).";

const BUILD_AFTER_HELP: &str = "\
Areas (--areas): Moving AI letters . G are area 1 (ground), S 2 (swamp), W 3
(water), T 4 (trees), @ O 5 (out of bounds); the blocked ones are left out.
Without --areas, . G S are walkable as one area (the benchmark's rule). An
outline file gives its areas as \"area_id\" members; the polyanya mesh has no
area field (the JSON's polygon_areas and the GeoJSON have them).

Tiles (--tile-size N): a tile map is built in tiles of N x N cells, each from
its own cells and a halo around them, on --threads threads, and stitched into
one conforming mesh: the outputs are the stitched mesh, the SVG shows the tile
grid, the summary counts tiles and seam links. An outline file is tiled on cells
of --cell-size C starting at the multiples of C next below its smallest
coordinates, its region cut once along every tile and halo side, in one area
(area 1: a file with outlines in other areas is an error). A progress bar is
drawn when standard error is a terminal.";

const PATH_BEFORE_HELP: &str = "\
MAP is a tile map or an outline file, built as `onepath build` builds it. The
mesh is handed to the polyanya path finder in memory. Points are in user units
(tile maps: cell (x, y) spans x..x+1, y..y+1 at cell size 1, row r of the file
is y = r); a point off the mesh is first moved to its nearest point on it
(exact, printed). With --from/--to the path's length and points are printed.
With --scen every query of a Moving AI scenario file runs from cell centre to
cell centre, and each bucket reports how many paths were found and how their
lengths compare with the scenario's optimal 8-connected grid lengths (which
are for agent radius 0).";

const REGION_BEFORE_HELP: &str = "\
A and B are tile maps or outline files (both on the same snap grid); a binary
operation takes both, the others A alone.";

const TRIANGULATE_BEFORE_HELP: &str = "\
A is a tile map or an outline file; its region is triangulated exactly (every
ring edge is a triangle edge).";

const PARTITION_BEFORE_HELP: &str = "\
A is a tile map or an outline file; its triangulation is merged into convex
polygons by the Hertel-Mehlhorn pass.";

/// How inputs are read, the memory check and the threads: the options every command has.
#[derive(Debug, Args)]
pub(crate) struct InputOptions {
    /// Whether `--cell-size` was given: then a tile map's grid line out of range or
    /// snapped onto its neighbour is reported as a problem of that option.
    #[arg(skip)]
    pub(crate) cell_size_given: bool,
    /// tile map cell size in user units; for the shrink also sets the arc tolerance,
    /// max(C/4, min(0.0825 R, C/2))
    #[arg(long, value_name = "C", default_value_t = DEFAULT_CELL_SIZE,
          value_parser = finite_number, allow_negative_numbers = true)]
    pub(crate) cell_size: f64,
    /// grid of 2^-B user units for tile maps and outline files without their own
    /// snap_bits, 0..=16
    #[arg(long, value_name = "B", default_value_t = DEFAULT_SNAP_BITS, value_parser = snap_bits)]
    pub(crate) snap_bits: u32,
    /// refuse to start when the estimated memory exceeds SIZE (bytes, or 512M, 8G, ...;
    /// none: no check) [default: MemAvailable of /proc/meminfo]
    #[arg(long, value_name = "SIZE", value_parser = parse_memory_limit)]
    pub(crate) memory_limit: Option<Limit>,
    /// run on N threads, 1..=1024 (the outputs are the same for every N) [default: one
    /// per core, or RAYON_NUM_THREADS]
    #[arg(long, value_name = "N", value_parser = threads)]
    pub(crate) threads: Option<usize>,
}

impl InputOptions {
    /// The memory limit: `--memory-limit`, else what the system reports as available.
    pub(crate) fn limit(&self) -> Limit {
        self.memory_limit.unwrap_or_else(Limit::available)
    }
}

/// The JSON and SVG outputs of a result, which `build`, `region`, `triangulate` and
/// `partition` have (each words their help for its result, [`OUTPUT_HELP`]).
#[derive(Debug, Args)]
pub(crate) struct ResultFiles {
    /// write the result as JSON (the members are listed in docs/cli.md)
    #[arg(long, value_name = "FILE")]
    pub(crate) json: Option<PathBuf>,
    /// write a picture of the result
    #[arg(long, value_name = "FILE")]
    pub(crate) svg: Option<PathBuf>,
}

/// The build pipeline's settings and how inputs are read: the options of `build` and
/// `path`, which both build a mesh.
#[derive(Debug, Args)]
pub(crate) struct PipelineOptions {
    /// agent radius in user units, 0..=2^20 (0.5: corridors one cell wide close; 0
    /// keeps every walkable cell)
    #[arg(long, value_name = "R", default_value_t = DEFAULT_AGENT_RADIUS,
          value_parser = finite_number, allow_negative_numbers = true)]
    pub(crate) agent_radius: f64,
    /// most vertices per convex polygon, 3..=16
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_VERTICES_PER_POLYGON,
          value_parser = count)]
    pub(crate) max_verts: usize,
    #[command(flatten)]
    pub(crate) input_options: InputOptions,
}

impl PipelineOptions {
    /// The build pipeline these options ask for: `--cell-size`, `--agent-radius` and
    /// `--max-verts`.
    pub(crate) fn pipeline(&self) -> Mesh2DPipeline {
        Mesh2DPipeline {
            cell_size: self.input_options.cell_size,
            agent_radius: self.agent_radius,
            max_vertices_per_polygon: self.max_verts,
        }
    }
}

/// `onepath build [INPUT] [OPTIONS]`.
#[derive(Debug, Args)]
pub(crate) struct BuildArgs {
    /// a Moving AI .map, a text grid or an outline file (.json, .geojson)
    pub(crate) input: Option<String>,
    #[command(flatten)]
    pub(crate) pipeline: PipelineOptions,
    /// keep the terrain kinds of a Moving AI map apart, each in its own area; polygons
    /// never cross an area border
    #[arg(long)]
    pub(crate) areas: bool,
    /// the Moving AI letters that are blocked; every other terrain letter is walkable
    /// [default: @OTW; with --areas: @OT]
    #[arg(long, value_name = "LETTERS", value_parser = terrain_letters)]
    pub(crate) blocked: Option<String>,
    /// build in square tiles of N x N cells (of an outline file: cells of C from below
    /// and left of it), in parallel, stitched into one mesh (docs/tiles.md)
    #[arg(long, value_name = "N", value_parser = tile_size)]
    pub(crate) tile_size: Option<usize>,
    #[command(flatten)]
    pub(crate) files: ResultFiles,
    /// write the polygons as GeoJSON features with the properties polygon and area_id
    /// (it reads back as an outline file with areas)
    #[arg(long, value_name = "FILE")]
    pub(crate) geojson: Option<PathBuf>,
    /// write a polyanya mesh (format version 2; it has no area field, so the areas are
    /// lost there)
    #[arg(long, value_name = "FILE")]
    pub(crate) mesh: Option<PathBuf>,
}

/// The operations of `onepath region`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum RegionOp {
    /// A alone: the union of its outlines, each read even-odd (or a map's walkable cells)
    Resolve,
    /// A or B
    Union,
    /// A and B
    Intersection,
    /// A minus B
    Difference,
    /// in exactly one of A and B
    Xor,
    /// A grown (--distance > 0) or shrunk (< 0) by --distance
    Offset,
    /// A shrunk by the build pipeline's agent-radius shrink
    Shrink,
}

impl RegionOp {
    /// The operation's name on the command line.
    pub(crate) fn name(self) -> &'static str {
        match self {
            RegionOp::Resolve => "resolve",
            RegionOp::Union => "union",
            RegionOp::Intersection => "intersection",
            RegionOp::Difference => "difference",
            RegionOp::Xor => "xor",
            RegionOp::Offset => "offset",
            RegionOp::Shrink => "shrink",
        }
    }

    /// How many input files the operation takes.
    pub(crate) fn operands(self) -> usize {
        match self {
            RegionOp::Union | RegionOp::Intersection | RegionOp::Difference | RegionOp::Xor => 2,
            RegionOp::Resolve | RegionOp::Offset | RegionOp::Shrink => 1,
        }
    }
}

/// Offset corners.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum JoinArg {
    /// circular arcs, as regular polygons within the arc tolerance
    Round,
    /// the Minkowski sum with an axis-aligned square
    Square,
}

/// `onepath region OP A [B] [OPTIONS]`.
#[derive(Debug, Args)]
pub(crate) struct RegionArgs {
    /// the operation
    #[arg(value_enum, value_name = "OP")]
    pub(crate) op: RegionOp,
    /// the first input file
    pub(crate) a: String,
    /// the second input file (binary operations)
    pub(crate) b: Option<String>,
    /// offset distance in user units (required for offset)
    #[arg(long, value_name = "D", value_parser = finite_number, allow_negative_numbers = true)]
    pub(crate) distance: Option<f64>,
    /// offset corners
    #[arg(long, value_name = "J", value_enum, default_value_t = JoinArg::Round)]
    pub(crate) join: JoinArg,
    /// round joins: how far the arcs' polygons may lie outside the circle, user units
    /// (0: |D| / 128)
    #[arg(long, value_name = "T", default_value_t = 0.0,
          value_parser = finite_number, allow_negative_numbers = true)]
    pub(crate) arc_tolerance: f64,
    /// shrink: agent radius in user units
    #[arg(long, value_name = "R", default_value_t = DEFAULT_AGENT_RADIUS,
          value_parser = finite_number, allow_negative_numbers = true)]
    pub(crate) agent_radius: f64,
    #[command(flatten)]
    pub(crate) input_options: InputOptions,
    #[command(flatten)]
    pub(crate) files: ResultFiles,
    /// write the result as a GeoJSON MultiPolygon feature
    #[arg(long, value_name = "FILE")]
    pub(crate) geojson: Option<PathBuf>,
}

/// `onepath triangulate A [OPTIONS]`.
#[derive(Debug, Args)]
pub(crate) struct MeshArgs {
    /// a tile map or an outline file
    pub(crate) a: String,
    #[command(flatten)]
    pub(crate) input_options: InputOptions,
    #[command(flatten)]
    pub(crate) files: ResultFiles,
}

/// `onepath path MAP (--from X,Y --to X,Y | --scen FILE) [OPTIONS]`.
#[derive(Debug, Args)]
pub(crate) struct PathArgs {
    /// a tile map or an outline file, built as `onepath build` builds it
    pub(crate) map: String,
    /// start point in user units
    #[arg(long, value_name = "X,Y", value_parser = point, allow_hyphen_values = true)]
    pub(crate) from: Option<Vector2D>,
    /// goal point in user units
    #[arg(long, value_name = "X,Y", value_parser = point, allow_hyphen_values = true)]
    pub(crate) to: Option<Vector2D>,
    /// a Moving AI .scen file for MAP: every query, from cell centre to cell centre
    #[arg(long, value_name = "FILE")]
    pub(crate) scen: Option<String>,
    /// with --from/--to: write a picture of the mesh and the path
    #[arg(long, value_name = "FILE")]
    pub(crate) svg: Option<PathBuf>,
    /// build in square tiles of N x N cells (of an outline file: cells of C from below
    /// and left of it), in parallel, and find the paths on the stitched mesh
    /// (docs/tiles.md)
    #[arg(long, value_name = "N", value_parser = tile_size)]
    pub(crate) tile_size: Option<usize>,
    #[command(flatten)]
    pub(crate) pipeline: PipelineOptions,
}

/// `onepath partition A [OPTIONS]`.
#[derive(Debug, Args)]
pub(crate) struct PartitionArgs {
    /// most vertices per polygon, 3..=16
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_VERTICES_PER_POLYGON,
          value_parser = count)]
    pub(crate) max_verts: usize,
    #[command(flatten)]
    pub(crate) mesh: MeshArgs,
}

/// A finite number.
fn finite_number(value: &str) -> Result<f64, String> {
    match value.trim().parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        Ok(_) => Err("the number must be finite".to_string()),
        Err(_) => Err("not a number".to_string()),
    }
}

/// A non-negative integer (the library checks the range of a vertex limit, so its message
/// names the input as every library error does).
fn count(value: &str) -> Result<usize, String> {
    value
        .trim()
        .parse::<usize>()
        .map_err(|_| "not a non-negative integer".to_string())
}

/// The most threads `--threads` accepts: more than any machine onepath runs on has cores,
/// few enough that a typo (`--threads 40000`) is an error, not 40000 stacks.
pub(crate) const MAX_THREADS: usize = 1024;

/// A thread count: an integer in `1..=MAX_THREADS`.
fn threads(value: &str) -> Result<usize, String> {
    match count(value)? {
        n @ 1..=MAX_THREADS => Ok(n),
        n => Err(format!("{n} is outside 1..={MAX_THREADS}")),
    }
}

/// A tile side in cells: a positive integer.
fn tile_size(value: &str) -> Result<usize, String> {
    match count(value)? {
        0 => Err("a tile must be at least one cell wide".to_string()),
        n => Ok(n),
    }
}

/// SnapBits: an integer in `0..=MAX_SNAP_BITS`.
fn snap_bits(value: &str) -> Result<u32, String> {
    let bits = value
        .trim()
        .parse::<u32>()
        .map_err(|_| "not a non-negative integer".to_string())?;
    if bits > MAX_SNAP_BITS {
        return Err(format!("{bits} is outside 0..={MAX_SNAP_BITS}"));
    }
    Ok(bits)
}

/// A point `X,Y` (two finite numbers).
fn point(value: &str) -> Result<Vector2D, String> {
    let number = |s: &str| s.trim().parse::<f64>().ok().filter(|v| v.is_finite());
    match value.split_once(',').map(|(x, y)| (number(x), number(y))) {
        Some((Some(x), Some(y))) => Ok(Vector2D::new(x, y)),
        _ => Err("expected X,Y (two finite numbers)".to_string()),
    }
}

/// Moving AI terrain letters (`--blocked`).
fn terrain_letters(value: &str) -> Result<String, String> {
    match value.chars().find(|&c| !TERRAIN_LETTERS.contains(c)) {
        Some(bad) => Err(format!(
            "`{}` is not a Moving AI terrain letter (one of {TERRAIN_LETTERS})",
            bad.escape_debug()
        )),
        None => Ok(value.to_string()),
    }
}

/// What `--json` and `--svg` write, per command: the help of the options [`CommonOptions`]
/// gives every command.
const OUTPUT_HELP: [[&str; 3]; 4] = [
    [
        "build",
        "write the result as JSON (rings, area, vertices, polygons, polygon_neighbors, \
         polygon_areas, triangle_count; the same bytes for the same input)",
        "write a picture: walkable area grey, shrunk area light blue (with areas one colour \
         per area and a legend), polygon edges blue",
    ],
    [
        "region",
        "write the result as JSON (snap_bits, rings, area, area2_grid)",
        "write a picture of the result",
    ],
    [
        "triangulate",
        "write the region, vertices, triangles and triangle_neighbors as JSON",
        "write a picture with the triangle edges",
    ],
    [
        "partition",
        "write the region, vertices, triangles, triangle_neighbors, polygons and \
         polygon_neighbors as JSON",
        "write a picture with triangle and polygon edges",
    ],
];

/// The text each command's help shows before its arguments.
const BEFORE_HELP: [(&str, &str); 6] = [
    ("build", BUILD_BEFORE_HELP),
    ("region", REGION_BEFORE_HELP),
    ("triangulate", TRIANGULATE_BEFORE_HELP),
    ("partition", PARTITION_BEFORE_HELP),
    ("path", PATH_BEFORE_HELP),
    (
        "completions",
        "Writes the script to standard output, for example\n  \
         onepath completions bash > ~/.local/share/bash-completion/completions/onepath",
    ),
];

/// The command line: the derived declaration, with each command's help starting
/// `onepath NAME: purpose` as the hand-written help did (clap's `{name}` of a subcommand
/// is `onepath-NAME`), its text before the arguments, and its help of its outputs.
pub(crate) fn command() -> clap::Command {
    use clap::CommandFactory;
    let command = BEFORE_HELP
        .iter()
        .fold(Cli::command(), |command, &(name, before)| {
            command.mut_subcommand(name, |sub| {
                sub.help_template(format!(
                    "onepath {name}: {{about}}\n\n{{usage-heading}} {{usage}}\n\n\
                     {{before-help}}{{all-args}}{{after-help}}"
                ))
                .before_help(before)
            })
        });
    OUTPUT_HELP
        .iter()
        .fold(command, |command, &[name, json, svg]| {
            command.mut_subcommand(name, |sub| {
                sub.mut_arg("json", |a| a.help(json))
                    .mut_arg("svg", |a| a.help(svg))
            })
        })
}

/// Parses the arguments (without the program name).
pub(crate) fn parse(args: &[String]) -> Result<Cli, clap::Error> {
    use clap::FromArgMatches;
    use clap::parser::ValueSource;
    let matches = command()
        .try_get_matches_from(std::iter::once("onepath").chain(args.iter().map(String::as_str)))?;
    let mut cli = Cli::from_arg_matches(&matches)?;
    // Asked only where the command has the option (`value_source` wants a known id).
    let cell_size_given = matches.subcommand().is_some_and(|(_, sub)| {
        sub.try_get_raw("cell_size").is_ok()
            && sub.value_source("cell_size") == Some(ValueSource::CommandLine)
    });
    if let Some(options) = cli.command.input_options_mut() {
        options.cell_size_given = cell_size_given;
    }
    Ok(cli)
}

/// A string of a clap error's context.
fn context(error: &clap::Error, kind: ContextKind) -> Option<String> {
    match error.get(kind)? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::Strings(list) => Some(list.join(", ")),
        ContextValue::StyledStr(s) => Some(s.to_string()),
        ContextValue::StyledStrs(list) => Some(
            list.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        ),
        ContextValue::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The option's name in clap's rendering of an argument (`--json <FILE>` is `--json`).
fn option_of(argument: &str) -> &str {
    argument.split_whitespace().next().unwrap_or(argument)
}

/// A clap error as onepath's one-line error: the same words the hand-written parser used
/// (`unknown option`, `needs a value`, `is given twice`, ...), pointing at the help of the
/// command that was being parsed (`command`, empty for the top level).
pub(crate) fn usage_error(error: &clap::Error, command: &str) -> CliError {
    let arg = context(error, ContextKind::InvalidArg).unwrap_or_default();
    let value = context(error, ContextKind::InvalidValue).unwrap_or_default();
    let suggestion = |kind: ContextKind| {
        context(error, kind)
            .map(|s| format!(" (did you mean `{s}`?)"))
            .unwrap_or_default()
    };
    let message = match error.kind() {
        ErrorKind::UnknownArgument if arg.starts_with('-') && arg != "-" => format!(
            "unknown option `{}`{}",
            crate::quote(&arg),
            suggestion(ContextKind::SuggestedArg)
        ),
        ErrorKind::UnknownArgument => {
            format!(
                "too many arguments: `{}` is not expected",
                crate::quote(&arg)
            )
        }
        ErrorKind::InvalidSubcommand => format!(
            "unknown command `{}`{}",
            crate::quote(&context(error, ContextKind::InvalidSubcommand).unwrap_or_default()),
            suggestion(ContextKind::SuggestedSubcommand)
        ),
        ErrorKind::InvalidValue if value.is_empty() && arg.starts_with('-') => {
            format!("option `{}` needs a value", option_of(&arg))
        }
        ErrorKind::InvalidValue if arg.starts_with('<') => format!(
            "unknown {} `{}` (one of {})",
            match arg.as_str() {
                "<OP>" => "operation".to_string(),
                "<SHELL>" => "shell".to_string(),
                other => format!("value for {other}"),
            },
            crate::quote(&value),
            context(error, ContextKind::ValidValue).unwrap_or_default()
        ),
        ErrorKind::InvalidValue => format!(
            "`{} {}`: expected one of {}",
            option_of(&arg),
            crate::quote(&value),
            context(error, ContextKind::ValidValue).unwrap_or_default()
        ),
        ErrorKind::ValueValidation => {
            let reason = std::error::Error::source(error)
                .map_or_else(|| "not a valid value".to_string(), ToString::to_string);
            format!("`{} {}`: {reason}", option_of(&arg), crate::quote(&value))
        }
        ErrorKind::ArgumentConflict
            if context(error, ContextKind::PriorArg).as_deref() == Some(arg.as_str()) =>
        {
            format!("option `{}` is given twice", option_of(&arg))
        }
        ErrorKind::TooManyValues if arg.starts_with('-') => format!(
            "option `{}` takes no value (`{}` given)",
            option_of(&arg),
            crate::quote(&value)
        ),
        ErrorKind::MissingRequiredArgument => format!(
            "missing argument {}",
            context(error, ContextKind::InvalidArg).unwrap_or_default()
        ),
        // Anything else: clap's own first line, without its `error: ` prefix.
        _ => {
            let text = error.to_string();
            let line = text.lines().next().unwrap_or_default();
            line.strip_prefix("error: ").unwrap_or(line).to_string()
        }
    };
    CliError::usage(command, message)
}

/// The command the arguments name (for pointing errors at its help), or empty.
pub(crate) fn command_of(args: &[String]) -> &str {
    match args.first() {
        Some(first) if command().find_subcommand(first).is_some() => first,
        _ => "",
    }
}
