//! A project as a value: its files, symbolic links and empty folders by
//! relative path, and one byte form of it (the archive) that every part of
//! the reducer can hold, hash and hand over like the text of one program.
//!
//! The engine, the verdict cache, the output writer and the final re-check
//! all work on bytes; a project travels through them as its archive. The
//! key of a project candidate is the hash of its archive, so a verdict is
//! kept for the whole project's content, never for one file of it.

use std::collections::BTreeMap;
use std::sync::Arc;

/// What sits at one path of a project.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A regular file: its bytes and its permission bits.
    File { bytes: Arc<[u8]>, mode: u32 },
    /// A symbolic link, kept as a link: its target as written in it.
    Link { target: String },
    /// A folder that holds nothing (folders that hold files need no entry).
    Folder { mode: u32 },
}

impl Entry {
    /// A file with the usual permissions (rw-r--r--).
    pub fn file(bytes: impl Into<Arc<[u8]>>) -> Entry {
        Entry::File {
            bytes: bytes.into(),
            mode: 0o644,
        }
    }

    /// Its bytes, for a file.
    pub fn bytes(&self) -> Option<&[u8]> {
        match self {
            Entry::File { bytes, .. } => Some(bytes),
            _ => None,
        }
    }

    /// Its size in bytes (a link's target, for a link).
    pub fn len(&self) -> usize {
        match self {
            Entry::File { bytes, .. } => bytes.len(),
            Entry::Link { target } => target.len(),
            Entry::Folder { .. } => 0,
        }
    }

    /// Whether it holds no bytes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The entries of a project by relative path (`/`-separated, no `.` or
/// `..` parts), in path order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Files {
    entries: BTreeMap<String, Entry>,
}

/// Why bytes are not an archive, or a path is not one a project may hold.
#[derive(Debug, thiserror::Error)]
pub enum ArchiveError {
    #[error("not a project archive")]
    NotAnArchive,
    #[error("the archive ends early")]
    Truncated,
    #[error("{0:?} is not a relative path inside the project")]
    BadPath(String),
}

/// The first bytes of an archive.
const MAGIC: &[u8] = b"treereduce project 1\n";

impl Files {
    /// No entries.
    pub fn new() -> Files {
        Files::default()
    }

    /// Adds or replaces the entry at `path` (checked by `check_path`).
    pub fn insert(&mut self, path: &str, entry: Entry) -> Result<(), ArchiveError> {
        check_path(path)?;
        self.entries.insert(path.to_string(), entry);
        Ok(())
    }

    /// Removes the entry at `path`.
    pub fn remove(&mut self, path: &str) -> Option<Entry> {
        self.entries.remove(path)
    }

    /// The entry at `path`.
    pub fn get(&self, path: &str) -> Option<&Entry> {
        self.entries.get(path)
    }

    /// The entries, in path order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Entry)> {
        self.entries.iter().map(|(p, e)| (p.as_str(), e))
    }

    /// How many entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The bytes of every file together.
    pub fn bytes(&self) -> u64 {
        self.entries.values().map(|e| e.len() as u64).sum()
    }

    /// The archive: `MAGIC`, then per entry a kind byte (`F`, `L`, `D`),
    /// the mode (u32), the path and the content, each length-prefixed (u32
    /// for the path, u64 for the content), little-endian.
    pub fn encode(&self) -> Vec<u8> {
        let size: usize = self
            .entries
            .iter()
            .map(|(p, e)| 17 + p.len() + e.len())
            .sum();
        let mut out = Vec::with_capacity(MAGIC.len() + size);
        out.extend_from_slice(MAGIC);
        for (path, entry) in &self.entries {
            let (kind, mode, content): (u8, u32, &[u8]) = match entry {
                Entry::File { bytes, mode } => (b'F', *mode, bytes),
                Entry::Link { target } => (b'L', 0o777, target.as_bytes()),
                Entry::Folder { mode } => (b'D', *mode, b""),
            };
            out.push(kind);
            out.extend_from_slice(&mode.to_le_bytes());
            out.extend_from_slice(&(path.len() as u32).to_le_bytes());
            out.extend_from_slice(path.as_bytes());
            out.extend_from_slice(&(content.len() as u64).to_le_bytes());
            out.extend_from_slice(content);
        }
        out
    }

    /// Reads an archive [`Files::encode`] wrote.
    pub fn decode(bytes: &[u8]) -> Result<Files, ArchiveError> {
        let mut rest = bytes
            .strip_prefix(MAGIC)
            .ok_or(ArchiveError::NotAnArchive)?;
        let mut files = Files::new();
        while let Some((&kind, tail)) = rest.split_first() {
            let (mode, tail) = take_u32(tail)?;
            let (len, tail) = take_u32(tail)?;
            let (path, tail) = take(tail, len as usize)?;
            let (len, tail) = take_u64(tail)?;
            let (content, tail) = take(tail, usize::try_from(len).unwrap_or(usize::MAX))?;
            rest = tail;
            let path = std::str::from_utf8(path).map_err(|_| ArchiveError::NotAnArchive)?;
            let entry = match kind {
                b'F' => Entry::File {
                    bytes: Arc::from(content),
                    mode,
                },
                b'L' => Entry::Link {
                    target: String::from_utf8(content.to_vec())
                        .map_err(|_| ArchiveError::NotAnArchive)?,
                },
                b'D' => Entry::Folder { mode },
                _ => return Err(ArchiveError::NotAnArchive),
            };
            files.insert(path, entry)?;
        }
        Ok(files)
    }

    /// Whether `bytes` start like an archive.
    pub fn is_archive(bytes: &[u8]) -> bool {
        bytes.starts_with(MAGIC)
    }
}

impl FromIterator<(String, Entry)> for Files {
    /// Entries whose paths `check_path` refuses are left out.
    fn from_iter<I: IntoIterator<Item = (String, Entry)>>(iter: I) -> Files {
        Files {
            entries: iter
                .into_iter()
                .filter(|(p, _)| check_path(p).is_ok())
                .collect(),
        }
    }
}

fn take(bytes: &[u8], n: usize) -> Result<(&[u8], &[u8]), ArchiveError> {
    if bytes.len() < n {
        return Err(ArchiveError::Truncated);
    }
    Ok(bytes.split_at(n))
}

fn take_u32(bytes: &[u8]) -> Result<(u32, &[u8]), ArchiveError> {
    let (head, tail) = take(bytes, 4)?;
    Ok((u32::from_le_bytes(head.try_into().expect("4 bytes")), tail))
}

fn take_u64(bytes: &[u8]) -> Result<(u64, &[u8]), ArchiveError> {
    let (head, tail) = take(bytes, 8)?;
    Ok((u64::from_le_bytes(head.try_into().expect("8 bytes")), tail))
}

/// Checks that `path` names something inside a project: relative,
/// `/`-separated, no empty, `.` or `..` parts, no line break (a program's
/// file markers end at the line's end) and no NUL.
pub fn check_path(path: &str) -> Result<(), ArchiveError> {
    let bad = path.is_empty()
        || path.starts_with('/')
        || path.contains(['\n', '\r', '\0'])
        || path
            .split('/')
            .any(|p| p.is_empty() || p == "." || p == "..");
    if bad {
        Err(ArchiveError::BadPath(path.to_string()))
    } else {
        Ok(())
    }
}

/// The index in `paths` of the file `#include "name"` in `from` names: the
/// path relative to `from`'s folder, else the one path that ends in
/// `/name` (or is `name`).
pub fn resolve_quoted(from: &str, name: &str, paths: &[String]) -> Option<usize> {
    let dir = from.rsplit_once('/').map_or("", |(d, _)| d);
    let joined = normalize(dir, name);
    if let Some(i) = joined
        .as_deref()
        .and_then(|j| paths.iter().position(|p| p == j))
    {
        return Some(i);
    }
    let suffix = format!("/{}", name.trim_start_matches("./"));
    let mut matches = paths
        .iter()
        .enumerate()
        .filter(|(_, p)| p.ends_with(&suffix) || **p == suffix[1..]);
    match (matches.next(), matches.next()) {
        (Some((i, _)), None) => Some(i),
        _ => None,
    }
}

/// `dir/name` with `.` and `..` parts resolved; `None` if it leaves the
/// project.
pub fn normalize(dir: &str, name: &str) -> Option<String> {
    let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
    for part in name.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            p => parts.push(p),
        }
    }
    Some(parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Files {
        let mut files = Files::new();
        files
            .insert("src/lib.rs", Entry::file(&b"mod a;\n"[..]))
            .unwrap();
        files
            .insert(
                "run.sh",
                Entry::File {
                    bytes: Arc::from(&b"#!/bin/sh\n"[..]),
                    mode: 0o755,
                },
            )
            .unwrap();
        files
            .insert(
                "link",
                Entry::Link {
                    target: "src/lib.rs".into(),
                },
            )
            .unwrap();
        files
            .insert("empty", Entry::Folder { mode: 0o700 })
            .unwrap();
        files.insert("nothing.txt", Entry::file(&b""[..])).unwrap();
        files
    }

    #[test]
    fn an_archive_gives_back_the_same_files() {
        let files = sample();
        let bytes = files.encode();
        assert!(Files::is_archive(&bytes));
        assert_eq!(Files::decode(&bytes).unwrap(), files);
    }

    #[test]
    fn a_cut_archive_is_refused() {
        let bytes = sample().encode();
        for cut in [MAGIC.len() + 3, bytes.len() - 1] {
            assert!(Files::decode(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        assert!(Files::decode(b"int main;").is_err());
    }

    #[test]
    fn paths_outside_the_project_are_refused() {
        let mut files = Files::new();
        for path in [
            "/etc/passwd",
            "../x",
            "a/../../x",
            "a//b",
            "./a",
            "a\nb",
            "",
        ] {
            assert!(
                files.insert(path, Entry::file(&b""[..])).is_err(),
                "{path:?}"
            );
        }
        assert!(files.insert("a/b.c", Entry::file(&b""[..])).is_ok());
    }
}
