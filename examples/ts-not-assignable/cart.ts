// A shopping cart: products, a cart with quantities, coupons and a total.
// One coupon is declared with its percentage as text: tsc reports
// "Type 'string' is not assignable to type 'number'".

interface Product {
  sku: string;
  name: string;
  price: number;
}

interface Coupon {
  code: string;
  percent: number;
}

type Line = { product: Product; quantity: number };

class Cart {
  private lines: Line[] = [];

  add(product: Product, quantity: number = 1): Cart {
    const existing = this.lines.find((l) => l.product.sku === product.sku);
    if (existing) {
      existing.quantity += quantity;
    } else {
      this.lines.push({ product, quantity });
    }
    return this;
  }

  subtotal(): number {
    return this.lines.reduce((sum, l) => sum + l.product.price * l.quantity, 0);
  }

  total(coupons: Coupon[]): number {
    const best = coupons.reduce((m, c) => Math.max(m, c.percent), 0);
    return Math.round(this.subtotal() * (100 - best)) / 100;
  }
}

const catalog: Product[] = [
  { sku: "A1", name: "Mug", price: 8.5 },
  { sku: "B2", name: "Tea", price: 4.25 },
];

const coupons: Coupon[] = [
  { code: "WELCOME", percent: 10 },
  { code: "SPRING", percent: "15" },
];

const cart = new Cart().add(catalog[0], 2).add(catalog[1]);
console.log(`total: ${cart.total(coupons).toFixed(2)}`);
