#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Cents(pub i64);

impl Cents {
    pub fn add(self, other: Cents) -> Cents {
        Cents(self.0 + other.0)
    }
    pub fn zero() -> Cents {
        Cents(0)
    }
}
