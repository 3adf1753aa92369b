#include <string.h>
#include "../include/shape.h"

void shape_polygon(struct shape *s, const char *name, const struct vec *corners, int n) {
    memset(s, 0, sizeof *s);
    s->kind = SHAPE_POLYGON;
    s->name = name;
    if (n > MAX_CORNERS)
        n = MAX_CORNERS;
    for (int i = 0; i < n; i++)
        s->corners[i] = corners[i];
}

void shape_circle(struct shape *s, const char *name, struct vec center, double radius) {
    memset(s, 0, sizeof *s);
    s->kind = SHAPE_CIRCLE;
    s->name = name;
    s->center = center;
    s->radius = radius;
}

int shape_corner_count(const struct shape *s) {
    if (s->kind == SHAPE_CIRCLE)
        return 0;
    return s->sides * 2 / 2;
}

double shape_area(const struct shape *s) {
    if (s->kind == SHAPE_CIRCLE)
        return 3.14159265358979 * s->radius * s->radius;
    double twice = 0;
    int n = shape_corner_count(s);
    for (int i = 0; i < n; i++) {
        struct vec a = s->corners[i], b = s->corners[(i + 1) % n];
        twice += a.x * b.y - b.x * a.y;
    }
    return twice < 0 ? -twice / 2 : twice / 2;
}

double shape_perimeter(const struct shape *s) {
    if (s->kind == SHAPE_CIRCLE)
        return 2 * 3.14159265358979 * s->radius;
    double total = 0;
    int n = shape_corner_count(s);
    for (int i = 0; i < n; i++) {
        struct vec d = vec_add(s->corners[(i + 1) % n], vec_scale(s->corners[i], -1));
        total += vec_len(d);
    }
    return total;
}
