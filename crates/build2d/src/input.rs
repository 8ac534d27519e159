//! The input types: points, options and outlines.

use crate::error::{Error, Location, Result};

/// A point or vector in user units (the `Vector2D` of the specification).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Vector2D {
    /// The x coordinate.
    pub x: f64,
    /// The y coordinate.
    pub y: f64,
}

impl Vector2D {
    /// The point `(x, y)`.
    #[inline]
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }
}

impl From<[f64; 2]> for Vector2D {
    #[inline]
    fn from([x, y]: [f64; 2]) -> Self {
        Self { x, y }
    }
}

impl From<(f64, f64)> for Vector2D {
    #[inline]
    fn from((x, y): (f64, f64)) -> Self {
        Self { x, y }
    }
}

impl From<Vector2D> for [f64; 2] {
    #[inline]
    fn from(v: Vector2D) -> Self {
        [v.x, v.y]
    }
}

/// The largest magnitude of an input coordinate, grid line or offset distance's sum:
/// `2^21` user units.
pub const COORDINATE_LIMIT: f64 = 2_097_152.0;

/// The largest `snap_bits`: a grid unit of `2^-16` user units.
pub const MAX_SNAP_BITS: u32 = 16;

/// The `snap_bits` of [`Geometry2DOptions::default`] (the specification's default, 16):
/// the one source of this default for the readers and the command line.
pub const DEFAULT_SNAP_BITS: u32 = MAX_SNAP_BITS;

/// Options shared by every operation: the snap grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Geometry2DOptions {
    /// The grid unit is `2^-snap_bits` user units; `0..=16`, default 16.
    pub snap_bits: u32,
}

impl Default for Geometry2DOptions {
    fn default() -> Self {
        Self {
            snap_bits: DEFAULT_SNAP_BITS,
        }
    }
}

impl Geometry2DOptions {
    /// Options with the given SnapBits (checked when used).
    pub const fn with_snap_bits(snap_bits: u32) -> Self {
        Self { snap_bits }
    }

    /// Checks that SnapBits lies in `0..=16`.
    pub fn validate(&self) -> Result<()> {
        if self.snap_bits > MAX_SNAP_BITS {
            return Err(Error::invalid(
                Location::Argument("snap_bits"),
                format!("{} is outside 0..=16", self.snap_bits),
            ));
        }
        Ok(())
    }

    /// The number of grid units per user unit, `2^snap_bits` (exact).
    #[inline]
    pub fn scale(&self) -> f64 {
        (1u64 << self.snap_bits) as f64
    }

    /// One grid unit in user units, `2^-snap_bits` (exact).
    #[inline]
    pub fn unit(&self) -> f64 {
        1.0 / self.scale()
    }
}

/// A set of rings read by the even-odd rule: outer boundaries and holes in any order and
/// orientation, each ring closed from its last vertex back to its first.
///
/// Overlapping, self-intersecting, touching and duplicate-point rings are all legal; every
/// ring needs at least 3 vertices and every coordinate must be finite with magnitude at
/// most `2^21`.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outline {
    /// The rings.
    pub rings: Vec<Vec<Vector2D>>,
}

impl Outline {
    /// An outline of the given rings.
    pub fn new(rings: Vec<Vec<Vector2D>>) -> Self {
        Self { rings }
    }

    /// An outline of one ring.
    pub fn from_ring<P: Into<Vector2D>>(ring: impl IntoIterator<Item = P>) -> Self {
        Self {
            rings: vec![ring.into_iter().map(Into::into).collect()],
        }
    }

    /// An outline of several rings of anything that converts into [`Vector2D`].
    pub fn from_rings<P, R, I>(rings: I) -> Self
    where
        P: Into<Vector2D>,
        R: IntoIterator<Item = P>,
        I: IntoIterator<Item = R>,
    {
        Self {
            rings: rings
                .into_iter()
                .map(|r| r.into_iter().map(Into::into).collect())
                .collect(),
        }
    }
}

impl<P: Into<Vector2D>> From<Vec<Vec<P>>> for Outline {
    fn from(rings: Vec<Vec<P>>) -> Self {
        Self::from_rings(rings)
    }
}
