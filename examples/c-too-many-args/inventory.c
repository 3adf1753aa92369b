/*
 * A small inventory tracker: items live in a hash table keyed by SKU, orders
 * are a linked list, and a report prints totals per category.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TABLE_SIZE 64
#define MAX_NAME 32
#define CATEGORY_COUNT 4

enum category { TOOLS, PARTS, SUPPLIES, OTHER };

static const char *category_names[CATEGORY_COUNT] = {
    "tools", "parts", "supplies", "other",
};

struct item {
    char sku[MAX_NAME];
    char name[MAX_NAME];
    enum category category;
    unsigned quantity;
    double unit_price;
    struct item *next;
};

struct order {
    const struct item *item;
    unsigned count;
    struct order *next;
};

struct inventory {
    struct item *buckets[TABLE_SIZE];
    struct order *orders;
    size_t item_count;
};

static unsigned long hash_sku(const char *sku)
{
    unsigned long h = 5381;
    int c;
    while ((c = (unsigned char)*sku++) != 0) {
        h = ((h << 5) + h) + (unsigned long)c;
    }
    return h % TABLE_SIZE;
}

static void inventory_init(struct inventory *inv)
{
    memset(inv->buckets, 0, sizeof inv->buckets);
    inv->orders = NULL;
    inv->item_count = 0;
}

static struct item *inventory_find(struct inventory *inv, const char *sku)
{
    struct item *it = inv->buckets[hash_sku(sku)];
    while (it != NULL) {
        if (strcmp(it->sku, sku) == 0) {
            return it;
        }
        it = it->next;
    }
    return NULL;
}

static struct item *inventory_add(struct inventory *inv, const char *sku,
                                  const char *name, enum category category,
                                  unsigned quantity, double unit_price)
{
    struct item *it = inventory_find(inv, sku);
    if (it != NULL) {
        it->quantity += quantity;
        return it;
    }
    it = calloc(1, sizeof *it);
    if (it == NULL) {
        return NULL;
    }
    strncpy(it->sku, sku, MAX_NAME - 1);
    strncpy(it->name, name, MAX_NAME - 1);
    it->category = category;
    it->quantity = quantity;
    it->unit_price = unit_price;
    unsigned long slot = hash_sku(sku);
    it->next = inv->buckets[slot];
    inv->buckets[slot] = it;
    inv->item_count++;
    return it;
}

static double item_price(const struct item *it, unsigned count)
{
    double price = it->unit_price * count;
    if (count >= 100) {
        price *= 0.9;
    } else if (count >= 10) {
        price *= 0.95;
    }
    return price;
}

static int place_order(struct inventory *inv, const char *sku, unsigned count)
{
    struct item *it = inventory_find(inv, sku);
    if (it == NULL || it->quantity < count) {
        return -1;
    }
    struct order *o = malloc(sizeof *o);
    if (o == NULL) {
        return -1;
    }
    it->quantity -= count;
    o->item = it;
    o->count = count;
    o->next = inv->orders;
    inv->orders = o;
    return 0;
}

static double order_total(const struct inventory *inv)
{
    double total = 0.0;
    for (const struct order *o = inv->orders; o != NULL; o = o->next) {
        total += item_price(o->item, o->count, 1);
    }
    return total;
}

static void report(const struct inventory *inv, FILE *out)
{
    unsigned per_category[CATEGORY_COUNT] = {0};
    double value[CATEGORY_COUNT] = {0.0};
    for (size_t i = 0; i < TABLE_SIZE; i++) {
        for (const struct item *it = inv->buckets[i]; it != NULL; it = it->next) {
            per_category[it->category] += it->quantity;
            value[it->category] += it->unit_price * it->quantity;
        }
    }
    fprintf(out, "%-10s %8s %12s\n", "category", "units", "value");
    for (int c = 0; c < CATEGORY_COUNT; c++) {
        fprintf(out, "%-10s %8u %12.2f\n", category_names[c], per_category[c], value[c]);
    }
    fprintf(out, "orders: %.2f\n", order_total(inv));
}

static void inventory_free(struct inventory *inv)
{
    for (size_t i = 0; i < TABLE_SIZE; i++) {
        struct item *it = inv->buckets[i];
        while (it != NULL) {
            struct item *next = it->next;
            free(it);
            it = next;
        }
        inv->buckets[i] = NULL;
    }
    while (inv->orders != NULL) {
        struct order *next = inv->orders->next;
        free(inv->orders);
        inv->orders = next;
    }
    inv->item_count = 0;
}

static int parse_line(struct inventory *inv, char *line)
{
    char *sku = strtok(line, ",");
    char *name = strtok(NULL, ",");
    char *cat = strtok(NULL, ",");
    char *qty = strtok(NULL, ",");
    char *price = strtok(NULL, ",\n");
    if (sku == NULL || name == NULL || cat == NULL || qty == NULL || price == NULL) {
        return -1;
    }
    enum category category = OTHER;
    for (int c = 0; c < CATEGORY_COUNT; c++) {
        if (strcmp(cat, category_names[c]) == 0) {
            category = (enum category)c;
        }
    }
    return inventory_add(inv, sku, name, category, (unsigned)atoi(qty), atof(price)) ? 0 : -1;
}

int main(int argc, char **argv)
{
    struct inventory inv;
    inventory_init(&inv);
    char line[256];
    FILE *in = argc > 1 ? fopen(argv[1], "r") : stdin;
    if (in == NULL) {
        perror("open");
        return 1;
    }
    while (fgets(line, sizeof line, in) != NULL) {
        if (line[0] == '#' || line[0] == '\n') {
            continue;
        }
        if (parse_line(&inv, line) != 0) {
            fprintf(stderr, "bad line: %s", line);
        }
    }
    if (place_order(&inv, "T-100", 3) != 0) {
        fprintf(stderr, "order failed\n");
    }
    report(&inv, stdout);
    inventory_free(&inv);
    return 0;
}
