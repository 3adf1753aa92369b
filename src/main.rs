//! The `treereduce` command; everything lives in the library.

fn main() -> std::process::ExitCode {
    treereduce::cli_main()
}
