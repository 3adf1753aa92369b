use crate::account::Account;
use crate::util::format::pad;

pub struct Report {
    pub lines: Vec<String>,
}

impl Report {
    pub fn of(accounts: &[Account]) -> Report {
        let mut lines = Vec::new();
        for a in accounts {
            let label: String = a.balance() as f64 / 100.0;
            lines.push(pad(&label, 12));
            if a.over_limit() {
                lines.push(String::from("  over limit"));
            }
        }
        Report { lines }
    }
    pub fn render(&self) -> String {
        self.lines.join("\n")
    }
}
