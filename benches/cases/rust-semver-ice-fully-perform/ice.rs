
/// Markers normalized through a blanket impl for unsized types; rustc 1.95
/// hits a delayed bug (`fully_perform`) on the array length below
/// (rust-lang/rust#100041).
pub trait Normalized {
    type Output;
}

impl<X: ?Sized> Normalized for X {
    type Output = ();
}

pub fn consume_markers(_: &[<[[u8]] as Normalized>::Output; 0]) {}

pub fn replay_markers() {
    consume_markers(&[]);
}
