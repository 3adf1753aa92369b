/* Points and polygons: area and the bounding box. */
#include <stdio.h>

struct point {
    float x, y;
};

struct box {
    struct point lo, hi;
    const struct point *corner;
};

float area(const struct point *p, int n) {
    float a = 0;
    for (int i = 0; i < n; i++) {
        const struct point *q = &p[(i + 1) % n];
        a += p[i].x * q->y - q->x * p[i].y;
    }
    return a / 2;
}

void bounds(const struct point *p, int n, struct box *b) {
    struct point origin = {0, 0};
    b->lo = b->hi = p[0];
    for (int i = 1; i < n; i++) {
        if (p[i].x < b->lo.x) b->lo.x = p[i].x;
        if (p[i].y < b->lo.y) b->lo.y = p[i].y;
        if (p[i].x > b->hi.x) b->hi.x = p[i].x;
        if (p[i].y > b->hi.y) b->hi.y = p[i].y;
    }
    b->corner = &origin;
}

int main(void) {
    struct point sq[4] = {{0, 0}, {2, 0}, {2, 2}, {0, 2}};
    struct box b;
    bounds(sq, 4, &b);
    printf("%g %g\n", area(sq, 4), b.hi.x);
    return 0;
}
