package shop;

import java.util.ArrayList;
import java.util.List;

/** Lines being bought, with the total after discounts. */
public class Cart {
    private final List<Line> lines = new ArrayList<>();
    private int discount;

    public boolean add(Item item, int count) {
        if (!item.take(count)) {
            return false;
        }
        lines.add(new Line(item, count));
        return true;
    }

    public int totalCents() {
        int total = 0;
        for (Line line : lines) {
            total += line.subtotalCents();
        }
        discount = Pricing.discountPercent(total);
        return Pricing.afterDiscount(total, discount);
    }

    public int lineCount() {
        return lines.size();
    }
}
