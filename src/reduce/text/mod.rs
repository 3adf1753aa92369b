//! The passes over the finished program's text, run on their own subject
//! ([`tidy::Text`]) after the syntax passes: whitespace between tokens
//! (tidy) and the layout laid out from the syntax tree.

pub mod layout;
pub mod tidy;

use std::borrow::Cow;

/// The gap's bytes if it holds only whitespace, to be rewritten by the
/// rules; with `splices` (C and C++) also when it holds line splices (a
/// `\` that ends a line, which translation phase 2 deletes before the
/// preprocessor sees the text): they go, so a `#define` whose body lines
/// were deleted leaves no `\` lines behind. `None` for any other gap, and
/// for one whose splices are all it has (`a\` + newline + `b` is one
/// token `ab` to the compiler; it stays as written).
pub fn blank_gap(bytes: &[u8], splices: bool) -> Option<Cow<'_, [u8]>> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Some(Cow::Borrowed(bytes));
    }
    if !splices {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match &bytes[i..] {
            [b'\\', b'\n', ..] => i += 2,
            [b'\\', b'\r', b'\n', ..] => i += 3,
            [c, ..] if c.is_ascii_whitespace() => {
                out.push(*c);
                i += 1;
            }
            _ => return None,
        }
    }
    (!out.is_empty()).then_some(Cow::Owned(out))
}
