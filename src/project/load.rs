//! Reading a project from disk: a folder walked the way git sees it (what
//! `.gitignore` names and `.git/` itself left out, unless the caller's
//! include globs name them), or several files under their common folder.
//! Symbolic links are read as links, never followed; anything that is not
//! a file, a link or a folder is refused.

use std::fs;
use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::files::{Entry, Files};

/// Which files of a folder a project holds, besides the default (every
/// file git would track: `.gitignore`d ones and `.git/` are left out).
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// Globs (gitignore syntax, from the folder's root) of files copied
    /// even if `.gitignore` names them or they sit in `.git/`.
    pub include: Vec<String>,
    /// Globs of files never copied.
    pub exclude: Vec<String>,
}

/// Why a project cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error(
        "{0} is a special file (a FIFO, socket or device); a project may hold only files, folders and symbolic links (leave it out with --exclude)"
    )]
    Special(PathBuf),
    #[error(
        "{0} has a name that is not UTF-8 or holds a line break; rename it or leave it out with --exclude"
    )]
    BadName(PathBuf),
    #[error("bad glob {glob:?}: {message}")]
    Glob { glob: String, message: String },
    #[error("{0}: no file to reduce (everything is ignored or excluded)")]
    Empty(PathBuf),
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> LoadError + '_ {
    move |source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Reads the project in folder `root`.
pub fn load_folder(root: &Path, selection: &Selection) -> Result<Files, LoadError> {
    let mut files = Files::new();
    let excluded = overrides(root, &selection.exclude, true)?;
    let mut walk = ignore::WalkBuilder::new(root);
    walk.standard_filters(false)
        .git_ignore(true)
        .git_exclude(true)
        .parents(true)
        .require_git(false)
        .follow_links(false)
        .overrides(excluded.clone())
        .filter_entry(|e| e.depth() != 1 || e.file_name() != ".git");
    add_walk(&mut files, root, walk.build(), true)?;
    if !selection.include.is_empty() {
        let mut globs = overrides(root, &selection.include, false)?;
        if !selection.exclude.is_empty() {
            // Excludes win over includes: both in one matcher, the
            // excludes last (a later glob decides).
            let mut both = ignore::overrides::OverrideBuilder::new(root);
            for g in &selection.include {
                add_glob(&mut both, g)?;
            }
            for g in &selection.exclude {
                add_glob(&mut both, &format!("!{g}"))?;
            }
            globs = both.build().map_err(|e| glob_error("--include", e))?;
        }
        let mut walk = ignore::WalkBuilder::new(root);
        walk.standard_filters(false)
            .follow_links(false)
            .overrides(globs);
        add_walk(&mut files, root, walk.build(), false)?;
    }
    if files.is_empty() {
        return Err(LoadError::Empty(root.to_path_buf()));
    }
    Ok(files)
}

/// Reads `paths` (files, not folders) as one project, each under its path
/// relative to their deepest common folder, which is returned too.
#[cfg(feature = "cli")]
pub fn load_paths(paths: &[PathBuf]) -> Result<(PathBuf, Files), LoadError> {
    let absolute: Vec<PathBuf> = paths
        .iter()
        .map(|p| std::path::absolute(p).map_err(io_error(p)))
        .collect::<Result<_, _>>()?;
    let mut root = absolute[0].parent().unwrap_or(Path::new("/")).to_path_buf();
    while !absolute.iter().all(|p| p.starts_with(&root)) {
        root = root.parent().unwrap_or(Path::new("/")).to_path_buf();
    }
    let mut files = Files::new();
    for path in &absolute {
        let relative = path.strip_prefix(&root).expect("below the common folder");
        add_entry(&mut files, path, relative)?;
    }
    Ok((root, files))
}

/// Adds what `walk` finds below `root` (its folders too if `folders`).
fn add_walk(
    files: &mut Files,
    root: &Path,
    walk: ignore::Walk,
    folders: bool,
) -> Result<(), LoadError> {
    for found in walk {
        let found = found.map_err(|e| LoadError::Io {
            path: root.to_path_buf(),
            source: e
                .into_io_error()
                .unwrap_or_else(|| io::Error::other("walk")),
        })?;
        let is_folder = found.file_type().is_some_and(|t| t.is_dir());
        if found.depth() == 0 || (is_folder && !folders) {
            continue;
        }
        let relative = found
            .path()
            .strip_prefix(root)
            .expect("the walk stays below its root");
        add_entry(files, found.path(), relative)?;
    }
    // A folder holding files needs no entry of its own.
    let held: Vec<String> = files
        .iter()
        .filter_map(|(p, _)| p.rsplit_once('/').map(|(dir, _)| dir.to_string()))
        .collect();
    for dir in held {
        let mut dir = dir.as_str();
        loop {
            if matches!(files.get(dir), Some(Entry::Folder { .. })) {
                files.remove(dir);
            }
            match dir.rsplit_once('/') {
                Some((up, _)) => dir = up,
                None => break,
            }
        }
    }
    Ok(())
}

/// Adds the entry at `path` (under the name `relative`): a file, a link or
/// a folder; refuses anything else.
fn add_entry(files: &mut Files, path: &Path, relative: &Path) -> Result<(), LoadError> {
    let name = relative
        .to_str()
        .filter(|n| crate::files::check_path(n).is_ok())
        .ok_or_else(|| LoadError::BadName(path.to_path_buf()))?;
    let meta = fs::symlink_metadata(path).map_err(io_error(path))?;
    let kind = meta.file_type();
    let mode = meta.permissions().mode() & 0o7777;
    let entry = if kind.is_symlink() {
        let target = fs::read_link(path).map_err(io_error(path))?;
        Entry::Link {
            target: target
                .into_os_string()
                .into_string()
                .map_err(|_| LoadError::BadName(path.to_path_buf()))?,
        }
    } else if kind.is_dir() {
        Entry::Folder { mode }
    } else if kind.is_file() {
        Entry::File {
            bytes: Arc::from(fs::read(path).map_err(io_error(path))?),
            mode,
        }
    } else {
        // A FIFO, a socket or a device.
        return Err(LoadError::Special(path.to_path_buf()));
    };
    files
        .insert(name, entry)
        .map_err(|_| LoadError::BadName(path.to_path_buf()))
}

fn overrides(
    root: &Path,
    globs: &[String],
    negate: bool,
) -> Result<ignore::overrides::Override, LoadError> {
    let mut builder = ignore::overrides::OverrideBuilder::new(root);
    for g in globs {
        let glob = if negate { format!("!{g}") } else { g.clone() };
        add_glob(&mut builder, &glob)?;
    }
    let flag = if negate { "--exclude" } else { "--include" };
    builder.build().map_err(|e| glob_error(flag, e))
}

/// Adds `glob` to `builder`; a glob that names a folder (`build/`) names
/// what it holds too, as in `.gitignore`.
fn add_glob(builder: &mut ignore::overrides::OverrideBuilder, glob: &str) -> Result<(), LoadError> {
    let error = |e: ignore::Error| LoadError::Glob {
        glob: glob.to_string(),
        message: e.to_string(),
    };
    builder.add(glob).map_err(error)?;
    if glob.ends_with('/') {
        builder.add(&format!("{glob}**")).map_err(error)?;
    }
    Ok(())
}

fn glob_error(flag: &str, e: ignore::Error) -> LoadError {
    LoadError::Glob {
        glob: flag.to_string(),
        message: e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, path: &str, text: &str) {
        let p = root.join(path);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    }

    fn names(files: &Files) -> Vec<&str> {
        files.iter().map(|(p, _)| p).collect()
    }

    #[test]
    fn a_folder_is_read_as_git_sees_it() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(root, "src/lib.rs", "mod a;\n");
        write(root, "src/a.rs", "fn f() {}\n");
        write(root, ".gitignore", "/target\n*.log\n");
        write(root, "target/debug/x", "built\n");
        write(root, "run.log", "noise\n");
        write(root, ".git/HEAD", "ref: refs/heads/main\n");
        write(root, ".cargo/config.toml", "[build]\n");
        fs::create_dir(root.join("empty")).unwrap();
        std::os::unix::fs::symlink("src/lib.rs", root.join("link")).unwrap();
        let files = load_folder(root, &Selection::default()).unwrap();
        assert_eq!(
            names(&files),
            [
                ".cargo/config.toml",
                ".gitignore",
                "empty",
                "link",
                "src/a.rs",
                "src/lib.rs"
            ]
        );
        assert_eq!(
            files.get("link"),
            Some(&Entry::Link {
                target: "src/lib.rs".into()
            })
        );
        let selection = Selection {
            include: vec!["*.log".into(), "target/".into()],
            exclude: vec![".cargo/".into(), "src/a.rs".into()],
        };
        let files = load_folder(root, &selection).unwrap();
        assert_eq!(
            names(&files),
            [
                ".gitignore",
                "empty",
                "link",
                "run.log",
                "src/lib.rs",
                "target/debug/x"
            ]
        );
    }

    #[test]
    fn special_files_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "a.c", "int x;\n");
        let fifo = dir.path().join("pipe");
        let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let err = load_folder(dir.path(), &Selection::default()).unwrap_err();
        assert!(matches!(err, LoadError::Special(_)), "{err}");
    }

    #[test]
    fn several_files_sit_below_their_common_folder() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "p/src/a.c", "#include \"../inc/a.h\"\n");
        write(dir.path(), "p/inc/a.h", "int a;\n");
        let (root, files) =
            load_paths(&[dir.path().join("p/src/a.c"), dir.path().join("p/inc/a.h")]).unwrap();
        assert_eq!(root, std::path::absolute(dir.path().join("p")).unwrap());
        assert_eq!(names(&files), ["inc/a.h", "src/a.c"]);
    }
}
