
/// A family of types with a lifetime-generic member; a function pointer over
/// it, coerced to a trait object, crashes rustc 1.95 while resolving the
/// instance at code generation (rust-lang/rust#139120).
pub trait Family {
    type Member<'m>;
}

pub struct UnitFamily;

impl Family for UnitFamily {
    type Member<'m> = ();
}

pub trait Callable {
    fn call_it(&self);
}

impl<F: Family> Callable for fn(F, F::Member<'_>) {
    fn call_it(&self) {}
}

fn erase_family<F: Family>(g: fn(F, F::Member<'_>)) {
    let _: &dyn Callable = &g;
}

pub fn trigger_family() {
    erase_family(|_: UnitFamily, _| {});
}
