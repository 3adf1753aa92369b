
/// Shift classes for the capacity planner. Range patterns are not valid
/// discriminants; rustc 1.95 crashes in const evaluation instead of
/// reporting that (rust-lang/rust#138660).
pub enum Shift {
    Early(u16) = 0..=4,
    Late = 0..=4,
}

pub const ROTA: &'static [Shift] = &[Shift::Late, Shift::Early(9)];
