//! Known answers from `tests/data/spec-vectors.json`, transcribed as literals and compared
//! bit for bit (`f64::to_bits`): the m-gon's first unit vectors, the choice of m and the
//! shrink's equal-area ring (decisions D10 and D12).

use crate::common::hex_f64;
use onepath_offset::{
    choose_m, effective_tolerance, equal_area_ring, half_angle_table, pipeline_arc_tolerance,
    unit_vectors,
};

/// Asserts that `actual` has exactly the bits of the hex float `expected`.
fn assert_bits(what: &str, actual: f64, expected: &str) {
    let expected_value = hex_f64(expected);
    assert_eq!(
        actual.to_bits(),
        expected_value.to_bits(),
        "{what}: got {actual:e}, expected {expected} ({expected_value:e})"
    );
}

/// "mgon_first_unit_vectors_hex": m, cos(pi/m), then u_0 .. u_3.
const MGON_FIRST_UNIT_VECTORS: [(u32, &str, [[&str; 2]; 4]); 2] = [
    (
        8,
        "0x1.d906bcf328d46p-1",
        [
            ["0x1.d906bcf328d46p-1", "0x1.87de2a6aea962p-2"],
            ["0x1.87de2a6aea964p-2", "0x1.d906bcf328d46p-1"],
            ["-0x1.87de2a6aea960p-2", "0x1.d906bcf328d46p-1"],
            ["-0x1.d906bcf328d44p-1", "0x1.87de2a6aea966p-2"],
        ],
    ),
    (
        16,
        "0x1.f6297cff75cb0p-1",
        [
            ["0x1.f6297cff75cb0p-1", "0x1.8f8b83c69a60ap-3"],
            ["0x1.a9b66290ea1a3p-1", "0x1.1c73b39ae68c8p-1"],
            ["0x1.1c73b39ae68c8p-1", "0x1.a9b66290ea1a2p-1"],
            ["0x1.8f8b83c69a60ap-3", "0x1.f6297cff75caep-1"],
        ],
    ),
];

#[test]
fn mgon_first_unit_vectors_match_the_vectors() {
    for (m, cos, units) in MGON_FIRST_UNIT_VECTORS {
        assert_bits(
            &format!("cos(pi/{m})"),
            half_angle_table(m).cos_half_step,
            cos,
        );
        let actual = unit_vectors(m);
        for (k, [x, y]) in units.iter().enumerate() {
            assert_bits(&format!("m {m} u_{k}.x"), actual[k][0], x);
            assert_bits(&format!("m {m} u_{k}.y"), actual[k][1], y);
        }
    }
}

/// "choose_m": [r, tol, m].
const CHOOSE_M: [(f64, f64, u32); 5] = [
    (65536.0, 16384.0, 8),
    (65536.0, 1000.0, 32),
    (65536.0, 512.0, 32),
    (32768.0, 1.0, 256),
    (10.0, 1.0, 8),
];

#[test]
fn choose_m_matches_the_vectors() {
    for (r, tol, m) in CHOOSE_M {
        assert_eq!(choose_m(r, tol), m, "choose_m({r}, {tol})");
    }
}

/// One entry of "shrink_ring_hex (agent_radius, cell_size, snap_bits 16)".
struct ShrinkRing {
    agent_radius: f64,
    cell_size: f64,
    r: &'static str,
    arc_tolerance: &'static str,
    tol: &'static str,
    m: u32,
    cos: &'static str,
    sin: &'static str,
    tan: &'static str,
    h: &'static str,
    circumradius: &'static str,
    lambda: &'static str,
    offsets: [[&'static str; 2]; 8],
}

/// The eight offsets of an octagon ring whose first quadrant is `(r, l), (l, r)`.
const fn octagon(
    r: &'static str,
    l: &'static str,
    minus_r: &'static str,
    minus_l: &'static str,
) -> [[&'static str; 2]; 8] {
    [
        [r, l],
        [l, r],
        [minus_l, r],
        [minus_r, l],
        [minus_r, minus_l],
        [minus_l, minus_r],
        [l, minus_r],
        [r, minus_l],
    ]
}

const SHRINK_RINGS: [ShrinkRing; 3] = [
    ShrinkRing {
        agent_radius: 0.5,
        cell_size: 1.0,
        r: "0x1.0000000000000p+15",
        arc_tolerance: "0x1.0000000000000p-2",
        tol: "0x1.0000000000000p+14",
        m: 8,
        cos: "0x1.d906bcf328d46p-1",
        sin: "0x1.87de2a6aea962p-2",
        tan: "0x1.a827999fcef32p-2",
        h: "0x1.a827999fcef32p+13",
        circumradius: "0x1.1517a7bdb3895p+15",
        lambda: "0x1.aa47323ef9125p-1",
        offsets: octagon(
            "0x1.0000000000000p+15",
            "0x1.6123edefcdfc2p+13",
            "-0x1.0000000000000p+15",
            "-0x1.6123edefcdfc2p+13",
        ),
    },
    ShrinkRing {
        agent_radius: 1.0,
        cell_size: 0.25,
        r: "0x1.0000000000000p+16",
        arc_tolerance: "0x1.51eb851eb851fp-4",
        tol: "0x1.51eb851eb851fp+12",
        m: 8,
        cos: "0x1.d906bcf328d46p-1",
        sin: "0x1.87de2a6aea962p-2",
        tan: "0x1.a827999fcef32p-2",
        h: "0x1.a827999fcef32p+14",
        circumradius: "0x1.1517a7bdb3895p+16",
        lambda: "0x1.aa47323ef9125p-1",
        offsets: octagon(
            "0x1.0000000000000p+16",
            "0x1.6123edefcdfc2p+14",
            "-0x1.0000000000000p+16",
            "-0x1.6123edefcdfc2p+14",
        ),
    },
    ShrinkRing {
        agent_radius: 2.5,
        cell_size: 0.5,
        r: "0x1.4000000000000p+17",
        arc_tolerance: "0x1.a666666666667p-3",
        tol: "0x1.a666666666667p+13",
        m: 8,
        cos: "0x1.d906bcf328d46p-1",
        sin: "0x1.87de2a6aea962p-2",
        tan: "0x1.a827999fcef32p-2",
        h: "0x1.0918c003e157fp+16",
        circumradius: "0x1.5a5d91ad206bap+17",
        lambda: "0x1.aa47323ef9128p-1",
        offsets: octagon(
            "0x1.4000000000000p+17",
            "0x1.b96ce96bc17b5p+15",
            "-0x1.4000000000000p+17",
            "-0x1.b96ce96bc17b5p+15",
        ),
    },
];

#[test]
fn shrink_rings_match_the_vectors() {
    const SNAP_SCALE: f64 = (1u64 << 16) as f64;
    for case in &SHRINK_RINGS {
        let what = format!(
            "agent radius {}, cell {}",
            case.agent_radius, case.cell_size
        );
        let r = case.agent_radius * SNAP_SCALE;
        assert_bits(&format!("{what}: r"), r, case.r);
        let arc_tolerance = pipeline_arc_tolerance(case.cell_size, case.agent_radius);
        assert_bits(
            &format!("{what}: arc tolerance"),
            arc_tolerance,
            case.arc_tolerance,
        );
        let tol = effective_tolerance(arc_tolerance * SNAP_SCALE, r).unwrap();
        assert_bits(&format!("{what}: tol"), tol, case.tol);
        let m = choose_m(r, tol);
        assert_eq!(m, case.m, "{what}: m");
        let angles = half_angle_table(m);
        assert_bits(&format!("{what}: cos"), angles.cos_half_step, case.cos);
        assert_bits(&format!("{what}: sin"), angles.sin_half_step, case.sin);
        assert_bits(&format!("{what}: tan"), angles.tan_half_step(), case.tan);
        let ring = equal_area_ring(r, m);
        assert_bits(&format!("{what}: h"), ring.tangent_offset, case.h);
        assert_bits(&format!("{what}: R"), ring.circumradius, case.circumradius);
        assert_bits(&format!("{what}: lambda"), ring.lambda, case.lambda);
        assert_eq!(ring.offsets.len(), 8);
        for (k, [x, y]) in case.offsets.iter().enumerate() {
            assert_bits(&format!("{what}: offset {k} x"), ring.offsets[k][0], x);
            assert_bits(&format!("{what}: offset {k} y"), ring.offsets[k][1], y);
        }
    }
}
