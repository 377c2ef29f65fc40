//! `include/steerlab.h` is what cbindgen makes of this crate's source now: regenerated here and
//! compared byte for byte (run with `UPDATE_HEADER=1` to write it after changing an entry
//! point).

#[test]
fn the_checked_in_header_is_current() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let config =
        cbindgen::Config::from_file(format!("{dir}/cbindgen.toml")).expect("cbindgen.toml");
    let mut made = Vec::new();
    cbindgen::Builder::new()
        .with_crate(dir)
        .with_config(config)
        .generate()
        .expect("cbindgen reads the crate")
        .write(&mut made);
    let path = format!("{dir}/include/steerlab.h");
    if std::env::var_os("UPDATE_HEADER").is_some() {
        std::fs::write(&path, &made).expect("write the header");
    }
    let kept = std::fs::read(&path).unwrap_or_default();
    assert!(
        kept == made,
        "include/steerlab.h is not what cbindgen makes of the source: run \
         UPDATE_HEADER=1 cargo test -p steerlab_c --test header"
    );
    let text = String::from_utf8(made).expect("UTF-8");
    // Every entry point is in it (a macro-made one would not be: cbindgen reads no macros).
    for name in [
        "steerlab_world_new",
        "steerlab_crowd_steer",
        "steerlab_crowd_set_click",
        "steerlab_world_obstacles",
        "steerlab_last_error",
    ] {
        assert!(
            text.contains(&format!("{name}(")),
            "{name} missing from the header"
        );
    }
}
