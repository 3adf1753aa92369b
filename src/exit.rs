//! Exit codes of the `treereduce` command. Stable: scripts and CI rely on them.
//!
//! This table is the one place they are described. `--help` lists their
//! short texts ([`help`]), the man page their meanings ([`man_section`]),
//! and a test checks every table and list of exit codes in README.md and
//! doc/*.md against it. A new code is one more entry of the table (and a row
//! of the README's table, which the test asks for).

/// One exit code, as the documents describe it.
#[derive(Clone, Copy, Debug)]
pub struct Code {
    /// The number the process exits with.
    pub code: u8,
    /// The constant's name (`DEADLINE`).
    #[cfg_attr(
        not(test),
        expect(dead_code, reason = "read by the check of the documents")
    )]
    pub name: &'static str,
    /// One line for `--help`.
    pub short: &'static str,
    /// The full meaning: the man page's text, and the README table's row.
    pub meaning: &'static str,
    /// Words one of which every description of the code contains, so that
    /// a list in a document that gives a code another code's meaning is
    /// found (`6 the deadline passed`, where 6 is the generator's code).
    #[cfg_attr(
        not(test),
        expect(dead_code, reason = "read by the check of the documents")
    )]
    pub words: &'static [&'static str],
}

/// Defines a constant per code and [`ALL`], the table, from one list.
macro_rules! exit_codes {
    ($($name:ident = $code:literal {
        short: $short:literal,
        meaning: $meaning:literal,
        words: [$($word:literal),+ $(,)?] $(,)?
    })*) => {
        $(
            #[doc = $meaning]
            pub const $name: u8 = $code;
        )*
        /// Every exit code, in increasing order.
        pub const ALL: &[Code] = &[$(Code {
            code: $code,
            name: stringify!($name),
            short: $short,
            meaning: $meaning,
            words: &[$($word),+],
        }),*];
    };
}

exit_codes! {
    SUCCESS = 0 {
        short: "success: the result is written",
        meaning: "done; the result is written",
        words: ["done", "reduced", "success"],
    }
    INTERNAL = 1 {
        short: "internal error",
        meaning: "internal error (a bug, or an I/O error while running)",
        words: ["internal"],
    }
    USAGE = 2 {
        short: "bad arguments, unreadable or too large input, unusable test script",
        meaning: "bad arguments, unreadable input, an input too large for this machine's memory or over 4 GiB (refused before it is read or tested), unusable script (missing, not executable, or it cannot be run on the input: a launcher that cannot be started, no room in the temporary folder), output path equal to the input",
        words: ["bad arguments", "usage"],
    }
    NOT_INTERESTING = 3 {
        short: "the input is not interesting",
        meaning: "the script does not find the input interesting (or times out on it)",
        words: ["not interesting", "does not find"],
    }
    TEST_ERRORS = 4 {
        short: "the test could not be run, repeatedly or at the final re-check (the best result so far is kept)",
        meaning: "the script could not be run (no verdict: the candidate could not be written, the script could not be started) 5 times in a row, or during the final re-check; the output holds the best result found before (the newest one the test did not reject), not re-checked",
        words: ["could not be run"],
    }
    OUTPUT_FAILED = 5 {
        short: "the result could not be written where asked (it is saved in the temporary folder)",
        meaning: "the result could not be written where asked (the output's folder went away, the disk is full); it is saved in the temporary folder and the message says where",
        words: ["could not be written"],
    }
    GENERATOR_FAILED = 6 {
        short: "trace: the generator cannot be used",
        meaning: "`trace`: the generator cannot be used: it fails, hangs, writes nothing, makes no decision the hook can see, does not follow the replay of its own decisions, or writes another program from them",
        words: ["generator"],
    }
    DEADLINE = 7 {
        short: "the --deadline passed (the best result so far is kept, re-checked unless the deadline fell in its re-check)",
        meaning: "`--deadline` passed; the output holds the best result found until then, re-checked (not if the deadline passed during its re-check; nothing is written if it passed during the check of the input)",
        words: ["deadline"],
    }
    SOME_FAILED = 8 {
        short: "batch: at least one input failed (the others are reduced)",
        meaning: "`treereduce batch`: at least one input failed (see `summary.md`); the others are reduced",
        words: ["failed"],
    }
    INTERRUPTED = 130 {
        short: "interrupted (the best result so far is kept)",
        meaning: "interrupted by Ctrl-C or SIGTERM; the output holds the best result found so far",
        words: ["interrupted"],
    }
}

/// The exit codes as `--help` lists them.
pub fn help() -> String {
    let mut text = String::from("Exit codes:");
    for c in ALL {
        text.push_str(&format!("\n  {:>3}  {}", c.code, c.short));
    }
    text
}

/// The man page's EXIT STATUS section (roff), from the full meanings.
pub fn man_section() -> String {
    let mut roff = String::from(".SH \"EXIT STATUS\"\n");
    for c in ALL {
        roff.push_str(&format!(
            ".TP\n\\fB{}\\fR\n{}\n",
            c.code,
            roff_text(c.meaning)
        ));
    }
    roff
}

/// `text` as a line of roff: backslashes and hyphens escaped, backticks
/// dropped (they are Markdown's), and a leading `.` or `'` made literal.
fn roff_text(text: &str) -> String {
    let mut out = text
        .replace('\\', "\\e")
        .replace('-', "\\-")
        .replace('`', "");
    if out.starts_with(['.', '\'']) {
        out.insert_str(0, "\\&");
    }
    out
}

#[cfg(test)]
mod tests;
