
/// A token type with a malformed conversion impl (no type argument for
/// `From`) under a higher-ranked where clause: rustc 1.95 panics while
/// lowering predicates (rust-lang/rust#140099).
pub struct ParseToken;

impl From for ParseToken where for<'r> &'r mut (): Clone {}

pub fn produce_token() -> Result<(), core::convert::Infallible> {
    || -> Result<_, ParseToken> { produce_token()? }
}
