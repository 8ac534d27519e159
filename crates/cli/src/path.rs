//! `onepath path`: builds a navigation mesh, then finds any-angle shortest paths on it with
//! the `polyanya` crate (handed the mesh in memory), between two points or for every query
//! of a Moving AI scenario file.

use crate::build::build_spinner;
use crate::input::{InputKind, InputSettings, load_text, read_input};
use crate::memory::{Work, estimate};
use crate::options::PathArgs;
use crate::output::{
    OutputPlan, counted, ms, no_writer, print_summary, settings_line, written_line,
};
use crate::tiled::{TiledInput, TiledJob, TiledMesh};
use crate::{CliError, library_error};
use onepath_build2d::{NavMesh, Region, TiledBuild, Vector2D};
use onepath_io::{ScenarioQuery, SvgPicture, TileGrid, YAxis, read_scenario, write_svg};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// How far a path may exceed the scenario's optimal length, or fall short of the straight
/// line, and still count as agreeing: the files give lengths to 5 decimals and polyanya
/// works in `f32`.
const TOLERANCE: f64 = 1e-3;

/// The length of a polyline in user units (`f64` over the points given).
fn polyline_length(points: &[Vector2D]) -> f64 {
    points
        .windows(2)
        .map(|w| {
            let (dx, dy) = (w[1].x - w[0].x, w[1].y - w[0].y);
            (dx * dx + dy * dy).sqrt()
        })
        .sum()
}

/// One path found: the start (moved onto the mesh), polyanya's waypoints, the goal last.
struct Found {
    points: Vec<Vector2D>,
    length: f64,
}

/// Where a query point lands: the nearest point of the mesh, and whether it had to move.
fn on_mesh(mesh: &NavMesh, name: &str, p: Vector2D) -> Result<(Vector2D, bool), CliError> {
    let closest = mesh
        .closest_point(p)
        .map_err(|e| library_error(name, e))?
        .ok_or_else(|| CliError::new(format!("{name}: the navigation mesh is empty")))?;
    Ok((closest.point, closest.moved))
}

/// The any-angle shortest path from `from` to `to` (both on the mesh), or `None`.
fn find(finder: &polyanya::Mesh, from: Vector2D, to: Vector2D) -> Option<Found> {
    let path = finder.path(from, to)?;
    let mut points = vec![from];
    points.extend(
        path.path
            .iter()
            .map(|p| Vector2D::new(f64::from(p.x), f64::from(p.y))),
    );
    let length = polyline_length(&points);
    Some(Found { points, length })
}

/// What the run knows of the map besides its mesh: its size, its grid, how it is drawn,
/// and the region drawn under the mesh (when there is a picture to draw).
struct MapInfo {
    kind: InputKind,
    snap_bits: u32,
    y_axis: YAxis,
    background: Option<Region>,
    /// A tiled build's grid lines (x, then y), drawn faintly (when there is a picture).
    grid: Option<(Vec<f64>, Vec<f64>)>,
}

/// The mesh the paths are found on: a whole build's, or a tiled build's stitched mesh.
// One value per run: boxing the larger variant would only add an allocation.
#[allow(clippy::large_enum_variant)]
enum Built {
    Whole(NavMesh),
    Tiled(TiledMesh),
}

impl Built {
    fn mesh(&self) -> &NavMesh {
        match self {
            Built::Whole(mesh) => mesh,
            Built::Tiled(built) => built.tiled.stitched(),
        }
    }
}

/// Runs `onepath path MAP (--from X,Y --to X,Y | --scen FILE) [--tile-size N] [options]`;
/// `progress` draws a tiled build's progress bar (on a terminal).
pub(crate) fn run_path(
    args: &PathArgs,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
    progress: bool,
) -> Result<(), CliError> {
    let scen = args.scen.as_deref();
    let pair = match (args.from, args.to, scen) {
        (Some(from), Some(to), None) => Some((from, to)),
        (None, None, Some(_)) => None,
        _ => {
            return Err(CliError::usage(
                "path",
                "give either --from and --to, or --scen",
            ));
        }
    };
    if pair.is_none() && args.svg.is_some() {
        return Err(CliError::usage(
            "path",
            "--svg draws one path: give it with --from and --to",
        ));
    }
    let settings = InputSettings::from(&args.pipeline.input_options);
    let outputs: Vec<(&'static str, PathBuf)> =
        args.svg.clone().map(|p| ("svg", p)).into_iter().collect();
    let mut inputs = vec![args.map.as_str()];
    inputs.extend(scen);
    let plan = OutputPlan::check(&outputs, &inputs)?;
    let limit = args.pipeline.input_options.limit();

    let (text, outlines) = read_input(&args.map)?;
    let name = args.map.as_str();
    let start = Instant::now();
    let pipeline = args.pipeline.pipeline();
    // A tiled build reads a map's cells and never makes the whole map's region (decisions
    // D17); the picture's background is made only when a picture is asked for. The walkable
    // region of an outline file is built as one area, as the whole build does.
    let (built_mesh, built, map) = match args.tile_size {
        Some(tile_size) => {
            let input = TiledInput::load(name, &text, outlines, settings, false)?;
            drop(text);
            let job = TiledJob {
                command: "path",
                input: &input,
                build: TiledBuild::new(pipeline, tile_size),
                read_time: start.elapsed(),
                progress,
            };
            let tiled = job.run(outputs.len(), limit)?;
            let (x, y) = tiled.tiled.tile_counts();
            let built = format!(
                "built in {} of {tile_size} x {tile_size} cells, {} across seams,",
                counted(x * y, "tile", "tiles"),
                counted(tiled.tiled.links().len(), "polygon link", "polygon links")
            );
            let picture = plan.wants("svg");
            let map = MapInfo {
                kind: input.kind(),
                snap_bits: input.options().snap_bits,
                y_axis: input.y_axis(),
                background: picture
                    .then(|| input.region().map(Cow::into_owned))
                    .transpose()?,
                grid: picture.then(|| tiled.grid_lines()),
            };
            (Built::Tiled(tiled), built, map)
        }
        None => {
            let input = load_text(name, &text, outlines, settings)?;
            drop(text);
            let work = Work::shrink(&pipeline, input.region.options().scale(), true);
            limit.check(
                name,
                "the build",
                estimate(work, input.region.vertex_count(), outputs.len()),
            )?;
            let spinner = progress.then(|| build_spinner("path"));
            let mesh = pipeline.build(&input.region);
            drop(spinner);
            let mesh = mesh.map_err(|e| library_error(name, e))?;
            let map = MapInfo {
                kind: input.kind,
                snap_bits: input.region.snap_bits(),
                y_axis: input.y_axis,
                background: Some(input.region),
                grid: None,
            };
            (Built::Whole(mesh), "built".to_string(), map)
        }
    };
    let mesh = built_mesh.mesh();
    let finder = mesh.to_polyanya().map_err(|e| library_error(name, e))?;
    let build_time = start.elapsed();

    let mut summary = format!("onepath path: {}\n", map.kind.describe(name));
    summary += &settings_line(&pipeline, map.snap_bits);
    summary += &format!(
        "  navmesh: {}, {built} and handed to polyanya in {}\n",
        counted(mesh.polygons().len(), "polygon", "polygons"),
        ms(build_time)
    );
    let mut summary_to_stderr = false;
    match (pair, scen) {
        (Some((from, to)), _) => {
            let (text, picture) = two_points(name, mesh, &finder, from, to)?;
            summary += &text;
            let picture = SvgPicture {
                background: map.background.as_ref(),
                partition: Some(mesh.polygons()),
                path: picture.as_ref().map(|f| f.points.as_slice()),
                tile_grid: map.grid.as_ref().map(|(xs, ys)| TileGrid { xs, ys }),
                ..SvgPicture::new(mesh.region(), map.y_axis)
            };
            summary_to_stderr = plan.uses_stdout();
            let written = plan.write(stdout, &mut |option, sink| match option {
                "svg" => write_svg(&picture, sink),
                _ => Err(no_writer(option)),
            })?;
            summary += &written_line(&written);
        }
        (None, Some(file)) => {
            summary += &scenario(name, map.kind, mesh, &finder, file, settings.cell_size)?;
        }
        (None, None) => {}
    }
    print_summary(&summary, summary_to_stderr, stdout, stderr);
    Ok(())
}

fn format_point(p: Vector2D) -> String {
    format!("({}, {})", p.x, p.y)
}

/// The `--from`/`--to` run: the summary lines of the path's length and waypoints, and the
/// path found.
fn two_points(
    input_name: &str,
    mesh: &NavMesh,
    finder: &polyanya::Mesh,
    from: Vector2D,
    to: Vector2D,
) -> Result<(String, Option<Found>), CliError> {
    let mut out = String::new();
    let mut ends = [from, to];
    for (end, (name, p)) in ends.iter_mut().zip([("--from", from), ("--to", to)]) {
        let (q, moved) = on_mesh(mesh, &format!("{input_name} ({name})"), p)?;
        if moved {
            out += &format!(
                "  {name} {} is off the mesh: moved to its nearest point {}\n",
                format_point(p),
                format_point(q)
            );
        }
        *end = q;
    }
    let start = Instant::now();
    let found = find(finder, ends[0], ends[1]);
    let query_time = start.elapsed();
    match &found {
        Some(path) => {
            out += &format!(
                "  path: length {:.6}, {} (straight line {:.6}), found in {}\n",
                path.length,
                counted(path.points.len(), "point", "points"),
                polyline_length(&ends),
                ms(query_time)
            );
            for p in &path.points {
                out += &format!("    {}\n", format_point(*p));
            }
        }
        None => {
            out += &format!(
                "  no path from {} to {}\n",
                format_point(ends[0]),
                format_point(ends[1])
            );
        }
    }
    Ok((out, found))
}

/// What one bucket of a scenario run found.
#[derive(Default)]
struct Bucket {
    queries: usize,
    found: usize,
    ratios: Vec<f64>,
    above_optimal: usize,
    below_straight: usize,
}

/// The `--scen` run: every query, summarised per bucket.
fn scenario(
    input_name: &str,
    kind: InputKind,
    mesh: &NavMesh,
    finder: &polyanya::Mesh,
    file: &str,
    cell_size: f64,
) -> Result<String, CliError> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| CliError::new(format!("{file}: cannot read the file: {e}")))?;
    let queries = read_scenario(&text).map_err(|e| CliError::new(format!("{file}: {e}")))?;
    let InputKind::TileMap { width, height, .. } = kind else {
        return Err(CliError::usage(
            "path",
            "--scen needs a tile map (scenario cells are map cells)",
        ));
    };
    if let Some((i, q)) = queries
        .iter()
        .enumerate()
        .find(|(_, q)| (q.map_width, q.map_height) != (width, height))
    {
        return Err(CliError::new(format!(
            "{file}: query {} is for a {} x {} map, {} is {width} x {height}",
            i + 1,
            q.map_width,
            q.map_height,
            input_name
        )));
    }
    let mut buckets: BTreeMap<u32, Bucket> = BTreeMap::new();
    let mut moved = 0;
    let start = Instant::now();
    for q in &queries {
        let bucket = buckets.entry(q.bucket).or_default();
        bucket.queries += 1;
        let mut ends = [Vector2D::default(); 2];
        for (end, cell) in ends.iter_mut().zip([q.start, q.goal]) {
            let p = Vector2D::from(ScenarioQuery::centre(cell, cell_size));
            let (p, was_moved) = on_mesh(mesh, input_name, p)?;
            moved += usize::from(was_moved);
            *end = p;
        }
        let Some(path) = find(finder, ends[0], ends[1]) else {
            continue;
        };
        bucket.found += 1;
        let optimal = q.optimal_length * cell_size;
        if optimal > 0.0 {
            bucket.ratios.push(path.length / optimal);
        }
        bucket.above_optimal += usize::from(path.length > optimal + TOLERANCE);
        bucket.below_straight += usize::from(path.length < polyline_length(&ends) - TOLERANCE);
    }
    let elapsed = start.elapsed();
    let mut out = format!(
        "  scenario {file}: {} in {}\n",
        counted(queries.len(), "query", "queries"),
        counted(buckets.len(), "bucket", "buckets")
    );
    out += "  bucket  queries  found  length/optimal: mean     min      max  above optimal  below straight\n";
    let mut all = Bucket::default();
    let line = |name: &str, b: &Bucket| {
        let mean = b.ratios.iter().sum::<f64>() / b.ratios.len().max(1) as f64;
        let min = b.ratios.iter().copied().fold(f64::INFINITY, f64::min);
        let max = b.ratios.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let stat = |v: f64| {
            if b.ratios.is_empty() {
                "-".to_string()
            } else {
                format!("{v:.4}")
            }
        };
        format!(
            "  {name:>6}  {:>7}  {:>5}  {:>20}  {:>7}  {:>7}  {:>13}  {:>14}\n",
            b.queries,
            b.found,
            stat(mean),
            stat(min),
            stat(max),
            b.above_optimal,
            b.below_straight
        )
    };
    for (id, b) in &buckets {
        out += &line(&id.to_string(), b);
        all.queries += b.queries;
        all.found += b.found;
        all.ratios.extend(&b.ratios);
        all.above_optimal += b.above_optimal;
        all.below_straight += b.below_straight;
    }
    out += &line("all", &all);
    out += &format!(
        "  found {} of {} paths; {} above the optimal 8-connected length, {} below the straight line (tolerance {TOLERANCE}); {} moved onto the mesh\n",
        all.found,
        all.queries,
        all.above_optimal,
        all.below_straight,
        counted(moved, "end point", "end points")
    );
    out += &format!(
        "  time: {} for {} ({:.1} µs per query)\n",
        ms(elapsed),
        counted(queries.len(), "query", "queries"),
        elapsed.as_secs_f64() * 1e6 / queries.len().max(1) as f64
    );
    Ok(out)
}
