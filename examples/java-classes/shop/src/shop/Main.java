package shop;

public class Main {
    public static void main(String[] args) {
        Item pen = new Item("pen", 150, 100);
        Item lamp = new Item("lamp", 4_500, 3);
        Cart cart = new Cart();
        cart.add(pen, 20);
        cart.add(lamp, 2);
        System.out.printf("%d lines, %d cents%n", cart.lineCount(), cart.totalCents());
    }
}
