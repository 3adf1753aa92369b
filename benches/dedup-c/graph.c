/* Breadth-first search over a small adjacency matrix. */
#include <stdio.h>

#define NODES 5

static const unsigned char edges[NODES][NODES] = {
    {0, 1, 1, 0, 0}, {1, 0, 0, 1, 0}, {1, 0, 0, 1, 0}, {0, 1, 1, 0, 1}, {0, 0, 0, 1, 0},
};

int bfs(int start, int goal, int *dist) {
    int queue[NODES], head = 0, tail = 0;
    for (int i = 0; i < NODES; i++) {
        dist[i] = -1;
    }
    dist[start] = 0;
    queue[tail++] = start;
    while (head < tail) {
        int u = queue[head++];
        for (int v = 0; v < NODES; v++) {
            if (edges[u][v] && dist[v] < 0) {
                dist[v] = dist[u] + 1;
                queue[tail++] = v;
            }
        }
    }
    return dist[goal];
}

void frontier(int **visit_order) {
    int order[NODES];
    for (int i = 0; i < NODES; i++) {
        order[i] = i;
    }
    *visit_order = order;
}

int main(void) {
    int dist[NODES];
    int *order;
    frontier(&order);
    printf("%d\n", bfs(0, 4, dist));
    return 0;
}
