//! steerlab for any engine: a C interface over the façade a game uses (docs/embedding.md),
//! built as a shared library (what C# and Godot load) and a static one (what a C or C++ engine
//! links), with `include/steerlab.h` generated from this source by cbindgen.
//!
//! Two handles, both opaque to the caller:
//!
//! - `SteerlabWorld`: a scene's whole world, stepped by steerlab (the same bits as `steerlab
//!   simulate`).
//! - `SteerlabCrowd`: the game's own entities, steered by a scene's groups. The game owns their
//!   positions and velocities; each tick it hands them over, calls `steer`, reads the forces
//!   and moves its entities (itself, or with `steerlab_crowd_advance`, the world's motion).
//!
//! **What crosses.** Every function returns a `SteerlabStatus` (0 is success) and writes its
//! results through pointers the caller owns. Vectors are `float` pairs `[x0, y0, x1, y1, ...]`
//! in id order, in steerlab's coordinates (world units, y down); ids are `uint32_t`, groups
//! `uint16_t`. A buffer comes with its length in elements; one too short is refused and
//! nothing is written (`STEERLAB_STATUS_BUFFER_TOO_SHORT`). Text comes in as NUL-terminated
//! UTF-8 that the caller keeps; text goes out into the caller's buffer, NUL-terminated, with
//! the bytes needed (NUL included) written to `needed` whether or not it fitted.
//!
//! **Nothing undefined crosses.** A panic never unwinds into the caller: it is caught and
//! returned as `STEERLAB_STATUS_INTERNAL`. A null handle or pointer, a freed handle, a handle of
//! the other kind, a buffer too short, a number that is not finite, an id the crowd does not
//! hold: each gets its status, and `steerlab_last_error` says what and why. A failed call
//! changes nothing.
//!
//! **Ownership.** `steerlab_world_new` and `steerlab_crowd_new` make a handle that the caller
//! owns until it passes it to `steerlab_world_free` or `steerlab_crowd_free`. Freeing releases
//! everything the handle held but a tombstone of 24 bytes, kept so that a freed handle is
//! recognised as freed for the life of the process (and never handed out again).
//!
//! **Threads.** A handle may be used from any thread, one call at a time: a call on a handle
//! another thread is in returns `STEERLAB_STATUS_BUSY` and does nothing. Different handles are
//! independent. `steerlab_last_error` is per thread.

mod handle;

use std::ffi::{CStr, c_char};

use handle::{Failure, Kind, Outcome, Slot, guard};
use steerlab::glam::Vec2;
use steerlab::scene::{ChangeRefused, Played, Retune, Scene};
use steerlab::sim::{BehaviorKind, Crowd, Newcomer, Problems, Spawns, World};

pub use handle::SteerlabStatus;

/// A scene's whole world (opaque): made by `steerlab_world_new`, released by
/// `steerlab_world_free`.
pub struct SteerlabWorld {
    _opaque: [u8; 0],
}

/// The game's own entities steered by a scene's groups (opaque): made by `steerlab_crowd_new`,
/// released by `steerlab_crowd_free`.
pub struct SteerlabCrowd {
    _opaque: [u8; 0],
}

// A Vec2 is two f32s with an f32's alignment: the caller's float pairs are read as Vec2s in place.
const _VEC2_IS_TWO_FLOATS: () =
    assert!(std::mem::size_of::<Vec2>() == 8 && std::mem::align_of::<Vec2>() == 4);

/// What a world handle holds.
struct WorldState {
    played: Played<World>,
}

/// What a crowd handle holds.
struct CrowdState {
    played: Played<Crowd>,
    spawns: Spawns,
    populated: bool,
    /// The entities the last `populate` or `due` brought in: id, group, position, velocity.
    newcomers: Vec<(u32, u16, Vec2, Vec2)>,
}

impl Kind for WorldState {
    const MAGIC: u64 = 0x5354_4c57_4f52_4c44;
    const NAME: &'static str = "world";
}

impl Kind for CrowdState {
    const MAGIC: u64 = 0x5354_4c43_524f_5744;
    const NAME: &'static str = "crowd";
}

fn world_slot(h: *mut SteerlabWorld) -> *mut Slot<WorldState> {
    h.cast()
}

fn crowd_slot(h: *mut SteerlabCrowd) -> *mut Slot<CrowdState> {
    h.cast()
}

fn fail(status: SteerlabStatus, message: impl Into<String>) -> Failure {
    Failure::new(status, message)
}

fn problems(p: &Problems) -> Failure {
    let text: Vec<String> = p.iter().map(ToString::to_string).collect();
    fail(SteerlabStatus::InvalidScene, text.join("\n"))
}

/// The text at `p`, NUL-terminated UTF-8; `what` names it in the error.
///
/// # Safety
/// `p` is null or points at a NUL-terminated string.
unsafe fn text<'a>(p: *const c_char, what: &str) -> Result<&'a str, Failure> {
    if p.is_null() {
        return Err(fail(SteerlabStatus::Null, format!("{what} is null")));
    }
    // SAFETY: the caller's promise: a NUL-terminated string.
    unsafe { CStr::from_ptr(p) }.to_str().map_err(|e| {
        fail(
            SteerlabStatus::BadArgument,
            format!("{what} is not UTF-8: {e}"),
        )
    })
}

/// Writes `value` through `out`.
///
/// # Safety
/// `out` is null or points at a writable `T`.
unsafe fn put<T>(out: *mut T, value: T, what: &str) -> Outcome {
    if out.is_null() {
        return Err(fail(SteerlabStatus::Null, format!("{what} is null")));
    }
    // SAFETY: the caller's promise: a writable T.
    unsafe { out.write(value) };
    Ok(())
}

/// The caller's buffer of `len` elements at `out`, checked to hold `need`.
///
/// # Safety
/// `out` is null or points at `len` writable elements.
unsafe fn buffer<'a, T>(
    out: *mut T,
    len: usize,
    need: usize,
    what: &str,
) -> Result<&'a mut [T], Failure> {
    if len < need {
        return Err(fail(
            SteerlabStatus::BufferTooShort,
            format!("{what}: {len} elements given, {need} needed"),
        ));
    }
    if need == 0 {
        return Ok(&mut []);
    }
    if out.is_null() {
        return Err(fail(SteerlabStatus::Null, format!("{what} is null")));
    }
    // SAFETY: the caller's promise: `len` (≥ `need`) writable elements.
    Ok(unsafe { std::slice::from_raw_parts_mut(out, need) })
}

/// The caller's `len` elements at `p`, to read.
///
/// # Safety
/// `p` is null or points at `len` readable elements.
unsafe fn input<'a, T>(p: *const T, len: usize, what: &str) -> Result<&'a [T], Failure> {
    if len == 0 {
        return Ok(&[]);
    }
    if p.is_null() {
        return Err(fail(SteerlabStatus::Null, format!("{what} is null")));
    }
    // SAFETY: the caller's promise: `len` readable elements.
    Ok(unsafe { std::slice::from_raw_parts(p, len) })
}

/// Writes `s` with a NUL into the caller's `len` bytes at `out` when it fits, and the bytes it
/// needs into `needed` always.
///
/// # Safety
/// `out` is null or points at `len` writable bytes; `needed` is null or writable.
unsafe fn put_text(s: &str, out: *mut c_char, len: usize, needed: *mut usize) -> Outcome {
    let need = s.len() + 1;
    if !needed.is_null() {
        // SAFETY: the caller's promise: writable.
        unsafe { needed.write(need) };
    }
    // SAFETY: the caller's promise, passed on.
    let buf = unsafe { buffer(out.cast::<u8>(), len, need, "the text buffer") }?;
    buf[..s.len()].copy_from_slice(s.as_bytes());
    buf[s.len()] = 0;
    Ok(())
}

/// Writes vectors as `[x0, y0, ...]` into the caller's `len` floats at `out`.
///
/// # Safety
/// As [`buffer`].
unsafe fn put_vectors(
    out: *mut f32,
    len: usize,
    vectors: impl ExactSizeIterator<Item = Vec2>,
    what: &str,
) -> Outcome {
    // SAFETY: the caller's promise, passed on.
    let buf = unsafe { buffer(out, len, 2 * vectors.len(), what) }?;
    for (pair, v) in buf.chunks_exact_mut(2).zip(vectors) {
        pair[0] = v.x;
        pair[1] = v.y;
    }
    Ok(())
}

/// Writes `values` into the caller's `len` elements at `out`.
///
/// # Safety
/// As [`buffer`].
unsafe fn put_all<T: Copy>(
    out: *mut T,
    len: usize,
    values: impl ExactSizeIterator<Item = T>,
    what: &str,
) -> Outcome {
    // SAFETY: the caller's promise, passed on.
    let buf = unsafe { buffer(out, len, values.len(), what) }?;
    for (slot, v) in buf.iter_mut().zip(values) {
        *slot = v;
    }
    Ok(())
}

fn finite(x: f32, y: f32, what: &str) -> Result<Vec2, Failure> {
    let v = Vec2::new(x, y);
    if v.is_finite() {
        Ok(v)
    } else {
        Err(fail(
            SteerlabStatus::BadNumber,
            format!("{what} ({x}, {y}) is not finite"),
        ))
    }
}

/// A scene's text, loaded with its errors located.
fn load(text: &str, file: &str) -> Result<Scene, Failure> {
    steerlab::scene::from_str(text, file)
        .map(steerlab::scene::CheckedScene::into_scene)
        .map_err(|e| fail(SteerlabStatus::InvalidScene, e.to_string()))
}

fn crowd_error(e: &steerlab::sim::CrowdError) -> Failure {
    use steerlab::sim::CrowdError as E;
    let status = match e {
        E::NoGroup(_) => SteerlabStatus::BadArgument,
        E::IdTaken(_) | E::NoEntity(_) => SteerlabStatus::BadId,
        E::NotFinite(_) => SteerlabStatus::BadNumber,
        E::Count { .. } => SteerlabStatus::BufferTooShort,
    };
    fail(status, e.to_string())
}

/// The text of the last failure on the calling thread (empty before any): owned by steerlab,
/// valid until the calling thread's next failing call. Never null.
#[unsafe(no_mangle)]
pub extern "C" fn steerlab_last_error() -> *const c_char {
    handle::last_error()
}

/// The library's version, `"0.1.0"`: a static string, never freed.
#[unsafe(no_mangle)]
pub extern "C" fn steerlab_version() -> *const c_char {
    c"0.1.0".as_ptr()
}

/// How many behaviors there are: the length of a per-behavior force list.
#[unsafe(no_mangle)]
pub extern "C" fn steerlab_behavior_count() -> usize {
    BehaviorKind::COUNT
}

/// The key of behavior `k` (its field in a scene's group: `"seek"`, `"wander"`), into the
/// caller's `len` bytes at `out`; `needed` gets the bytes it takes with its NUL.
///
/// # Safety
/// `out` points at `len` writable bytes (or is null with `len` 0); `needed` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_behavior_key(
    k: usize,
    out: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> SteerlabStatus {
    guard(|| {
        let kind = BehaviorKind::ALL.get(k).ok_or_else(|| {
            fail(
                SteerlabStatus::BadArgument,
                format!("behavior {k}: there are {}", BehaviorKind::COUNT),
            )
        })?;
        // SAFETY: the caller's promise, passed on.
        unsafe { put_text(kind.field_name(), out, len, needed) }
    })
}

// ---- A whole world ----

/// A world of the scene `ron_text` (named `file_name` in messages), at tick 0, into `*out`.
/// Both strings are NUL-terminated UTF-8, the caller's, read during the call only. On
/// `STEERLAB_STATUS_INVALID_SCENE` the last error lists every problem, located.
///
/// # Safety
/// The strings are null or NUL-terminated; `out` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_new(
    ron_text: *const c_char,
    file_name: *const c_char,
    out: *mut *mut SteerlabWorld,
) -> SteerlabStatus {
    guard(|| {
        // SAFETY: the caller's promise, passed on.
        let (text, file) = unsafe { (text(ron_text, "ron_text")?, text(file_name, "file_name")?) };
        if out.is_null() {
            return Err(fail(SteerlabStatus::Null, "out is null"));
        }
        let scene = load(text, file)?;
        let world = scene.build_world().map_err(|p| problems(&p))?;
        let handle = Slot::leak(WorldState {
            played: Played::new(scene, world),
        })
        .cast::<SteerlabWorld>();
        // SAFETY: checked non-null above; the caller's promise: writable.
        unsafe { put(out, handle, "out") }
    })
}

/// Releases `world` (null: nothing to do). The handle must not be used again: a call with it
/// returns `STEERLAB_STATUS_BAD_HANDLE`, and so does freeing it twice.
///
/// # Safety
/// `world` is null or a handle `steerlab_world_new` gave.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_free(world: *mut SteerlabWorld) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    guard(|| unsafe { Slot::free(world_slot(world)) })
}

/// Runs `ticks` ticks (0 to 1,000,000).
///
/// # Safety
/// `world` is null or a handle `steerlab_world_new` gave.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_step(
    world: *mut SteerlabWorld,
    ticks: u64,
) -> SteerlabStatus {
    guard(|| {
        if ticks > 1_000_000 {
            return Err(fail(
                SteerlabStatus::BadNumber,
                format!("{ticks} ticks: at most 1,000,000 a call"),
            ));
        }
        // SAFETY: the caller's promise, passed on.
        unsafe {
            Slot::with(world_slot(world), |w| {
                w.played.run_mut().step_n(ticks);
                Ok(())
            })
        }
    })
}

/// Builds the world again from its scene: tick 0, the scene's seed and population.
///
/// # Safety
/// `world` is null or a handle `steerlab_world_new` gave.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_restart(world: *mut SteerlabWorld) -> SteerlabStatus {
    guard(|| {
        // SAFETY: the caller's promise, passed on.
        unsafe {
            Slot::with(world_slot(world), |w| {
                w.played.restart().map_err(|p| problems(&p))
            })
        }
    })
}

/// The ticks run so far, into `*out`.
///
/// # Safety
/// `world` is null or a handle `steerlab_world_new` gave; `out` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_tick(
    world: *mut SteerlabWorld,
    out: *mut u64,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    guard(|| unsafe {
        Slot::with(world_slot(world), |w| {
            put(out, w.played.run().tick(), "out")
        })
    })
}

/// The tick's length in seconds (the scene's `dt`), into `*out`: what a game's fixed step
/// should be.
///
/// # Safety
/// `world` is null or a handle `steerlab_world_new` gave; `out` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_dt(
    world: *mut SteerlabWorld,
    out: *mut f32,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    guard(|| unsafe {
        Slot::with(world_slot(world), |w| {
            put(out, w.played.run().spec().dt, "out")
        })
    })
}

/// The number of agents, into `*out`: the length (in agents) of every list below.
///
/// # Safety
/// `world` is null or a handle `steerlab_world_new` gave; `out` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_len(
    world: *mut SteerlabWorld,
    out: *mut usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    guard(|| unsafe {
        Slot::with(world_slot(world), |w| {
            put(out, w.played.run().agents().len(), "out")
        })
    })
}

/// Every agent's position, `[x0, y0, ...]` in id order, into the caller's `len` floats (at
/// least twice the number of agents).
///
/// # Safety
/// `world` is null or a handle `steerlab_world_new` gave; `out` points at `len` floats.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_positions(
    world: *mut SteerlabWorld,
    out: *mut f32,
    len: usize,
) -> SteerlabStatus {
    guard(|| {
        // SAFETY: the caller's promise, passed on.
        unsafe {
            Slot::with(world_slot(world), |w| {
                put_vectors(
                    out,
                    len,
                    w.played.run().agents().iter().map(|a| a.position),
                    "positions",
                )
            })
        }
    })
}

/// Every agent's velocity (world units a second), as `steerlab_world_positions`.
///
/// # Safety
/// As `steerlab_world_positions`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_velocities(
    world: *mut SteerlabWorld,
    out: *mut f32,
    len: usize,
) -> SteerlabStatus {
    guard(|| {
        // SAFETY: the caller's promise, passed on.
        unsafe {
            Slot::with(world_slot(world), |w| {
                put_vectors(
                    out,
                    len,
                    w.played.run().agents().iter().map(|a| a.velocity),
                    "velocities",
                )
            })
        }
    })
}

/// The force each agent felt on the last tick (applied: truncated to its group's `max_force`),
/// as `steerlab_world_positions`.
///
/// # Safety
/// As `steerlab_world_positions`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_forces(
    world: *mut SteerlabWorld,
    out: *mut f32,
    len: usize,
) -> SteerlabStatus {
    guard(|| {
        // SAFETY: the caller's promise, passed on.
        unsafe {
            Slot::with(world_slot(world), |w| {
                put_vectors(
                    out,
                    len,
                    w.played.run().records().iter().map(|r| r.applied),
                    "forces",
                )
            })
        }
    })
}

/// Every agent's id, in order, into the caller's `len` ids.
///
/// # Safety
/// `world` is null or a handle `steerlab_world_new` gave; `out` points at `len` ids.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_ids(
    world: *mut SteerlabWorld,
    out: *mut u32,
    len: usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    guard(|| unsafe {
        Slot::with(world_slot(world), |w| {
            put_all(
                out,
                len,
                w.played.run().agents().iter().map(|a| a.id),
                "ids",
            )
        })
    })
}

/// Every agent's group (an index into the scene's groups), into the caller's `len` groups.
///
/// # Safety
/// `world` is null or a handle `steerlab_world_new` gave; `out` points at `len` groups.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_groups(
    world: *mut SteerlabWorld,
    out: *mut u16,
    len: usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    guard(|| unsafe {
        Slot::with(world_slot(world), |w| {
            put_all(
                out,
                len,
                w.played.run().agents().iter().map(|a| a.group),
                "groups",
            )
        })
    })
}

/// Agent `id`'s force from each behavior on the last tick (weighted; zero for a behavior it did
/// not run), `[x, y]` per behavior in `steerlab_behavior_key` order, into the caller's `len`
/// floats (at least twice `steerlab_behavior_count()`).
///
/// # Safety
/// `world` is null or a handle `steerlab_world_new` gave; `out` points at `len` floats.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_behavior_forces(
    world: *mut SteerlabWorld,
    id: u32,
    out: *mut f32,
    len: usize,
) -> SteerlabStatus {
    guard(|| {
        // SAFETY: the caller's promise, passed on.
        unsafe {
            Slot::with(world_slot(world), |w| {
                let i =
                    w.played.run().index_of(id).ok_or_else(|| {
                        fail(SteerlabStatus::BadId, format!("no agent has id {id}"))
                    })?;
                let record = w.played.run().records().get(i).ok_or_else(|| {
                    fail(
                        SteerlabStatus::BadId,
                        format!("agent {id} has no record yet"),
                    )
                })?;
                put_vectors(
                    out,
                    len,
                    BehaviorKind::ALL.iter().map(|&k| record.force(k)),
                    "behavior forces",
                )
            })
        }
    })
}

// ---- The game's own entities ----

/// A crowd with no entities, steered by the groups, scenery and targets of the scene
/// `ron_text` (named `file_name` in messages), into `*out`. As `steerlab_world_new`.
///
/// # Safety
/// As `steerlab_world_new`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_new(
    ron_text: *const c_char,
    file_name: *const c_char,
    out: *mut *mut SteerlabCrowd,
) -> SteerlabStatus {
    guard(|| {
        // SAFETY: the caller's promise, passed on.
        let (text, file) = unsafe { (text(ron_text, "ron_text")?, text(file_name, "file_name")?) };
        if out.is_null() {
            return Err(fail(SteerlabStatus::Null, "out is null"));
        }
        let scene = load(text, file)?;
        let crowd = scene.build_crowd().map_err(|p| problems(&p))?;
        let spawns = Spawns::new(crowd.spec());
        let state = CrowdState {
            played: Played::new(scene, crowd),
            spawns,
            populated: false,
            newcomers: Vec::new(),
        };
        let handle = Slot::leak(state).cast::<SteerlabCrowd>();
        // SAFETY: checked non-null above; the caller's promise: writable.
        unsafe { put(out, handle, "out") }
    })
}

/// Releases `crowd` (null: nothing to do), as `steerlab_world_free`.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_free(crowd: *mut SteerlabCrowd) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    guard(|| unsafe { Slot::free(crowd_slot(crowd)) })
}

/// Runs `f` on the crowd of `crowd`.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave.
unsafe fn with_crowd(
    crowd: *mut SteerlabCrowd,
    f: impl FnOnce(&mut CrowdState) -> Outcome,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    guard(|| unsafe { Slot::with(crowd_slot(crowd), f) })
}

fn admit(c: &mut CrowdState, newcomers: &[Newcomer]) -> Outcome {
    c.newcomers.clear();
    for n in newcomers {
        let id = c.played.run_mut().admit(n).map_err(|e| crowd_error(&e))?;
        let group = c
            .played
            .run()
            .index_of(id)
            .map_or(0, |i| c.played.run().entities()[i].group);
        c.newcomers.push((id, group, n.position, n.velocity));
    }
    Ok(())
}

/// Brings in the scene's own population at time 0 (placed agents, each group's spawn) with ids
/// 0, 1, 2, ...; `*count` gets how many (read them with `steerlab_crowd_newcomers`). Once: a
/// second call returns `STEERLAB_STATUS_BAD_ARGUMENT`.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `count` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_populate(
    crowd: *mut SteerlabCrowd,
    count: *mut usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        with_crowd(crowd, |c| {
            if count.is_null() {
                return Err(fail(SteerlabStatus::Null, "count is null"));
            }
            if c.populated {
                return Err(fail(
                    SteerlabStatus::BadArgument,
                    "the scene's population is already in (populate once; due each tick)",
                ));
            }
            let newcomers = c.spawns.initial(c.played.run().spec());
            admit(c, &newcomers)?;
            c.populated = true;
            put(count, c.newcomers.len(), "count")
        })
    }
}

/// Brings in those of the scene's spawn queues due this tick (after populate, once a tick,
/// before `steerlab_crowd_steer`); `*count` gets how many, as `steerlab_crowd_populate`.
///
/// # Safety
/// As `steerlab_crowd_populate`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_due(
    crowd: *mut SteerlabCrowd,
    count: *mut usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        with_crowd(crowd, |c| {
            if count.is_null() {
                return Err(fail(SteerlabStatus::Null, "count is null"));
            }
            let newcomers = c.spawns.due(c.played.run().spec());
            admit(c, &newcomers)?;
            put(count, c.newcomers.len(), "count")
        })
    }
}

/// The entities the last populate or due brought in, into the caller's buffers of room for
/// `capacity` entities: ids, groups, positions and velocities (two floats each).
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `ids` and `groups` point at
/// `capacity` elements, `positions` and `velocities` at `2 * capacity` floats.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_newcomers(
    crowd: *mut SteerlabCrowd,
    ids: *mut u32,
    groups: *mut u16,
    positions: *mut f32,
    velocities: *mut f32,
    capacity: usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        with_crowd(crowd, |c| {
            let n = &c.newcomers;
            let floats = capacity.saturating_mul(2);
            // Every buffer checked before any is written.
            buffer(ids, capacity, n.len(), "ids")?;
            buffer(groups, capacity, n.len(), "groups")?;
            buffer(positions, floats, 2 * n.len(), "positions")?;
            buffer(velocities, floats, 2 * n.len(), "velocities")?;
            put_all(ids, capacity, n.iter().map(|e| e.0), "ids")?;
            put_all(groups, capacity, n.iter().map(|e| e.1), "groups")?;
            put_vectors(positions, floats, n.iter().map(|e| e.2), "positions")?;
            put_vectors(velocities, floats, n.iter().map(|e| e.3), "velocities")
        })
    }
}

/// Adds an entity of group `group` (an index into the scene's groups) at a position with a
/// velocity, with the next free id, into `*id`.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `id` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_add(
    crowd: *mut SteerlabCrowd,
    group: u16,
    x: f32,
    y: f32,
    vx: f32,
    vy: f32,
    id: *mut u32,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        with_crowd(crowd, |c| {
            if id.is_null() {
                return Err(fail(SteerlabStatus::Null, "id is null"));
            }
            let (p, v) = (finite(x, y, "position")?, finite(vx, vy, "velocity")?);
            let new = c
                .played
                .run_mut()
                .add(usize::from(group), p, v)
                .map_err(|e| crowd_error(&e))?;
            put(id, new, "id")
        })
    }
}

/// Adds an entity with the game's own id (refused when an entity has it).
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_insert(
    crowd: *mut SteerlabCrowd,
    id: u32,
    group: u16,
    x: f32,
    y: f32,
    vx: f32,
    vy: f32,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        with_crowd(crowd, |c| {
            let (p, v) = (finite(x, y, "position")?, finite(vx, vy, "velocity")?);
            c.played
                .run_mut()
                .insert(id, usize::from(group), p, v)
                .map_err(|e| crowd_error(&e))
        })
    }
}

/// Removes entity `id` (`STEERLAB_STATUS_BAD_ID` when no entity has it).
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_remove(
    crowd: *mut SteerlabCrowd,
    id: u32,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        with_crowd(crowd, |c| {
            if c.played.run_mut().remove(id) {
                Ok(())
            } else {
                Err(fail(
                    SteerlabStatus::BadId,
                    format!("no entity has id {id}"),
                ))
            }
        })
    }
}

/// The number of entities, into `*out`.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_len(
    crowd: *mut SteerlabCrowd,
    out: *mut usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe { with_crowd(crowd, |c| put(out, c.played.run().len(), "out")) }
}

/// The tick's length in seconds (the scene's `dt`), into `*out`: what a game's fixed step
/// should be, and what `steerlab_crowd_advance` integrates over.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_dt(
    crowd: *mut SteerlabCrowd,
    out: *mut f32,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe { with_crowd(crowd, |c| put(out, c.played.run().spec().dt, "out")) }
}

/// The number of `steer` calls so far, into `*out`.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_tick(
    crowd: *mut SteerlabCrowd,
    out: *mut u64,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe { with_crowd(crowd, |c| put(out, c.played.run().tick(), "out")) }
}

/// Every entity's id, in order, into the caller's `len` ids.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` points at `len` ids.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_ids(
    crowd: *mut SteerlabCrowd,
    out: *mut u32,
    len: usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        with_crowd(crowd, |c| {
            put_all(
                out,
                len,
                c.played.run().entities().iter().map(|a| a.id),
                "ids",
            )
        })
    }
}

/// Every entity's group, in id order, into the caller's `len` groups.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` points at `len` groups.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_groups(
    crowd: *mut SteerlabCrowd,
    out: *mut u16,
    len: usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        with_crowd(crowd, |c| {
            put_all(
                out,
                len,
                c.played.run().entities().iter().map(|a| a.group),
                "groups",
            )
        })
    }
}

/// Entity `id`'s position and velocity now.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_set_motion(
    crowd: *mut SteerlabCrowd,
    id: u32,
    x: f32,
    y: f32,
    vx: f32,
    vy: f32,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        with_crowd(crowd, |c| {
            let (p, v) = (finite(x, y, "position")?, finite(vx, vy, "velocity")?);
            c.played
                .run_mut()
                .set_motion(id, p, v)
                .map_err(|e| crowd_error(&e))
        })
    }
}

/// Every entity's position and velocity now, `count` entities in id order (the crowd's number
/// of entities): `positions` and `velocities` are `2 * count` floats each.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `positions` and `velocities` point at
/// `2 * count` readable floats.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_set_motions(
    crowd: *mut SteerlabCrowd,
    positions: *const f32,
    velocities: *const f32,
    count: usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        with_crowd(crowd, |c| {
            let n = c.played.run().len();
            if count != n {
                return Err(fail(
                    SteerlabStatus::BadArgument,
                    format!("{count} motions for {n} entities"),
                ));
            }
            // Read in place: a Vec2 is two f32s, with an f32's alignment (`_VEC2_IS_TWO_FLOATS`).
            let p = input(positions.cast::<Vec2>(), n, "positions")?;
            let v = input(velocities.cast::<Vec2>(), n, "velocities")?;
            c.played
                .run_mut()
                .set_motions(p, v)
                .map_err(|e| crowd_error(&e))
        })
    }
}

/// Every entity's force for this tick, from the motions last given.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_steer(crowd: *mut SteerlabCrowd) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        with_crowd(crowd, |c| {
            c.played.run_mut().steer();
            Ok(())
        })
    }
}

/// The forces of the last steer (applied: truncated to each group's `max_force`), `[fx0, fy0,
/// ...]` in id order, into the caller's `len` floats.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` points at `len` floats.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_forces(
    crowd: *mut SteerlabCrowd,
    out: *mut f32,
    len: usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        with_crowd(crowd, |c| {
            put_vectors(out, len, c.played.run().forces(), "forces")
        })
    }
}

/// Entity `id`'s force of the last steer, into `*fx`, `*fy`.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `fx` and `fy` are null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_force(
    crowd: *mut SteerlabCrowd,
    id: u32,
    fx: *mut f32,
    fy: *mut f32,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        with_crowd(crowd, |c| {
            if fx.is_null() || fy.is_null() {
                return Err(fail(SteerlabStatus::Null, "fx or fy is null"));
            }
            let f = c
                .played
                .run()
                .force(id)
                .ok_or_else(|| fail(SteerlabStatus::BadId, format!("no entity has id {id}")))?;
            put(fx, f.x, "fx")?;
            put(fy, f.y, "fy")
        })
    }
}

/// Entity `id`'s force from each behavior on the last steer, as
/// `steerlab_world_behavior_forces`.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` points at `len` floats.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_behavior_forces(
    crowd: *mut SteerlabCrowd,
    id: u32,
    out: *mut f32,
    len: usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        with_crowd(crowd, |c| {
            let i = c
                .played
                .run()
                .index_of(id)
                .ok_or_else(|| fail(SteerlabStatus::BadId, format!("no entity has id {id}")))?;
            let record = c.played.run().records().get(i).ok_or_else(|| {
                fail(
                    SteerlabStatus::BadId,
                    format!("entity {id} has not been steered yet"),
                )
            })?;
            put_vectors(
                out,
                len,
                BehaviorKind::ALL.iter().map(|&k| record.force(k)),
                "behavior forces",
            )
        })
    }
}

/// Moves the caller's arrays (positions and velocities of `count` entities in id order, the
/// crowd's number, changed in place) by the last forces as steerlab's world moves its agents:
/// the integration, each group's turn limit and the world's bounds. For a game without physics
/// of its own.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `positions` and `velocities` point at
/// `2 * count` writable floats.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_advance(
    crowd: *mut SteerlabCrowd,
    positions: *mut f32,
    velocities: *mut f32,
    count: usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        with_crowd(crowd, |c| {
            let n = c.played.run().len();
            if count != n {
                return Err(fail(
                    SteerlabStatus::BadArgument,
                    format!("{count} motions for {n} entities"),
                ));
            }
            let p = buffer(positions, 2 * count, 2 * n, "positions")?;
            let v = buffer(velocities, 2 * count, 2 * n, "velocities")?;
            for (i, (p, v)) in p.chunks_exact_mut(2).zip(v.chunks_exact_mut(2)).enumerate() {
                if let Some((np, nv)) =
                    c.played
                        .run()
                        .moved_from(i, Vec2::new(p[0], p[1]), Vec2::new(v[0], v[1]))
                {
                    p.copy_from_slice(&[np.x, np.y]);
                    v.copy_from_slice(&[nv.x, nv.y]);
                }
            }
            Ok(())
        })
    }
}

/// The blocks that add no force because their target is not there, one sentence a line, into
/// the caller's `len` bytes (empty text when every block has its target); `needed` gets the
/// bytes it takes with its NUL.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` points at `len` writable bytes;
/// `needed` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_unmet(
    crowd: *mut SteerlabCrowd,
    out: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        with_crowd(crowd, |c| {
            let lines: Vec<String> = c
                .played
                .run()
                .unmet()
                .iter()
                .map(ToString::to_string)
                .collect();
            put_text(&lines.join("\n"), out, len, needed)
        })
    }
}

/// Threads the crowd's steer uses: 0 for every core, 1 for the calling thread alone (the
/// forces are the same bits either way).
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_set_threads(
    crowd: *mut SteerlabCrowd,
    threads: u32,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        with_crowd(crowd, |c| {
            c.played
                .run_mut()
                .set_threads(threads as usize)
                .map_err(|e| fail(SteerlabStatus::BadArgument, e.to_string()))
        })
    }
}

// ---- What both hold: the scene, to draw and to change ----

/// What a world handle and a crowd handle share: a scene and the run it drives.
trait Scened {
    type Run: Retune;
    fn played(&mut self) -> &mut Played<Self::Run>;
    fn scene(&mut self) -> &Scene {
        self.played().scene()
    }
}

impl Scened for WorldState {
    type Run = World;
    fn played(&mut self) -> &mut Played<World> {
        &mut self.played
    }
}

impl Scened for CrowdState {
    type Run = Crowd;
    fn played(&mut self) -> &mut Played<Crowd> {
        &mut self.played
    }
}

/// A refused change as a status: a path or value that is wrong is a bad argument, a scene that
/// does not check an invalid scene.
fn refused(r: ChangeRefused) -> Failure {
    match r {
        ChangeRefused::Change(why) => fail(SteerlabStatus::BadArgument, why),
        ChangeRefused::Scene(p) => problems(&p),
    }
}

/// The walls to draw: the scene's own, then every edge of its level.
fn walls(scene: &Scene) -> Vec<Vec2> {
    scene.walls_to_draw().flat_map(|w| [w.from, w.to]).collect()
}

/// What both handles' scene functions do, on a slot of either kind.
mod over_scene {
    use super::{
        Outcome, Scened, Slot, SteerlabStatus, c_char, fail, finite, floats_out, guard,
        handle::Kind, points_out, put, put_text, refused, text, walls,
    };

    /// Runs `f` on the scene holder behind `slot`, as a status.
    ///
    /// # Safety
    /// `slot` is null or a handle of a kind.
    pub unsafe fn on<S: Scened + Kind>(
        slot: *mut Slot<S>,
        f: impl FnOnce(&mut S) -> Outcome,
    ) -> SteerlabStatus {
        // SAFETY: the caller's promise, passed on.
        guard(|| unsafe { Slot::with(slot, f) })
    }

    pub fn group_count<S: Scened>(s: &mut S, out: *mut usize) -> Outcome {
        // SAFETY: the exported function's promise: `out` null or writable.
        unsafe { put(out, s.scene().groups.len(), "out") }
    }

    pub fn group_name<S: Scened>(
        s: &mut S,
        k: usize,
        out: *mut c_char,
        len: usize,
        needed: *mut usize,
    ) -> Outcome {
        let groups = &s.scene().groups;
        let g = groups.get(k).ok_or_else(|| {
            fail(
                SteerlabStatus::BadArgument,
                format!("group {k}: the scene has {}", groups.len()),
            )
        })?;
        // SAFETY: the exported function's promise: `out` holds `len` bytes, `needed` null or writable.
        unsafe { put_text(&g.name, out, len, needed) }
    }

    pub fn size<S: Scened>(s: &mut S, width: *mut f32, height: *mut f32) -> Outcome {
        if width.is_null() || height.is_null() {
            return Err(fail(SteerlabStatus::Null, "width or height is null"));
        }
        // SAFETY: checked non-null; the exported function's promise: writable.
        unsafe {
            put(width, s.scene().world.width, "width")?;
            put(height, s.scene().world.height, "height")
        }
    }

    pub fn walls_of<S: Scened>(
        s: &mut S,
        out: *mut f32,
        len: usize,
        needed: *mut usize,
    ) -> Outcome {
        // SAFETY: the exported function's promise: `out` holds `len` floats, `needed` null or writable.
        unsafe { points_out(&walls(s.scene()), out, len, needed) }
    }

    pub fn outline<S: Scened>(s: &mut S, out: *mut f32, len: usize, needed: *mut usize) -> Outcome {
        // SAFETY: as in `walls_of`.
        unsafe { points_out(&s.scene().level.boundary, out, len, needed) }
    }

    pub fn block_count<S: Scened>(s: &mut S, out: *mut usize) -> Outcome {
        // SAFETY: as in `group_count`.
        unsafe { put(out, s.scene().level.holes.len(), "out") }
    }

    pub fn block<S: Scened>(
        s: &mut S,
        k: usize,
        out: *mut f32,
        len: usize,
        needed: *mut usize,
    ) -> Outcome {
        let holes = &s.scene().level.holes;
        let block = holes.get(k).ok_or_else(|| {
            fail(
                SteerlabStatus::BadArgument,
                format!("block {k}: the level has {}", holes.len()),
            )
        })?;
        // SAFETY: as in `walls_of`.
        unsafe { points_out(block, out, len, needed) }
    }

    pub fn obstacles<S: Scened>(
        s: &mut S,
        out: *mut f32,
        len: usize,
        needed: *mut usize,
    ) -> Outcome {
        let all: Vec<f32> = s
            .scene()
            .obstacles
            .iter()
            .flat_map(|o| [o.center.x, o.center.y, o.radius])
            .collect();
        // SAFETY: as in `walls_of`.
        unsafe { floats_out(&all, out, len, needed) }
    }

    pub fn set<S: Scened>(s: &mut S, path: *const c_char, value: f64) -> Outcome {
        // SAFETY: the exported function's promise: `path` null or NUL-terminated.
        let path = unsafe { text(path, "path") }?;
        s.played().set_number(path, value).map_err(refused)
    }

    pub fn set_target<S: Scened>(s: &mut S, path: *const c_char, target: *const c_char) -> Outcome {
        // SAFETY: the exported function's promise: both null or NUL-terminated.
        let (path, target) = unsafe { (text(path, "path")?, text(target, "target")?) };
        s.played().set_target(path, target).map_err(refused)
    }

    pub fn pointer<S: Scened>(s: &mut S, at: Option<(f32, f32)>) -> Outcome {
        let p = at.map(|(x, y)| finite(x, y, "the pointer")).transpose()?;
        s.played().set_pointer(p);
        Ok(())
    }

    pub fn click<S: Scened>(s: &mut S, x: f32, y: f32) -> Outcome {
        s.played().set_click(finite(x, y, "the click target")?);
        Ok(())
    }
}

/// Points as floats into the caller's buffer, with the floats needed.
///
/// # Safety
/// `out` points at `len` floats; `needed` is null or writable.
unsafe fn points_out(points: &[Vec2], out: *mut f32, len: usize, needed: *mut usize) -> Outcome {
    let all: Vec<f32> = points.iter().flat_map(|p| [p.x, p.y]).collect();
    // SAFETY: the caller's promise, passed on.
    unsafe { floats_out(&all, out, len, needed) }
}

/// Floats into the caller's buffer, with the floats needed.
///
/// # Safety
/// `out` points at `len` floats; `needed` is null or writable.
unsafe fn floats_out(all: &[f32], out: *mut f32, len: usize, needed: *mut usize) -> Outcome {
    if !needed.is_null() {
        // SAFETY: the caller's promise: writable.
        unsafe { needed.write(all.len()) };
    }
    // SAFETY: the caller's promise, passed on.
    let buf = unsafe { buffer(out, len, all.len(), "the buffer") }?;
    buf.copy_from_slice(all);
    Ok(())
}

// ---- Both handles' scene, one by one (cbindgen reads functions, not macros) ----

/// The number of the scene's groups, into `*out`.
///
/// # Safety
/// `world` is null or a handle `steerlab_world_new` gave; `out` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_group_count(
    world: *mut SteerlabWorld,
    out: *mut usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe { over_scene::on(world_slot(world), |s| over_scene::group_count(s, out)) }
}

/// Group `k`'s name (`k` from 0 to the group count), into the caller's `len` bytes; `needed`
/// gets the bytes it takes with its NUL.
///
/// # Safety
/// `world` is null or a handle `steerlab_world_new` gave; `out` points at `len` writable bytes; `needed` is
/// null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_group_name(
    world: *mut SteerlabWorld,
    k: usize,
    out: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        over_scene::on(world_slot(world), |s| {
            over_scene::group_name(s, k, out, len, needed)
        })
    }
}

/// The world's width and height (world units), into `*width` and `*height`.
///
/// # Safety
/// `world` is null or a handle `steerlab_world_new` gave; `width` and `height` are null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_size(
    world: *mut SteerlabWorld,
    width: *mut f32,
    height: *mut f32,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe { over_scene::on(world_slot(world), |s| over_scene::size(s, width, height)) }
}

/// The walls to draw, `[x0, y0, x1, y1, ...]` one segment after another (the scene's own, then
/// every edge of its level), into the caller's `len` floats; `needed` gets the floats it takes
/// (call with `len` 0 to learn it).
///
/// # Safety
/// `world` is null or a handle `steerlab_world_new` gave; `out` points at `len` floats; `needed` is null or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_walls(
    world: *mut SteerlabWorld,
    out: *mut f32,
    len: usize,
    needed: *mut usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        over_scene::on(world_slot(world), |s| {
            over_scene::walls_of(s, out, len, needed)
        })
    }
}

/// The level's outline, `[x0, y0, ...]` corner by corner (none: the world's rectangle), as
/// `steerlab_world_walls` gives the walls.
///
/// # Safety
/// As `steerlab_world_walls`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_level_outline(
    world: *mut SteerlabWorld,
    out: *mut f32,
    len: usize,
    needed: *mut usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        over_scene::on(world_slot(world), |s| {
            over_scene::outline(s, out, len, needed)
        })
    }
}

/// How many blocks of wall the level has, into `*out`.
///
/// # Safety
/// `world` is null or a handle `steerlab_world_new` gave; `out` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_level_block_count(
    world: *mut SteerlabWorld,
    out: *mut usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe { over_scene::on(world_slot(world), |s| over_scene::block_count(s, out)) }
}

/// The level's block `k`, `[x0, y0, ...]` corner by corner, as `steerlab_world_walls` gives the
/// walls.
///
/// # Safety
/// As `steerlab_world_walls`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_level_block(
    world: *mut SteerlabWorld,
    k: usize,
    out: *mut f32,
    len: usize,
    needed: *mut usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        over_scene::on(world_slot(world), |s| {
            over_scene::block(s, k, out, len, needed)
        })
    }
}

/// The obstacles, `[x, y, radius, ...]`, as `steerlab_world_walls` gives the walls.
///
/// # Safety
/// As `steerlab_world_walls`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_obstacles(
    world: *mut SteerlabWorld,
    out: *mut f32,
    len: usize,
    needed: *mut usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        over_scene::on(world_slot(world), |s| {
            over_scene::obstacles(s, out, len, needed)
        })
    }
}

/// Sets the number at `path` (`"groups[0].max_speed"`) to `value` from the next tick, checked as
/// a scene file is: refused whole, changing nothing, on a path that names no number (the
/// message gives the nearest that does) or a value out of its range.
///
/// # Safety
/// `world` is null or a handle `steerlab_world_new` gave; `path` is null or NUL-terminated.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_set(
    world: *mut SteerlabWorld,
    path: *const c_char,
    value: f64,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe { over_scene::on(world_slot(world), |s| over_scene::set(s, path, value)) }
}

/// Sets the target at `path` (`"groups[0].seek.target"`) to `target`, written as in a scene
/// file (`"Point((400, 300))"`, `"Pointer"`, `"Agent(3)"`, `"Nearest(\"prey\")"`), refused whole
/// as `steerlab_world_set` is.
///
/// # Safety
/// `world` is null or a handle `steerlab_world_new` gave; `path` and `target` are null or NUL-terminated.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_set_target(
    world: *mut SteerlabWorld,
    path: *const c_char,
    target: *const c_char,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        over_scene::on(world_slot(world), |s| {
            over_scene::set_target(s, path, target)
        })
    }
}

/// The pointer, for the blocks that target it.
///
/// # Safety
/// `world` is null or a handle `steerlab_world_new` gave.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_set_pointer(
    world: *mut SteerlabWorld,
    x: f32,
    y: f32,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe { over_scene::on(world_slot(world), |s| over_scene::pointer(s, Some((x, y)))) }
}

/// No pointer (off the screen): the blocks that target it add nothing.
///
/// # Safety
/// `world` is null or a handle `steerlab_world_new` gave.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_clear_pointer(world: *mut SteerlabWorld) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe { over_scene::on(world_slot(world), |s| over_scene::pointer(s, None)) }
}

/// The click target.
///
/// # Safety
/// `world` is null or a handle `steerlab_world_new` gave.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_world_set_click(
    world: *mut SteerlabWorld,
    x: f32,
    y: f32,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe { over_scene::on(world_slot(world), |s| over_scene::click(s, x, y)) }
}

/// The number of the scene's groups, into `*out`.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_group_count(
    crowd: *mut SteerlabCrowd,
    out: *mut usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe { over_scene::on(crowd_slot(crowd), |s| over_scene::group_count(s, out)) }
}

/// Group `k`'s name (`k` from 0 to the group count), into the caller's `len` bytes; `needed`
/// gets the bytes it takes with its NUL.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` points at `len` writable bytes; `needed` is
/// null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_group_name(
    crowd: *mut SteerlabCrowd,
    k: usize,
    out: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        over_scene::on(crowd_slot(crowd), |s| {
            over_scene::group_name(s, k, out, len, needed)
        })
    }
}

/// The world's width and height (world units), into `*width` and `*height`.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `width` and `height` are null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_size(
    crowd: *mut SteerlabCrowd,
    width: *mut f32,
    height: *mut f32,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe { over_scene::on(crowd_slot(crowd), |s| over_scene::size(s, width, height)) }
}

/// The walls to draw, `[x0, y0, x1, y1, ...]` one segment after another (the scene's own, then
/// every edge of its level), into the caller's `len` floats; `needed` gets the floats it takes
/// (call with `len` 0 to learn it).
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` points at `len` floats; `needed` is null or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_walls(
    crowd: *mut SteerlabCrowd,
    out: *mut f32,
    len: usize,
    needed: *mut usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        over_scene::on(crowd_slot(crowd), |s| {
            over_scene::walls_of(s, out, len, needed)
        })
    }
}

/// The level's outline, `[x0, y0, ...]` corner by corner (none: the world's rectangle), as
/// `steerlab_crowd_walls` gives the walls.
///
/// # Safety
/// As `steerlab_crowd_walls`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_level_outline(
    crowd: *mut SteerlabCrowd,
    out: *mut f32,
    len: usize,
    needed: *mut usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        over_scene::on(crowd_slot(crowd), |s| {
            over_scene::outline(s, out, len, needed)
        })
    }
}

/// How many blocks of wall the level has, into `*out`.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_level_block_count(
    crowd: *mut SteerlabCrowd,
    out: *mut usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe { over_scene::on(crowd_slot(crowd), |s| over_scene::block_count(s, out)) }
}

/// The level's block `k`, `[x0, y0, ...]` corner by corner, as `steerlab_crowd_walls` gives the
/// walls.
///
/// # Safety
/// As `steerlab_crowd_walls`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_level_block(
    crowd: *mut SteerlabCrowd,
    k: usize,
    out: *mut f32,
    len: usize,
    needed: *mut usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        over_scene::on(crowd_slot(crowd), |s| {
            over_scene::block(s, k, out, len, needed)
        })
    }
}

/// The obstacles, `[x, y, radius, ...]`, as `steerlab_crowd_walls` gives the walls.
///
/// # Safety
/// As `steerlab_crowd_walls`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_obstacles(
    crowd: *mut SteerlabCrowd,
    out: *mut f32,
    len: usize,
    needed: *mut usize,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        over_scene::on(crowd_slot(crowd), |s| {
            over_scene::obstacles(s, out, len, needed)
        })
    }
}

/// Sets the number at `path` (`"groups[0].max_speed"`) to `value` from the next tick, checked as
/// a scene file is: refused whole, changing nothing, on a path that names no number (the
/// message gives the nearest that does) or a value out of its range.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `path` is null or NUL-terminated.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_set(
    crowd: *mut SteerlabCrowd,
    path: *const c_char,
    value: f64,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe { over_scene::on(crowd_slot(crowd), |s| over_scene::set(s, path, value)) }
}

/// Sets the target at `path` (`"groups[0].seek.target"`) to `target`, written as in a scene
/// file (`"Point((400, 300))"`, `"Pointer"`, `"Agent(3)"`, `"Nearest(\"prey\")"`), refused whole
/// as `steerlab_crowd_set` is.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave; `path` and `target` are null or NUL-terminated.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_set_target(
    crowd: *mut SteerlabCrowd,
    path: *const c_char,
    target: *const c_char,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        over_scene::on(crowd_slot(crowd), |s| {
            over_scene::set_target(s, path, target)
        })
    }
}

/// The pointer, for the blocks that target it.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_set_pointer(
    crowd: *mut SteerlabCrowd,
    x: f32,
    y: f32,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe { over_scene::on(crowd_slot(crowd), |s| over_scene::pointer(s, Some((x, y)))) }
}

/// No pointer (off the screen): the blocks that target it add nothing.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_clear_pointer(crowd: *mut SteerlabCrowd) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe { over_scene::on(crowd_slot(crowd), |s| over_scene::pointer(s, None)) }
}

/// The click target.
///
/// # Safety
/// `crowd` is null or a handle `steerlab_crowd_new` gave.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn steerlab_crowd_set_click(
    crowd: *mut SteerlabCrowd,
    x: f32,
    y: f32,
) -> SteerlabStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe { over_scene::on(crowd_slot(crowd), |s| over_scene::click(s, x, y)) }
}
