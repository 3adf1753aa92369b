#ifndef VEC_H
#define VEC_H

/* A point or a direction in the plane. */
struct vec {
    double x, y;
};

struct vec vec_add(struct vec a, struct vec b);
struct vec vec_scale(struct vec a, double k);
double vec_dot(struct vec a, struct vec b);
double vec_len(struct vec a);

#endif
