package shop;

/** Discounts by the size of an order. */
public class Pricing {
    static final int BULK_FROM_CENTS = 10_000;

    static String discountPercent(int totalCents) {
        if (totalCents >= BULK_FROM_CENTS * 5) {
            return "10";
        }
        return totalCents >= BULK_FROM_CENTS ? "5" : "0";
    }

    static int afterDiscount(int totalCents, int percent) {
        return totalCents - totalCents * percent / 100;
    }
}
