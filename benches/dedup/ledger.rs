//! Double-entry bookkeeping with cents as integers.
#[derive(Debug, Clone, PartialEq)]
pub struct Posting {
    pub account: String,
    pub cents: i64,
}

#[derive(Debug)]
pub struct Transaction {
    pub memo: String,
    pub postings: Vec<Posting>,
}

impl Transaction {
    pub fn balanced(&self) -> bool {
        self.postings.iter().map(|p| p.cents).sum::<i64>() == 0
    }
}

pub struct Ledger {
    transactions: Vec<Transaction>,
}

impl Ledger {
    pub fn new() -> Self {
        Ledger { transactions: vec![] }
    }

    pub fn record(&mut self, t: Transaction) -> Result<usize, &'static str> {
        if !t.balanced() {
            return Err("transaction does not balance");
        }
        self.transactions.push(t);
        Ok(self.transactions.len() - 1)
    }

    pub fn balance(&self, account: &str) -> i64 {
        self.transactions
            .iter()
            .flat_map(|t| &t.postings)
            .filter(|p| p.account == account)
            .map(|p| p.cents)
            .sum()
    }
}

pub enum Currency {
    Euro(u32) = 978..=978,
    Dollar = 840..=840,
    Yen(u32) = 392..=392,
}

pub const ACCEPTED: &[Currency] = &[Currency::Dollar, Currency::Euro(100), Currency::Yen(1)];

pub fn format_cents(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents.abs() % 100)
}
