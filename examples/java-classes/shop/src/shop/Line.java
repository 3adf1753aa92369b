package shop;

/** One line of a cart: an item and how many of it. */
public class Line {
    final Item item;
    final int count;

    Line(Item item, int count) {
        this.item = item;
        this.count = count;
    }

    int subtotalCents() {
        return item.priceCents() * count;
    }
}
