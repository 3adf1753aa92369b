'use strict';
// A shopping cart: items with prices and quantities, discount rules,
// tax by region, and a receipt.

const TAX_RATES = { north: { rate: 0.2 }, south: { rate: 0.1 }, east: { rate: 0.15 } };
const FREE_SHIPPING = 50;
const SHIPPING = 4.99;
const CURRENCY = 'EUR';
const ROUND = 100;

function round(x) {
  const scaled = Math.round(x * ROUND);
  return scaled / ROUND;
}

class Cart {
  constructor(region) {
    this.region = region;
    this.items = [];
    this.coupons = [];
  }

  add(name, price, quantity) {
    const item = { name, price, quantity };
    this.items.push(item);
    return this;
  }

  coupon(code) {
    const normalized = code.trim().toUpperCase();
    this.coupons.push(normalized);
    return this;
  }

  subtotal() {
    let total = 0;
    for (const item of this.items) {
      const line = item.price * item.quantity;
      total += line;
    }
    return round(total);
  }

  discount() {
    const subtotal = this.subtotal();
    let off = 0;
    for (const code of this.coupons) {
      if (code === 'HALF') off = Math.max(off, subtotal / 2);
      else if (code === 'TEN') off = Math.max(off, 10);
    }
    return round(off);
  }

  tax() {
    const zone = TAX_RATES[this.region];
    const rate = zone.rate;
    const taxable = this.subtotal() - this.discount();
    return round(taxable * rate);
  }

  shipping() {
    const net = this.subtotal() - this.discount();
    return net >= FREE_SHIPPING ? 0 : SHIPPING;
  }

  total() {
    return round(this.subtotal() - this.discount() + this.tax() + this.shipping());
  }

  receipt() {
    const lines = this.items.map((item) => {
      const amount = round(item.price * item.quantity);
      return `${item.name} x${item.quantity} ${amount} ${CURRENCY}`;
    });
    const summary = [
      `subtotal ${this.subtotal()}`,
      `discount ${this.discount()}`,
      `tax ${this.tax().toFixed(2)}`,
      `shipping ${this.shipping()}`,
      `total ${this.total()}`,
    ];
    return lines.concat(summary).join('\n');
  }
}

const cart = new Cart('west');
cart.add('pen', 1.5, 4).add('book', 12, 2).coupon(' ten ');
console.log(cart.receipt());
