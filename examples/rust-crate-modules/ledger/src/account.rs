use crate::util::money::Cents;

#[derive(Debug, Clone)]
pub struct Account {
    pub name: String,
    pub entries: Vec<Cents>,
    pub limit: Option<Cents>,
}

impl Account {
    pub fn new(name: &str) -> Account {
        Account { name: name.to_string(), entries: Vec::new(), limit: None }
    }
    pub fn deposit(&mut self, amount: Cents) {
        self.entries.push(amount);
    }
    pub fn balance(&self) -> i64 {
        self.entries.iter().map(|c| c.0).sum()
    }
    pub fn over_limit(&self) -> bool {
        match &self.limit {
            Some(l) => self.balance() > l.0,
            None => false,
        }
    }
}
