"""Invoices: line items with quantities and prices, discounts by customer
tier, and a printed summary. One line item carries its quantity as text,
and the total fails with "TypeError: unsupported operand type(s) for +:
'int' and 'str'"."""

TIERS = {"gold": 0.15, "silver": 0.05, "bronze": 0.0}
TAX_RATE = 0.2


class LineItem:
    def __init__(self, name, quantity, unit_price):
        self.name = name
        self.quantity = quantity
        self.unit_price = unit_price

    def cost(self):
        return self.quantity * self.unit_price


class Invoice:
    def __init__(self, customer, tier):
        self.customer = customer
        self.tier = tier
        self.items = []

    def add(self, name, quantity, unit_price):
        self.items.append(LineItem(name, quantity, unit_price))
        return self

    def count(self):
        total = 0
        for item in self.items:
            total = total + item.quantity
        return total

    def subtotal(self):
        return sum(item.cost() for item in self.items)

    def discount(self):
        return self.subtotal() * TIERS.get(self.tier, 0.0)

    def total(self):
        net = self.subtotal() - self.discount()
        return round(net * (1 + TAX_RATE), 2)


def summary(invoice):
    lines = ["Invoice for %s (%s)" % (invoice.customer, invoice.tier)]
    for item in invoice.items:
        lines.append("  %-10s %3s x %6.2f" % (item.name, item.quantity, item.unit_price))
    lines.append("  items: %d" % invoice.count())
    lines.append("  total: %.2f" % invoice.total())
    return "\n".join(lines)


def main():
    invoice = Invoice("ACME", "gold")
    invoice.add("bolts", 100, 0.05).add("nuts", 250, 0.02)
    invoice.add("washers", "40", 0.01)
    print(summary(invoice))


if __name__ == "__main__":
    main()
