//! One tile of a tiled build (decisions D17): the window's cells traced on the map's grid
//! lines (or its part of a cut outline region, D20), shrunk and clipped to the tile's
//! square in one arrangement, cut by its areas, triangulated with the seams kept, and
//! merged into labelled convex polygons.

use crate::area_mesh::{Border, LabelGraph, cut, label_graph, labelled_triangles};
use crate::areas::AreaId;
use crate::error::{Error, Result};
use crate::offset::shrink_pieces;
use crate::region::{Region, arrange_and_label};
use crate::tiles::CutRegion;
use onepath_arrangement::{Operand, TaggedEdge};
use onepath_convex::{Partition, partition_convex_labelled};
use onepath_predicates::GridPoint;
use onepath_winding::{trace_rings, trace_tile_map};

/// A half-open range of cell columns or rows.
pub(crate) type Span = std::ops::Range<usize>;

/// What the tiles are cut from.
#[derive(Clone, Copy)]
pub(crate) enum TileInput<'a> {
    /// A tile map: area codes of the whole map, `codes[x + y * width]`, 0 = blocked.
    Map {
        /// The codes.
        codes: &'a [u8],
        /// The map's width in cells.
        width: usize,
    },
    /// An outline region cut on the tiling's cut lines (decisions D20).
    Region(&'a CutRegion),
}

/// What a tile needs from its input and build: the cells or the cut region, the grid
/// lines, the shrink.
pub(crate) struct TileContext<'a> {
    /// The input.
    pub(crate) input: TileInput<'a>,
    /// The snapped grid lines `xs[0..=width]` and `ys[0..=height]`.
    pub(crate) xs: &'a [i64],
    /// See `xs`.
    pub(crate) ys: &'a [i64],
    /// The grid's SnapBits.
    pub(crate) snap_bits: u32,
    /// The agent radius and the arc tolerance in grid units.
    pub(crate) radius: f64,
    /// See `radius`.
    pub(crate) arc_tolerance: f64,
    /// The polygon vertex limit.
    pub(crate) max_vertices: usize,
    /// The map's cell columns and rows where tiles meet (the seams), as grid-line indices.
    pub(crate) seam_columns: &'a [usize],
    /// See `seam_columns`.
    pub(crate) seam_rows: &'a [usize],
}

/// One tile's result before stitching.
#[derive(Clone, Debug)]
pub(crate) struct TileOutput {
    /// The tile's region: the shrunk window clipped to the square.
    pub(crate) region: Region,
    /// Each area's part of the region, in increasing id.
    pub(crate) area_regions: Vec<(AreaId, Region)>,
    /// The triangulation's vertices, sorted.
    pub(crate) vertices: Vec<GridPoint>,
    /// The convex polygons over `vertices`.
    pub(crate) partition: Partition,
    /// The area of each polygon.
    pub(crate) areas: Vec<AreaId>,
    /// The number of triangles merged.
    pub(crate) triangle_count: usize,
}

/// Builds the tile whose square spans the cells `square_x x square_y`, from the window
/// `window_x x window_y` around it (decisions D17); `None` when nothing of the tile is
/// walkable after the shrink.
pub(crate) fn build_tile(
    ctx: &TileContext<'_>,
    square_x: Span,
    square_y: Span,
    window_x: Span,
    window_y: Span,
) -> Result<Option<TileOutput>> {
    let (ww, wh) = (window_x.len(), window_y.len());
    let xs = &ctx.xs[window_x.start..=window_x.end];
    let ys = &ctx.ys[window_y.start..=window_y.end];
    // The window's rings, and for a map its codes (the areas below).
    let (rings, window_codes) = match ctx.input {
        TileInput::Map { codes, width } => {
            let window_codes: Vec<u8> = window_y
                .clone()
                .flat_map(|y| {
                    codes[y * width + window_x.start..y * width + window_x.end]
                        .iter()
                        .copied()
                })
                .collect();
            let walkable: Vec<bool> = window_codes.iter().map(|&c| c != 0).collect();
            (trace_tile_map(&walkable, ww, wh, xs, ys), window_codes)
        }
        TileInput::Region(cut) => (
            cut.window_rings(window_x.start, window_x.end, window_y.start, window_y.end)?,
            Vec::new(),
        ),
    };
    if rings.is_empty() {
        return Ok(None);
    }
    // Pass 1: the shrink and the clip to the square in one arrangement.
    let (x0, x1) = (ctx.xs[square_x.start], ctx.xs[square_x.end]);
    let (y0, y1) = (ctx.ys[square_y.start], ctx.ys[square_y.end]);
    let square = vec![
        GridPoint::new(x0, y0),
        GridPoint::new(x1, y0),
        GridPoint::new(x1, y1),
        GridPoint::new(x0, y1),
    ];
    // With a shrink the walkable rings count for both operands, so that the pieces cut the
    // band they cover (D12); without one there are no pieces and the rings are operand 0
    // alone (the untiled build returns the region unchanged at radius 0).
    let rings_operand = if ctx.radius > 0.0 {
        Operand::Both
    } else {
        Operand::First
    };
    let mut edges: Vec<TaggedEdge> = TaggedEdge::of_rings(&rings, rings_operand).collect();
    if ctx.radius > 0.0 {
        let pieces = shrink_pieces(&rings, ctx.snap_bits, ctx.radius, ctx.arc_tolerance)?;
        edges.extend(
            pieces
                .iter()
                .map(|e| TaggedEdge::new(e[0], e[1], Operand::Second)),
        );
    }
    edges.extend(TaggedEdge::of_rings(
        std::slice::from_ref(&square),
        Operand::Weighted([2, 0]),
    ));
    let (arrangement, windings) = arrange_and_label(edges)?;
    // In the window's region (w0 = 1 + 2) and in the square, outside every piece.
    let inside = |w: [i32; 2]| w[0] == 3 && w[1] <= 0;
    let borders: Vec<Border> = arrangement
        .segments()
        .iter()
        .zip(&windings)
        .filter(|(_, w)| inside(w.above) != inside(w.below))
        .map(|(s, w)| Border {
            a: s.a,
            b: s.b,
            left: u32::from(inside(w.above)),
            right: u32::from(inside(w.below)),
        })
        .collect();
    let points = arrangement.vertices();
    let boundary: Vec<(GridPoint, GridPoint)> = borders
        .iter()
        .map(|b| {
            let (p, q) = (points[b.a as usize], points[b.b as usize]);
            if b.left != 0 { (p, q) } else { (q, p) }
        })
        .collect();
    let region = Region {
        snap_bits: ctx.snap_bits,
        rings: trace_rings(&boundary).map_err(Error::internal)?,
    };
    if region.is_empty() {
        return Ok(None);
    }
    let on_seam = |p: GridPoint| {
        ((p.x == x0 && ctx.seam_columns.binary_search(&square_x.start).is_ok())
            || (p.x == x1 && ctx.seam_columns.binary_search(&square_x.end).is_ok()))
            && (y0..=y1).contains(&p.y)
            || ((p.y == y0 && ctx.seam_rows.binary_search(&square_y.start).is_ok())
                || (p.y == y1 && ctx.seam_rows.binary_search(&square_y.end).is_ok()))
                && (x0..=x1).contains(&p.x)
    };
    // The window's areas: one per distinct code (a region has one area, D20).
    let mut present = [false; 256];
    for &c in &window_codes {
        present[c as usize] = true;
    }
    let ids: Vec<AreaId> = (1..=u8::MAX).filter(|&c| present[c as usize]).collect();
    let (region, area_regions, graph, ids) = if ids.len() > 1 {
        let areas: Vec<(AreaId, Region)> = ids
            .iter()
            .map(|&id| {
                let mask: Vec<bool> = window_codes.iter().map(|&c| c == id).collect();
                let region = Region {
                    snap_bits: ctx.snap_bits,
                    rings: trace_tile_map(&mask, ww, wh, xs, ys),
                };
                (id, region)
            })
            .collect();
        let pieces = cut(&region, &areas, &on_seam)?;
        let mut area_regions = pieces.pieces;
        area_regions.retain(|(_, r)| !r.is_empty());
        (pieces.region, area_regions, pieces.graph, ids)
    } else {
        let graph: LabelGraph = label_graph(points, &borders, &on_seam);
        let id = ids.first().copied().unwrap_or(crate::areas::DEFAULT_AREA);
        (region.clone(), vec![(id, region)], graph, vec![id])
    };
    let triangles = labelled_triangles(&graph)?;
    let (partition, labels) = partition_convex_labelled(
        &graph.vertices,
        &triangles.triangles,
        &triangles.neighbors,
        &triangles.areas,
        ctx.max_vertices,
    )
    .map_err(Error::internal)?;
    Ok(Some(TileOutput {
        region,
        area_regions,
        vertices: graph.vertices,
        partition,
        areas: labels.iter().map(|&k| ids[k as usize - 1]).collect(),
        triangle_count: triangles.triangles.len(),
    }))
}
