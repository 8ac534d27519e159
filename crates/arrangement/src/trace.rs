//! Per-edge provenance for tests: the polyline each unique input edge became, followed
//! through the repair loop's reroutes.

use crate::passes::Polylines;
use onepath_predicates::GridPoint;

/// The current polyline (from its smaller endpoint to its larger) of every unique input edge.
pub(crate) struct Trace {
    pub(crate) polylines: Vec<Vec<GridPoint>>,
}

impl Trace {
    /// Starts from the polylines of step 3, one per unique input edge, over the hot
    /// pixels `pixels`.
    pub(crate) fn new(step3: &Polylines, pixels: &[GridPoint]) -> Self {
        Self {
            polylines: (0..step3.len())
                .map(|k| points(step3.get(k), pixels))
                .collect(),
        }
    }

    /// Applies one repair round: the fragment `replaced[k]` (sorted by endpoints) became
    /// polyline `k` of `replacement` (over the hot pixels `pixels`), running from its
    /// smaller endpoint to its larger.
    pub(crate) fn apply(
        &mut self,
        replaced: &[(GridPoint, GridPoint)],
        replacement: &Polylines,
        pixels: &[GridPoint],
    ) {
        for polyline in &mut self.polylines {
            let Some(&first) = polyline.first() else {
                continue;
            };
            let mut next = vec![first];
            for pair in polyline.windows(2) {
                let (u, v) = (pair[0], pair[1]);
                match replaced.binary_search(&(u.min(v), u.max(v))) {
                    Ok(k) if u < v => {
                        next.extend_from_slice(&points(replacement.get(k), pixels)[1..])
                    }
                    Ok(k) => next.extend(points(replacement.get(k), pixels).iter().rev().skip(1)),
                    Err(_) => next.push(v),
                }
            }
            *polyline = next;
        }
    }
}

/// The points of a polyline of hot-pixel indices.
fn points(polyline: &[u32], pixels: &[GridPoint]) -> Vec<GridPoint> {
    polyline.iter().map(|&id| pixels[id as usize]).collect()
}
