//! A worker's private copy of a project (see `project`): the folder a
//! project test runs in, brought to a candidate's files before each test by
//! writing only what differs from what the folder holds.
//!
//! A candidate differs from the one before in a few files; rewriting a
//! thousand files per test would cost more than many tests do. The copy
//! remembers, per file, the hash of what it wrote and the file's status
//! after the write (size, modification time, inode, mode): a file whose
//! status changed since was touched by a test and is written again; one
//! whose hash is the candidate's is left alone. Whatever a test left
//! behind that the candidate does not hold (build output, a `target/`
//! folder, a file the test created) is removed before the next test, so
//! every test sees exactly its candidate, never an earlier test's traces.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use xxhash_rust::xxh3::xxh3_128;

use crate::files::{Entry, Files};

/// What the copy holds at one path, as written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Written {
    hash: u128,
    stamp: Stamp,
}

/// A file's status, to notice a test's writes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Stamp {
    len: u64,
    mtime_ns: i128,
    ino: u64,
    mode: u32,
}

impl Stamp {
    fn of(meta: &fs::Metadata) -> Stamp {
        Stamp {
            len: meta.len(),
            mtime_ns: meta.mtime() as i128 * 1_000_000_000 + meta.mtime_nsec() as i128,
            ino: meta.ino(),
            mode: meta.mode(),
        }
    }
}

/// See the module documentation.
pub struct Workspace {
    root: PathBuf,
    written: HashMap<String, Written>,
}

impl Workspace {
    /// A copy rooted at `root` (created if missing), holding nothing yet.
    pub fn new(root: PathBuf) -> io::Result<Workspace> {
        fs::create_dir_all(&root)?;
        Ok(Workspace {
            root,
            written: HashMap::new(),
        })
    }

    /// The copy's root: the test's working directory and argument.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Brings the copy to `files`: removes what they do not hold, writes
    /// what differs. Returns how many entries were written.
    pub fn sync(&mut self, files: &Files) -> io::Result<usize> {
        let wanted: HashSet<&str> = files.iter().map(|(p, _)| p).collect();
        let folders: HashSet<&str> = files
            .iter()
            .flat_map(|(p, _)| ancestors(p))
            .chain(
                files
                    .iter()
                    .filter(|(_, e)| matches!(e, Entry::Folder { .. }))
                    .map(|(p, _)| p),
            )
            .collect();
        let root = self.root.clone();
        self.prune(&root, "", &wanted, &folders)?;
        let mut writes = 0;
        for (path, entry) in files.iter() {
            if self.put(path, entry)? {
                writes += 1;
            }
        }
        Ok(writes)
    }

    /// Removes, below `dir` (the copy's `prefix`), every entry that is
    /// neither wanted nor a folder on the way to one.
    fn prune(
        &mut self,
        dir: &Path,
        prefix: &str,
        wanted: &HashSet<&str>,
        folders: &HashSet<&str>,
    ) -> io::Result<()> {
        for found in fs::read_dir(dir)? {
            let found = found?;
            let Some(name) = found.file_name().to_str().map(str::to_string) else {
                remove_any(&found.path())?;
                continue;
            };
            let path = if prefix.is_empty() {
                name
            } else {
                format!("{prefix}/{name}")
            };
            let kind = found.file_type()?;
            let keep = if kind.is_dir() {
                folders.contains(path.as_str())
            } else {
                wanted.contains(path.as_str())
            };
            if keep && kind.is_dir() {
                self.prune(&found.path(), &path, wanted, folders)?;
            } else if !keep {
                remove_any(&found.path())?;
                self.written.remove(&path);
            }
        }
        Ok(())
    }

    /// Makes the copy hold `entry` at `path`; whether it wrote anything.
    fn put(&mut self, path: &str, entry: &Entry) -> io::Result<bool> {
        let full = self.root.join(path);
        match entry {
            Entry::Folder { mode } => {
                if !fs::symlink_metadata(&full).is_ok_and(|m| m.is_dir()) {
                    if fs::symlink_metadata(&full).is_ok() {
                        remove_any(&full)?;
                    }
                    fs::create_dir_all(&full)?;
                    fs::set_permissions(&full, fs::Permissions::from_mode(*mode | 0o700))?;
                    return Ok(true);
                }
                Ok(false)
            }
            Entry::Link { target } => {
                let hash = xxh3_128(target.as_bytes());
                let current = fs::symlink_metadata(&full).ok();
                if let (Some(meta), Some(w)) = (&current, self.written.get(path))
                    && meta.file_type().is_symlink()
                    && w.hash == hash
                    && fs::read_link(&full).is_ok_and(|t| t.as_os_str() == target.as_str())
                {
                    return Ok(false);
                }
                if current.is_some() {
                    remove_any(&full)?;
                }
                make_parent(&full)?;
                std::os::unix::fs::symlink(target, &full)?;
                let meta = fs::symlink_metadata(&full)?;
                let stamp = Stamp::of(&meta);
                self.written
                    .insert(path.to_string(), Written { hash, stamp });
                Ok(true)
            }
            Entry::File { bytes, mode } => {
                let hash = xxh3_128(bytes);
                if let Some(w) = self.written.get(path)
                    && w.hash == hash
                    && fs::symlink_metadata(&full).is_ok_and(|m| Stamp::of(&m) == w.stamp)
                {
                    return Ok(false);
                }
                let stamp = write_file(&full, bytes, *mode)?;
                self.written
                    .insert(path.to_string(), Written { hash, stamp });
                Ok(true)
            }
        }
    }
}

/// Writes `bytes` as a new file at `path` (removing what was there: a test
/// may have left a link or a folder in its place) with permissions `mode`.
fn write_file(path: &Path, bytes: &[u8], mode: u32) -> io::Result<Stamp> {
    match fs::symlink_metadata(path) {
        Ok(_) => remove_any(path)?,
        Err(e) if e.kind() == io::ErrorKind::NotFound => make_parent(path)?,
        Err(e) => return Err(e),
    }
    let mut file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    file.write_all(bytes)?;
    file.set_permissions(fs::Permissions::from_mode(mode | 0o600))?;
    Ok(Stamp::of(&file.metadata()?))
}

fn make_parent(path: &Path) -> io::Result<()> {
    match path.parent() {
        Some(parent) if !parent.is_dir() => {
            // A file a test left where a folder must go.
            if fs::symlink_metadata(parent).is_ok() {
                remove_any(parent)?;
            }
            fs::create_dir_all(parent)
        }
        _ => Ok(()),
    }
}

/// Removes a file, link or folder (a folder with what it holds; a folder a
/// test made read-only is made writable first).
fn remove_any(path: &Path) -> io::Result<()> {
    let meta = fs::symlink_metadata(path)?;
    if !meta.is_dir() {
        return fs::remove_file(path);
    }
    match fs::remove_dir_all(path) {
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied => {
            let _ = std::process::Command::new("chmod")
                .args(["-R", "u+rwx"])
                .arg(path)
                .status();
            fs::remove_dir_all(path)
        }
        other => other,
    }
}

/// The folders on the way to `path`: `a`, `a/b` for `a/b/c`.
fn ancestors(path: &str) -> impl Iterator<Item = &str> {
    path.match_indices('/').map(move |(i, _)| &path[..i])
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn files(entries: &[(&str, &str)]) -> Files {
        let mut files = Files::new();
        for (p, t) in entries {
            files.insert(p, Entry::file(t.as_bytes())).unwrap();
        }
        files
    }

    #[test]
    fn only_what_changed_is_written_and_leftovers_go() {
        let dir = tempfile::tempdir().unwrap();
        let mut ws = Workspace::new(dir.path().join("proj")).unwrap();
        let first = files(&[
            ("src/a.c", "int a;\n"),
            ("src/b.c", "int b;\n"),
            ("x.h", ""),
        ]);
        assert_eq!(ws.sync(&first).unwrap(), 3);
        assert_eq!(ws.sync(&first).unwrap(), 0, "nothing changed");
        // A test builds something and edits a file.
        fs::create_dir_all(ws.root().join("target/debug")).unwrap();
        fs::write(ws.root().join("target/debug/out"), "built").unwrap();
        fs::write(ws.root().join("src/stray.o"), "obj").unwrap();
        fs::write(ws.root().join("src/a.c"), "int changed;\n").unwrap();
        let second = files(&[("src/a.c", "int a;\n"), ("x.h", "int h;\n")]);
        assert_eq!(
            ws.sync(&second).unwrap(),
            2,
            "the edited a.c and the new x.h"
        );
        let mut found: Vec<String> = walk(ws.root());
        found.sort();
        assert_eq!(found, ["src", "src/a.c", "x.h"]);
        assert_eq!(fs::read(ws.root().join("src/a.c")).unwrap(), b"int a;\n");
    }

    #[test]
    fn links_modes_and_empty_folders_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        let mut ws = Workspace::new(dir.path().join("p")).unwrap();
        let mut wanted = Files::new();
        wanted
            .insert(
                "run.sh",
                Entry::File {
                    bytes: Arc::from(&b"#!/bin/sh\n"[..]),
                    mode: 0o755,
                },
            )
            .unwrap();
        wanted
            .insert(
                "lib/link.sh",
                Entry::Link {
                    target: "../run.sh".into(),
                },
            )
            .unwrap();
        wanted.insert("out", Entry::Folder { mode: 0o755 }).unwrap();
        ws.sync(&wanted).unwrap();
        let meta = fs::metadata(ws.root().join("run.sh")).unwrap();
        assert_eq!(meta.mode() & 0o777, 0o755);
        assert_eq!(
            fs::read_link(ws.root().join("lib/link.sh")).unwrap(),
            Path::new("../run.sh")
        );
        assert!(ws.root().join("out").is_dir());
        // A test replaces the link by a file: it comes back as a link.
        fs::remove_file(ws.root().join("lib/link.sh")).unwrap();
        fs::write(ws.root().join("lib/link.sh"), "x").unwrap();
        assert_eq!(ws.sync(&wanted).unwrap(), 1);
        assert!(
            fs::symlink_metadata(ws.root().join("lib/link.sh"))
                .unwrap()
                .file_type()
                .is_symlink()
        );
    }

    fn walk(root: &Path) -> Vec<String> {
        let mut out = Vec::new();
        let mut stack = vec![root.to_path_buf()];
        while let Some(dir) = stack.pop() {
            for e in fs::read_dir(&dir).unwrap() {
                let e = e.unwrap();
                let rel = e
                    .path()
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                if e.file_type().unwrap().is_dir() {
                    stack.push(e.path());
                }
                out.push(rel);
            }
        }
        out
    }
}
