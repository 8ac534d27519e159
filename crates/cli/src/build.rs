//! `onepath build`: a navigation mesh from a tile map or an outline file, written as JSON,
//! SVG and a polyanya mesh, with a short summary.

use crate::CliError;
use crate::input::{DEMO_MAP, DEMO_NAME, Input, InputSettings, Terrain, load_file, load_text};
use crate::library_error;
use crate::memory::{Work, estimate, join_vertices};
use crate::options::BuildArgs;
use crate::output::{
    OutputPlan, counted, format_error, ms, print_summary, region_stats, written_line,
};
use onepath_build2d::{AreaId, Mesh2DPipeline};
use onepath_io::{ResultJson, SvgPicture, navmesh_to_geojson, navmesh_to_polyanya, render_svg};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// Runs `onepath build [INPUT] [options]`.
pub(crate) fn run_build(
    args: &BuildArgs,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<(), CliError> {
    let settings = InputSettings {
        terrain: Terrain {
            areas: args.areas,
            blocked: args.blocked.as_deref(),
        },
        ..InputSettings::from(&args.pipeline.input_options)
    };
    let agent_radius = args.pipeline.agent_radius;
    let max_verts = args.pipeline.max_verts;
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
    let mut plan = OutputPlan::check(&outputs, &inputs)?;
    let limit = args.pipeline.input_options.limit();

    let start = Instant::now();
    let input: Input = match &args.input {
        Some(path) => load_file(path, settings)?,
        None => load_text(DEMO_NAME, DEMO_MAP, false, settings)?,
    };
    let read_time = start.elapsed();
    let pipeline = Mesh2DPipeline {
        cell_size: settings.cell_size,
        agent_radius,
        max_vertices_per_polygon: max_verts,
    };
    let scale = input.region.options().scale();
    let work = Work::Shrink {
        m: join_vertices(agent_radius * scale, pipeline.arc_tolerance() * scale),
        radius_cells: agent_radius / settings.cell_size,
        build: true,
    };
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
    let mesh = match &input.areas {
        Some(areas) => pipeline.build_areas(areas),
        None => pipeline.build(&input.region),
    }
    .map_err(|e| library_error(&input.name, e))?;

    let start = Instant::now();
    if plan.wants("json") {
        let json = ResultJson::navmesh(&mesh)
            .to_json_string()
            .map_err(|e| format_error("JSON", e))?;
        plan.set("json", json);
    }
    if plan.wants("svg") {
        let picture = SvgPicture {
            background: Some(&input.region),
            partition: Some(mesh.polygons()),
            areas: input.areas.is_some().then(|| mesh.area_regions()),
            area_names: &input.area_names,
            ..SvgPicture::new(mesh.region(), input.y_axis)
        };
        plan.set("svg", render_svg(&picture));
    }
    if plan.wants("geojson") {
        plan.set("geojson", navmesh_to_geojson(&mesh));
    }
    if plan.wants("mesh") {
        let text = navmesh_to_polyanya(&mesh).map_err(|e| format_error("mesh", e))?;
        plan.set("mesh", text);
    }
    let summary_to_stderr = plan.uses_stdout();
    let written = plan.write(stdout)?;
    let write_time = start.elapsed();

    let timings = mesh.timings();
    let polygons = mesh.polygons();
    let mut summary = format!("onepath build: {}\n", input.describe());
    summary += &format!(
        "  settings: cell size {}, agent radius {}, at most {} vertices per polygon, snap bits {}\n",
        settings.cell_size,
        agent_radius,
        max_verts,
        input.region.snap_bits()
    );
    summary += &format!(
        "  walkable before shrink: {}\n",
        region_stats(&input.region)
    );
    summary += &format!(
        "  walkable after shrink:  {}\n",
        region_stats(mesh.region())
    );
    summary += &format!(
        "  navmesh: {}, {}, {}\n",
        counted(mesh.vertices().len(), "vertex", "vertices"),
        counted(mesh.triangle_count(), "triangle", "triangles"),
        counted(polygons.len(), "polygon", "polygons")
    );
    if input.areas.is_some() {
        summary += &format!("  areas: {}\n", area_summary(&mesh, &input.area_names));
    }
    summary += &format!(
        "  time: read {}, shrink {}, triangulate {}, partition {}, fans {}, write {}\n",
        ms(read_time),
        ms(timings.shrink),
        ms(timings.triangulate),
        ms(timings.partition),
        ms(timings.fans),
        ms(write_time)
    );
    summary += &written_line(&written);
    print_summary(&summary, summary_to_stderr, stdout, stderr);
    Ok(())
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
