/*
 * ringdev.c - a small ring-buffered device model.
 *
 * gcc warns "left shift count >= width of type" in rd_irq_mask() when
 * built with the default configuration; the shift comes from three macros
 * deep.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef RD_CONFIG_H
#define RD_CONFIG_H
#define RD_CONFIG_QUEUES 4
#define RD_CONFIG_DEBUG 1
#undef RD_CONFIG_DMA
#endif

#if defined(__GNUC__)
#define RD_LIKELY(x) __builtin_expect(!!(x), 1)
#define RD_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define RD_UNUSED __attribute__((unused))
#define RD_INLINE static inline
#else
#define RD_LIKELY(x) (x)
#define RD_UNLIKELY(x) (x)
#define RD_UNUSED
#define RD_INLINE static
#endif

#define RD_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define RD_MIN(a, b) ((a) < (b) ? (a) : (b))
#define RD_MAX(a, b) ((a) > (b) ? (a) : (b))
#define RD_CONTAINER_OF(ptr, type, member) \
    ((type *)((char *)(ptr) - offsetof(type, member)))
#define RD_BIT(n) (1U << (n))
#define RD_GENMASK(h, l) ((~0U << (l)) & (~0U >> (31 - (h))))

#if RD_CONFIG_DEBUG
#define rd_log(fmt, ...) fprintf(stderr, "ringdev: " fmt "\n", __VA_ARGS__)
#define rd_assert(c) do { if (RD_UNLIKELY(!(c))) rd_fail(#c, __LINE__); } while (0)
#else
#define rd_log(fmt, ...) do { } while (0)
#define rd_assert(c) do { } while (0)
#endif

typedef uint32_t rd_u32;
typedef uint16_t rd_u16;
#define rd_reg_t rd_u32
#define RD_QUEUE_DEPTH 64
#define RD_IRQ_SHIFT(q) ((q) * 8 + RD_IRQ_BASE)
#define RD_IRQ_BASE 8

enum rd_state {
    RD_STATE_IDLE,
    RD_STATE_RUNNING,
#ifdef RD_CONFIG_DMA
    RD_STATE_DMA,
#endif
    RD_STATE_STOPPED,
};

struct rd_list {
    struct rd_list *next, *prev;
};

#define RD_LIST_INIT(name) { &(name), &(name) }
#define rd_list_for_each(pos, head) \
    for ((pos) = (head)->next; (pos) != (head); (pos) = (pos)->next)

struct rd_entry {
    struct rd_list link;
    rd_u32 cookie;
    rd_u16 len;
    unsigned char data[32];
};

struct rd_queue {
    struct rd_entry ring[RD_QUEUE_DEPTH];
    unsigned head, tail;
    rd_reg_t irq_mask;
};

struct rd_device {
    const char *name;
    enum rd_state state;
    struct rd_queue queues[RD_CONFIG_QUEUES];
    struct rd_list pending;
#ifdef RD_CONFIG_DMA
    void *dma_base;
    size_t dma_len;
#endif
    rd_reg_t regs[16];
};

static void rd_fail(const char *what, int line) RD_UNUSED;
static void rd_fail(const char *what, int line)
{
    fprintf(stderr, "assertion %s failed at line %d\n", what, line);
    abort();
}

RD_INLINE unsigned rd_queue_used(const struct rd_queue *q)
{
    return (q->head - q->tail) % RD_QUEUE_DEPTH;
}

RD_INLINE int rd_queue_full(const struct rd_queue *q)
{
    return rd_queue_used(q) == RD_QUEUE_DEPTH - 1;
}

static int rd_queue_push(struct rd_queue *q, const void *buf, size_t len)
{
    struct rd_entry *e;

    if (RD_UNLIKELY(rd_queue_full(q)))
        return -1;
    e = &q->ring[q->head % RD_QUEUE_DEPTH];
    e->len = (rd_u16)RD_MIN(len, sizeof(e->data));
    memcpy(e->data, buf, e->len);
    e->cookie = q->head;
    q->head++;
    rd_log("push %u bytes", (unsigned)e->len);
    return 0;
}

static int rd_queue_pop(struct rd_queue *q, void *buf, size_t len)
{
    struct rd_entry *e;
    size_t n;

    if (q->head == q->tail)
        return -1;
    e = &q->ring[q->tail % RD_QUEUE_DEPTH];
    n = RD_MIN(len, (size_t)e->len);
    memcpy(buf, e->data, n);
    q->tail++;
    return (int)n;
}

static rd_reg_t rd_irq_mask(unsigned queue)
{
    rd_reg_t mask = 0;
    rd_assert(queue < RD_CONFIG_QUEUES);
    mask |= RD_BIT(RD_IRQ_SHIFT(queue));
    mask |= RD_BIT(RD_IRQ_SHIFT(RD_CONFIG_QUEUES - 1)) >> 1;
    return mask & RD_GENMASK(31, RD_IRQ_BASE);
}

static void rd_device_init(struct rd_device *dev, const char *name)
{
    unsigned i;

    memset(dev, 0, sizeof(*dev));
    dev->name = name;
    dev->state = RD_STATE_IDLE;
    dev->pending.next = dev->pending.prev = &dev->pending;
    for (i = 0; i < RD_ARRAY_SIZE(dev->queues); i++)
        dev->queues[i].irq_mask = rd_irq_mask(i);
#ifdef RD_CONFIG_DMA
    dev->dma_base = NULL;
    dev->dma_len = 0;
#endif
}

static size_t rd_pending_count(struct rd_device *dev)
{
    struct rd_list *pos;
    size_t n = 0;

    rd_list_for_each(pos, &dev->pending)
        n++;
    return n;
}

int main(int argc, char **argv)
{
    static struct rd_device dev;
    char msg[] = "hello";
    char out[RD_QUEUE_DEPTH];
    int n;

    rd_device_init(&dev, argc > 1 ? argv[1] : "rd0");
    dev.state = RD_STATE_RUNNING;
    if (rd_queue_push(&dev.queues[0], msg, sizeof(msg)) < 0)
        return 1;
    n = rd_queue_pop(&dev.queues[0], out, sizeof(out));
    printf("%s: %d bytes, %zu pending, mask %#x\n", dev.name, n,
           rd_pending_count(&dev), (unsigned)RD_MAX(dev.regs[0], dev.queues[0].irq_mask));
    dev.state = RD_STATE_STOPPED;
    return 0;
}
