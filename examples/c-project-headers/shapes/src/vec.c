#include <math.h>
#include "../include/vec.h"

struct vec vec_add(struct vec a, struct vec b) {
    struct vec r = { a.x + b.x, a.y + b.y };
    return r;
}

struct vec vec_scale(struct vec a, double k) {
    struct vec r = { a.x * k, a.y * k };
    return r;
}

double vec_dot(struct vec a, struct vec b) {
    return a.x * b.x + a.y * b.y;
}

double vec_len(struct vec a) {
    return sqrt(vec_dot(a, a));
}
