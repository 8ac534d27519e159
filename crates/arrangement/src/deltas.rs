//! Deltas (the changes an edge makes to `[w0, w1]`) kept in a byte a count when every
//! count fits in one, as an input's unit deltas and a shrink's or an offset's merged ones
//! do, else as given; the same values either way (issue #24: the numbering holds one per
//! input edge, and the mixed path one per unique fragment through the labelling sweep).

/// Deltas in order, small or wide.
#[derive(Clone, Debug)]
pub(crate) enum Deltas {
    /// Every count within `i8`.
    Small(Vec<[i8; 2]>),
    /// Some count beyond it.
    Wide(Vec<[i32; 2]>),
}

/// Whether both counts of `delta` fit in a byte.
#[inline]
pub(crate) fn fits_small(delta: [i32; 2]) -> bool {
    delta.iter().all(|&c| i8::try_from(c).is_ok())
}

impl Deltas {
    /// The deltas `wide`, made small when they all fit.
    pub(crate) fn new(wide: Vec<[i32; 2]>) -> Self {
        if wide.iter().all(|&d| fits_small(d)) {
            Self::Small(wide.iter().map(|d| [d[0] as i8, d[1] as i8]).collect())
        } else {
            Self::Wide(wide)
        }
    }

    /// No deltas yet, room for `count`, small when every one to come fits in a byte.
    pub(crate) fn with_capacity(small: bool, count: usize) -> Self {
        if small {
            Self::Small(Vec::with_capacity(count))
        } else {
            Self::Wide(Vec::with_capacity(count))
        }
    }

    /// Appends `delta`, which must fit when the deltas are small.
    #[inline]
    pub(crate) fn push(&mut self, delta: [i32; 2]) {
        match self {
            Self::Small(small) => {
                debug_assert!(fits_small(delta), "{delta:?} pushed to small deltas");
                small.push([delta[0] as i8, delta[1] as i8]);
            }
            Self::Wide(wide) => wide.push(delta),
        }
    }

    /// Appends `delta`, turning small deltas wide first when it does not fit in a byte
    /// (for a caller that learns whether they all fit only as it reads them).
    pub(crate) fn push_widening(&mut self, delta: [i32; 2]) {
        if let Self::Small(small) = self
            && !fits_small(delta)
        {
            let mut wide = Vec::with_capacity(small.len() + 1);
            wide.extend(small.iter().map(|d| [i32::from(d[0]), i32::from(d[1])]));
            *self = Self::Wide(wide);
        }
        self.push(delta);
    }

    /// Reserves room for `additional` more deltas, or says it cannot.
    pub(crate) fn try_reserve(
        &mut self,
        additional: usize,
    ) -> Result<(), std::collections::TryReserveError> {
        match self {
            Self::Small(small) => small.try_reserve_exact(additional),
            Self::Wide(wide) => wide.try_reserve_exact(additional),
        }
    }

    /// Frees the room reserved beyond the deltas held.
    pub(crate) fn shrink_to_fit(&mut self) {
        match self {
            Self::Small(small) => small.shrink_to_fit(),
            Self::Wide(wide) => wide.shrink_to_fit(),
        }
    }

    /// How many there are.
    pub(crate) fn len(&self) -> usize {
        match self {
            Self::Small(small) => small.len(),
            Self::Wide(wide) => wide.len(),
        }
    }

    /// The `k`-th delta.
    #[inline]
    pub(crate) fn get(&self, k: usize) -> [i32; 2] {
        match self {
            Self::Small(small) => [i32::from(small[k][0]), i32::from(small[k][1])],
            Self::Wide(wide) => wide[k],
        }
    }

    /// The deltas in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = [i32; 2]> + '_ {
        (0..self.len()).map(|k| self.get(k))
    }

    /// The deltas as given.
    pub(crate) fn into_wide(self) -> Vec<[i32; 2]> {
        match self {
            Self::Wide(wide) => wide,
            small => small.iter().collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    //! The deltas kept small give back the values they were given.

    use super::*;

    #[test]
    fn deltas_are_kept_small_only_when_every_count_fits_and_read_back_alike() {
        let edge = [[-128, 127], [0, 0], [1, -1], [3, 2]];
        for (extra, small) in [
            (None, true),
            (Some([128, 0]), false),
            (Some([0, -129]), false),
        ] {
            let mut given: Vec<[i32; 2]> = edge.to_vec();
            given.extend(extra);
            let deltas = Deltas::new(given.clone());
            assert_eq!(matches!(deltas, Deltas::Small(_)), small, "{given:?}");
            assert_eq!(given.iter().all(|&d| fits_small(d)), small, "{given:?}");
            let read: Vec<[i32; 2]> = (0..given.len()).map(|k| deltas.get(k)).collect();
            assert_eq!(read, given);
            assert_eq!(deltas.iter().collect::<Vec<_>>(), given);
            assert_eq!(deltas.len(), given.len());
            // Pushed one by one, they read back alike.
            let mut pushed = Deltas::with_capacity(small, given.len());
            given.iter().for_each(|&d| pushed.push(d));
            assert_eq!(matches!(pushed, Deltas::Small(_)), small, "{given:?}");
            assert_eq!(pushed.into_wide(), given);
            assert_eq!(deltas.into_wide(), given);
        }
    }
}
