//! The passes over the finished program's text, run on their own subject
//! ([`tidy::Text`]) after the syntax passes: whitespace between tokens
//! (tidy) and the layout laid out from the syntax tree.

pub mod layout;
pub mod tidy;
