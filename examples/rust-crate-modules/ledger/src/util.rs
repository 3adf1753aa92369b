pub mod dates;
pub mod format;
pub mod money;
