//! Projects: a folder (or several files) reduced as one subject under one
//! test.
//!
//! A project's files fall in three groups. The files of a language we
//! parse are joined, per language, into one program ([`Program`]), which
//! the single-file reductions reduce like any program, with the cross-file
//! reductions besides (a file deleted with the lines that name it, a file
//! inlined into its one user). Other text files (`Cargo.toml`, a
//! `Makefile`, `package.json`) are reduced by lines and bracketed blocks;
//! binary files, symbolic links and empty folders are only deleted
//! (`lines`). The test always sees the whole project: a candidate is a
//! project archive ([`Files::encode`]), which the script oracle writes into
//! a private copy of the project per worker.

mod load;
pub mod program;
mod reduce;
mod rest;

use std::collections::HashMap;
use std::sync::Arc;

pub use crate::files::{Entry, Files};
#[cfg(feature = "cli")]
pub use load::load_paths;
pub use load::{LoadError, Selection, load_folder};
pub use program::Program;
pub use reduce::{Session, reduce};

use crate::lang::Language;

/// A project ready to reduce: its files as loaded, and which of them are
/// joined into which program.
#[derive(Clone, Debug)]
pub struct Project {
    /// The name of the project's folder: the copy's name in a test's
    /// private directory (which only the command line's fronts run).
    #[cfg_attr(not(feature = "cli"), allow(dead_code))]
    pub name: String,
    /// The files as read.
    pub input: Files,
    /// One program per language with files, the largest first.
    pub programs: Vec<Program>,
    /// The permissions of every file, by path.
    modes: HashMap<String, u32>,
}

/// Why files cannot become a project.
#[derive(Debug, thiserror::Error)]
pub enum ProjectError {
    #[error(
        "{0} holds a line that starts like the marker treereduce puts between joined files ({1}); it cannot be reduced with the other files of its language (leave it out with --exclude)"
    )]
    HoldsMarker(String, String),
}

/// How much of a file is looked at to tell a binary file (a NUL byte).
const SNIFF: usize = 8192;

impl Project {
    /// Sorts `input`'s files into programs (by extension; a `.h` goes with
    /// C++ when the project has C++ files and no C file) and the rest.
    /// `only`, if given, is the one language parsed; files of other
    /// languages are then reduced as text.
    pub fn new(
        name: String,
        input: Files,
        only: Option<&'static Language>,
    ) -> Result<Project, ProjectError> {
        let mut by_language: Vec<(&'static Language, Vec<String>)> = Vec::new();
        let cpp_only = has_language(&input, "cpp") && !has_language_ext(&input, "c", "c");
        for (path, entry) in input.iter() {
            let Some(bytes) = entry.bytes() else { continue };
            let Some(language) =
                language_of(path, cpp_only).filter(|l| only.is_none_or(|o| std::ptr::eq(o, *l)))
            else {
                continue;
            };
            if bytes[..bytes.len().min(SNIFF)].contains(&0) {
                continue;
            }
            if program::holds_marker(language, bytes) {
                return Err(ProjectError::HoldsMarker(
                    path.to_string(),
                    Program::marker(language, "").trim_end().to_string(),
                ));
            }
            match by_language
                .iter_mut()
                .find(|(l, _)| std::ptr::eq(*l, language))
            {
                Some((_, paths)) => paths.push(path.to_string()),
                None => by_language.push((language, vec![path.to_string()])),
            }
        }
        let size = |paths: &[String]| -> usize {
            paths
                .iter()
                .filter_map(|p| input.get(p))
                .map(Entry::len)
                .sum()
        };
        by_language.sort_by_key(|(l, paths)| (std::cmp::Reverse(size(paths)), l.name));
        let programs = by_language
            .into_iter()
            .map(|(language, paths)| Program {
                language,
                files: program::order(language, paths, &input),
            })
            .collect();
        let modes = input
            .iter()
            .filter_map(|(p, e)| match e {
                Entry::File { mode, .. } => Some((p.to_string(), *mode)),
                _ => None,
            })
            .collect();
        Ok(Project {
            name,
            input,
            programs,
            modes,
        })
    }

    /// The state the reduction starts from.
    pub fn start(&self) -> State {
        let mut rest = self.input.clone();
        for program in &self.programs {
            for path in &program.files {
                rest.remove(path);
            }
        }
        State {
            texts: self
                .programs
                .iter()
                .map(|p| Arc::from(p.join(&self.input)))
                .collect(),
            rest,
        }
    }

    /// The files of `state`, with program `which`'s text replaced by `text`
    /// if given; `None` if that text's markers are broken.
    pub fn files_with(&self, state: &State, which: Option<(usize, &[u8])>) -> Option<Files> {
        let mut files = state.rest.clone();
        for (i, program) in self.programs.iter().enumerate() {
            let text = match which {
                Some((w, text)) if w == i => text,
                _ => &state.texts[i],
            };
            for (path, entry) in program.files_of(text, &self.modes).ok()? {
                files.insert(&path, entry).ok()?;
            }
        }
        Some(files)
    }

    /// The files of `state`.
    pub fn files(&self, state: &State) -> Files {
        self.files_with(state, None)
            .expect("a state's programs keep their markers")
    }
}

/// A version of a project during its reduction: the text of each program
/// (markers and all) and the other entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// Per program of [`Project::programs`], its joined text.
    pub texts: Vec<Arc<[u8]>>,
    /// The entries that belong to no program.
    pub rest: Files,
}

/// The language a project file is parsed in, by its extension.
fn language_of(path: &str, cpp_headers: bool) -> Option<&'static Language> {
    let language = Language::by_path(std::path::Path::new(path))?;
    if cpp_headers && language.name == "c" {
        return Language::by_name("cpp");
    }
    Some(language)
}

fn has_language(files: &Files, name: &str) -> bool {
    files
        .iter()
        .any(|(p, _)| language_of(p, false).is_some_and(|l| l.name == name))
}

fn has_language_ext(files: &Files, name: &str, ext: &str) -> bool {
    files.iter().any(|(p, _)| {
        p.rsplit_once('.').is_some_and(|(_, e)| e == ext)
            && language_of(p, false).is_some_and(|l| l.name == name)
    })
}

#[cfg(test)]
mod tests;
