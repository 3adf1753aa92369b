#include <stdio.h>
#include "../include/canvas.h"

int main(void) {
    struct canvas c;
    struct shape s;
    struct vec square[] = { {0, 0}, {2, 0}, {2, 2}, {0, 2} };
    struct vec triangle[] = { {0, 0}, {3, 0}, {0, 4} };
    canvas_init(&c);
    shape_polygon(&s, "square", square, 4);
    canvas_add(&c, &s);
    shape_polygon(&s, "triangle", triangle, 3);
    canvas_add(&c, &s);
    shape_circle(&s, "wheel", (struct vec){ 1, 1 }, 0.5);
    canvas_add(&c, &s);
    canvas_print(&c);
    return 0;
}
