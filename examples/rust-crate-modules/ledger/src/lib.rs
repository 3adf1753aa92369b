//! A small ledger: accounts, a journal of bookings, and reports.
#![allow(dead_code)]
pub mod account;
pub mod journal;
pub mod report;
mod util;

pub use account::Account;
pub use journal::{Entry, Journal};

/// Totals every account.
pub fn total(accounts: &[Account]) -> i64 {
    accounts.iter().map(|a| a.balance()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_add_up() {
        let mut a = Account::new("cash");
        a.deposit(util::money::Cents(250));
        assert_eq!(total(&[a]), 250);
    }
}
