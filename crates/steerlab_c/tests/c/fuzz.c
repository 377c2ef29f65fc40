/* A fuzz of steerlab's C interface: random sequences of calls from a seeded stream, on worlds
 * and crowds made and freed at random, with null, freed and wrong-kind handles, numbers that
 * are not finite, wrong ids, buffers of random (honest) lengths, and field paths and targets
 * good and bad. Every call must return a status in range and, on failure, a message; the
 * process must not crash. Built with AddressSanitizer and UBSan by the C compiler, or run under
 * valgrind (scripts/c_test.sh --fuzz says how).
 *
 *   fuzz SEED CALLS SCENE.ron...   */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "steerlab.h"

static uint64_t state;
static uint32_t next(void) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(state >> 33);
}
static uint32_t below(uint32_t n) { return n ? next() % n : 0; }

static float number(void) {
    switch (below(8)) {
    case 0: return NAN;
    case 1: return INFINITY;
    case 2: return -1e30f;
    default: return (float)below(2000) - 500.0f;
    }
}

#define SLOTS 4
#define CAP 4096
static SteerlabWorld *worlds[SLOTS];
static SteerlabCrowd *crowds[SLOTS];
static float floats[CAP], floats2[CAP];
static uint32_t ids[CAP];
static uint16_t groups[CAP];
static char text[CAP];
static long counts[16];

static void seen(SteerlabStatus s) {
    if ((int)s < 0 || (int)s > 9) {
        fprintf(stderr, "status %d out of range\n", (int)s);
        exit(1);
    }
    if (s != STEERLAB_STATUS_OK && steerlab_last_error()[0] == 0) {
        fprintf(stderr, "status %d with no message\n", (int)s);
        exit(1);
    }
    counts[s]++;
}

static SteerlabWorld *some_world(void) {
    uint32_t k = below(SLOTS + 2);
    if (k == SLOTS) return NULL;
    if (k == SLOTS + 1) return (SteerlabWorld *)crowds[below(SLOTS)]; /* the wrong kind */
    return worlds[k];
}

static SteerlabCrowd *some_crowd(void) {
    uint32_t k = below(SLOTS + 2);
    if (k == SLOTS) return NULL;
    if (k == SLOTS + 1) return (SteerlabCrowd *)worlds[below(SLOTS)];
    return crowds[k];
}

/* A buffer length: mostly enough, sometimes short, sometimes 0. */
static size_t len(void) { return below(4) == 0 ? below(8) : CAP; }

static const char *paths[] = {"groups[0].max_speed", "groups[0].mass", "groups[0].seek.target",
                              "groups[9].max_speed", "nothing", "", "groups[0].radius"};
static const char *targets[] = {"Pointer", "Click", "Center", "Agent(3)", "Point((1, 2))",
                                "Nearest(\"nobody\")", "Bogus", "(", ""};

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: fuzz SEED CALLS SCENE.ron...\n");
        return 2;
    }
    state = strtoull(argv[1], NULL, 10);
    long calls = strtol(argv[2], NULL, 10);
    int nscenes = argc - 3;
    char **scenes = calloc((size_t)nscenes + 1, sizeof(char *));
    for (int k = 0; k < nscenes; k++) {
        FILE *f = fopen(argv[3 + k], "rb");
        if (!f) return 2;
        fseek(f, 0, SEEK_END);
        long n = ftell(f);
        fseek(f, 0, SEEK_SET);
        scenes[k] = calloc((size_t)n + 1, 1);
        if (fread(scenes[k], 1, (size_t)n, f) != (size_t)n) return 2;
        fclose(f);
    }
    scenes[nscenes] = "(version: 2, groups: [(name: \"x\", count: -3)])";
    for (long call = 0; call < calls; call++) {
        uint32_t k = below(SLOTS);
        size_t count = 0, need = 0;
        uint32_t id = 0;
        uint64_t tick = 0;
        float fx, fy;
        switch (below(30)) {
        case 0: {
            const char *s = scenes[below((uint32_t)nscenes + 1)];
            SteerlabWorld *w = NULL;
            SteerlabStatus st = steerlab_world_new(s, "fuzz.ron", &w);
            seen(st);
            if (st == STEERLAB_STATUS_OK) {
                if (worlds[k]) seen(steerlab_world_free(worlds[k]));
                worlds[k] = w;
            }
            break;
        }
        case 1: {
            const char *s = scenes[below((uint32_t)nscenes + 1)];
            SteerlabCrowd *c = NULL;
            SteerlabStatus st = steerlab_crowd_new(s, "fuzz.ron", &c);
            seen(st);
            if (st == STEERLAB_STATUS_OK) {
                if (crowds[k]) seen(steerlab_crowd_free(crowds[k]));
                crowds[k] = c;
            }
            break;
        }
        /* Frees leave the handle in place: later calls use it freed. */
        case 2: seen(steerlab_world_free(some_world())); break;
        case 3: seen(steerlab_crowd_free(some_crowd())); break;
        case 4: seen(steerlab_world_step(some_world(), below(4) ? below(3) : 5000000)); break;
        case 5: seen(steerlab_world_positions(some_world(), floats, len())); break;
        case 6: seen(steerlab_world_forces(some_world(), below(6) ? floats : NULL, len())); break;
        case 7: seen(steerlab_world_ids(some_world(), ids, len())); break;
        case 8: seen(steerlab_world_behavior_forces(some_world(), below(50), floats, len())); break;
        case 9: seen(steerlab_world_set(some_world(), paths[below(7)], number())); break;
        case 10: seen(steerlab_world_set_target(some_world(), paths[below(7)], targets[below(9)])); break;
        case 11: seen(steerlab_world_set_pointer(some_world(), number(), number())); break;
        case 12: seen(steerlab_crowd_populate(some_crowd(), below(8) ? &count : NULL)); break;
        case 13: seen(steerlab_crowd_due(some_crowd(), &count)); break;
        case 14:
            seen(steerlab_crowd_newcomers(some_crowd(), ids, groups, floats, floats2, below(3) ? CAP / 2 : below(4)));
            break;
        case 15:
            seen(steerlab_crowd_add(some_crowd(), (uint16_t)below(4), number(), number(), number(), number(), &id));
            break;
        case 16:
            seen(steerlab_crowd_insert(some_crowd(), below(40), (uint16_t)below(3), number(), 1, 0, 0));
            break;
        case 17: seen(steerlab_crowd_remove(some_crowd(), below(40))); break;
        case 18: seen(steerlab_crowd_set_motion(some_crowd(), below(40), number(), number(), 0, 1)); break;
        case 19: {
            SteerlabCrowd *c = some_crowd();
            SteerlabStatus st = steerlab_crowd_len(c, &count);
            seen(st);
            if (st == STEERLAB_STATUS_OK && 2 * count <= CAP) {
                for (size_t i = 0; i < 2 * count; i++) floats[i] = number(), floats2[i] = (float)below(9);
                seen(steerlab_crowd_set_motions(c, floats, floats2, below(5) ? count : count + 1));
            }
            break;
        }
        case 20: seen(steerlab_crowd_steer(some_crowd())); break;
        case 21: seen(steerlab_crowd_forces(some_crowd(), floats, len())); break;
        case 22: seen(steerlab_crowd_force(some_crowd(), below(40), &fx, below(5) ? &fy : NULL)); break;
        case 23: seen(steerlab_crowd_behavior_forces(some_crowd(), below(40), floats, len())); break;
        case 24: {
            SteerlabCrowd *c = some_crowd();
            SteerlabStatus st = steerlab_crowd_len(c, &count);
            seen(st);
            if (st == STEERLAB_STATUS_OK && 2 * count <= CAP)
                seen(steerlab_crowd_advance(c, floats, floats2, below(5) ? count : 0));
            break;
        }
        case 25: seen(steerlab_crowd_unmet(some_crowd(), text, below(3) ? CAP : below(8), &need)); break;
        case 26: seen(steerlab_crowd_group_name(some_crowd(), below(4), text, len(), &need)); break;
        case 27: seen(steerlab_crowd_walls(some_crowd(), floats, len(), &need)); break;
        case 28: seen(steerlab_world_level_block(some_world(), below(4), floats, len(), &need)); break;
        default: seen(steerlab_world_tick(some_world(), below(8) ? &tick : NULL)); break;
        }
    }
    for (int k = 0; k < SLOTS; k++) {
        steerlab_world_free(worlds[k]);
        steerlab_crowd_free(crowds[k]);
    }
    for (int k = 0; k < nscenes; k++) free(scenes[k]);
    free(scenes);
    long total = 0;
    for (int s = 0; s < 10; s++) total += counts[s];
    printf("fuzz: %ld calls, no crash; by status:", total);
    for (int s = 0; s < 10; s++) printf(" %d:%ld", s, counts[s]);
    printf("\n");
    return 0;
}
