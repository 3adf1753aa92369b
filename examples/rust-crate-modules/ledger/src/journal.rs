use crate::account::Account;
use crate::util::dates::Day;
use crate::util::money::Cents;

/// One booking: an amount moved into an account on a day.
#[derive(Debug, Clone)]
pub struct Entry {
    pub day: Day,
    pub account: String,
    pub amount: Cents,
    pub memo: String,
}

/// Bookings in the order they were made.
#[derive(Debug, Default)]
pub struct Journal {
    entries: Vec<Entry>,
}

impl Journal {
    pub fn book(&mut self, entry: Entry) {
        self.entries.push(entry);
    }

    pub fn between(&self, from: Day, to: Day) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(move |e| e.day >= from && e.day <= to)
    }

    /// Replays the journal into accounts, one per name.
    pub fn accounts(&self) -> Vec<Account> {
        let mut accounts: Vec<Account> = Vec::new();
        for e in &self.entries {
            match accounts.iter_mut().find(|a| a.name == e.account) {
                Some(a) => a.deposit(e.amount),
                None => {
                    let mut a = Account::new(&e.account);
                    a.deposit(e.amount);
                    accounts.push(a);
                }
            }
        }
        accounts
    }
}
