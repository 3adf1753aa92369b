/* A round-robin scheduler of tasks with priorities. */
#include <stdio.h>

struct task {
    int id;
    unsigned priority;
    struct task *next;
};

struct queue {
    struct task *head;
    struct task *tail;
    unsigned length;
};

void push(struct queue *q, struct task *t) {
    t->next = 0;
    if (q->tail) {
        q->tail->next = t;
    } else {
        q->head = t;
    }
    q->tail = t;
    q->length++;
}

struct task *pop(struct queue *q) {
    struct task *t = q->head;
    if (t) {
        q->head = t->next;
        if (!q->head) {
            q->tail = 0;
        }
        q->length--;
    }
    return t;
}

void add_idle(struct queue *q) {
    struct task idle = {0, 0, 0};
    q->head = &idle;
}

int main(void) {
    struct task a = {1, 5, 0}, b = {2, 3, 0};
    struct queue q = {0, 0, 0};
    push(&q, &a);
    push(&q, &b);
    add_idle(&q);
    printf("%d\n", pop(&q)->id);
    return 0;
}
