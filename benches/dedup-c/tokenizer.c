/* Splitting a line into words and numbers. */
#include <ctype.h>
#include <stdio.h>

enum kind { WORD, NUMBER, END };

struct token {
    enum kind kind;
    long value;
    char *text;
};

static const char *skip(const char *p) {
    while (*p == ' ' || *p == '\t') {
        p++;
    }
    return p;
}

void next_token(const char **cursor, struct token *tok) {
    char copy[32];
    const char *p = skip(*cursor);
    int n = 0;
    while (p[n] && !isspace((unsigned char)p[n]) && n < 31) {
        copy[n] = p[n];
        n++;
    }
    copy[n] = 0;
    tok->kind = n == 0 ? END : isdigit((unsigned char)copy[0]) ? NUMBER : WORD;
    tok->value = tok->kind == NUMBER ? n : 0;
    *cursor = p + n;
    tok->text = copy;
}

int main(void) {
    const char *line = "add 12 to total";
    struct token t;
    int words = 0;
    do {
        next_token(&line, &t);
        words += t.kind == WORD;
    } while (t.kind != END);
    printf("%d words\n", words);
    return 0;
}
