//! The per-tick cost of the C interface against the Rust `Crowd` doing the same: 10,000
//! entities of the seek preset's group, each tick given their motions, steered and their forces
//! read, once through `steerlab_crowd_*` (as C or C# calls it: float arrays, a status per call)
//! and once through `Crowd` (as a Rust game calls it). The two alternate in blocks of ticks, so
//! that both see the same machine; prints each median and their ratio.
//!
//! `cargo run --release -p steerlab_c --example overhead [ENTITIES] [ROUNDS]`

// Counts of entities and ticks: exact in f32 and f64 far beyond these.
#![allow(clippy::cast_precision_loss)]

use std::ffi::CString;
use std::time::Instant;

use steerlab::glam::Vec2;
use steerlab_c::{
    SteerlabStatus, steerlab_crowd_add, steerlab_crowd_forces, steerlab_crowd_new,
    steerlab_crowd_set_motions, steerlab_crowd_steer,
};

const BLOCK: usize = 10;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let entities: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(15);
    let preset = steerlab::scene::presets::find("seek.ron").expect("the seek preset");
    let scene = steerlab::scene::from_str(preset.text, preset.file)
        .expect("valid")
        .into_scene();
    let size = Vec2::new(scene.world.width, scene.world.height);
    // Spread over the world on a fixed pattern: the same for both.
    let positions: Vec<Vec2> = (0..entities)
        .map(|k| {
            let t = k as f32;
            Vec2::new((t * 0.618_034).fract(), (t * 0.754_878).fract()) * size
        })
        .collect();
    let velocities: Vec<Vec2> = (0..entities)
        .map(|k| Vec2::from_angle(k as f32) * 50.0)
        .collect();

    let mut rust = scene.build_crowd().expect("a crowd");
    for (p, v) in positions.iter().zip(&velocities) {
        rust.add(0, *p, *v).expect("added");
    }
    let text = CString::new(preset.text).expect("no NUL");
    let file = CString::new(preset.file).expect("no NUL");
    let mut c = std::ptr::null_mut();
    let flat = |v: &[Vec2]| v.iter().flat_map(|p| [p.x, p.y]).collect::<Vec<f32>>();
    let (pf, vf) = (flat(&positions), flat(&velocities));
    let mut forces = vec![0.0_f32; 2 * entities];
    // SAFETY: NUL-terminated strings, a writable out pointer; then the handle it gave, buffers
    // of the lengths passed.
    unsafe {
        assert_eq!(
            steerlab_crowd_new(text.as_ptr(), file.as_ptr(), &raw mut c),
            SteerlabStatus::Ok
        );
        for (p, v) in positions.iter().zip(&velocities) {
            let mut id = 0;
            assert_eq!(
                steerlab_crowd_add(c, 0, p.x, p.y, v.x, v.y, &raw mut id),
                SteerlabStatus::Ok
            );
        }
    }
    let mut rust_forces = Vec::with_capacity(2 * entities);
    let (mut through_rust, mut through_c) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let t = Instant::now();
        for _ in 0..BLOCK {
            rust.set_motions(&positions, &velocities).expect("motions");
            rust.steer();
            rust_forces.clear();
            rust_forces.extend(rust.forces().flat_map(|f| [f.x, f.y]));
        }
        through_rust.push(t.elapsed().as_secs_f64() * 1e3 / BLOCK as f64);
        let t = Instant::now();
        for _ in 0..BLOCK {
            // SAFETY: the handle made above; arrays of 2 * entities floats.
            unsafe {
                assert_eq!(
                    steerlab_crowd_set_motions(c, pf.as_ptr(), vf.as_ptr(), entities),
                    SteerlabStatus::Ok
                );
                assert_eq!(steerlab_crowd_steer(c), SteerlabStatus::Ok);
                assert_eq!(
                    steerlab_crowd_forces(c, forces.as_mut_ptr(), forces.len()),
                    SteerlabStatus::Ok
                );
            }
        }
        through_c.push(t.elapsed().as_secs_f64() * 1e3 / BLOCK as f64);
    }
    assert_eq!(
        forces.iter().map(|f| f.to_bits()).collect::<Vec<_>>(),
        rust_forces.iter().map(|f| f.to_bits()).collect::<Vec<_>>(),
        "the same forces both ways"
    );
    let (r, cc) = (median(through_rust), median(through_c));
    println!(
        "{entities} entities, {rounds} interleaved rounds of {BLOCK} ticks (motions given, steered, forces read): \
         Rust Crowd {r:.3} ms a tick, C interface {cc:.3} ms a tick, ratio {:.3}; the same forces, bit for bit",
        cc / r
    );
}
