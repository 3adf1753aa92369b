/// A calendar day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Day {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

impl Day {
    pub fn new(year: u16, month: u8, day: u8) -> Option<Day> {
        if month == 0 || month > 12 || day == 0 || day > days_in(year, month) {
            return None;
        }
        Some(Day { year, month, day })
    }

    pub fn next(self) -> Day {
        if self.day < days_in(self.year, self.month) {
            Day { day: self.day + 1, ..self }
        } else if self.month < 12 {
            Day { month: self.month + 1, day: 1, ..self }
        } else {
            Day { year: self.year + 1, month: 1, day: 1 }
        }
    }
}

fn leap(year: u16) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn days_in(year: u16, month: u8) -> u8 {
    match month {
        2 if leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}
