//! `onepath region`, `onepath triangulate` and `onepath partition`: the library's region
//! operations, triangulation and convex partition on files.

use crate::input::{InputSettings, load_file};
use crate::memory::{Work, estimate, join_vertices};
use crate::options::{JoinArg, MeshArgs, RegionArgs, RegionOp};
use crate::output::{OutputPlan, counted, no_writer, print_summary, region_stats, written_line};
use crate::{CliError, library_error};
use onepath_build2d::{Join, Mesh2DPipeline};
use onepath_io::{ResultJson, SvgPicture, write_region_geojson, write_svg};
use std::io::Write;
use std::path::PathBuf;

/// Checks the outputs asked for (option name, path where given) against each other and the
/// input files, before any work.
fn output_plan(
    outputs: &[(&'static str, &Option<PathBuf>)],
    inputs: &[&str],
) -> Result<OutputPlan, CliError> {
    let outputs: Vec<(&'static str, PathBuf)> = outputs
        .iter()
        .filter_map(|&(option, path)| path.clone().map(|path| (option, path)))
        .collect();
    OutputPlan::check(&outputs, inputs)
}

/// Prefixes a library error with what was being done.
fn failed(what: &str) -> impl Fn(onepath_build2d::Error) -> CliError + '_ {
    move |e| library_error(what, e)
}

/// Runs `onepath region OP A [B] [options]`.
pub(crate) fn run_region(
    args: &RegionArgs,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<(), CliError> {
    let op = args.op.name();
    let operands = args.op.operands();
    let files: Vec<&str> = std::iter::once(args.a.as_str())
        .chain(args.b.as_deref())
        .collect();
    if files.len() != operands {
        return Err(CliError::usage(
            "region",
            format!(
                "`{op}` takes {}",
                counted(operands, "input file", "input files")
            ),
        ));
    }
    let settings = InputSettings::from(&args.input_options);
    let distance = match args.op {
        RegionOp::Offset => args
            .distance
            .ok_or_else(|| CliError::usage("region", "option `--distance` is required"))?,
        _ => 0.0,
    };
    let join = match args.join {
        JoinArg::Square => Join::Square,
        JoinArg::Round => Join::Round,
    };
    let arc_tolerance = args.arc_tolerance;
    let agent_radius = args.agent_radius;
    let plan = output_plan(
        &[
            ("json", &args.files.json),
            ("svg", &args.files.svg),
            ("geojson", &args.geojson),
        ],
        &files,
    )?;
    let limit = args.input_options.limit();

    let a = load_file(&args.a, settings)?;
    let b = match &args.b {
        Some(path) => Some(load_file(path, settings)?),
        None => None,
    };
    let what = match &b {
        Some(b) => format!("{op} of {} and {}", a.name, b.name),
        None => format!("{op} of {}", a.name),
    };
    let scale = a.region.options().scale();
    let cells = |d: f64| d / settings.cell_size;
    let (work, vertices) = match (args.op, &b) {
        (_, Some(b)) => (
            Work::Boolean,
            a.region.vertex_count() + b.region.vertex_count(),
        ),
        (RegionOp::Offset, _) => (
            Work::Offset {
                m: matches!(join, Join::Round)
                    .then(|| join_vertices(distance.abs() * scale, arc_tolerance * scale)),
                distance_cells: cells(distance),
            },
            a.region.vertex_count(),
        ),
        (RegionOp::Shrink, _) => {
            let pipeline = Mesh2DPipeline::new(settings.cell_size, agent_radius);
            (
                Work::shrink(&pipeline, scale, false),
                a.region.vertex_count(),
            )
        }
        _ => (Work::Resolve, a.region.vertex_count()),
    };
    limit.check(
        &a.name,
        &format!("region {op}"),
        estimate(work, vertices, plan.len()),
    )?;
    // The operand count was checked above, so the binary operations have `b`.
    let region = match (args.op, &b) {
        (RegionOp::Union, Some(b)) => a.region.union(&b.region),
        (RegionOp::Intersection, Some(b)) => a.region.intersection(&b.region),
        (RegionOp::Difference, Some(b)) => a.region.difference(&b.region),
        (RegionOp::Xor, Some(b)) => a.region.xor(&b.region),
        (RegionOp::Offset, _) => a.region.offset(distance, join, arc_tolerance),
        (RegionOp::Shrink, _) => Mesh2DPipeline {
            cell_size: settings.cell_size,
            agent_radius,
            ..Mesh2DPipeline::default()
        }
        .shrink(&a.region),
        _ => Ok(a.region.clone()),
    }
    .map_err(failed(&what))?;

    let shows_input = matches!(
        args.op,
        RegionOp::Offset | RegionOp::Shrink | RegionOp::Difference
    );
    let picture = SvgPicture {
        background: shows_input.then_some(&a.region),
        ..SvgPicture::new(&region, a.y_axis)
    };
    let summary_to_stderr = plan.uses_stdout();
    let written = plan.write(stdout, &mut |option, sink| match option {
        "json" => ResultJson::region(&region).write_json(sink),
        "svg" => write_svg(&picture, sink),
        "geojson" => write_region_geojson(&region, sink),
        _ => Err(no_writer(option)),
    })?;
    let mut summary = format!("onepath region {op}: {}", a.describe());
    if let Some(b) = &b {
        summary += &format!(" and {}", b.describe());
    }
    summary += &format!("\n  result: {}\n", region_stats(&region));
    summary += &written_line(&written);
    print_summary(&summary, summary_to_stderr, stdout, stderr);
    Ok(())
}

/// Runs `onepath triangulate A [options]`, and with a vertex limit `onepath partition A
/// [options]`.
pub(crate) fn run_mesh_command(
    max_verts: Option<usize>,
    args: &MeshArgs,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<(), CliError> {
    let partition = max_verts.is_some();
    let command = if partition {
        "partition"
    } else {
        "triangulate"
    };
    let settings = InputSettings::from(&args.input_options);
    let plan = output_plan(
        &[("json", &args.files.json), ("svg", &args.files.svg)],
        &[args.a.as_str()],
    )?;
    let limit = args.input_options.limit();
    let input = load_file(&args.a, settings)?;
    limit.check(
        &input.name,
        command,
        estimate(
            Work::Mesh { partition },
            input.region.vertex_count(),
            plan.len(),
        ),
    )?;
    let what = format!("{command} of {}", input.name);
    let triangulation = input.region.triangulate().map_err(failed(&what))?;
    let polygons = match max_verts {
        Some(max_verts) => Some(
            triangulation
                .partition_convex(max_verts)
                .map_err(failed(&what))?,
        ),
        None => None,
    };

    let result = ResultJson {
        triangulation: Some(&triangulation),
        partition: polygons.as_ref(),
        ..ResultJson::region(&input.region)
    };
    let picture = SvgPicture {
        triangulation: Some(&triangulation),
        partition: polygons.as_ref(),
        ..SvgPicture::new(&input.region, input.y_axis)
    };
    let summary_to_stderr = plan.uses_stdout();
    let written = plan.write(stdout, &mut |option, sink| match option {
        "json" => result.write_json(sink),
        "svg" => write_svg(&picture, sink),
        _ => Err(no_writer(option)),
    })?;
    let mut summary = format!(
        "onepath {command}: {}\n  region: {}\n  {}",
        input.describe(),
        region_stats(&input.region),
        counted(triangulation.len(), "triangle", "triangles")
    );
    if let Some(p) = &polygons {
        summary += &format!(
            ", {} (at most {} vertices each)",
            counted(p.len(), "polygon", "polygons"),
            p.max_vertices_per_polygon()
        );
    }
    summary += "\n";
    summary += &written_line(&written);
    print_summary(&summary, summary_to_stderr, stdout, stderr);
    Ok(())
}
