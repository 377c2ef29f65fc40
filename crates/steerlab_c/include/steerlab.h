/* steerlab's C interface. Generated from crates/steerlab_c/src by cbindgen: do not edit.
 * Building and loading it, from C, C++, C# (Unity) and Godot: docs/engines.md.
 *
 * Status: every function returns a SteerlabStatus, STEERLAB_STATUS_OK (0) when done. On any
 * other status it has changed nothing, and steerlab_last_error() says what and why.
 *
 * Ownership: the caller owns a handle from steerlab_world_new or steerlab_crowd_new until it
 * passes it to steerlab_world_free or steerlab_crowd_free; a freed handle is refused, never
 * undefined. Strings and buffers passed in stay the caller's, read or written during the call
 * only; a buffer comes with its length in elements, and one too short is refused unwritten.
 * steerlab_last_error() and steerlab_version() return text steerlab owns: never free it.
 *
 * Threads: a handle may be used from any thread, one call at a time; a call made while another
 * thread is in a call on the same handle returns STEERLAB_STATUS_BUSY. Different handles are
 * independent. The last error is per thread.
 *
 * Vectors are float pairs [x0, y0, x1, y1, ...] in id order, in world units with y down; ids
 * are uint32_t, groups uint16_t (an index into the scene's groups). */

#ifndef STEERLAB_H
#define STEERLAB_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

// What a call did: `STEERLAB_STATUS_OK` (0), or why it did nothing. The message of the last
// failure on the calling thread says more (`steerlab_last_error`).
typedef enum SteerlabStatus {
  // Done.
  STEERLAB_STATUS_OK = 0,
  // A scene that does not load or does not check; the message has every problem, located
  // (file, line, column, field) as `steerlab validate` prints them.
  STEERLAB_STATUS_INVALID_SCENE = 1,
  // A null handle or a null pointer where one is needed.
  STEERLAB_STATUS_NULL = 2,
  // A handle already freed, or a handle of the other kind (a world's given for a crowd's).
  STEERLAB_STATUS_BAD_HANDLE = 3,
  // Another thread is in a call on the same handle.
  STEERLAB_STATUS_BUSY = 4,
  // A buffer shorter than what the call writes; nothing was written.
  STEERLAB_STATUS_BUFFER_TOO_SHORT = 5,
  // A number that is not finite, or a count out of range.
  STEERLAB_STATUS_BAD_NUMBER = 6,
  // An entity id the crowd does not hold, or one it already holds.
  STEERLAB_STATUS_BAD_ID = 7,
  // Any other argument refused (a group the scene lacks, a field path, a target, text that
  // is not UTF-8); the message says which and why.
  STEERLAB_STATUS_BAD_ARGUMENT = 8,
  // steerlab failed inside (a bug): caught before it reached the caller; the message says
  // where. The handle may be used again.
  STEERLAB_STATUS_INTERNAL = 9,
} SteerlabStatus;

// The game's own entities steered by a scene's groups (opaque): made by `steerlab_crowd_new`,
// released by `steerlab_crowd_free`.
typedef struct SteerlabCrowd SteerlabCrowd;

// A scene's whole world (opaque): made by `steerlab_world_new`, released by
// `steerlab_world_free`.
typedef struct SteerlabWorld SteerlabWorld;

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

// The text of the last failure on the calling thread (empty before any): owned by steerlab,
// valid until the calling thread's next failing call. Never null.
const char *steerlab_last_error(void);

// The library's version, `"0.1.0"`: a static string, never freed.
const char *steerlab_version(void);

// How many behaviors there are: the length of a per-behavior force list.
size_t steerlab_behavior_count(void);

// The key of behavior `k` (its field in a scene's group: `"seek"`, `"wander"`), into the
// caller's `len` bytes at `out`; `needed` gets the bytes it takes with its NUL.
//
// # Safety
// `out` points at `len` writable bytes (or is null with `len` 0); `needed` is null or writable.
enum SteerlabStatus steerlab_behavior_key(size_t k, char *out, size_t len, size_t *needed);

// A world of the scene `ron_text` (named `file_name` in messages), at tick 0, into `*out`.
// Both strings are NUL-terminated UTF-8, the caller's, read during the call only. On
// `STEERLAB_STATUS_INVALID_SCENE` the last error lists every problem, located.
//
// # Safety
// The strings are null or NUL-terminated; `out` is null or writable.
enum SteerlabStatus steerlab_world_new(const char *ron_text,
                                       const char *file_name,
                                       struct SteerlabWorld **out);

// Releases `world` (null: nothing to do). The handle must not be used again: a call with it
// returns `STEERLAB_STATUS_BAD_HANDLE`, and so does freeing it twice.
//
// # Safety
// `world` is null or a handle `steerlab_world_new` gave.
enum SteerlabStatus steerlab_world_free(struct SteerlabWorld *world);

// Runs `ticks` ticks (0 to 1,000,000).
//
// # Safety
// `world` is null or a handle `steerlab_world_new` gave.
enum SteerlabStatus steerlab_world_step(struct SteerlabWorld *world, uint64_t ticks);

// Builds the world again from its scene: tick 0, the scene's seed and population.
//
// # Safety
// `world` is null or a handle `steerlab_world_new` gave.
enum SteerlabStatus steerlab_world_restart(struct SteerlabWorld *world);

// The ticks run so far, into `*out`.
//
// # Safety
// `world` is null or a handle `steerlab_world_new` gave; `out` is null or writable.
enum SteerlabStatus steerlab_world_tick(struct SteerlabWorld *world, uint64_t *out);

// The tick's length in seconds (the scene's `dt`), into `*out`: what a game's fixed step
// should be.
//
// # Safety
// `world` is null or a handle `steerlab_world_new` gave; `out` is null or writable.
enum SteerlabStatus steerlab_world_dt(struct SteerlabWorld *world, float *out);

// The number of agents, into `*out`: the length (in agents) of every list below.
//
// # Safety
// `world` is null or a handle `steerlab_world_new` gave; `out` is null or writable.
enum SteerlabStatus steerlab_world_len(struct SteerlabWorld *world, size_t *out);

// Every agent's position, `[x0, y0, ...]` in id order, into the caller's `len` floats (at
// least twice the number of agents).
//
// # Safety
// `world` is null or a handle `steerlab_world_new` gave; `out` points at `len` floats.
enum SteerlabStatus steerlab_world_positions(struct SteerlabWorld *world, float *out, size_t len);

// Every agent's velocity (world units a second), as `steerlab_world_positions`.
//
// # Safety
// As `steerlab_world_positions`.
enum SteerlabStatus steerlab_world_velocities(struct SteerlabWorld *world, float *out, size_t len);

// The force each agent felt on the last tick (applied: truncated to its group's `max_force`),
// as `steerlab_world_positions`.
//
// # Safety
// As `steerlab_world_positions`.
enum SteerlabStatus steerlab_world_forces(struct SteerlabWorld *world, float *out, size_t len);

// Every agent's id, in order, into the caller's `len` ids.
//
// # Safety
// `world` is null or a handle `steerlab_world_new` gave; `out` points at `len` ids.
enum SteerlabStatus steerlab_world_ids(struct SteerlabWorld *world, uint32_t *out, size_t len);

// Every agent's group (an index into the scene's groups), into the caller's `len` groups.
//
// # Safety
// `world` is null or a handle `steerlab_world_new` gave; `out` points at `len` groups.
enum SteerlabStatus steerlab_world_groups(struct SteerlabWorld *world, uint16_t *out, size_t len);

// Agent `id`'s force from each behavior on the last tick (weighted; zero for a behavior it did
// not run), `[x, y]` per behavior in `steerlab_behavior_key` order, into the caller's `len`
// floats (at least twice `steerlab_behavior_count()`).
//
// # Safety
// `world` is null or a handle `steerlab_world_new` gave; `out` points at `len` floats.
enum SteerlabStatus steerlab_world_behavior_forces(struct SteerlabWorld *world,
                                                   uint32_t id,
                                                   float *out,
                                                   size_t len);

// A crowd with no entities, steered by the groups, scenery and targets of the scene
// `ron_text` (named `file_name` in messages), into `*out`. As `steerlab_world_new`.
//
// # Safety
// As `steerlab_world_new`.
enum SteerlabStatus steerlab_crowd_new(const char *ron_text,
                                       const char *file_name,
                                       struct SteerlabCrowd **out);

// Releases `crowd` (null: nothing to do), as `steerlab_world_free`.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave.
enum SteerlabStatus steerlab_crowd_free(struct SteerlabCrowd *crowd);

// Brings in the scene's own population at time 0 (placed agents, each group's spawn) with ids
// 0, 1, 2, ...; `*count` gets how many (read them with `steerlab_crowd_newcomers`). Once: a
// second call returns `STEERLAB_STATUS_BAD_ARGUMENT`.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `count` is null or writable.
enum SteerlabStatus steerlab_crowd_populate(struct SteerlabCrowd *crowd, size_t *count);

// Brings in those of the scene's spawn queues due this tick (after populate, once a tick,
// before `steerlab_crowd_steer`); `*count` gets how many, as `steerlab_crowd_populate`.
//
// # Safety
// As `steerlab_crowd_populate`.
enum SteerlabStatus steerlab_crowd_due(struct SteerlabCrowd *crowd, size_t *count);

// The entities the last populate or due brought in, into the caller's buffers of room for
// `capacity` entities: ids, groups, positions and velocities (two floats each).
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `ids` and `groups` point at
// `capacity` elements, `positions` and `velocities` at `2 * capacity` floats.
enum SteerlabStatus steerlab_crowd_newcomers(struct SteerlabCrowd *crowd,
                                             uint32_t *ids,
                                             uint16_t *groups,
                                             float *positions,
                                             float *velocities,
                                             size_t capacity);

// Adds an entity of group `group` (an index into the scene's groups) at a position with a
// velocity, with the next free id, into `*id`.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `id` is null or writable.
enum SteerlabStatus steerlab_crowd_add(struct SteerlabCrowd *crowd,
                                       uint16_t group,
                                       float x,
                                       float y,
                                       float vx,
                                       float vy,
                                       uint32_t *id);

// Adds an entity with the game's own id (refused when an entity has it).
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave.
enum SteerlabStatus steerlab_crowd_insert(struct SteerlabCrowd *crowd,
                                          uint32_t id,
                                          uint16_t group,
                                          float x,
                                          float y,
                                          float vx,
                                          float vy);

// Removes entity `id` (`STEERLAB_STATUS_BAD_ID` when no entity has it).
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave.
enum SteerlabStatus steerlab_crowd_remove(struct SteerlabCrowd *crowd, uint32_t id);

// The number of entities, into `*out`.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` is null or writable.
enum SteerlabStatus steerlab_crowd_len(struct SteerlabCrowd *crowd, size_t *out);

// The tick's length in seconds (the scene's `dt`), into `*out`: what a game's fixed step
// should be, and what `steerlab_crowd_advance` integrates over.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` is null or writable.
enum SteerlabStatus steerlab_crowd_dt(struct SteerlabCrowd *crowd, float *out);

// The number of `steer` calls so far, into `*out`.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` is null or writable.
enum SteerlabStatus steerlab_crowd_tick(struct SteerlabCrowd *crowd, uint64_t *out);

// Every entity's id, in order, into the caller's `len` ids.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` points at `len` ids.
enum SteerlabStatus steerlab_crowd_ids(struct SteerlabCrowd *crowd, uint32_t *out, size_t len);

// Every entity's group, in id order, into the caller's `len` groups.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` points at `len` groups.
enum SteerlabStatus steerlab_crowd_groups(struct SteerlabCrowd *crowd, uint16_t *out, size_t len);

// Entity `id`'s position and velocity now.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave.
enum SteerlabStatus steerlab_crowd_set_motion(struct SteerlabCrowd *crowd,
                                              uint32_t id,
                                              float x,
                                              float y,
                                              float vx,
                                              float vy);

// Every entity's position and velocity now, `count` entities in id order (the crowd's number
// of entities): `positions` and `velocities` are `2 * count` floats each.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `positions` and `velocities` point at
// `2 * count` readable floats.
enum SteerlabStatus steerlab_crowd_set_motions(struct SteerlabCrowd *crowd,
                                               const float *positions,
                                               const float *velocities,
                                               size_t count);

// Every entity's force for this tick, from the motions last given.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave.
enum SteerlabStatus steerlab_crowd_steer(struct SteerlabCrowd *crowd);

// The forces of the last steer (applied: truncated to each group's `max_force`), `[fx0, fy0,
// ...]` in id order, into the caller's `len` floats.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` points at `len` floats.
enum SteerlabStatus steerlab_crowd_forces(struct SteerlabCrowd *crowd, float *out, size_t len);

// Entity `id`'s force of the last steer, into `*fx`, `*fy`.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `fx` and `fy` are null or writable.
enum SteerlabStatus steerlab_crowd_force(struct SteerlabCrowd *crowd,
                                         uint32_t id,
                                         float *fx,
                                         float *fy);

// Entity `id`'s force from each behavior on the last steer, as
// `steerlab_world_behavior_forces`.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` points at `len` floats.
enum SteerlabStatus steerlab_crowd_behavior_forces(struct SteerlabCrowd *crowd,
                                                   uint32_t id,
                                                   float *out,
                                                   size_t len);

// Moves the caller's arrays (positions and velocities of `count` entities in id order, the
// crowd's number, changed in place) by the last forces as steerlab's world moves its agents:
// the integration, each group's turn limit and the world's bounds. For a game without physics
// of its own.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `positions` and `velocities` point at
// `2 * count` writable floats.
enum SteerlabStatus steerlab_crowd_advance(struct SteerlabCrowd *crowd,
                                           float *positions,
                                           float *velocities,
                                           size_t count);

// The blocks that add no force because their target is not there, one sentence a line, into
// the caller's `len` bytes (empty text when every block has its target); `needed` gets the
// bytes it takes with its NUL.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` points at `len` writable bytes;
// `needed` is null or writable.
enum SteerlabStatus steerlab_crowd_unmet(struct SteerlabCrowd *crowd,
                                         char *out,
                                         size_t len,
                                         size_t *needed);

// Threads the crowd's steer uses: 0 for every core, 1 for the calling thread alone (the
// forces are the same bits either way).
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave.
enum SteerlabStatus steerlab_crowd_set_threads(struct SteerlabCrowd *crowd, uint32_t threads);

// The number of the scene's groups, into `*out`.
//
// # Safety
// `world` is null or a handle `steerlab_world_new` gave; `out` is null or writable.
enum SteerlabStatus steerlab_world_group_count(struct SteerlabWorld *world, size_t *out);

// Group `k`'s name (`k` from 0 to the group count), into the caller's `len` bytes; `needed`
// gets the bytes it takes with its NUL.
//
// # Safety
// `world` is null or a handle `steerlab_world_new` gave; `out` points at `len` writable bytes; `needed` is
// null or writable.
enum SteerlabStatus steerlab_world_group_name(struct SteerlabWorld *world,
                                              size_t k,
                                              char *out,
                                              size_t len,
                                              size_t *needed);

// The world's width and height (world units), into `*width` and `*height`.
//
// # Safety
// `world` is null or a handle `steerlab_world_new` gave; `width` and `height` are null or writable.
enum SteerlabStatus steerlab_world_size(struct SteerlabWorld *world, float *width, float *height);

// The walls to draw, `[x0, y0, x1, y1, ...]` one segment after another (the scene's own, then
// every edge of its level), into the caller's `len` floats; `needed` gets the floats it takes
// (call with `len` 0 to learn it).
//
// # Safety
// `world` is null or a handle `steerlab_world_new` gave; `out` points at `len` floats; `needed` is null or
// writable.
enum SteerlabStatus steerlab_world_walls(struct SteerlabWorld *world,
                                         float *out,
                                         size_t len,
                                         size_t *needed);

// The level's outline, `[x0, y0, ...]` corner by corner (none: the world's rectangle), as
// `steerlab_world_walls` gives the walls.
//
// # Safety
// As `steerlab_world_walls`.
enum SteerlabStatus steerlab_world_level_outline(struct SteerlabWorld *world,
                                                 float *out,
                                                 size_t len,
                                                 size_t *needed);

// How many blocks of wall the level has, into `*out`.
//
// # Safety
// `world` is null or a handle `steerlab_world_new` gave; `out` is null or writable.
enum SteerlabStatus steerlab_world_level_block_count(struct SteerlabWorld *world, size_t *out);

// The level's block `k`, `[x0, y0, ...]` corner by corner, as `steerlab_world_walls` gives the
// walls.
//
// # Safety
// As `steerlab_world_walls`.
enum SteerlabStatus steerlab_world_level_block(struct SteerlabWorld *world,
                                               size_t k,
                                               float *out,
                                               size_t len,
                                               size_t *needed);

// The obstacles, `[x, y, radius, ...]`, as `steerlab_world_walls` gives the walls.
//
// # Safety
// As `steerlab_world_walls`.
enum SteerlabStatus steerlab_world_obstacles(struct SteerlabWorld *world,
                                             float *out,
                                             size_t len,
                                             size_t *needed);

// Sets the number at `path` (`"groups[0].max_speed"`) to `value` from the next tick, checked as
// a scene file is: refused whole, changing nothing, on a path that names no number (the
// message gives the nearest that does) or a value out of its range.
//
// # Safety
// `world` is null or a handle `steerlab_world_new` gave; `path` is null or NUL-terminated.
enum SteerlabStatus steerlab_world_set(struct SteerlabWorld *world, const char *path, double value);

// Sets the target at `path` (`"groups[0].seek.target"`) to `target`, written as in a scene
// file (`"Point((400, 300))"`, `"Pointer"`, `"Agent(3)"`, `"Nearest(\"prey\")"`), refused whole
// as `steerlab_world_set` is.
//
// # Safety
// `world` is null or a handle `steerlab_world_new` gave; `path` and `target` are null or NUL-terminated.
enum SteerlabStatus steerlab_world_set_target(struct SteerlabWorld *world,
                                              const char *path,
                                              const char *target);

// The pointer, for the blocks that target it.
//
// # Safety
// `world` is null or a handle `steerlab_world_new` gave.
enum SteerlabStatus steerlab_world_set_pointer(struct SteerlabWorld *world, float x, float y);

// No pointer (off the screen): the blocks that target it add nothing.
//
// # Safety
// `world` is null or a handle `steerlab_world_new` gave.
enum SteerlabStatus steerlab_world_clear_pointer(struct SteerlabWorld *world);

// The click target.
//
// # Safety
// `world` is null or a handle `steerlab_world_new` gave.
enum SteerlabStatus steerlab_world_set_click(struct SteerlabWorld *world, float x, float y);

// The number of the scene's groups, into `*out`.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` is null or writable.
enum SteerlabStatus steerlab_crowd_group_count(struct SteerlabCrowd *crowd, size_t *out);

// Group `k`'s name (`k` from 0 to the group count), into the caller's `len` bytes; `needed`
// gets the bytes it takes with its NUL.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` points at `len` writable bytes; `needed` is
// null or writable.
enum SteerlabStatus steerlab_crowd_group_name(struct SteerlabCrowd *crowd,
                                              size_t k,
                                              char *out,
                                              size_t len,
                                              size_t *needed);

// The world's width and height (world units), into `*width` and `*height`.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `width` and `height` are null or writable.
enum SteerlabStatus steerlab_crowd_size(struct SteerlabCrowd *crowd, float *width, float *height);

// The walls to draw, `[x0, y0, x1, y1, ...]` one segment after another (the scene's own, then
// every edge of its level), into the caller's `len` floats; `needed` gets the floats it takes
// (call with `len` 0 to learn it).
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` points at `len` floats; `needed` is null or
// writable.
enum SteerlabStatus steerlab_crowd_walls(struct SteerlabCrowd *crowd,
                                         float *out,
                                         size_t len,
                                         size_t *needed);

// The level's outline, `[x0, y0, ...]` corner by corner (none: the world's rectangle), as
// `steerlab_crowd_walls` gives the walls.
//
// # Safety
// As `steerlab_crowd_walls`.
enum SteerlabStatus steerlab_crowd_level_outline(struct SteerlabCrowd *crowd,
                                                 float *out,
                                                 size_t len,
                                                 size_t *needed);

// How many blocks of wall the level has, into `*out`.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `out` is null or writable.
enum SteerlabStatus steerlab_crowd_level_block_count(struct SteerlabCrowd *crowd, size_t *out);

// The level's block `k`, `[x0, y0, ...]` corner by corner, as `steerlab_crowd_walls` gives the
// walls.
//
// # Safety
// As `steerlab_crowd_walls`.
enum SteerlabStatus steerlab_crowd_level_block(struct SteerlabCrowd *crowd,
                                               size_t k,
                                               float *out,
                                               size_t len,
                                               size_t *needed);

// The obstacles, `[x, y, radius, ...]`, as `steerlab_crowd_walls` gives the walls.
//
// # Safety
// As `steerlab_crowd_walls`.
enum SteerlabStatus steerlab_crowd_obstacles(struct SteerlabCrowd *crowd,
                                             float *out,
                                             size_t len,
                                             size_t *needed);

// Sets the number at `path` (`"groups[0].max_speed"`) to `value` from the next tick, checked as
// a scene file is: refused whole, changing nothing, on a path that names no number (the
// message gives the nearest that does) or a value out of its range.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `path` is null or NUL-terminated.
enum SteerlabStatus steerlab_crowd_set(struct SteerlabCrowd *crowd, const char *path, double value);

// Sets the target at `path` (`"groups[0].seek.target"`) to `target`, written as in a scene
// file (`"Point((400, 300))"`, `"Pointer"`, `"Agent(3)"`, `"Nearest(\"prey\")"`), refused whole
// as `steerlab_crowd_set` is.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave; `path` and `target` are null or NUL-terminated.
enum SteerlabStatus steerlab_crowd_set_target(struct SteerlabCrowd *crowd,
                                              const char *path,
                                              const char *target);

// The pointer, for the blocks that target it.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave.
enum SteerlabStatus steerlab_crowd_set_pointer(struct SteerlabCrowd *crowd, float x, float y);

// No pointer (off the screen): the blocks that target it add nothing.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave.
enum SteerlabStatus steerlab_crowd_clear_pointer(struct SteerlabCrowd *crowd);

// The click target.
//
// # Safety
// `crowd` is null or a handle `steerlab_crowd_new` gave.
enum SteerlabStatus steerlab_crowd_set_click(struct SteerlabCrowd *crowd, float x, float y);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* STEERLAB_H */
