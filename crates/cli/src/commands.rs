//! `onepath region`, `onepath triangulate` and `onepath partition`: the library's region
//! operations, triangulation and convex partition on files.

use crate::build::{DEFAULT_AGENT_RADIUS, DEFAULT_MAX_VERTS, input_settings};
use crate::input::load_file;
use crate::memory::{Limit, Work, estimate, join_vertices};
use crate::options::{ParsedArgs, parse_args};
use crate::output::{OutputPlan, counted, format_error, print_summary, region_stats, written_line};
use crate::{CliError, help, library_error};
use onepath_build2d::{Join, Mesh2DPipeline};
use onepath_io::{ResultJson, SvgPicture, region_to_geojson, render_svg};
use std::io::Write;

/// The operations of `onepath region` and how many input files each takes.
const REGION_OPERATIONS: [(&str, usize); 7] = [
    ("resolve", 1),
    ("union", 2),
    ("intersection", 2),
    ("difference", 2),
    ("xor", 2),
    ("offset", 1),
    ("shrink", 1),
];

/// Parses `args` for `command`; `Ok(None)` when help was asked for and printed.
fn parse_or_help(
    command: &'static str,
    args: &[String],
    allowed: &[&'static str],
    help_text: &str,
    stdout: &mut dyn Write,
) -> Result<Option<ParsedArgs>, CliError> {
    let parsed = parse_args(command, args, allowed, &[])?;
    if parsed.help {
        let _ = stdout.write_all(help_text.as_bytes());
        return Ok(None);
    }
    Ok(Some(parsed))
}

/// Checks the outputs that `args` ask for (among `options`) against each other and the
/// input files, before any work.
fn output_plan(
    args: &ParsedArgs,
    options: &[&'static str],
    inputs: &[String],
) -> Result<OutputPlan, CliError> {
    let outputs: Vec<(&'static str, std::path::PathBuf)> = options
        .iter()
        .filter_map(|&option| args.path(option).map(|path| (option, path)))
        .collect();
    let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    OutputPlan::check(&outputs, &inputs)
}

/// Prefixes a library error with what was being done.
fn failed(what: &str) -> impl Fn(onepath_build2d::Error) -> CliError + '_ {
    move |e| library_error(what, e)
}

/// Runs `onepath region OP A [B] [options]`.
pub(crate) fn run_region(
    args: &[String],
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<(), CliError> {
    let allowed = [
        "distance",
        "join",
        "arc-tolerance",
        "agent-radius",
        "cell-size",
        "snap-bits",
        "json",
        "svg",
        "geojson",
        "memory-limit",
    ];
    let Some(args) = parse_or_help("region", args, &allowed, help::REGION, stdout)? else {
        return Ok(());
    };
    let usage = "onepath region OP A [B] [options]";
    args.expect_positionals(2, 3, usage)?;
    let op = args.positionals[0].as_str();
    let Some(&(op, operands)) = REGION_OPERATIONS.iter().find(|(name, _)| *name == op) else {
        let names: Vec<&str> = REGION_OPERATIONS.iter().map(|(n, _)| *n).collect();
        return Err(CliError::usage(
            "region",
            format!("unknown operation `{op}` (one of {})", names.join(", ")),
        ));
    };
    if args.positionals.len() != operands + 1 {
        return Err(CliError::usage(
            "region",
            format!(
                "`{op}` takes {}",
                counted(operands, "input file", "input files")
            ),
        ));
    }
    let settings = input_settings(&args)?;
    let distance = match op {
        "offset" => args.required_number("distance")?,
        _ => 0.0,
    };
    let join = match args.choice("join", &["round", "square"], "round")? {
        "square" => Join::Square,
        _ => Join::Round,
    };
    let arc_tolerance = args.number("arc-tolerance", 0.0)?;
    let agent_radius = args.number("agent-radius", DEFAULT_AGENT_RADIUS)?;
    let mut plan = output_plan(&args, &["json", "svg", "geojson"], &args.positionals[1..])?;
    let limit = Limit::from_option("region", args.value("memory-limit"))?;

    let a = load_file(&args.positionals[1], settings)?;
    let b = match args.positionals.get(2) {
        Some(path) => Some(load_file(path, settings)?),
        None => None,
    };
    let what = match &b {
        Some(b) => format!("{op} of {} and {}", a.name, b.name),
        None => format!("{op} of {}", a.name),
    };
    let scale = a.region.options().scale();
    let cells = |d: f64| d / settings.cell_size;
    let (work, vertices) = match (op, &b) {
        (_, Some(b)) => (
            Work::Boolean,
            a.region.vertex_count() + b.region.vertex_count(),
        ),
        ("offset", _) => (
            Work::Offset {
                m: matches!(join, Join::Round)
                    .then(|| join_vertices(distance.abs() * scale, arc_tolerance * scale)),
                distance_cells: cells(distance),
            },
            a.region.vertex_count(),
        ),
        ("shrink", _) => {
            let pipeline = Mesh2DPipeline::new(settings.cell_size, agent_radius);
            (
                Work::Shrink {
                    m: join_vertices(agent_radius * scale, pipeline.arc_tolerance() * scale),
                    radius_cells: cells(agent_radius),
                    build: false,
                },
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
    let region = match (op, &b) {
        ("union", Some(b)) => a.region.union(&b.region),
        ("intersection", Some(b)) => a.region.intersection(&b.region),
        ("difference", Some(b)) => a.region.difference(&b.region),
        ("xor", Some(b)) => a.region.xor(&b.region),
        ("offset", _) => a.region.offset(distance, join, arc_tolerance),
        ("shrink", _) => Mesh2DPipeline {
            cell_size: settings.cell_size,
            agent_radius,
            ..Mesh2DPipeline::default()
        }
        .shrink(&a.region),
        _ => Ok(a.region.clone()),
    }
    .map_err(failed(&what))?;

    if plan.wants("json") {
        let json = ResultJson::region(&region)
            .to_json_string()
            .map_err(|e| format_error("JSON", e))?;
        plan.set("json", json);
    }
    if plan.wants("svg") {
        let shows_input = matches!(op, "offset" | "shrink" | "difference");
        let picture = SvgPicture {
            background: shows_input.then_some(&a.region),
            ..SvgPicture::new(&region, a.y_axis)
        };
        plan.set("svg", render_svg(&picture));
    }
    if plan.wants("geojson") {
        plan.set("geojson", region_to_geojson(&region));
    }
    let summary_to_stderr = plan.uses_stdout();
    let written = plan.write(stdout)?;
    let mut summary = format!("onepath region {op}: {}", a.describe());
    if let Some(b) = &b {
        summary += &format!(" and {}", b.describe());
    }
    summary += &format!("\n  result: {}\n", region_stats(&region));
    summary += &written_line(&written);
    print_summary(&summary, summary_to_stderr, stdout, stderr);
    Ok(())
}

/// Runs `onepath triangulate A [options]` and `onepath partition A [options]`.
fn run_mesh_command(
    command: &'static str,
    args: &[String],
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<(), CliError> {
    let partition = command == "partition";
    let mut allowed = vec!["cell-size", "snap-bits", "json", "svg", "memory-limit"];
    if partition {
        allowed.push("max-verts");
    }
    let help_text = if partition {
        help::PARTITION
    } else {
        help::TRIANGULATE
    };
    let Some(args) = parse_or_help(command, args, &allowed, help_text, stdout)? else {
        return Ok(());
    };
    args.expect_positionals(1, 1, &format!("onepath {command} A [options]"))?;
    let settings = input_settings(&args)?;
    let max_verts = args.integer("max-verts", DEFAULT_MAX_VERTS)? as usize;
    let mut plan = output_plan(&args, &["json", "svg"], &args.positionals)?;
    let limit = Limit::from_option(command, args.value("memory-limit"))?;
    let input = load_file(&args.positionals[0], settings)?;
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
    let polygons = match partition {
        true => Some(
            triangulation
                .partition_convex(max_verts)
                .map_err(failed(&what))?,
        ),
        false => None,
    };

    if plan.wants("json") {
        let result = ResultJson {
            triangulation: Some(&triangulation),
            partition: polygons.as_ref(),
            ..ResultJson::region(&input.region)
        };
        let json = result
            .to_json_string()
            .map_err(|e| format_error("JSON", e))?;
        plan.set("json", json);
    }
    if plan.wants("svg") {
        let picture = SvgPicture {
            triangulation: Some(&triangulation),
            partition: polygons.as_ref(),
            ..SvgPicture::new(&input.region, input.y_axis)
        };
        plan.set("svg", render_svg(&picture));
    }
    let summary_to_stderr = plan.uses_stdout();
    let written = plan.write(stdout)?;
    let mut summary = format!(
        "onepath {command}: {}\n  region: {}\n  {}",
        input.describe(),
        region_stats(&input.region),
        counted(triangulation.len(), "triangle", "triangles")
    );
    if let Some(p) = &polygons {
        summary += &format!(
            ", {} (at most {max_verts} vertices each)",
            counted(p.len(), "polygon", "polygons")
        );
    }
    summary += "\n";
    summary += &written_line(&written);
    print_summary(&summary, summary_to_stderr, stdout, stderr);
    Ok(())
}

/// Runs `onepath triangulate A [options]`.
pub(crate) fn run_triangulate(
    args: &[String],
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<(), CliError> {
    run_mesh_command("triangulate", args, stdout, stderr)
}

/// Runs `onepath partition A [options]`.
pub(crate) fn run_partition(
    args: &[String],
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<(), CliError> {
    run_mesh_command("partition", args, stdout, stderr)
}
