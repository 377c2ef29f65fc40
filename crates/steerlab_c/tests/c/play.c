/* Plays a scene through steerlab's C interface and prints it as `steerlab simulate FILE --steps
 * N --bits` does (each number as its f32 bit pattern), so the two can be compared byte for byte:
 *
 *   play world FILE STEPS   the scene's whole world, stepped by steerlab
 *   play crowd FILE STEPS   the game's own entities: the scene's population and spawn queues
 *                           taken into the program's own arrays, motions handed over, steered,
 *                           moved with steerlab_crowd_advance
 *   play bad FILE           every kind of bad input, each refused with its status and a message,
 *                           changing nothing; prints one line per check
 *
 * Built by scripts/c_test.sh with the system's C compiler against libsteerlab_c. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "steerlab.h"

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(2);
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (!text || fread(text, 1, (size_t)n, f) != (size_t)n) {
        fprintf(stderr, "%s: cannot read\n", path);
        exit(2);
    }
    text[n] = 0;
    fclose(f);
    return text;
}

static void check(SteerlabStatus s, const char *what) {
    if (s != STEERLAB_STATUS_OK) {
        fprintf(stderr, "%s: status %d: %s\n", what, (int)s, steerlab_last_error());
        exit(1);
    }
}

static uint32_t bits(float x) {
    uint32_t b;
    memcpy(&b, &x, sizeof b);
    return b;
}

/* The groups' names, as the CSV names them. */
typedef struct {
    size_t count;
    char **names;
} Names;

static Names names_of_world(SteerlabWorld *w) {
    Names n = {0, NULL};
    check(steerlab_world_group_count(w, &n.count), "group count");
    n.names = calloc(n.count, sizeof(char *));
    for (size_t k = 0; k < n.count; k++) {
        size_t need = 0;
        steerlab_world_group_name(w, k, NULL, 0, &need); /* too short: learns the size */
        n.names[k] = malloc(need);
        check(steerlab_world_group_name(w, k, n.names[k], need, &need), "group name");
    }
    return n;
}

static Names names_of_crowd(SteerlabCrowd *c) {
    Names n = {0, NULL};
    check(steerlab_crowd_group_count(c, &n.count), "group count");
    n.names = calloc(n.count, sizeof(char *));
    for (size_t k = 0; k < n.count; k++) {
        size_t need = 0;
        steerlab_crowd_group_name(c, k, NULL, 0, &need);
        n.names[k] = malloc(need);
        check(steerlab_crowd_group_name(c, k, n.names[k], need, &need), "group name");
    }
    return n;
}

static void rows(uint64_t tick, size_t n, const uint32_t *ids, const uint16_t *groups, Names names,
                 const float *p, const float *v, const float *f) {
    for (size_t k = 0; k < n; k++) {
        printf("%" PRIu64 ",%" PRIu32 ",%s,%08" PRIx32 ",%08" PRIx32 ",%08" PRIx32 ",%08" PRIx32
               ",%08" PRIx32 ",%08" PRIx32 "\n",
               tick, ids[k], names.names[groups[k]], bits(p[2 * k]), bits(p[2 * k + 1]),
               bits(v[2 * k]), bits(v[2 * k + 1]), bits(f[2 * k]), bits(f[2 * k + 1]));
    }
}

static void play_world(const char *text, const char *file, uint64_t steps) {
    SteerlabWorld *w = NULL;
    check(steerlab_world_new(text, file, &w), file);
    Names names = names_of_world(w);
    printf("tick,agent,group,x,y,vx,vy,fx,fy\n");
    for (uint64_t tick = 1; tick <= steps; tick++) {
        check(steerlab_world_step(w, 1), "step");
        size_t n = 0;
        check(steerlab_world_len(w, &n), "len");
        uint32_t *ids = malloc(n * sizeof *ids + 1);
        uint16_t *groups = malloc(n * sizeof *groups + 1);
        float *p = malloc(2 * n * sizeof *p + 1), *v = malloc(2 * n * sizeof *v + 1),
              *f = malloc(2 * n * sizeof *f + 1);
        check(steerlab_world_ids(w, ids, n), "ids");
        check(steerlab_world_groups(w, groups, n), "groups");
        check(steerlab_world_positions(w, p, 2 * n), "positions");
        check(steerlab_world_velocities(w, v, 2 * n), "velocities");
        check(steerlab_world_forces(w, f, 2 * n), "forces");
        rows(tick, n, ids, groups, names, p, v, f);
        free(ids), free(groups), free(p), free(v), free(f);
    }
    check(steerlab_world_free(w), "free");
}

/* The game's own arrays, grown as entities come in. */
typedef struct {
    size_t n, cap;
    float *p, *v;
} Bodies;

static void take(SteerlabCrowd *c, Bodies *b, size_t count) {
    if (count == 0) return;
    if (b->n + count > b->cap) {
        b->cap = 2 * (b->n + count);
        b->p = realloc(b->p, 2 * b->cap * sizeof(float));
        b->v = realloc(b->v, 2 * b->cap * sizeof(float));
    }
    uint32_t *ids = malloc(count * sizeof *ids);
    uint16_t *groups = malloc(count * sizeof *groups);
    check(steerlab_crowd_newcomers(c, ids, groups, b->p + 2 * b->n, b->v + 2 * b->n, count),
          "newcomers");
    b->n += count;
    free(ids), free(groups);
}

static void play_crowd(const char *text, const char *file, uint64_t steps) {
    SteerlabCrowd *c = NULL;
    check(steerlab_crowd_new(text, file, &c), file);
    Names names = names_of_crowd(c);
    Bodies b = {0, 0, NULL, NULL};
    size_t count = 0;
    check(steerlab_crowd_populate(c, &count), "populate");
    take(c, &b, count);
    printf("tick,agent,group,x,y,vx,vy,fx,fy\n");
    for (uint64_t tick = 1; tick <= steps; tick++) {
        check(steerlab_crowd_due(c, &count), "due");
        take(c, &b, count);
        check(steerlab_crowd_set_motions(c, b.p, b.v, b.n), "set motions");
        check(steerlab_crowd_steer(c), "steer");
        check(steerlab_crowd_advance(c, b.p, b.v, b.n), "advance");
        uint32_t *ids = malloc(b.n * sizeof *ids + 1);
        uint16_t *groups = malloc(b.n * sizeof *groups + 1);
        float *f = malloc(2 * b.n * sizeof *f + 1);
        check(steerlab_crowd_ids(c, ids, b.n), "ids");
        check(steerlab_crowd_groups(c, groups, b.n), "groups");
        check(steerlab_crowd_forces(c, f, 2 * b.n), "forces");
        rows(tick, b.n, ids, groups, names, b.p, b.v, f);
        free(ids), free(groups), free(f);
    }
    check(steerlab_crowd_free(c), "free");
    free(b.p), free(b.v);
}

static int checks = 0;

/* `got` must be `want`, with a message. */
static void expect(SteerlabStatus got, SteerlabStatus want, const char *what) {
    if (got != want) {
        fprintf(stderr, "%s: status %d, expected %d (%s)\n", what, (int)got, (int)want,
                steerlab_last_error());
        exit(1);
    }
    if (want != STEERLAB_STATUS_OK && strlen(steerlab_last_error()) == 0) {
        fprintf(stderr, "%s: refused with no message\n", what);
        exit(1);
    }
    printf("%-58s %s\n", what, want == STEERLAB_STATUS_OK ? "ok" : steerlab_last_error());
    checks++;
}

static void bad_inputs(const char *text, const char *file) {
    SteerlabCrowd *c = NULL;
    SteerlabWorld *w = NULL;
    float buf[8] = {0};
    size_t n = 0;
    uint32_t id = 0;
    expect(steerlab_crowd_new("(version: 2, groups: [(name: 1)])", "broken.ron", &c),
           STEERLAB_STATUS_INVALID_SCENE, "a broken scene");
    expect(steerlab_crowd_new(NULL, "x.ron", &c), STEERLAB_STATUS_NULL, "null scene text");
    expect(steerlab_crowd_new(text, file, NULL), STEERLAB_STATUS_NULL, "null out pointer");
    expect(steerlab_crowd_new("\xff\xfe", "x.ron", &c), STEERLAB_STATUS_BAD_ARGUMENT,
           "scene text that is not UTF-8");
    expect(steerlab_crowd_steer(NULL), STEERLAB_STATUS_NULL, "a null handle");
    expect(steerlab_crowd_new(text, file, &c), STEERLAB_STATUS_OK, "a good scene");
    expect(steerlab_world_new(text, file, &w), STEERLAB_STATUS_OK, "its world");
    expect(steerlab_crowd_steer((SteerlabCrowd *)w), STEERLAB_STATUS_BAD_HANDLE,
           "a world handle given for a crowd");
    expect(steerlab_crowd_add(c, 0, NAN, 0, 0, 0, &id), STEERLAB_STATUS_BAD_NUMBER,
           "a position that is not finite");
    expect(steerlab_crowd_add(c, 0, 1, 2, INFINITY, 0, &id), STEERLAB_STATUS_BAD_NUMBER,
           "a velocity that is not finite");
    expect(steerlab_crowd_add(c, 9999, 1, 2, 0, 0, &id), STEERLAB_STATUS_BAD_ARGUMENT,
           "a group the scene lacks");
    expect(steerlab_crowd_len(c, &n), STEERLAB_STATUS_OK, "nothing was added");
    if (n != 0) exit(1);
    expect(steerlab_crowd_add(c, 0, 10, 20, 1, 0, &id), STEERLAB_STATUS_OK, "an entity");
    expect(steerlab_crowd_insert(c, id, 0, 1, 2, 0, 0), STEERLAB_STATUS_BAD_ID,
           "an id already taken");
    expect(steerlab_crowd_remove(c, 4242), STEERLAB_STATUS_BAD_ID, "removing a wrong id");
    expect(steerlab_crowd_set_motion(c, 4242, 1, 1, 0, 0), STEERLAB_STATUS_BAD_ID,
           "the motion of a wrong id");
    float p[2] = {1, 2}, v[2] = {0, 0};
    expect(steerlab_crowd_set_motions(c, p, v, 2), STEERLAB_STATUS_BAD_ARGUMENT,
           "motions for more entities than there are");
    expect(steerlab_crowd_steer(c), STEERLAB_STATUS_OK, "a steer");
    expect(steerlab_crowd_forces(c, buf, 1), STEERLAB_STATUS_BUFFER_TOO_SHORT,
           "a force buffer too short");
    expect(steerlab_crowd_forces(c, NULL, 2), STEERLAB_STATUS_NULL, "a null force buffer");
    expect(steerlab_crowd_behavior_forces(c, id, buf, 2), STEERLAB_STATUS_BUFFER_TOO_SHORT,
           "a behavior force buffer too short");
    char small[4];
    size_t need = 0;
    expect(steerlab_crowd_group_name(c, 0, small, sizeof small, &need),
           STEERLAB_STATUS_BUFFER_TOO_SHORT, "a name buffer too short");
    expect(steerlab_crowd_set(c, "groups[0].max_sped", 100), STEERLAB_STATUS_BAD_ARGUMENT,
           "a field path that names nothing");
    expect(steerlab_crowd_set(c, "groups[0].max_speed", -5), STEERLAB_STATUS_INVALID_SCENE,
           "a value out of its range");
    expect(steerlab_crowd_set_target(c, "groups[0].seek.target", "Somewhere"),
           STEERLAB_STATUS_BAD_ARGUMENT, "a target that is not one");
    expect(steerlab_crowd_set_pointer(c, NAN, 1), STEERLAB_STATUS_BAD_NUMBER,
           "a pointer that is not finite");
    expect(steerlab_world_step(w, 2000000), STEERLAB_STATUS_BAD_NUMBER, "too many ticks a call");
    uint64_t tick = 1;
    expect(steerlab_world_tick(w, &tick), STEERLAB_STATUS_OK, "no tick was run");
    if (tick != 0) exit(1);
    /* A restart is the scene's world again: the same positions after as many ticks. */
    size_t agents = 0;
    expect(steerlab_world_step(w, 30), STEERLAB_STATUS_OK, "30 ticks");
    expect(steerlab_world_len(w, &agents), STEERLAB_STATUS_OK, "its agents");
    float *first = calloc(2 * agents + 2, sizeof *first);
    float *again = calloc(2 * agents + 2, sizeof *again);
    if (first == NULL || again == NULL) exit(1);
    expect(steerlab_world_positions(w, first, 2 * agents), STEERLAB_STATUS_OK, "their positions");
    expect(steerlab_world_restart(w), STEERLAB_STATUS_OK, "a restart");
    expect(steerlab_world_tick(w, &tick), STEERLAB_STATUS_OK, "back at tick 0");
    if (tick != 0) exit(1);
    expect(steerlab_world_step(w, 30), STEERLAB_STATUS_OK, "30 ticks again");
    expect(steerlab_world_positions(w, again, 2 * agents), STEERLAB_STATUS_OK,
           "the same positions");
    if (memcmp(first, again, 2 * agents * sizeof *first) != 0) {
        fprintf(stderr, "a restart played differently\n");
        exit(1);
    }
    free(first);
    free(again);
    expect(steerlab_crowd_free(c), STEERLAB_STATUS_OK, "a free");
    expect(steerlab_crowd_steer(c), STEERLAB_STATUS_BAD_HANDLE, "a freed handle");
    expect(steerlab_crowd_free(c), STEERLAB_STATUS_BAD_HANDLE, "a handle freed twice");
    expect(steerlab_world_free(NULL), STEERLAB_STATUS_OK, "freeing null");
    expect(steerlab_world_free(w), STEERLAB_STATUS_OK, "the world freed");
    printf("bad inputs: %d checks passed\n", checks);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: play world|crowd FILE STEPS | play bad FILE\n");
        return 2;
    }
    char *text = read_file(argv[2]);
    if (strcmp(argv[1], "bad") == 0) {
        bad_inputs(text, argv[2]);
    } else if (argc == 4 && strcmp(argv[1], "world") == 0) {
        play_world(text, argv[2], strtoull(argv[3], NULL, 10));
    } else if (argc == 4 && strcmp(argv[1], "crowd") == 0) {
        play_crowd(text, argv[2], strtoull(argv[3], NULL, 10));
    } else {
        fprintf(stderr, "usage: play world|crowd FILE STEPS | play bad FILE\n");
        return 2;
    }
    free(text);
    return 0;
}
