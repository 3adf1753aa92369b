//! Reductions by name with gcc as the test: a parameter that only matters
//! through one call goes from the prototype, the definition and the call
//! together, which no single deletion can do (a call without the argument,
//! or a prototype without the parameter, no longer compiles).

mod common;

use common::Sandbox;

/// Interesting while gcc compiles the program without errors (calls must
/// be declared) and warns that an argument has an incompatible pointer type.
const INCOMPATIBLE_POINTER: &str = "out=$(LC_ALL=C gcc -fsyntax-only -Werror=implicit-function-declaration -Wno-error=incompatible-pointer-types \"$1\" 2>&1) || exit 1\n\
printf '%s' \"$out\" | grep -q 'incompatible-pointer-types'\n";

const PROGRAM: &str = "int b(int x, int y, int z, int *p);\n\
int twice(int v) { return v * 2; }\n\
int b(int x, int y, int z, int *p) { return x + y * z + *p; }\n\
int main(void) {\n    char a[4];\n    int r = twice(3);\n    r += b(0, r, 7, a);\n    return r;\n}\n";

fn reduce(extra: &[&str]) -> String {
    Sandbox::new().reduce_with("t.c", PROGRAM, INCOMPATIBLE_POINTER, extra)
}

#[test]
fn c_parameter_goes_with_its_arguments() {
    let with = reduce(&[]);
    let without = reduce(&["--no-params"]);
    // Only the pointer parameter and its argument are left.
    assert_eq!(with.matches(',').count(), 0, "{with}");
    // Without the reduction the four parameters stay in every declaration
    // and in the call.
    assert!(without.matches(',').count() >= 3, "{without}");
    assert!(with.len() < without.len(), "{with}\n{without}");
}
