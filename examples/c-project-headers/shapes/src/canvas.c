#include <stdio.h>
#include "../include/canvas.h"

void canvas_init(struct canvas *c) {
    c->count = 0;
}

int canvas_add(struct canvas *c, const struct shape *s) {
    if (c->count == CANVAS_MAX)
        return -1;
    c->shapes[c->count] = *s;
    return c->count++;
}

double canvas_area(const struct canvas *c) {
    double total = 0;
    for (int i = 0; i < c->count; i++)
        total += shape_area(&c->shapes[i]);
    return total;
}

void canvas_print(const struct canvas *c) {
    for (int i = 0; i < c->count; i++) {
        const struct shape *s = &c->shapes[i];
        printf("%-12s area %8.2f perimeter %8.2f\n", s->name, shape_area(s), shape_perimeter(s));
    }
    printf("total area %.2f\n", canvas_area(c));
}
