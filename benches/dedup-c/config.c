/* Reading key=value settings with defaults. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct setting {
    const char *key;
    char *value;
};

static struct setting table[3] = {{"width", 0}, {"height", 0}, {"depth", 0}};

static int parse_line(const char *line, char *key, char *value) {
    const char *eq = strchr(line, '=');
    if (!eq) {
        return 0;
    }
    memcpy(key, line, (size_t)(eq - line));
    key[eq - line] = 0;
    strcpy(value, eq + 1);
    return 1;
}

void apply(struct setting *s, const char *line) {
    char key[32];
    char value[32];
    if (parse_line(line, key, value) && strcmp(key, s->key) == 0) {
        s->value = value;
    }
}

long get_long(const struct setting *s, long fallback) {
    return s->value ? strtol(s->value, 0, 10) : fallback;
}

int main(void) {
    apply(&table[0], "width=80");
    printf("%ld\n", get_long(&table[0], 40));
    return 0;
}
