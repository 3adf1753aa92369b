package shop;

/** Something on the shelf: a name, a price in cents and a stock count. */
public class Item {
    private final String name;
    private final int priceCents;
    private int stock;

    public Item(String name, int priceCents, int stock) {
        this.name = name;
        this.priceCents = priceCents;
        this.stock = stock;
    }

    public String name() {
        return name;
    }

    public int priceCents() {
        return priceCents;
    }

    public boolean take(int count) {
        if (count > stock) {
            return false;
        }
        stock -= count;
        return true;
    }
}
