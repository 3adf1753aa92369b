//! The preprocessor reductions with gcc as the test: a macro's body reduced
//! as code (`macro-bodies`), macros inlined at their uses (`inline-macros`),
//! conditionals the grammar cannot read as one node replaced by a branch
//! (`conditionals`), and what deletion and hoisting already do with
//! `#include` lines and whole conditionals. Each reduction is shown doing
//! what it claims, and its `--no-NAME` switch is shown turning it off.

mod common;

use common::Sandbox;

/// Interesting while gcc compiles the program without errors (so every
/// function must be declared) and warns that a comparison mixes signed and
/// unsigned operands.
const SIGN_COMPARE: &str = "out=$(LC_ALL=C gcc -fsyntax-only -Wall -Wextra -Werror=implicit-function-declaration \"$1\" 2>&1) || exit 1\n\
printf '%s' \"$out\" | grep -q 'Wsign-compare'\n";

/// Reduces `program` with the sign-compare test and the extra arguments;
/// the result, checked to pass the test.
fn reduce(program: &str, extra: &[&str]) -> String {
    Sandbox::new().reduce_with("t.c", program, SIGN_COMPARE, extra)
}

/// The comparison sits in a macro whose body also calls a checker. With
/// macros kept (`--no-inline-macros`), only reducing the body removes the
/// call.
const CHECKED_MACRO: &str = "int check_range(long lo, long hi, long limit);\n\
#define LIMIT 4096\n\
#define BELOW(a, b) (((a) < (b)) && check_range((a), (b), LIMIT) && (b) != LIMIT)\n\
int below(unsigned int x, int y) {\n    return BELOW(x, y);\n}\n";

#[test]
fn macro_bodies_reduce_inside_a_define() {
    let with = reduce(CHECKED_MACRO, &["--no-inline-macros"]);
    let without = reduce(CHECKED_MACRO, &["--no-inline-macros", "--no-macro-bodies"]);
    let define = |text: &str| {
        text.lines()
            .find(|l| l.contains("#define") && l.contains('('))
            .unwrap_or_else(|| panic!("no function-like macro left:\n{text}"))
            .to_string()
    };
    // The body keeps the comparison and nothing else.
    let body = define(&with);
    assert!(!body.contains("&&") && body.contains('<'), "{with}");
    assert!(!with.contains("check_range"), "{with}");
    // Without the reduction the body stays whole.
    assert!(define(&without).contains("check_range"), "{without}");
    assert!(with.len() < without.len(), "{with}\n{without}");
}

/// A typed value behind macros: the comparison is only visible once the
/// macros are inlined; `#include` lines go too.
const MACROS: &str = "#include <stdint.h>\n\
#include <stdio.h>\n\
#define ALIGN 8\n\
#define is_aligned(p) (((uintptr_t)(p) & (ALIGN - 1)) == 0)\n\
#define u32 unsigned int\n\
#define INLINE\n\
#define min(a, b) ((a) < (b) ? (a) : (b))\n\
#define LOG(fmt, ...) printf(\"[log] \" fmt \"\\n\", __VA_ARGS__)\n\
static INLINE int helper(const void *p) { return is_aligned(p); }\n\
int smallest(u32 x, int y) {\n    LOG(\"%d\", y);\n    return min(x, y) + helper(&y);\n}\n";

#[test]
fn macros_inline_at_their_uses() {
    let with = reduce(MACROS, &[]);
    let without = reduce(MACROS, &["--no-inline-macros"]);
    assert!(!with.contains('#'), "{with}");
    assert!(with.contains("unsigned"), "{with}");
    // Without inlining the macros the comparison needs stay.
    assert!(without.contains("#define"), "{without}");
    assert!(with.len() < without.len(), "{with}\n{without}");
}

/// Two headers of one function under `#ifdef`: the grammar sees an ERROR
/// where the directives are, and only replacing the conditional by one
/// branch makes a program without them.
const SPLIT_HEADER: &str = "#ifdef OLD_API\n\
int compare(unsigned int a, int b, int c) {\n\
#else\n\
int compare(unsigned int a, int b) {\n\
#endif\n\
    int unused = 1;\n\
    unused += 2;\n\
    return a < b;\n\
}\n";

#[test]
fn conditionals_split_across_a_function_keep_one_branch() {
    let with = reduce(SPLIT_HEADER, &[]);
    let without = reduce(SPLIT_HEADER, &["--no-conditionals"]);
    assert!(!with.contains('#'), "{with}");
    assert!(without.contains("#else"), "{without}");
}

/// What worked before the preprocessor reductions and still does without
/// them: `#include` lines are deleted like any item, a conditional the
/// grammar reads as one node is deleted whole or replaced by the items of
/// one branch (hoisting), at the top level and inside a function.
const WHOLE_CONDITIONALS: &str = "#include <stdio.h>\n\
#include <string.h>\n\
#ifdef CONFIG_SMALL\n\
typedef unsigned short word;\n\
#elif defined(CONFIG_LARGE)\n\
typedef unsigned long word;\n\
#else\n\
typedef unsigned int word;\n\
#endif\n\
#if 0\n\
static int unused(void) { return 0; }\n\
#endif\n\
int compare(word a, int b) {\n\
#ifndef NDEBUG\n\
    printf(\"%d\\n\", b);\n\
#endif\n\
    return a < b;\n\
}\n";

#[test]
fn includes_and_whole_conditionals_reduce_without_the_new_reductions() {
    let without = reduce(
        WHOLE_CONDITIONALS,
        &[
            "--no-conditionals",
            "--no-inline-macros",
            "--no-macro-bodies",
        ],
    );
    assert!(!without.contains('#'), "{without}");
    assert!(without.contains("unsigned"), "{without}");
}
