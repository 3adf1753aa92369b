//! `--formatter`: which command formats a result. Without a value, the
//! language's usual formatter, found on `PATH`; with one, that command (split
//! into words as a shell would). The library runs it (`single::format`).

use std::path::Path;

use crate::lang::Language;

/// The usual formatter of a language: the program's name (also tried with a
/// version suffix, as Debian installs `clang-format-15`) and its arguments,
/// where `{name}` stands for the input's file name (from which the
/// formatters tell the language and find their settings files).
fn usual(language: &Language) -> Option<(&'static str, &'static [&'static str])> {
    match language.name {
        "c" => Some(("clang-format", &["--assume-filename={name}"])),
        // rustfmt reads stdin as the 2015 edition unless told; 2021 parses
        // what 2015 does but `async`, `dyn` and `try` as the keywords they
        // are in current code.
        "rust" => Some(("rustfmt", &["--edition", "2021"])),
        "javascript" => Some(("prettier", &["--stdin-filepath", "{name}"])),
        _ => None,
    }
}

/// The command `--formatter` names: `given` split into words, or the
/// language's usual formatter if it is on `path` (the `PATH` variable's
/// value); `Err` says why there is none.
pub fn command(
    given: &str,
    language: &Language,
    file_name: &str,
    path: Option<&std::ffi::OsStr>,
) -> Result<Vec<String>, String> {
    if !given.is_empty() {
        return match shlex::split(given) {
            Some(words) if !words.is_empty() => Ok(words),
            _ => Err(format!(
                "--formatter {given:?} is not a command (empty, or an unclosed quote)"
            )),
        };
    }
    let (program, args) =
        usual(language).ok_or_else(|| format!("no formatter is known for {}", language.name))?;
    let found = find(program, path)
        .ok_or_else(|| format!("{program} is not on PATH; give the command: --formatter=CMD"))?;
    let mut words = vec![found];
    words.extend(args.iter().map(|a| a.replace("{name}", file_name)));
    Ok(words)
}

/// `program` on `path`, else `program-N` with the highest version `N`.
fn find(program: &str, path: Option<&std::ffi::OsStr>) -> Option<String> {
    let dirs: Vec<_> = std::env::split_paths(path?).collect();
    let executable = |p: &Path| {
        use std::os::unix::fs::PermissionsExt;
        p.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if let Some(dir) = dirs.iter().find(|d| executable(&d.join(program))) {
        return Some(dir.join(program).to_string_lossy().into_owned());
    }
    let prefix = format!("{program}-");
    dirs.iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let version: u32 = name.strip_prefix(&prefix)?.parse().ok()?;
            executable(&e.path()).then(|| (version, e.path()))
        })
        .max_by_key(|(v, _)| *v)
        .map(|(_, p)| p.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_given_command_is_split_like_a_shell_would() {
        let c = Language::by_name("c").unwrap();
        assert_eq!(
            command(
                "clang-format --style='{BasedOnStyle: llvm}'",
                c,
                "a.c",
                None
            )
            .unwrap(),
            ["clang-format", "--style={BasedOnStyle: llvm}"]
        );
        assert!(command("'unclosed", c, "a.c", None).is_err());
    }

    #[test]
    fn a_versioned_program_is_found_when_the_plain_name_is_missing() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        for name in ["fmt-13", "fmt-15", "fmt-x"] {
            let p = dir.path().join(name);
            std::fs::write(&p, "#!/bin/sh\n").unwrap();
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        let path = dir.path().as_os_str();
        assert!(find("fmt", Some(path)).unwrap().ends_with("fmt-15"));
        assert_eq!(find("other", Some(path)), None);
        std::fs::write(dir.path().join("fmt"), "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(
            dir.path().join("fmt"),
            std::fs::Permissions::from_mode(0o755),
        )
        .unwrap();
        assert!(find("fmt", Some(path)).unwrap().ends_with("/fmt"));
    }

    #[test]
    fn the_usual_formatter_gets_the_file_name_or_says_it_is_missing() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().as_os_str();
        let c = Language::by_name("c").unwrap();
        let missing = command("", c, "crash.c", Some(path)).unwrap_err();
        assert!(missing.contains("clang-format is not on PATH"), "{missing}");
        let p = dir.path().join("clang-format-14");
        std::fs::write(&p, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
        let found = command("", c, "crash.c", Some(path)).unwrap();
        assert!(found[0].ends_with("clang-format-14"));
        assert_eq!(found[1..], ["--assume-filename=crash.c"]);
    }
}
