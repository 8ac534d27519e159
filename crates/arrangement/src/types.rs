//! The arrangement's input (tagged directed edges) and output (vertices and segments).

use onepath_predicates::GridPoint;

/// Which operand of a boolean operation an input edge counts for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Operand {
    /// Operand 0 (the first region, or the only one).
    First,
    /// Operand 1 (the second region, or the offset pieces).
    Second,
    /// Both operands at once: the edge changes both windings by its direction's sign
    /// (the build's shrink feeds the region's own edges this way, decisions D8/D12).
    Both,
    /// An edge standing for several input edges at once: it changes `[w0, w1]` by this
    /// delta (negated against its direction), as that many coincident copies of it would.
    /// The area cut of the build counts area `i` of `n` with weight `n + i` this way
    /// (decisions D16).
    Weighted([i32; 2]),
}

impl Operand {
    /// The change this edge makes to `[w0, w1]` when it runs in the counted direction.
    #[inline]
    pub fn unit_delta(self) -> [i32; 2] {
        match self {
            Operand::First => [1, 0],
            Operand::Second => [0, 1],
            Operand::Both => [1, 1],
            Operand::Weighted(delta) => delta,
        }
    }
}

/// A directed input edge between two grid points, tagged with its operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TaggedEdge {
    /// The start point.
    pub from: GridPoint,
    /// The end point.
    pub to: GridPoint,
    /// The operand the edge counts for.
    pub operand: Operand,
}

impl TaggedEdge {
    /// The edge `from → to` counting for `operand`.
    #[inline]
    pub fn new(from: GridPoint, to: GridPoint, operand: Operand) -> Self {
        Self { from, to, operand }
    }

    /// The directed edges of closed rings, each ring's last point joined to its first,
    /// all counting for `operand`: ring by ring, in the order of their points.
    ///
    /// ```
    /// use onepath_arrangement::{GridPoint, Operand, TaggedEdge};
    /// let p = |x, y| GridPoint::new(x, y);
    /// let square = [p(0, 0), p(2, 0), p(2, 2), p(0, 2)];
    /// let edges: Vec<TaggedEdge> = TaggedEdge::of_rings([&square[..]], Operand::First).collect();
    /// assert_eq!(edges.len(), 4);
    /// assert_eq!(edges[3], TaggedEdge::new(p(0, 2), p(0, 0), Operand::First));
    /// ```
    pub fn of_rings<R: AsRef<[GridPoint]>>(
        rings: impl IntoIterator<Item = R>,
        operand: Operand,
    ) -> impl Iterator<Item = TaggedEdge> {
        rings.into_iter().flat_map(move |ring| {
            let n = ring.as_ref().len();
            (0..n).map(move |i| {
                let ring = ring.as_ref();
                TaggedEdge::new(ring[i], ring[(i + 1) % n], operand)
            })
        })
    }
}

/// A segment of the arrangement between vertices `a < b` (indices into
/// [`Arrangement::vertices`], so `vertices[a] < vertices[b]` in `(x, y)` order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Segment {
    /// The smaller vertex index.
    pub a: u32,
    /// The larger vertex index.
    pub b: u32,
    /// Per operand, the number of input edges running `a → b` minus those running `b → a`
    /// (never both zero).
    pub delta: [i32; 2],
}

/// The noded result: vertices sorted by `(x, y)` and unique non-crossing segments sorted by
/// `(a, b)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Arrangement {
    /// The vertices, strictly increasing in `(x, y)` order: the endpoints of the segments.
    pub vertices: Vec<GridPoint>,
    /// The segments, strictly increasing in `(a, b)`; no two properly cross and no vertex
    /// lies inside a segment.
    pub segments: Vec<Segment>,
}

/// Something that yields an arrangement's input edges, each time it is asked the same
/// edges in the same order: [`crate::arrange_deferred_from`] reads them twice (a checking
/// pass and a keying pass) instead of holding them in a vector, or once when the source
/// tells their [`EdgeExtent`].
pub trait EdgeSource {
    /// The edges, in order.
    fn edges(&self) -> impl Iterator<Item = TaggedEdge> + '_;

    /// A box that holds every endpoint of [`EdgeSource::edges`] and the most edges it
    /// yields, when the source knows them without reading its edges (a box a little wider
    /// than the points' own, and a count a little higher, serve as well). With it the
    /// arrangement reads the edges once, keying them as it checks them. `None`, the
    /// default, has them read twice. A wrong extent never changes a result: an edge
    /// outside the box, or one more than the count, sends the arrangement back to reading
    /// the edges twice.
    fn extent(&self) -> Option<EdgeExtent> {
        None
    }
}

/// What an [`EdgeSource`] knows of its edges before they are read (see
/// [`EdgeSource::extent`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeExtent {
    /// The lower-left corner of a box that holds every endpoint.
    pub lo: GridPoint,
    /// Its upper-right corner.
    pub hi: GridPoint,
    /// At least the number of edges the source yields (zero-length ones included).
    pub max_edges: usize,
}

impl EdgeExtent {
    /// The extent of `edges`, read once: their box and their count (`None` when there are
    /// none). For sources that combine parts and for tests.
    pub fn of(edges: impl IntoIterator<Item = TaggedEdge>) -> Option<Self> {
        let mut extent: Option<Self> = None;
        for e in edges {
            let edge = Self {
                lo: GridPoint::new(e.from.x.min(e.to.x), e.from.y.min(e.to.y)),
                hi: GridPoint::new(e.from.x.max(e.to.x), e.from.y.max(e.to.y)),
                max_edges: 1,
            };
            extent = Some(extent.map_or(edge, |x| x.joined(&edge)));
        }
        extent
    }

    /// The extent of two sources read one after the other: the box of both boxes, the sum
    /// of the counts.
    pub fn joined(&self, other: &Self) -> Self {
        Self {
            lo: GridPoint::new(self.lo.x.min(other.lo.x), self.lo.y.min(other.lo.y)),
            hi: GridPoint::new(self.hi.x.max(other.hi.x), self.hi.y.max(other.hi.y)),
            max_edges: self.max_edges.saturating_add(other.max_edges),
        }
    }

    /// Whether `p` lies in the box.
    #[inline]
    pub fn holds(&self, p: GridPoint) -> bool {
        (self.lo.x..=self.hi.x).contains(&p.x) && (self.lo.y..=self.hi.y).contains(&p.y)
    }
}

impl EdgeSource for Vec<TaggedEdge> {
    fn edges(&self) -> impl Iterator<Item = TaggedEdge> + '_ {
        self.iter().copied()
    }
}
