//! Temporary probe.
mod support;
use onepath_convex::partition_convex;
use support::shapes::{random_star, random_tile_mesh, random_comb};
use support::{Rng, mesh_of_polygons};
#[test]
fn probe() {
    let mut rng = Rng::new(77);
    let mut bad = 0;
    for round in 0..20000 {
        let mesh = match round % 3 { 0 => random_tile_mesh(&mut rng, 2 + round % 9, 2 + round % 7),
            1 => mesh_of_polygons(&[random_star(&mut rng, 5 + round % 50, [4, 30, 1000][round % 3])]),
            _ => mesh_of_polygons(&[random_comb(&mut rng, 1 + (round % 10) as i64, 1)]) };
        let counts: Vec<usize> = (3..=16).map(|l| partition_convex(&mesh.points, &mesh.triangles, &mesh.neighbors, l).unwrap().len()).collect();
        if counts.windows(2).any(|w| w[1] > w[0]) { bad += 1; if bad < 4 { println!("round {round} counts {counts:?} pts {:?} tris {:?}", mesh.points, mesh.triangles); } }
    }
    println!("bad {bad}");
}
