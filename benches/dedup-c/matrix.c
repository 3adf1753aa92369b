/* Small matrices: multiply, trace, and a scratch row handed out. */
#include <stdio.h>

#define N 3

typedef double row[N];

static void multiply(row *a, row *b, row *out) {
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
            double s = 0;
            for (int k = 0; k < N; k++) {
                s += a[i][k] * b[k][j];
            }
            out[i][j] = s;
        }
    }
}

double trace(row *m) {
    double t = 0;
    for (int i = 0; i < N; i++) {
        t += m[i][i];
    }
    return t;
}

void scratch_row(double **where) {
    double tmp[N] = {0, 0, 0};
    *where = tmp;
}

int main(void) {
    row a[N] = {{1, 0, 0}, {0, 2, 0}, {0, 0, 3}};
    row c[N];
    double *s;
    multiply(a, a, c);
    scratch_row(&s);
    printf("%g\n", trace(c));
    return 0;
}
