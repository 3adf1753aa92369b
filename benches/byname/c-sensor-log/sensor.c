/*
 * A sensor log: readings arrive in a ring buffer, are filtered and folded
 * into per-channel statistics, and a summary is printed per state.
 */
#include <stdio.h>
#include <string.h>

static const int capacity = 16;
static const int channels = 4;
static const double scale = 0.5;
static const unsigned threshold = 200;

enum state { IDLE, WARMING, RUNNING, FAULT, STATE_COUNT };

struct reading {
    int channel;
    unsigned raw;
    double value;
    long stamp;
};

struct ring {
    struct reading items[16];
    int head;
    int count;
    unsigned dropped;
};

struct stats {
    double sum;
    double min;
    double max;
    unsigned samples;
    enum state state;
};

static struct stats table[4] = {
    {0.0, 1e9, -1e9, 0, IDLE},
    {0.0, 1e9, -1e9, 0, IDLE},
    {0.0, 1e9, -1e9, 0, WARMING},
    {0.0, 1e9, -1e9, 0, IDLE},
};

static const char *state_names[STATE_COUNT] = {"idle", "warming", "running", "fault"};

static void ring_init(struct ring *r)
{
    memset(r, 0, sizeof *r);
    r->head = 0;
    r->count = 0;
    r->dropped = 0;
}

static int ring_push(struct ring *r, struct reading rd)
{
    int slot = (r->head + r->count) % capacity;
    if (r->count == capacity) {
        r->dropped++;
        return 0;
    }
    r->items[slot] = rd;
    r->count++;
    return 1;
}

static int ring_pop(struct ring *r, struct reading *out)
{
    if (r->count == 0)
        return 0;
    *out = r->items[r->head];
    r->head = (r->head + 1) % capacity;
    r->count--;
    return 1;
}

static double convert(unsigned raw)
{
    double base = raw * scale;
    return base;
}

static enum state classify(const struct stats *s)
{
    int enough = s->samples > 3;
    if (s->max > 1000.0)
        return FAULT;
    if (enough)
        return RUNNING;
    return WARMING;
}

static void fold(struct stats *s, const struct reading *rd)
{
    double v = rd->value;
    s->sum += v;
    if (v < s->min)
        s->min = v;
    if (v > s->max)
        s->max = v;
    s->samples++;
    s->state = classify(s);
}

static int accept(const struct reading *rd)
{
    int limit = threshold;
    return rd->raw < limit;
}

int main(void)
{
    struct ring ring;
    struct reading rd;
    long now = 1000;
    int i;

    ring_init(&ring);
    for (i = 0; i < 40; i++) {
        struct reading fresh = {i % channels, (unsigned)(i * 37 % 300), 0.0, now + i};
        fresh.value = convert(fresh.raw);
        ring_push(&ring, fresh);
    }
    while (ring_pop(&ring, &rd)) {
        if (!accept(&rd))
            continue;
        fold(&table[rd.channel], &rd);
    }
    for (i = 0; i < channels; i++) {
        const struct stats *s = &table[i];
        double mean = s->samples ? s->sum / s->samples : 0.0;
        printf("%d %s %.2f %.2f %.2f\n", i, state_names[s->state], mean, s->min, s->max);
    }
    printf("dropped %u\n", ring.dropped);
    return 0;
}
