//! Outline input: onepath's outline JSON files and GeoJSON geometries, read into
//! [`Outline`]s with errors that name the JSON path at fault.

use crate::{quote, without_bom};
use onepath_build2d::{
    AreaId, AreaMap, DEFAULT_AREA, Error, Geometry2DOptions, Location, Outline, Region, Vector2D,
};
use serde_json::Value;
use std::fmt;

/// Outlines read from a file, with the grid they ask for.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OutlineFile {
    /// The `snap_bits` field of the file, or `None` when it has none (GeoJSON never does
    /// unless it carries the field as a foreign member).
    pub snap_bits: Option<u32>,
    /// The outlines, each read by the even-odd rule.
    pub outlines: Vec<Outline>,
    /// The JSON path of each outline's list of rings (`outlines[2]`,
    /// `features[1].geometry.coordinates[0]`, `rings`), so that a library error at
    /// outline `o`, ring `r`, vertex `v` can be located at `{path}[r][v]`.
    pub outline_paths: Vec<String>,
    /// The area of each outline where the file gives one (an outline object's `area_id`, a
    /// GeoJSON feature's `area_id` property), `None` where it does not (decisions D16).
    pub areas: Vec<Option<AreaId>>,
}

impl OutlineFile {
    /// The JSON path of ring `ring` of outline `outline`, and with `vertex` of that
    /// vertex, and with `axis` (0 for x, 1 for y) of that coordinate; `None` when the
    /// outline has no recorded path.
    pub fn json_path(
        &self,
        outline: usize,
        ring: usize,
        vertex: Option<usize>,
        axis: Option<usize>,
    ) -> Option<String> {
        let mut path = format!("{}[{ring}]", self.outline_paths.get(outline)?);
        if let Some(v) = vertex {
            path += &format!("[{v}]");
            if let Some(a) = axis {
                path += &format!("[{a}]");
            }
        }
        Some(path)
    }

    /// Whether any outline carries an area id.
    pub fn has_areas(&self) -> bool {
        self.areas.iter().any(Option::is_some)
    }

    /// The file's areas (decisions D16): the outlines of each id (those without one in
    /// [`DEFAULT_AREA`]) resolved together as [`Region::from_outlines`] does, then
    /// [`AreaMap::from_regions`] (where areas overlap the larger id wins).
    ///
    /// Errors: those of [`Region::from_outlines`], with the outline numbered as in the
    /// file (so [`OutlineFile::json_path`] locates it), and of [`AreaMap::from_regions`]
    /// (an empty file has no area).
    pub fn to_area_map(&self, options: &Geometry2DOptions) -> onepath_build2d::Result<AreaMap> {
        let area_of = |i: usize| self.areas.get(i).copied().flatten().unwrap_or(DEFAULT_AREA);
        let mut ids: Vec<AreaId> = (0..self.outlines.len()).map(area_of).collect();
        ids.sort_unstable();
        ids.dedup();
        let mut tagged = Vec::with_capacity(ids.len());
        for id in ids {
            let members: Vec<usize> = (0..self.outlines.len())
                .filter(|&i| area_of(i) == id)
                .collect();
            let outlines: Vec<Outline> =
                members.iter().map(|&i| self.outlines[i].clone()).collect();
            let region = Region::from_outlines(&outlines, options)
                .map_err(|e| renumber_outline(e, &members))?;
            tagged.push((id, region));
        }
        AreaMap::from_regions(&tagged)
    }
}

/// `error` of [`Region::from_outlines`] on a subset of the outlines with its outline
/// index `k` replaced by `members[k]`, the outline's index in the file.
fn renumber_outline(error: Error, members: &[usize]) -> Error {
    let renumber = |location: Location| match location {
        Location::Ring { outline, ring } => Location::Ring {
            outline: members.get(outline).copied().unwrap_or(outline),
            ring,
        },
        Location::Vertex {
            outline,
            ring,
            vertex,
            axis,
        } => Location::Vertex {
            outline: members.get(outline).copied().unwrap_or(outline),
            ring,
            vertex,
            axis,
        },
        other => other,
    };
    match error {
        Error::OutOfRange { location, message } => Error::OutOfRange {
            location: renumber(location),
            message,
        },
        Error::InvalidArgument { location, message } => Error::InvalidArgument {
            location: renumber(location),
            message,
        },
        other => other,
    }
}

/// A JSON input that cannot be read: either not JSON at all, or JSON whose content is
/// wrong at a path such as `outlines[2][0][5]`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JsonInputError {
    /// The text is not valid JSON; the position is 1-based.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// The 1-based line of the error.
        line: usize,
        /// The 1-based column of the error.
        column: usize,
        /// What serde_json found wrong.
        message: String,
    },
    /// The JSON is well formed but a value is not what the format asks for.
    #[error("at {path}: {message}")]
    Content {
        /// Where the value is, as a JSON path (`$` is the whole document).
        path: String,
        /// What is wrong with it.
        message: String,
    },
}

fn content(path: &JsonPath<'_>, message: impl fmt::Display) -> JsonInputError {
    JsonInputError::Content {
        path: path.to_string(),
        message: message.to_string(),
    }
}

/// A path into a JSON document, built as the reader descends.
#[derive(Clone, Copy)]
enum JsonPath<'a> {
    Root,
    Key(&'a JsonPath<'a>, &'a str),
    Index(&'a JsonPath<'a>, usize),
}

impl fmt::Display for JsonPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JsonPath::Root => f.write_str("$"),
            JsonPath::Key(JsonPath::Root, key) => write!(f, "{}", quote(key)),
            JsonPath::Key(parent, key) => write!(f, "{parent}.{}", quote(key)),
            JsonPath::Index(parent, i) => write!(f, "{parent}[{i}]"),
        }
    }
}

/// Parses JSON text, turning a syntax error into [`JsonInputError::Syntax`]. A UTF-8
/// byte-order mark at the start is skipped, and a key given twice in one object is an
/// error (JSON leaves it open; silently keeping one of the two would hide a mistake).
fn parse_json(text: &str) -> Result<Value, JsonInputError> {
    serde_json::from_str::<StrictValue>(without_bom(text))
        .map(|v| v.0)
        .map_err(|e| JsonInputError::Syntax {
            line: e.line(),
            column: e.column(),
            message: strip_position(&e.to_string()),
        })
}

/// A JSON value read by [`StrictVisitor`]: like `serde_json::Value`, but an object with a
/// key given twice is an error.
struct StrictValue(Value);

impl<'de> serde::Deserialize<'de> for StrictValue {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(StrictVisitor).map(StrictValue)
    }
}

struct StrictVisitor;

impl<'de> serde::de::Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(StrictValue(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut members = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if members.contains_key(&key) {
                return Err(serde::de::Error::custom(format_args!(
                    "the key `{}` is given twice",
                    quote(&key)
                )));
            }
            let StrictValue(value) = map.next_value()?;
            members.insert(key, value);
        }
        Ok(Value::Object(members))
    }
}

/// serde_json appends " at line L column C" to its messages; the position is reported
/// separately, so it is removed here.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

/// Reads either an outline file or GeoJSON: an object with a `type` member is GeoJSON,
/// anything else must be an outline file.
pub fn read_outlines(text: &str) -> Result<OutlineFile, JsonInputError> {
    let value = parse_json(text)?;
    if value.get("type").is_some() {
        geojson_outlines(&value)
    } else {
        outline_file(&value)
    }
}

/// Reads an outline file: `{"snap_bits": 16, "outlines": [[ring, ...], ...]}` where a ring
/// is `[[x, y], ...]`; `snap_bits` may be left out. Each ring is closed from its last
/// vertex back to its first; a repeated closing vertex is harmless. onepath's own result
/// JSON (`{"snap_bits", "rings", "area", ...}`) is read too: its rings become one outline,
/// the same region.
pub fn read_outline_file(text: &str) -> Result<OutlineFile, JsonInputError> {
    outline_file(&parse_json(text)?)
}

/// Reads GeoJSON: a `Polygon`, `MultiPolygon`, `Feature` or `FeatureCollection` (other
/// geometry types are errors). Each polygon becomes one outline made of its rings, without
/// the closing vertex GeoJSON repeats; a top-level `snap_bits` member is honoured.
pub fn read_geojson(text: &str) -> Result<OutlineFile, JsonInputError> {
    geojson_outlines(&parse_json(text)?)
}

fn object<'v>(
    value: &'v Value,
    path: &JsonPath<'_>,
) -> Result<&'v serde_json::Map<String, Value>, JsonInputError> {
    value
        .as_object()
        .ok_or_else(|| content(path, format!("expected an object, found {}", kind(value))))
}

fn array<'v>(value: &'v Value, path: &JsonPath<'_>) -> Result<&'v [Value], JsonInputError> {
    value
        .as_array()
        .map(Vec::as_slice)
        .ok_or_else(|| content(path, format!("expected an array, found {}", kind(value))))
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn snap_bits_member(
    map: &serde_json::Map<String, Value>,
    path: &JsonPath<'_>,
) -> Result<Option<u32>, JsonInputError> {
    let Some(value) = map.get("snap_bits") else {
        return Ok(None);
    };
    let path = JsonPath::Key(path, "snap_bits");
    value
        .as_u64()
        .and_then(|b| u32::try_from(b).ok())
        .map(Some)
        .ok_or_else(|| {
            content(
                &path,
                format!(
                    "expected a non-negative integer, found {}",
                    quote(&value.to_string())
                ),
            )
        })
}

/// Fails at the first member of `map` (an object at `path`) that `known` refuses, with
/// `rule` saying which members there are.
fn known_members(
    map: &serde_json::Map<String, Value>,
    path: &JsonPath<'_>,
    known: impl Fn(&str) -> bool,
    rule: &str,
) -> Result<(), JsonInputError> {
    match map.keys().find(|k| !known(k)) {
        Some(unknown) => Err(content(
            &JsonPath::Key(path, unknown),
            format!("unknown member ({rule})"),
        )),
        None => Ok(()),
    }
}

/// The members of onepath's result JSON (`docs/cli.md`) besides `snap_bits` and `rings`:
/// a result read back as input keeps its region and ignores the meshes.
const RESULT_MEMBERS: [&str; 11] = [
    "area",
    "area2_grid",
    "vertices",
    "triangles",
    "triangle_neighbors",
    "triangle_count",
    "max_vertices_per_polygon",
    "polygons",
    "polygon_neighbors",
    "polygon_areas",
    "timings_ms",
];

/// Reads onepath's result JSON as input: its `rings` (outer rings counter-clockwise,
/// holes clockwise, none crossing) are one outline, which the even-odd rule reads as the
/// same region.
fn result_file(
    map: &serde_json::Map<String, Value>,
    root: &JsonPath<'_>,
) -> Result<OutlineFile, JsonInputError> {
    known_members(
        map,
        root,
        |k| matches!(k, "snap_bits" | "rings") || RESULT_MEMBERS.contains(&k),
        "a result file has `snap_bits`, `rings` and the members of docs/cli.md",
    )?;
    let snap_bits = snap_bits_member(map, root)?;
    let rings_path = JsonPath::Key(root, "rings");
    let outline = read_rings(&map["rings"], &rings_path, false)?;
    let outlines = if outline.rings.is_empty() {
        Vec::new()
    } else {
        vec![outline]
    };
    Ok(OutlineFile {
        snap_bits,
        outline_paths: vec![rings_path.to_string(); outlines.len()],
        areas: vec![None; outlines.len()],
        outlines,
    })
}

fn outline_file(value: &Value) -> Result<OutlineFile, JsonInputError> {
    let root = JsonPath::Root;
    let map = object(value, &root)?;
    if map.contains_key("rings") && !map.contains_key("outlines") {
        return result_file(map, &root);
    }
    known_members(
        map,
        &root,
        |k| matches!(k, "snap_bits" | "outlines"),
        "an outline file has `snap_bits` and `outlines`",
    )?;
    let snap_bits = snap_bits_member(map, &root)?;
    let outlines_path = JsonPath::Key(&root, "outlines");
    let list = map
        .get("outlines")
        .ok_or_else(|| content(&root, "missing member `outlines`"))?;
    let list = array(list, &outlines_path)?;
    let mut file = OutlineFile {
        snap_bits,
        ..OutlineFile::default()
    };
    for (i, item) in list.iter().enumerate() {
        let path = JsonPath::Index(&outlines_path, i);
        // An outline is its list of rings, or an object `{"rings": [...], "area_id": id}`
        // (not `area`, which onepath's outputs use for the measure, as GeoJSON does).
        let (outline, rings_path, area) = match item.as_object() {
            Some(members) => {
                known_members(
                    members,
                    &path,
                    |k| matches!(k, "rings" | "area_id"),
                    "an outline object has `rings` and `area_id`",
                )?;
                let rings_path = JsonPath::Key(&path, "rings");
                let rings = members
                    .get("rings")
                    .ok_or_else(|| content(&path, "missing member `rings`"))?;
                let area = members
                    .get("area_id")
                    .map(|a| area_id(a, &JsonPath::Key(&path, "area_id")))
                    .transpose()?;
                let outline = read_rings(rings, &rings_path, false)?;
                (outline, rings_path.to_string(), area)
            }
            None => (read_rings(item, &path, false)?, path.to_string(), None),
        };
        file.outlines.push(outline);
        file.outline_paths.push(rings_path);
        file.areas.push(area);
    }
    Ok(file)
}

/// An area id: an integer in `1..=255` (0 means blocked, decisions D16).
fn area_id(value: &Value, path: &JsonPath<'_>) -> Result<AreaId, JsonInputError> {
    let found = match value {
        Value::Number(n) => quote(&n.to_string()),
        other => kind(other).to_string(),
    };
    value
        .as_u64()
        .and_then(|a| AreaId::try_from(a).ok())
        .filter(|&a| a != 0)
        .ok_or_else(|| content(path, format!("expected an area id 1..=255, found {found}")))
}

/// Reads `[[[x, y], ...], ...]` into an outline; GeoJSON rings drop their closing vertex.
fn read_rings(
    value: &Value,
    path: &JsonPath<'_>,
    geojson: bool,
) -> Result<Outline, JsonInputError> {
    let rings = array(value, path)?
        .iter()
        .enumerate()
        .map(|(r, ring)| {
            let ring_path = JsonPath::Index(path, r);
            let mut points = array(ring, &ring_path)?
                .iter()
                .enumerate()
                .map(|(v, point)| read_point(point, &JsonPath::Index(&ring_path, v), geojson))
                .collect::<Result<Vec<_>, _>>()?;
            if geojson && points.len() > 1 && points.first() == points.last() {
                points.pop();
            }
            Ok(points)
        })
        .collect::<Result<_, _>>()?;
    Ok(Outline::new(rings))
}

fn read_point(
    value: &Value,
    path: &JsonPath<'_>,
    geojson: bool,
) -> Result<Vector2D, JsonInputError> {
    let items = array(value, path)?;
    // GeoJSON positions may carry an altitude as a third number (RFC 7946); it is ignored.
    // An outline file's point is exactly `[x, y]`: a third number there is a mistake.
    if items.len() < 2 || (!geojson && items.len() > 2) {
        return Err(content(
            path,
            format!("a point needs 2 coordinates, found {}", items.len()),
        ));
    }
    let coordinate = |i: usize| {
        let v = &items[i];
        match v.as_f64() {
            Some(c) if c.is_finite() => Ok(c),
            Some(c) => Err(content(
                &JsonPath::Index(path, i),
                format!("{c} is not finite"),
            )),
            None => Err(content(
                &JsonPath::Index(path, i),
                format!("expected a number, found {}", kind(v)),
            )),
        }
    };
    Ok(Vector2D::new(coordinate(0)?, coordinate(1)?))
}

fn geojson_outlines(value: &Value) -> Result<OutlineFile, JsonInputError> {
    let root = JsonPath::Root;
    let snap_bits = match value.as_object() {
        Some(map) => snap_bits_member(map, &root)?,
        None => None,
    };
    let mut file = OutlineFile {
        snap_bits,
        ..OutlineFile::default()
    };
    geojson_object(value, &root, None, &mut file)?;
    Ok(file)
}

/// Reads one GeoJSON object into `out`; its polygons are in `area` (a feature's `area_id`
/// property, inherited by its geometry).
fn geojson_object(
    value: &Value,
    path: &JsonPath<'_>,
    area: Option<AreaId>,
    out: &mut OutlineFile,
) -> Result<(), JsonInputError> {
    let map = object(value, path)?;
    let type_path = JsonPath::Key(path, "type");
    let kind = map
        .get("type")
        .ok_or_else(|| content(path, "missing member `type`"))?
        .as_str()
        .ok_or_else(|| content(&type_path, "expected a string"))?;
    let member = |name: &'static str| {
        map.get(name)
            .ok_or_else(|| content(path, format!("a {kind} needs a `{name}` member")))
    };
    match kind {
        "FeatureCollection" => {
            let features_path = JsonPath::Key(path, "features");
            for (i, feature) in array(member("features")?, &features_path)?
                .iter()
                .enumerate()
            {
                geojson_object(feature, &JsonPath::Index(&features_path, i), area, out)?;
            }
        }
        "Feature" => {
            let geometry = member("geometry")?;
            // The `area_id` property (decisions D16); other properties are not read (a
            // region's GeoJSON has its measure as `area`).
            let properties_path = JsonPath::Key(path, "properties");
            let area = match map.get("properties").and_then(|p| p.get("area_id")) {
                Some(a) => Some(area_id(a, &JsonPath::Key(&properties_path, "area_id"))?),
                None => area,
            };
            // A feature without geometry (`null`) is legal GeoJSON and adds nothing.
            if !geometry.is_null() {
                geojson_object(geometry, &JsonPath::Key(path, "geometry"), area, out)?;
            }
        }
        "Polygon" => {
            let coords = JsonPath::Key(path, "coordinates");
            out.outlines
                .push(read_rings(member("coordinates")?, &coords, true)?);
            out.outline_paths.push(coords.to_string());
            out.areas.push(area);
        }
        "MultiPolygon" => {
            let coords = JsonPath::Key(path, "coordinates");
            for (i, polygon) in array(member("coordinates")?, &coords)?.iter().enumerate() {
                let polygon_path = JsonPath::Index(&coords, i);
                out.outlines.push(read_rings(polygon, &polygon_path, true)?);
                out.outline_paths.push(polygon_path.to_string());
                out.areas.push(area);
            }
        }
        other => {
            return Err(content(
                &type_path,
                format!(
                    "`{}` is not supported (use Polygon, MultiPolygon, Feature or FeatureCollection)",
                    quote(other)
                ),
            ));
        }
    }
    Ok(())
}
