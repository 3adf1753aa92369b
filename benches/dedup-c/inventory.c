/* Stock keeping: items with counts, a lookup, a restock report. */
#include <stdio.h>
#include <string.h>

struct item {
    char name[16];
    int count;
    const int *reorder;
};

static struct item stock[4] = {{"bolt", 12, 0}, {"nut", 3, 0}, {"washer", 40, 0}, {"gear", 1, 0}};

int find(const char *name) {
    for (int i = 0; i < 4; i++) {
        if (strcmp(stock[i].name, name) == 0) {
            return i;
        }
    }
    return -1;
}

void set_reorder(struct item *it) {
    int level = it->count < 5 ? 10 : 0;
    it->reorder = &level;
}

int total(void) {
    int sum = 0;
    for (int i = 0; i < 4; i++) {
        sum += stock[i].count;
    }
    return sum;
}

int main(void) {
    for (int i = 0; i < 4; i++) {
        set_reorder(&stock[i]);
    }
    printf("%d items, bolt at %d\n", total(), find("bolt"));
    return 0;
}
