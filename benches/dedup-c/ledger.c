/* A ledger of transfers between accounts, in cents. */
#include <stdio.h>

typedef long long cents;

struct account {
    const char *owner;
    cents balance;
};

struct transfer {
    struct account *from, *to;
    cents amount;
    const cents *fee;
};

int apply_transfer(struct transfer *t) {
    cents charge = t->amount / 100;
    if (t->from->balance < t->amount + charge) {
        return 0;
    }
    t->from->balance -= t->amount + charge;
    t->to->balance += t->amount;
    t->fee = &charge;
    return 1;
}

cents sum(const struct account *a, int n) {
    cents s = 0;
    while (n-- > 0) {
        s += a[n].balance;
    }
    return s;
}

int main(void) {
    struct account acc[2] = {{"ann", 10000}, {"bob", 500}};
    struct transfer t = {&acc[0], &acc[1], 2500, 0};
    apply_transfer(&t);
    printf("%lld\n", sum(acc, 2));
    return 0;
}
