//! `onepath build`: a navigation mesh from a tile map or an outline file, written as JSON,
//! SVG and a polyanya mesh, with a short summary; with `--tile-size` built in tiles and
//! stitched (decisions D17, D20).

use crate::CliError;
use crate::input::{DEMO_MAP, DEMO_NAME, Input, InputSettings, Terrain, load_text, read_input};
use crate::library_error;
use crate::memory::Limit;
use crate::memory::{Work, estimate};
use crate::options::BuildArgs;
use crate::output::{
    OutputPlan, counted, mesh_lines, no_writer, print_summary, region_stats, settings_line,
    time_line, written_line,
};
use crate::tiled::{TiledInput, TiledJob};
use onepath_build2d::{AreaId, NavMesh, TiledBuild};
use onepath_io::{
    ResultJson, SvgPicture, TileGrid, write_navmesh_geojson, write_navmesh_polyanya, write_svg,
};
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Runs `onepath build [INPUT] [options]`.
pub(crate) fn run_build(
    args: &BuildArgs,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
    progress: bool,
) -> Result<(), CliError> {
    let settings = InputSettings {
        terrain: Terrain {
            areas: args.areas,
            blocked: args.blocked.as_deref(),
        },
        ..InputSettings::from(&args.pipeline.input_options)
    };
    let demo = args.input.is_none();
    // The demo writes all three files, by default into the current folder.
    let output = |path: &Option<PathBuf>, default: &str| {
        path.clone()
            .or_else(|| demo.then(|| PathBuf::from(default)))
    };
    let outputs: Vec<(&'static str, PathBuf)> = [
        ("json", output(&args.files.json, "navmesh.json")),
        ("svg", output(&args.files.svg, "navmesh.svg")),
        ("mesh", output(&args.mesh, "navmesh.mesh")),
        ("geojson", args.geojson.clone()),
    ]
    .into_iter()
    .filter_map(|(option, path)| path.map(|path| (option, path)))
    .collect();
    let inputs: Vec<&str> = args.input.iter().map(String::as_str).collect();
    let plan = OutputPlan::check(&outputs, &inputs)?;
    let limit = args.pipeline.input_options.limit();

    let start = Instant::now();
    let (name, text, outlines) = match &args.input {
        Some(path) => {
            let (text, outlines) = read_input(path)?;
            (path.as_str(), std::borrow::Cow::Owned(text), outlines)
        }
        None => (DEMO_NAME, std::borrow::Cow::Borrowed(DEMO_MAP), false),
    };
    let pipeline = args.pipeline.pipeline();
    if let Some(tile_size) = args.tile_size {
        let input = TiledInput::load(name, &text, outlines, settings, true)?;
        drop(text);
        let read_time = start.elapsed();
        let job = TiledJob {
            command: "build",
            input: &input,
            build: TiledBuild::new(pipeline, tile_size),
            read_time,
            progress,
        };
        return run_tiled(&job, plan, limit, stdout, stderr);
    }
    let input: Input = load_text(name, &text, outlines, settings)?;
    drop(text);
    let read_time = start.elapsed();
    let work = Work::shrink(&pipeline, input.region.options().scale(), true);
    // The areas' rings are noded with the shrunk region's in the cut (decisions D16).
    let area_vertices: usize = input
        .areas
        .iter()
        .flat_map(|a| a.areas())
        .map(|(_, r)| r.vertex_count())
        .sum();
    limit.check(
        &input.name,
        "the build",
        estimate(
            work,
            input.region.vertex_count() + area_vertices,
            outputs.len(),
        ),
    )?;
    let spinner = progress.then(|| build_spinner("build"));
    let mesh = match &input.areas {
        Some(areas) => pipeline.build_areas(areas),
        None => pipeline.build(&input.region),
    };
    drop(spinner);
    let mesh = mesh.map_err(|e| library_error(&input.name, e))?;

    let start = Instant::now();
    let summary_to_stderr = plan.uses_stdout();
    let picture = SvgPicture {
        background: Some(&input.region),
        partition: Some(mesh.polygons()),
        areas: input.areas.is_some().then(|| mesh.area_regions()),
        area_names: &input.area_names,
        ..SvgPicture::new(mesh.region(), input.y_axis)
    };
    let written = write_outputs(plan, stdout, &mesh, &picture)?;
    let write_time = start.elapsed();

    let timings = mesh.timings();
    let mut summary = format!("onepath build: {}\n", input.describe());
    summary += &settings_line(&pipeline, input.region.snap_bits());
    summary += &format!(
        "  walkable before shrink: {}\n",
        region_stats(&input.region)
    );
    summary += &mesh_lines(&mesh);
    if input.areas.is_some() {
        summary += &format!("  areas: {}\n", area_summary(&mesh, &input.area_names));
    }
    summary += &time_line(&[
        ("read", read_time),
        ("shrink", timings.shrink),
        ("triangulate", timings.triangulate),
        ("partition", timings.partition),
        ("fans", timings.fans),
        ("write", write_time),
    ]);
    summary += &written_line(&written);
    print_summary(&summary, summary_to_stderr, stdout, stderr);
    Ok(())
}

/// Writes the outputs `plan` asks for of `mesh`, the SVG drawing `picture`.
fn write_outputs(
    plan: OutputPlan,
    stdout: &mut dyn Write,
    mesh: &NavMesh,
    picture: &SvgPicture<'_>,
) -> Result<Vec<PathBuf>, CliError> {
    plan.write(stdout, &mut |option, sink| match option {
        "json" => ResultJson::navmesh(mesh).write_json(sink),
        "svg" => write_svg(picture, sink),
        "geojson" => write_navmesh_geojson(mesh, sink),
        "mesh" => write_navmesh_polyanya(mesh, sink),
        _ => Err(no_writer(option)),
    })
}

/// `onepath build INPUT --tile-size N`: the tile map or outline region built in tiles on
/// the pool's threads and stitched (decisions D17, D20), the outputs of the stitched mesh,
/// and a summary with the tiles, the seams and the timings.
fn run_tiled(
    job: &TiledJob<'_>,
    plan: OutputPlan,
    limit: Limit,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<(), CliError> {
    let input = job.input;
    let (pipeline, k) = (job.build.pipeline, job.build.tile_size);
    let threads = rayon::current_num_threads();
    let built = job.run(plan.len(), limit)?;
    let (tiled, mesh) = (&built.tiled, built.tiled.stitched());

    let start = Instant::now();
    let areas = input.areas();
    let area_names = input.area_names();
    let background = plan.wants("svg").then(|| input.region()).transpose()?;
    let (xs, ys) = built.grid_lines();
    let picture = SvgPicture {
        background: background.as_deref(),
        partition: Some(mesh.polygons()),
        areas: areas.then(|| mesh.area_regions()),
        area_names: &area_names,
        tile_grid: Some(TileGrid { xs: &xs, ys: &ys }),
        ..SvgPicture::new(mesh.region(), input.y_axis())
    };
    let summary_to_stderr = plan.uses_stdout();
    let written = write_outputs(plan, stdout, mesh, &picture)?;
    let write_time = start.elapsed();

    let (tiles_x, tiles_y) = tiled.tile_counts();
    let meshed = (0..tiles_x * tiles_y)
        .filter(|&t| tiled.tile(t).is_some_and(|m| !m.polygons().is_empty()))
        .count();
    let timings = tiled.timings();
    let mut summary = format!("onepath build: {}\n", input.kind().describe(input.name()));
    summary += &settings_line(&pipeline, input.options().snap_bits);
    summary += &format!(
        "  tiles: {k} x {k} cells, halo {}, {tiles_x} x {tiles_y} = {}, {meshed} with polygons, on {}\n",
        counted(tiled.halo(), "cell", "cells"),
        counted(tiles_x * tiles_y, "tile", "tiles"),
        counted(threads, "thread", "threads")
    );
    summary += &mesh_lines(mesh);
    summary += &format!(
        "  seams: {} across tile borders\n",
        counted(tiled.links().len(), "polygon link", "polygon links")
    );
    if areas {
        summary += &format!("  areas: {}\n", area_summary(mesh, &area_names));
    }
    // An outline region is cut on the tiles' lines first (decisions D20).
    let cut = (!timings.cut.is_zero()).then_some(("cut", timings.cut));
    let phases: Vec<(&str, std::time::Duration)> = [("read", job.read_time)]
        .into_iter()
        .chain(cut)
        .chain([
            ("tiles", timings.tiles),
            ("stitch", timings.stitch),
            ("write", write_time),
        ])
        .collect();
    summary += &time_line(&phases);
    summary += &written_line(&written);
    print_summary(&summary, summary_to_stderr, stdout, stderr);
    Ok(())
}

/// A spinner with the elapsed time on standard error while `onepath COMMAND` builds a mesh
/// whole (the pipeline reports no progress of its own), cleared when it is dropped.
pub(crate) fn build_spinner(command: &str) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressFinish, ProgressStyle};
    let style = ProgressStyle::with_template(&format!(
        "onepath {command}: [{{elapsed_precise}}] {{spinner}} building the mesh"
    ))
    .unwrap_or_else(|_| ProgressStyle::default_spinner());
    let spinner = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
        .with_style(style)
        .with_finish(ProgressFinish::AndClear);
    spinner.enable_steady_tick(Duration::from_millis(120));
    spinner
}

/// The polygons of each area: `1 ground (. G) 230 polygons, 2 swamp (S) 12 polygons`.
fn area_summary(mesh: &onepath_build2d::NavMesh, names: &[(AreaId, String)]) -> String {
    let mut ids: Vec<AreaId> = mesh.polygon_areas().to_vec();
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return "none (no polygon)".to_string();
    }
    let parts: Vec<String> = ids
        .iter()
        .map(|&id| {
            let count = mesh.polygon_areas().iter().filter(|&&a| a == id).count();
            let name = names
                .iter()
                .find(|(n, _)| *n == id)
                .map_or(String::new(), |(_, name)| format!(" {name}"));
            format!("{id}{name} {}", counted(count, "polygon", "polygons"))
        })
        .collect();
    parts.join(", ")
}
