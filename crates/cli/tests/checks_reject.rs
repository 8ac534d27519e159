//! The JSON checkers of the other tests can fail: each damage to a good result is caught.

mod support;

use serde_json::{Value, json};
use std::panic::{AssertUnwindSafe, catch_unwind};
use support::checks::check_result_json;
use support::{movingai, read_json, run_ok, scratch};

fn rejected(value: &Value) -> bool {
    catch_unwind(AssertUnwindSafe(|| check_result_json(value))).is_err()
}

fn good_result() -> Value {
    let dir = scratch("checks-reject");
    let json = dir.join("partition.json");
    run_ok(&[
        "partition",
        &movingai("room-32-32-4.map"),
        "--json",
        json.to_str().unwrap(),
    ]);
    read_json(&json)
}

#[test]
fn the_checkers_accept_a_good_result_and_reject_damaged_ones() {
    let good = good_result();
    assert!(!rejected(&good));

    let mut clockwise = good.clone();
    let polygon = clockwise["polygons"][0].as_array_mut().unwrap();
    polygon.reverse();
    assert!(rejected(&clockwise), "a clockwise polygon");

    let mut wrong_neighbour = good.clone();
    let neighbours = wrong_neighbour["polygon_neighbors"][0]
        .as_array_mut()
        .unwrap();
    let k = neighbours.iter().position(|n| n != -1).unwrap();
    neighbours[k] = json!(-1);
    assert!(rejected(&wrong_neighbour), "a missing neighbour");

    let mut lost_triangle = good.clone();
    lost_triangle["triangles"].as_array_mut().unwrap().pop();
    lost_triangle["triangle_neighbors"]
        .as_array_mut()
        .unwrap()
        .pop();
    assert!(
        rejected(&lost_triangle),
        "triangles that do not cover the region"
    );

    let mut wrong_area = good.clone();
    wrong_area["area2_grid"] = json!("12");
    assert!(rejected(&wrong_area), "a wrong exact area");

    let crossing = json!({
        "snap_bits": 0,
        "rings": [[[0, 0], [4, 0], [4, 4], [0, 4]], [[1, 1], [5, 1], [5, 2], [1, 2]]],
        "area": 18.0,
        "area2_grid": "36"
    });
    assert!(rejected(&crossing), "crossing rings");
    let off_grid = json!({"snap_bits": 0, "rings": [[[0, 0], [4.5, 0], [0, 4]]], "area": 9.0, "area2_grid": "18"});
    assert!(rejected(&off_grid), "a coordinate off the grid");
}
