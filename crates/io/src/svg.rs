//! SVG pictures of a region and its meshes, scaled to fit and readable at a glance.

use crate::number::write_tenths;
use crate::sink;
use onepath_build2d::{AreaId, ConvexPartition, GridPoint, Region, Triangulation, Vector2D};
use std::fmt::{self, Write as _};
use std::io;

/// Which way the input's y axis points on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum YAxis {
    /// Mathematical orientation: y grows upwards (outline files, GeoJSON).
    Up,
    /// Picture orientation: y grows downwards, so a tile map looks as its file reads.
    Down,
}

/// What [`render_svg`] draws, back to front: the `background` region (pale grey), the
/// `region` (filled, holes left open by the even-odd rule on one path of all rings; with
/// `areas`, each area filled in its own colour instead), the triangle edges, the polygon
/// edges, the region's boundary, a path on top, and with `areas` a legend below the
/// picture.
#[derive(Clone, Copy, Debug)]
pub struct SvgPicture<'a> {
    /// The region to fill.
    pub region: &'a Region,
    /// A region drawn behind it, for example the walkable area before the agent shrink.
    pub background: Option<&'a Region>,
    /// Triangles whose edges are drawn (thin, light).
    pub triangulation: Option<&'a Triangulation>,
    /// Convex polygons whose edges are drawn (thin, darker).
    pub partition: Option<&'a ConvexPartition>,
    /// The region split into areas (decisions D16), each filled in its own colour
    /// ([`area_colour`]) and listed in a legend; `None` fills the region in one colour.
    pub areas: Option<&'a [(AreaId, Region)]>,
    /// The legend's name of an area (`area 2` for an id not listed here).
    pub area_names: &'a [(AreaId, String)],
    /// A path drawn on top (user units): a polyline from its first point, marked green, to
    /// its last, marked red.
    pub path: Option<&'a [Vector2D]>,
    /// The borders of a tiled build's tiles (decisions D17), drawn faintly over the fill.
    pub tile_grid: Option<TileGrid<'a>>,
    /// The orientation of the input's y axis.
    pub y_axis: YAxis,
    /// The length of the picture's long side in pixels, margins included.
    pub size: u32,
}

impl<'a> SvgPicture<'a> {
    /// A picture of `region` alone, 1024 pixels on the long side.
    pub fn new(region: &'a Region, y_axis: YAxis) -> Self {
        Self {
            region,
            background: None,
            triangulation: None,
            partition: None,
            areas: None,
            area_names: &[],
            path: None,
            tile_grid: None,
            y_axis,
            size: 1024,
        }
    }
}

/// The lines of a tile grid in user units: a vertical line at each of `xs` from the first
/// to the last of `ys`, and a horizontal line at each of `ys` from the first to the last of
/// `xs` (the outer borders included).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TileGrid<'a> {
    /// The x coordinates of the vertical lines, increasing.
    pub xs: &'a [f64],
    /// The y coordinates of the horizontal lines, increasing.
    pub ys: &'a [f64],
}

/// Maps grid points to page pixels.
struct PageTransform {
    lo: GridPoint,
    hi: GridPoint,
    scale: f64,
    margin: f64,
    y_axis: YAxis,
}

impl PageTransform {
    fn point(&self, s: &mut impl fmt::Write, p: GridPoint) -> fmt::Result {
        let x = self.margin + (p.x - self.lo.x) as f64 * self.scale;
        let dy = match self.y_axis {
            YAxis::Down => p.y - self.lo.y,
            YAxis::Up => self.hi.y - p.y,
        };
        let y = self.margin + dy as f64 * self.scale;
        write_tenths(s, x)?;
        s.write_char(' ')?;
        write_tenths(s, y)
    }

    /// The page position of a point in user units of a grid `scale` units per user unit.
    fn user_point(&self, v: Vector2D, scale: f64) -> (f64, f64) {
        let (gx, gy) = (v.x * scale, v.y * scale);
        let x = self.margin + (gx - self.lo.x as f64) * self.scale;
        let dy = match self.y_axis {
            YAxis::Down => gy - self.lo.y as f64,
            YAxis::Up => self.hi.y as f64 - gy,
        };
        (x, self.margin + dy * self.scale)
    }
}

fn bounds(regions: &[Option<&Region>]) -> (GridPoint, GridPoint) {
    let boxes: Vec<(GridPoint, GridPoint)> = regions
        .iter()
        .flatten()
        .filter_map(|r| r.bounds())
        .collect();
    let Some(&first) = boxes.first() else {
        return (GridPoint::new(0, 0), GridPoint::new(1, 1));
    };
    boxes.iter().fold(first, |(lo, hi), &(a, b)| {
        (
            GridPoint::new(lo.x.min(a.x), lo.y.min(a.y)),
            GridPoint::new(hi.x.max(b.x), hi.y.max(b.y)),
        )
    })
}

/// The lines of a tile grid as one path of `M x y L x y` segments, cut to the picture's
/// rectangle (a line outside it is left out).
fn grid_path(t: &PageTransform, scale: f64, grid: TileGrid<'_>) -> String {
    let mut d = String::new();
    let (Some((&x0, &x1)), Some((&y0, &y1))) = (
        grid.xs.first().zip(grid.xs.last()),
        grid.ys.first().zip(grid.ys.last()),
    ) else {
        return d;
    };
    // The picture's rectangle on the page.
    let (left, top) = (t.margin, t.margin);
    let right = t.margin + (t.hi.x - t.lo.x) as f64 * t.scale;
    let bottom = t.margin + (t.hi.y - t.lo.y) as f64 * t.scale;
    let inside = |v: f64, lo: f64, hi: f64| v >= lo - 0.05 && v <= hi + 0.05;
    let mut segment = |a: Vector2D, b: Vector2D| {
        let ((ax, ay), (bx, by)) = (t.user_point(a, scale), t.user_point(b, scale));
        let (ax, bx) = (ax.clamp(left, right), bx.clamp(left, right));
        let (ay, by) = (ay.clamp(top, bottom), by.clamp(top, bottom));
        let _ = write!(d, "M{ax:.1} {ay:.1}L{bx:.1} {by:.1}");
    };
    for &x in grid.xs {
        let (page_x, _) = t.user_point(Vector2D::new(x, y0), scale);
        if inside(page_x, left, right) {
            segment(Vector2D::new(x, y0), Vector2D::new(x, y1));
        }
    }
    for &y in grid.ys {
        let (_, page_y) = t.user_point(Vector2D::new(x0, y), scale);
        if inside(page_y, top, bottom) {
            segment(Vector2D::new(x0, y), Vector2D::new(x1, y));
        }
    }
    d
}

/// Writes one path of closed rings, `M x y L x y ... Z` per ring.
fn write_ring_path(s: &mut impl fmt::Write, t: &PageTransform, region: &Region) -> fmt::Result {
    for ring in region.rings() {
        for (k, &p) in ring.iter().enumerate() {
            s.write_char(if k == 0 { 'M' } else { 'L' })?;
            t.point(s, p)?;
        }
        s.write_char('Z')?;
    }
    Ok(())
}

/// Writes `<path d="RINGS" ATTRIBUTES/>` and a line end.
fn write_rings_element(
    s: &mut impl fmt::Write,
    t: &PageTransform,
    region: &Region,
    attributes: fmt::Arguments<'_>,
) -> fmt::Result {
    s.write_str("<path d=\"")?;
    write_ring_path(s, t, region)?;
    writeln!(s, "\" {attributes}")
}

/// The most edges in one `<path>` of mesh edges: long `d` attributes are split so that no
/// attribute exceeds the 10 MB that libxml2-based viewers (librsvg) accept.
const EDGES_PER_PATH: usize = 20_000;

/// Writes the edges of index polygons, each shared edge once (drawn from the side with
/// the smaller index, or from its only side on the boundary), as `<path>` elements of at
/// most [`EDGES_PER_PATH`] edges with the given stroke.
fn write_edge_paths<'l, S: fmt::Write>(
    s: &mut S,
    t: &PageTransform,
    vertices: &[GridPoint],
    cells: impl Iterator<Item = (&'l [u32], &'l [i32])>,
    color: &str,
    width: f64,
) -> fmt::Result {
    let mut edges = 0;
    let close = |s: &mut S| -> fmt::Result {
        writeln!(
            s,
            "\" fill=\"none\" stroke=\"{color}\" stroke-width=\"{width}\"/>"
        )
    };
    for (i, (corners, neighbors)) in cells.enumerate() {
        let n = corners.len();
        for k in 0..n {
            if neighbors[k] >= 0 && (neighbors[k] as usize) < i {
                continue;
            }
            if edges % EDGES_PER_PATH == 0 {
                s.write_str("<path d=\"")?;
            }
            s.write_char('M')?;
            t.point(s, vertices[corners[k] as usize])?;
            s.write_char('L')?;
            t.point(s, vertices[corners[(k + 1) % n] as usize])?;
            edges += 1;
            if edges % EDGES_PER_PATH == 0 {
                close(s)?;
            }
        }
    }
    if edges % EDGES_PER_PATH != 0 {
        close(s)?;
    }
    Ok(())
}

/// The fill colours of areas, light enough for the mesh edges to show on them: area 1 has
/// the colour of a picture without areas, 2 green, 3 blue (water in a Moving AI map), 4
/// sand, then pink, lavender, orange and teal; ids past 8 repeat the list.
const AREA_COLOURS: [&str; 8] = [
    "#eaf2fb", "#c4e3a8", "#8fc8ee", "#e6cf8e", "#f2b8c6", "#d2c4ec", "#f6c89f", "#a9e2d6",
];

/// The fill colour of area `id` in pictures: area 1 the light blue of a picture without
/// areas, 2 green, 3 blue, 4 sand, then pink, lavender, orange and teal, repeating after 8
/// (id 0, which no area has, gets area 1's).
pub fn area_colour(id: AreaId) -> &'static str {
    AREA_COLOURS[usize::from(id.max(1) - 1) % AREA_COLOURS.len()]
}

/// The height of one line of the legend, in pixels.
const LEGEND_LINE: f64 = 20.0;

/// `text` with the characters XML gives a meaning escaped.
fn xml_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The SVG text of a picture (see [`SvgPicture`]; the conventions are in `docs/cli.md`).
pub fn render_svg(picture: &SvgPicture<'_>) -> String {
    sink::to_string(|s| emit(s, picture))
}

/// Writes the SVG text of [`render_svg`] to `out` as it is formatted, through a buffer.
pub fn write_svg<W: io::Write>(picture: &SvgPicture<'_>, out: W) -> io::Result<()> {
    sink::stream(out, |s| emit(s, picture))
}

fn emit(s: &mut impl fmt::Write, picture: &SvgPicture<'_>) -> fmt::Result {
    let (lo, hi) = bounds(&[Some(picture.region), picture.background]);
    let size = f64::from(picture.size.max(64));
    let margin = (size / 64.0).round();
    let span = (hi.x - lo.x).max(hi.y - lo.y).max(1) as f64;
    let scale = (size - 2.0 * margin) / span;
    let width = ((hi.x - lo.x) as f64 * scale + 2.0 * margin).ceil();
    let picture_height = ((hi.y - lo.y) as f64 * scale + 2.0 * margin).ceil();
    let areas = picture.areas.unwrap_or_default();
    let legend = match picture.areas {
        Some(_) => (areas.len() as f64 * LEGEND_LINE + margin).ceil(),
        None => 0.0,
    };
    let height = picture_height + legend;
    // Thin strokes where the picture is dense: full width up to about one ring vertex per
    // 8 x 8 pixels, down to a quarter of it for 512 x 512 game maps.
    let vertices = picture.region.vertex_count().max(1) as f64;
    let thin = (size / (8.0 * vertices.sqrt())).clamp(0.25, 1.0);
    let t = PageTransform {
        lo,
        hi,
        scale,
        margin,
        y_axis: picture.y_axis,
    };
    writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">"
    )?;
    s.write_str("<title>onepath navigation mesh</title>\n")?;
    writeln!(
        s,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>"
    )?;
    writeln!(
        s,
        "<rect x=\"{margin}\" y=\"{margin}\" width=\"{:.2}\" height=\"{:.2}\" fill=\"#5a5a5a\"/>",
        (hi.x - lo.x) as f64 * scale,
        (hi.y - lo.y) as f64 * scale
    )?;
    if let Some(background) = picture.background {
        write_rings_element(
            s,
            &t,
            background,
            format_args!("fill=\"#a8a8a8\" fill-rule=\"evenodd\" stroke=\"none\"/>"),
        )?;
    }
    match picture.areas {
        None => {
            write_rings_element(
                s,
                &t,
                picture.region,
                format_args!("fill=\"#eaf2fb\" fill-rule=\"evenodd\" stroke=\"none\"/>"),
            )?;
        }
        Some(areas) => {
            for (id, region) in areas {
                write_rings_element(
                    s,
                    &t,
                    region,
                    format_args!(
                        "fill=\"{}\" fill-rule=\"evenodd\" stroke=\"none\"><title>{}</title></path>",
                        area_colour(*id),
                        xml_text(&area_name(picture.area_names, *id))
                    ),
                )?;
            }
        }
    }
    if let Some(grid) = picture.tile_grid {
        writeln!(
            s,
            "<path d=\"{}\" fill=\"none\" stroke=\"#7048e8\" stroke-opacity=\"0.6\" stroke-width=\"{:.2}\" stroke-dasharray=\"4 3\"/>",
            grid_path(&t, picture.region.options().scale(), grid),
            (1.5 * thin).max(1.0)
        )?;
    }
    if let Some(tri) = picture.triangulation {
        let cells = tri
            .triangles()
            .iter()
            .map(|c| c.as_slice())
            .zip(tri.neighbors().chunks(3));
        write_edge_paths(s, &t, tri.vertices(), cells, "#9dbbe0", 0.4 * thin)?;
    }
    if let Some(partition) = picture.partition {
        let cells = partition.iter().map(|p| (p.vertices, p.neighbors));
        write_edge_paths(s, &t, partition.vertices(), cells, "#2f6db5", 0.7 * thin)?;
    }
    write_rings_element(
        s,
        &t,
        picture.region,
        format_args!(
            "fill=\"none\" stroke=\"#0b2f5c\" stroke-width=\"{thin}\" stroke-linejoin=\"round\"/>"
        ),
    )?;
    if let Some(path) = picture.path.filter(|p| !p.is_empty()) {
        let scale = picture.region.options().scale();
        let points: Vec<(f64, f64)> = path.iter().map(|&v| t.user_point(v, scale)).collect();
        let mut d = String::new();
        for (k, (x, y)) in points.iter().enumerate() {
            let _ = write!(d, "{}{x:.1} {y:.1}", if k == 0 { 'M' } else { 'L' });
        }
        let width = (2.0 * thin).max(1.0);
        writeln!(
            s,
            "<path d=\"{d}\" fill=\"none\" stroke=\"#e8590c\" stroke-width=\"{width}\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>"
        )?;
        for ((x, y), color) in [
            (points[0], "#2b8a3e"),
            (points[points.len() - 1], "#c92a2a"),
        ] {
            writeln!(
                s,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"{color}\"/>",
                2.0 * width
            )?;
        }
    }
    // The legend: one line per area below the picture, a swatch and the area's name.
    for (k, (id, _)) in areas.iter().enumerate() {
        let y = picture_height + k as f64 * LEGEND_LINE;
        writeln!(
            s,
            "<rect x=\"{margin}\" y=\"{:.1}\" width=\"14\" height=\"14\" fill=\"{}\" stroke=\"#0b2f5c\" stroke-width=\"0.5\"/>",
            y + 3.0,
            area_colour(*id)
        )?;
        writeln!(
            s,
            "<text x=\"{}\" y=\"{:.1}\" font-family=\"sans-serif\" font-size=\"13\" fill=\"#1a1a1a\">{}</text>",
            margin + 20.0,
            y + 14.5,
            xml_text(&area_name(picture.area_names, *id))
        )?;
    }
    s.write_str("</svg>\n")
}

/// The legend's text for area `id`: `area 2`, or `area 2: swamp (S)` with its name.
fn area_name(names: &[(AreaId, String)], id: AreaId) -> String {
    match names.iter().find(|(n, _)| *n == id) {
        Some((_, name)) => format!("area {id}: {name}"),
        None => format!("area {id}"),
    }
}
