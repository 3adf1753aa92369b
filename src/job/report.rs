//! Bug reports (`--report md`, `--report-template FILE`): the reduced
//! program with what a bug report needs around it, rendered by minijinja
//! from the built-in markdown template or the user's own. The variables are
//! the fields of [`Context`] (documented in doc/options.md, "Bug reports").

use std::path::{Path, PathBuf};

use minijinja::Environment;
use serde::Serialize;

/// The built-in template of `--report md`.
pub const MARKDOWN: &str = include_str!("report.md.j2");

/// What a template sees.
#[derive(Debug, Serialize)]
pub struct Context {
    /// The input's file name.
    pub name: String,
    /// The input's path as given.
    pub input: String,
    /// The language's name (`c`, `rust`, `javascript`).
    pub language: String,
    /// The result's path.
    pub result_path: String,
    /// The reduced program.
    pub result: String,
    /// For a project: the files of the result, in path order (`result`
    /// is then empty).
    pub files: Vec<ReportFile>,
    /// Sizes of the input and of the result.
    pub start_bytes: u64,
    /// Tokens of the input.
    pub start_tokens: u64,
    /// Bytes of the result.
    pub final_bytes: u64,
    /// Tokens of the result.
    pub final_tokens: u64,
    /// Tests run.
    pub tests: u64,
    /// Wall time in seconds.
    pub seconds: f64,
    /// The test script's path and text.
    pub script: String,
    /// The script's text (lossy UTF-8).
    pub script_text: String,
    /// The treereduce command line, quoted for a POSIX shell.
    pub command: String,
    /// `reduced`, or in batch mode the input's status.
    pub status: String,
    /// Why it stopped early, if it did.
    pub reason: Option<String>,
    /// treereduce's version.
    pub version: String,
    /// Everything `--stats-json` writes.
    pub stats: serde_json::Value,
}

/// One file of a project's result, for a report.
#[derive(Debug, Serialize)]
pub struct ReportFile {
    /// Its path in the project.
    pub path: String,
    /// The language it is reduced as (`c`, `rust`), or empty.
    pub language: String,
    /// Its text (or what it is: a link, an empty folder).
    pub text: String,
}

impl ReportFile {
    /// The files of a project's archive (none if it is not one).
    pub fn of_archive(archive: &[u8]) -> Vec<ReportFile> {
        let Ok(files) = crate::files::Files::decode(archive) else {
            return Vec::new();
        };
        files
            .iter()
            .map(|(path, entry)| ReportFile {
                path: path.to_string(),
                language: crate::lang::Language::by_path(Path::new(path))
                    .map_or(String::new(), |l| l.name.into()),
                text: match entry {
                    crate::files::Entry::File { bytes, .. } => {
                        String::from_utf8_lossy(bytes).into_owned()
                    }
                    crate::files::Entry::Link { target } => {
                        format!("(a symbolic link to {target})")
                    }
                    crate::files::Entry::Folder { .. } => "(an empty folder)".to_string(),
                },
            })
            .collect()
    }
}

/// A template ready to render: the built-in one or the user's.
pub struct Template {
    env: Environment<'static>,
    /// The extension of the reports it writes.
    pub extension: String,
}

impl Template {
    /// The built-in markdown template, or the one in `file` (read and
    /// compiled now, so that a mistake shows before the first test).
    pub fn load(file: Option<&Path>) -> Result<Template, String> {
        let mut env = Environment::new();
        env.set_undefined_behavior(minijinja::UndefinedBehavior::Strict);
        env.set_syntax(
            minijinja::syntax::SyntaxConfig::builder()
                .keep_trailing_newline(true)
                .build()
                .map_err(|e| e.to_string())?,
        );
        let (source, extension) = match file {
            None => (MARKDOWN.to_string(), "md".to_string()),
            Some(path) => {
                let source = std::fs::read_to_string(path).map_err(|e| {
                    format!("--report-template: cannot read {}: {e}", path.display())
                })?;
                (source, extension_of(path))
            }
        };
        env.add_template_owned("report", source)
            .map_err(|e| format!("--report-template: {e:#}"))?;
        Ok(Template { env, extension })
    }

    /// The report of `context`.
    pub fn render(&self, context: &Context) -> Result<String, String> {
        self.env
            .get_template("report")
            .and_then(|t| t.render(minijinja::value::Serde(context)))
            .map_err(|e| format!("cannot render the report: {e:#}"))
    }

    /// Where the report of the result at `result` goes.
    pub fn path_for(&self, result: &Path) -> PathBuf {
        let mut name = result.as_os_str().to_owned();
        name.push(format!(".{}", self.extension));
        PathBuf::from(name)
    }
}

/// The extension of a template's reports: its own, without a trailing
/// `.j2`/`.jinja` (`issue.md.j2` -> `md`), `txt` if it has none.
fn extension_of(path: &Path) -> String {
    let name = path
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    let name = name
        .strip_suffix(".j2")
        .or_else(|| name.strip_suffix(".jinja"))
        .unwrap_or(&name);
    match name.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() && !ext.is_empty() => ext.to_string(),
        _ => "txt".to_string(),
    }
}

/// The command line of this process, quoted for a POSIX shell.
pub fn command_line() -> String {
    std::env::args_os()
        .map(|a| super::messages::shell_quote(&a.to_string_lossy()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A report to write beside one result.
pub struct Reporter {
    template: std::sync::Arc<Template>,
    destination: super::Destination,
}

impl Reporter {
    /// The report beside `result`, checked before the first test: it must
    /// be writable and none of `protected` (the input, the script).
    pub fn beside(
        template: std::sync::Arc<Template>,
        result: Option<&Path>,
        protected: &[&Path],
    ) -> Result<Reporter, String> {
        let result = result.ok_or(
            "--report and --report-template write beside the result, so they need -o FILE (not stdout)",
        )?;
        let path = template.path_for(result);
        for p in protected {
            if super::same_file(&path, p) {
                return Err(format!(
                    "the report would be written to {}, which is the input or the test script",
                    path.display()
                ));
            }
        }
        let destination = super::Destination::of(&path).map_err(|e| format!("the report: {e}"))?;
        Ok(Reporter {
            template,
            destination,
        })
    }

    /// Renders and writes the report; the error says what failed.
    pub fn write(&self, context: &Context) -> Result<(), String> {
        use std::os::unix::fs::PermissionsExt;
        let text = self.template.render(context)?;
        let readable = std::fs::Permissions::from_mode(0o644);
        self.destination
            .write(text.as_bytes(), Some(&readable))
            .map_err(|e| format!("cannot write the report {}: {e}", self.path().display()))
    }

    /// Where it goes.
    pub fn path(&self) -> &Path {
        self.destination.path().unwrap_or(Path::new("-"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn context() -> Context {
        Context {
            name: "crash.c".into(),
            input: "crashes/crash.c".into(),
            language: "c".into(),
            result_path: "crash.reduced.c".into(),
            files: Vec::new(),
            result: "int a;\n".into(),
            start_bytes: 100,
            start_tokens: 30,
            final_bytes: 7,
            final_tokens: 3,
            tests: 12,
            seconds: 1.5,
            script: "./check.sh".into(),
            script_text: "#!/bin/sh\ngcc \"$1\"\n".into(),
            command: "treereduce -i ./check.sh crash.c".into(),
            status: "reduced".into(),
            reason: None,
            version: "0.1.0".into(),
            stats: serde_json::json!({"tests": 12}),
        }
    }

    #[test]
    fn the_markdown_report_has_what_a_bug_report_needs() {
        let md = Template::load(None).unwrap().render(&context()).unwrap();
        for part in [
            "```c\nint a;\n```",
            "#!/bin/sh\ngcc \"$1\"",
            "treereduce -i ./check.sh crash.c",
            "100 bytes (30 tokens)",
            "7 bytes (3 tokens)",
            "12 tests",
        ] {
            assert!(md.contains(part), "{part:?} missing from:\n{md}");
        }
    }

    #[test]
    fn user_templates_are_checked_early_and_named_by_extension() {
        let dir = tempfile::tempdir().unwrap();
        let good = dir.path().join("issue.html.j2");
        std::fs::write(&good, "<pre>{{ result }}</pre> {{ stats.tests }}").unwrap();
        let t = Template::load(Some(&good)).unwrap();
        assert_eq!(t.extension, "html");
        assert_eq!(t.render(&context()).unwrap(), "<pre>int a;\n</pre> 12");
        assert_eq!(
            t.path_for(Path::new("out/crash.reduced.c")),
            PathBuf::from("out/crash.reduced.c.html")
        );
        let bad = dir.path().join("bad.md");
        std::fs::write(&bad, "{% if %}").unwrap();
        assert!(Template::load(Some(&bad)).is_err());
        // An unknown variable is an error, not an empty string.
        std::fs::write(&bad, "{{ no_such_variable }}").unwrap();
        let t = Template::load(Some(&bad)).unwrap();
        assert!(t.render(&context()).is_err());
        assert!(Template::load(Some(&dir.path().join("missing"))).is_err());
    }
}
