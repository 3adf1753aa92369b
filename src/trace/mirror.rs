//! The generator's working directories: private copies of the directory
//! treereduce was started in.
//!
//! `-- python3 gen.py` must find `gen.py` (and the modules and data files
//! beside it) as typed, but N replays at once must never write to the
//! user's files: a generator that appends to a log or rewrites a data file
//! in its directory would otherwise change them, from every replay. So the
//! directory is copied: once into a private snapshot when the run starts
//! (later edits by the user do not reach the replays), then from the
//! snapshot into each worker's directory. After every run the worker's copy
//! is put back as it was: what the run added is removed, a file it changed,
//! replaced or removed is copied again from the snapshot, so every run
//! starts from the same files.
//!
//! Symbolic links are followed (the copy holds what the generator would
//! read through them); version-control folders (`.git`, `.hg`, `.svn`), the
//! temporary folder (when it lies inside) and entries that are neither files
//! nor folders are left out. A directory larger than [`MAX_ENTRIES`] entries
//! or [`MAX_BYTES`] bytes is refused with a message that says so: the copies
//! are made for every worker, and a generator rarely needs more than its own
//! folder. A hard link or a bind mount would let writes through; an overlay
//! needs privileges most users lack.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use tempfile::TempDir;

/// At most this many files and folders are copied.
pub const MAX_ENTRIES: usize = 4096;
/// At most this many bytes of files are copied (per copy).
pub const MAX_BYTES: u64 = 32 << 20;
/// Folders nested deeper than this are not copied (a link cycle).
const MAX_DEPTH: usize = 32;
/// Folders that a generator does not read and that can be large.
const SKIPPED_FOLDERS: [&str; 3] = [".git", ".hg", ".svn"];

/// One file or folder of the copy, by its path relative to the top.
#[derive(Debug)]
struct Entry {
    path: PathBuf,
    is_dir: bool,
    /// The permission bits of the copies (a folder's always let the owner
    /// write, so that it can be filled and cleaned).
    mode: u32,
}

/// What a worker's copy of a file looked like after it was copied: a run
/// that writes to the file, replaces or removes it changes one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stamp {
    ino: u64,
    len: u64,
    ctime: i64,
    ctime_nsec: i64,
}

impl Stamp {
    fn of(meta: &fs::Metadata) -> Stamp {
        Stamp {
            ino: meta.ino(),
            len: meta.len(),
            ctime: meta.ctime(),
            ctime_nsec: meta.ctime_nsec(),
        }
    }
}

/// See the module documentation: the snapshot of the directory.
#[derive(Debug)]
pub struct Mirror {
    snapshot: TempDir,
    /// Every entry, each folder before what it holds (sorted by path).
    entries: Vec<Entry>,
}

/// A worker's copy (see [`Mirror::copy_into`]).
#[derive(Debug)]
pub struct Copy {
    /// Per entry of the mirror: the copied file's stamp (`None` for folders).
    stamps: Vec<Option<Stamp>>,
}

impl Mirror {
    /// Takes the snapshot of `cwd` (leaving out the top-level names that
    /// `skip` accepts) into a new private directory named with `prefix`.
    pub fn take(cwd: &Path, prefix: &str, skip: impl Fn(&OsString) -> bool) -> io::Result<Mirror> {
        let snapshot = tempfile::Builder::new()
            .prefix(prefix)
            .suffix("-snapshot")
            .tempdir()?;
        let temp = std::env::temp_dir().canonicalize().ok();
        let mut walk = Walk {
            from: cwd,
            to: snapshot.path(),
            temp: temp.as_deref(),
            entries: Vec::new(),
            bytes: 0,
            biggest: Vec::new(),
            current: None,
        };
        for entry in read_dir_sorted(cwd)? {
            if !skip(&entry) {
                walk.copy(Path::new(&entry), 0)?;
            }
        }
        let entries = walk.entries;
        Ok(Mirror { snapshot, entries })
    }

    /// Copies the snapshot into the (empty) directory `dir`.
    pub fn copy_into(&self, dir: &Path) -> io::Result<Copy> {
        let mut stamps = Vec::with_capacity(self.entries.len());
        for entry in &self.entries {
            stamps.push(self.copy_entry(entry, dir)?);
        }
        Ok(Copy { stamps })
    }

    /// Puts `dir` back as [`Mirror::copy_into`] left it: removes what is
    /// not part of the copy and copies again each entry that a run changed,
    /// replaced or removed.
    pub fn restore(&self, dir: &Path, copy: &mut Copy) -> io::Result<()> {
        // Folders first get back their permissions, so that they can be
        // read and cleaned.
        for entry in self.entries.iter().filter(|e| e.is_dir) {
            let path = dir.join(&entry.path);
            if let Ok(meta) = fs::symlink_metadata(&path)
                && meta.is_dir()
                && meta.mode() & 0o7777 != entry.mode
            {
                fs::set_permissions(&path, fs::Permissions::from_mode(entry.mode))?;
            }
        }
        self.remove_extra(dir, Path::new(""))?;
        for (entry, stamp) in self.entries.iter().zip(copy.stamps.iter_mut()) {
            let path = dir.join(&entry.path);
            let now = fs::symlink_metadata(&path).ok();
            let intact = match (&now, *stamp) {
                (Some(meta), None) => meta.is_dir(),
                (Some(meta), Some(stamp)) => meta.is_file() && Stamp::of(meta) == stamp,
                (None, _) => false,
            };
            if intact {
                continue;
            }
            match &now {
                Some(meta) if meta.is_dir() => fs::remove_dir_all(&path)?,
                Some(_) => fs::remove_file(&path)?,
                None => {}
            }
            *stamp = self.copy_entry(entry, dir)?;
        }
        Ok(())
    }

    fn copy_entry(&self, entry: &Entry, dir: &Path) -> io::Result<Option<Stamp>> {
        let to = dir.join(&entry.path);
        if entry.is_dir {
            fs::create_dir(&to)?;
            fs::set_permissions(&to, fs::Permissions::from_mode(entry.mode))?;
            Ok(None)
        } else {
            fs::copy(self.snapshot.path().join(&entry.path), &to)?;
            Ok(Some(Stamp::of(&fs::symlink_metadata(&to)?)))
        }
    }

    /// Removes from `dir/rel` every entry that is not part of the copy.
    fn remove_extra(&self, dir: &Path, rel: &Path) -> io::Result<()> {
        let Ok(read) = fs::read_dir(dir.join(rel)) else {
            return Ok(());
        };
        for item in read.flatten() {
            let path = rel.join(item.file_name());
            let kind = item.file_type()?;
            let wanted = self
                .entries
                .binary_search_by(|e| e.path.as_path().cmp(&path))
                .ok()
                .map(|i| &self.entries[i]);
            match wanted {
                Some(e) if e.is_dir && kind.is_dir() => self.remove_extra(dir, &path)?,
                Some(e) if !e.is_dir && kind.is_file() => {}
                // Not part of the copy, or of another kind now: restore
                // copies it again.
                _ if kind.is_dir() => fs::remove_dir_all(item.path())?,
                _ => fs::remove_file(item.path())?,
            }
        }
        Ok(())
    }
}

/// The walk that takes the snapshot.
struct Walk<'a> {
    from: &'a Path,
    to: &'a Path,
    /// The temporary folder (where the copies go), never copied.
    temp: Option<&'a Path>,
    entries: Vec<Entry>,
    bytes: u64,
    /// The largest top-level entries so far, for the message of a refusal.
    biggest: Vec<(u64, PathBuf)>,
    /// The top-level entry being copied, and the bytes before it.
    current: Option<(PathBuf, u64)>,
}

impl Walk<'_> {
    /// Copies `rel` (a path below `from`), following symbolic links.
    fn copy(&mut self, rel: &Path, depth: usize) -> io::Result<()> {
        let from = self.from.join(rel);
        // A broken link, or an entry gone meanwhile: nothing to copy.
        let Ok(meta) = fs::metadata(&from) else {
            return Ok(());
        };
        if depth == 0 {
            self.current = Some((rel.to_owned(), self.bytes));
        }
        let before = self.bytes;
        if meta.is_dir() {
            let name = rel.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if SKIPPED_FOLDERS.contains(&name) || depth >= MAX_DEPTH || self.private(&from) {
                return Ok(());
            }
            self.add(rel, true, (meta.mode() | 0o700) & 0o7777)?;
            fs::create_dir(self.to.join(rel))?;
            for name in read_dir_sorted(&from)? {
                self.copy(&rel.join(name), depth + 1)?;
            }
        } else if meta.is_file() {
            self.bytes += meta.len();
            self.add(rel, false, meta.mode() & 0o7777)?;
            match fs::copy(&from, self.to.join(rel)) {
                Ok(_) => {}
                // A file the generator could not read either: left out.
                Err(e) if e.kind() == io::ErrorKind::PermissionDenied => {
                    self.bytes -= meta.len();
                    self.entries.pop();
                }
                Err(e) => return Err(e),
            }
        }
        if depth == 0 {
            self.biggest.push((self.bytes - before, rel.to_owned()));
        }
        Ok(())
    }

    /// Whether folder `path` is the temporary folder or a private folder of
    /// a run in it (this run's snapshot among them, when treereduce was
    /// started in the temporary folder).
    fn private(&self, path: &Path) -> bool {
        let (Some(temp), Ok(real)) = (self.temp, path.canonicalize()) else {
            return false;
        };
        real == temp
            || (real.parent() == Some(temp)
                && real
                    .file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("treereduce-")))
    }

    /// Counts one entry; refuses once the limits are passed.
    fn add(&mut self, rel: &Path, is_dir: bool, mode: u32) -> io::Result<()> {
        self.entries.push(Entry {
            path: rel.to_owned(),
            is_dir,
            mode,
        });
        if self.entries.len() <= MAX_ENTRIES && self.bytes <= MAX_BYTES {
            return Ok(());
        }
        if let Some((top, start)) = self.current.take() {
            self.biggest.push((self.bytes - start, top));
        }
        self.biggest.sort_by_key(|b| std::cmp::Reverse(b.0));
        let names: Vec<String> = self
            .biggest
            .iter()
            .take(3)
            .map(|(bytes, p)| format!("{} ({})", p.display(), size(*bytes)))
            .collect();
        Err(io::Error::other(format!(
            "the generator runs in private copies of the current directory, which holds more than \
             {MAX_ENTRIES} files or {} (found so far: {} entries, {}{}{}); start treereduce in a \
             directory that holds only the generator and the files it reads",
            size(MAX_BYTES),
            self.entries.len(),
            size(self.bytes),
            if names.is_empty() { "" } else { "; largest: " },
            names.join(", "),
        )))
    }
}

/// The names in `dir`, sorted (so that the entries are, for the binary
/// search, and the copy is the same on every run).
fn read_dir_sorted(dir: &Path) -> io::Result<Vec<OsString>> {
    let mut names: Vec<OsString> = fs::read_dir(dir)?
        .map(|e| e.map(|e| e.file_name()))
        .collect::<io::Result<_>>()?;
    names.sort();
    Ok(names)
}

fn size(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{:.1} MiB", bytes as f64 / (1 << 20) as f64)
    } else {
        format!("{:.1} KiB", bytes as f64 / 1024.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user_dir() -> TempDir {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("gen.py"), "print(1)\n").unwrap();
        fs::write(dir.path().join("log.txt"), "old\n").unwrap();
        fs::create_dir(dir.path().join("data")).unwrap();
        fs::write(dir.path().join("data/words"), "a b c\n").unwrap();
        fs::create_dir(dir.path().join(".git")).unwrap();
        fs::write(dir.path().join(".git/HEAD"), "ref\n").unwrap();
        std::os::unix::fs::symlink(dir.path().join("log.txt"), dir.path().join("link.txt"))
            .unwrap();
        dir
    }

    /// Writes of every kind in a worker's copy never reach the user's files,
    /// and restore puts the copy back as it was.
    #[test]
    fn writes_stay_in_the_copy_and_restore_undoes_them() {
        let user = user_dir();
        let mirror = Mirror::take(user.path(), "treereduce-mirror-test-", |_| false).unwrap();
        let worker = tempfile::tempdir().unwrap();
        let mut copy = mirror.copy_into(worker.path()).unwrap();
        let w = worker.path();
        assert_eq!(fs::read_to_string(w.join("gen.py")).unwrap(), "print(1)\n");
        assert!(!w.join(".git").exists());
        // The link is a copy of what it points to, not a link.
        assert!(fs::symlink_metadata(w.join("link.txt")).unwrap().is_file());
        use std::io::Write;
        fs::OpenOptions::new()
            .append(true)
            .open(w.join("log.txt"))
            .unwrap()
            .write_all(b"new\n")
            .unwrap();
        fs::write(w.join("link.txt"), "through the link?\n").unwrap();
        fs::write(w.join("data/words"), "").unwrap();
        fs::write(w.join("data/new"), "x").unwrap();
        fs::write(w.join("out.c"), "x").unwrap();
        fs::remove_file(w.join("gen.py")).unwrap();
        fs::create_dir(w.join("gen.py")).unwrap();
        for (name, content) in [
            ("log.txt", "old\n"),
            ("gen.py", "print(1)\n"),
            ("data/words", "a b c\n"),
        ] {
            assert_eq!(fs::read_to_string(user.path().join(name)).unwrap(), content);
        }
        mirror.restore(w, &mut copy).unwrap();
        assert_eq!(fs::read_to_string(w.join("log.txt")).unwrap(), "old\n");
        assert_eq!(fs::read_to_string(w.join("link.txt")).unwrap(), "old\n");
        assert_eq!(fs::read_to_string(w.join("gen.py")).unwrap(), "print(1)\n");
        assert_eq!(fs::read_to_string(w.join("data/words")).unwrap(), "a b c\n");
        assert!(!w.join("data/new").exists() && !w.join("out.c").exists());
        // Restoring an intact copy changes nothing.
        let before = Stamp::of(&fs::metadata(w.join("log.txt")).unwrap());
        mirror.restore(w, &mut copy).unwrap();
        assert_eq!(Stamp::of(&fs::metadata(w.join("log.txt")).unwrap()), before);
    }

    /// The snapshot is taken once: a file the user edits during the run
    /// does not reach the copies.
    #[test]
    fn copies_come_from_the_snapshot() {
        let user = user_dir();
        let mirror = Mirror::take(user.path(), "treereduce-mirror-test-", |_| false).unwrap();
        fs::write(user.path().join("gen.py"), "print(2)\n").unwrap();
        let worker = tempfile::tempdir().unwrap();
        mirror.copy_into(worker.path()).unwrap();
        assert_eq!(
            fs::read_to_string(worker.path().join("gen.py")).unwrap(),
            "print(1)\n"
        );
    }

    #[test]
    fn a_directory_too_large_to_copy_is_refused_with_its_largest_entries() {
        let user = tempfile::tempdir().unwrap();
        fs::create_dir(user.path().join("corpus")).unwrap();
        for i in 0..=MAX_ENTRIES {
            fs::write(user.path().join(format!("corpus/{i}")), "").unwrap();
        }
        let err = Mirror::take(user.path(), "treereduce-mirror-test-", |_| false).unwrap_err();
        let message = err.to_string();
        assert!(
            message.contains("start treereduce in a directory"),
            "{message}"
        );
        assert!(message.contains("corpus"), "{message}");
    }
}
