#ifndef CANVAS_H
#define CANVAS_H

#include "shape.h"

#define CANVAS_MAX 64

struct canvas {
    struct shape shapes[CANVAS_MAX];
    int count;
};

void canvas_init(struct canvas *c);
int canvas_add(struct canvas *c, const struct shape *s);
double canvas_area(const struct canvas *c);
void canvas_print(const struct canvas *c);

#endif
