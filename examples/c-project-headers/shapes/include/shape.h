#ifndef SHAPE_H
#define SHAPE_H

#include "vec.h"

#define MAX_CORNERS 16

enum shape_kind { SHAPE_POLYGON, SHAPE_CIRCLE };

/* A closed figure: a polygon by its corners, or a circle. */
struct shape {
    enum shape_kind kind;
    const char *name;
    const char *sides;
    struct vec corners[MAX_CORNERS];
    struct vec center;
    double radius;
};

void shape_polygon(struct shape *s, const char *name, const struct vec *corners, int n);
void shape_circle(struct shape *s, const char *name, struct vec center, double radius);
double shape_area(const struct shape *s);
double shape_perimeter(const struct shape *s);
int shape_corner_count(const struct shape *s);

#endif
