//! Where the result goes: a file written atomically (temporary file in the
//! same directory, then rename) by a writer thread whenever the best
//! improves, with the input's permissions; or stdout once at the end.

use std::ffi::OsStr;
use std::fs::Permissions;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

use parking_lot::{Condvar, Mutex};

use crate::exit;

/// The destination chosen by `-o` (or `--stats-json`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// A regular file (or a path where none exists yet), replaced atomically
    /// and kept up to date with the best result.
    File(PathBuf),
    /// Something that is not a regular file but can be written to, such as
    /// `/dev/null`, `/dev/stdout` or a FIFO: written through once at the end,
    /// never replaced.
    Stream(PathBuf),
    /// Standard output, written once at the end (even after Ctrl-C).
    Stdout,
    /// A project's result: a folder replaced whole, in one step, whenever
    /// the result improves (see `folder`); the text handed over is a
    /// project archive.
    Folder(PathBuf),
}

impl Destination {
    /// Where `path` leads, checked before anything runs: `-` is stdout; a
    /// symlink is followed to its target (which is then replaced, not the
    /// link); a character device or FIFO is written through; a regular file
    /// or a new name must be in a folder where a file can be created there;
    /// anything else (a folder, a socket, a block device, a dangling link)
    /// is refused.
    pub fn of(path: &Path) -> Result<Destination, String> {
        use std::os::unix::fs::FileTypeExt;
        if path.as_os_str() == "-" {
            return Ok(Destination::Stdout);
        }
        let meta = match std::fs::metadata(path) {
            Ok(meta) => Some(meta),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                if std::fs::symlink_metadata(path).is_ok() {
                    return Err(format!("{} is a symbolic link to nothing", path.display()));
                }
                None
            }
            Err(e) => return Err(format!("cannot use {}: {e}", path.display())),
        };
        let path = match &meta {
            Some(_) => path
                .canonicalize()
                .map_err(|e| format!("cannot use {}: {e}", path.display()))?,
            None => path.to_path_buf(),
        };
        match meta.map(|m| m.file_type()) {
            Some(t) if t.is_char_device() || t.is_fifo() => Ok(Destination::Stream(path)),
            Some(t) if !t.is_file() => Err(format!(
                "{} is not a regular file; treereduce writes only to files, FIFOs and character devices",
                path.display()
            )),
            _ => {
                let dir = match path.parent() {
                    Some(d) if !d.as_os_str().is_empty() => d,
                    _ => Path::new("."),
                };
                tempfile::Builder::new()
                    .prefix(".treereduce-")
                    .tempfile_in(dir)
                    .map_err(|e| {
                        format!(
                            "cannot create a file in {} (for {}): {e}",
                            dir.display(),
                            path.display()
                        )
                    })?;
                Ok(Destination::File(path))
            }
        }
    }

    /// A project's result folder at `path`, checked before anything runs
    /// (see `folder::check`).
    pub fn folder(path: &Path) -> Result<Destination, String> {
        super::folder::check(path)?;
        let path =
            std::path::absolute(path).map_err(|e| format!("cannot use {}: {e}", path.display()))?;
        Ok(Destination::Folder(path))
    }

    /// The path, if it is not stdout.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Destination::File(p) | Destination::Stream(p) | Destination::Folder(p) => Some(p),
            Destination::Stdout => None,
        }
    }

    /// Writes `text` as the final content.
    pub fn write(&self, text: &[u8], permissions: Option<&Permissions>) -> io::Result<()> {
        match self {
            Destination::File(path) => write_atomically(path, text, permissions),
            Destination::Folder(path) => {
                super::folder::write(path, text, &AtomicBool::new(false)).map(drop)
            }
            Destination::Stream(path) => {
                let mut out = std::fs::OpenOptions::new().write(true).open(path)?;
                out.write_all(text)?;
                out.flush()
            }
            Destination::Stdout => {
                let mut out = io::stdout().lock();
                match out.write_all(text).and_then(|()| out.flush()) {
                    // A closed pipe (`| head`) is the reader's choice, not an error.
                    Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
                    other => other,
                }
            }
        }
    }
}

/// Writes best results in order on a thread of its own: workers hand over
/// each improvement through a one-element slot where the newest replaces
/// any older one not written yet, so a slow disk never stalls the workers
/// and an older result never overwrites a newer one.
pub struct BestWriter {
    destination: Destination,
    permissions: Option<Permissions>,
    shared: Arc<Handover>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

#[derive(Default)]
struct Pending {
    /// The newest improvement not written yet.
    pending: Option<(u64, Arc<Vec<u8>>)>,
    /// The result the thread is writing now.
    writing: Option<Arc<Vec<u8>>>,
    /// The result the file holds (the input, or the last one the thread
    /// wrote whole), if known.
    on_disk: Option<Arc<Vec<u8>>>,
    /// The newest improvement handed over (written or pending).
    newest: u64,
    closed: bool,
    /// The first error of the thread, reported at the end.
    error: Option<io::Error>,
}

#[derive(Default)]
struct Handover {
    slot: Mutex<Pending>,
    wake: Condvar,
    /// Set when the result being written is not the final one: the thread
    /// then gives up its write (the file keeps the result before).
    abandon: AtomicBool,
}

impl BestWriter {
    /// A writer for `destination`; files get `permissions` (the input's).
    pub fn new(destination: Destination, permissions: Option<Permissions>) -> BestWriter {
        let shared = Arc::new(Handover::default());
        let thread = match &destination {
            Destination::File(_) | Destination::Folder(_) => {
                let (shared, destination, permissions) =
                    (shared.clone(), destination.clone(), permissions.clone());
                Some(std::thread::spawn(move || {
                    write_loop(&shared, &destination, permissions.as_ref())
                }))
            }
            Destination::Stream(_) | Destination::Stdout => None,
        };
        BestWriter {
            destination,
            permissions,
            shared,
            thread: Mutex::new(thread),
        }
    }

    /// Where the results go.
    pub fn destination(&self) -> &Destination {
        &self.destination
    }

    /// Writes the input as the first result, so the output exists from the start.
    pub fn start(&self, text: &[u8]) -> io::Result<()> {
        self.start_staged(None, text)
    }

    /// [`BestWriter::start`] with what [`stage`] prepared for `text` while
    /// the input was checked: its temporary file is renamed into place (no
    /// byte written now), or a file that already held `text` is kept. When
    /// nothing was staged (or the file changed since), `text` is written.
    pub fn start_staged(&self, staged: Option<Staged>, text: &[u8]) -> io::Result<()> {
        if let Destination::Folder(_) = &self.destination {
            self.destination.write(text, None)?;
            self.shared.slot.lock().on_disk = Some(Arc::new(text.to_vec()));
            return Ok(());
        }
        let Destination::File(path) = &self.destination else {
            return Ok(());
        };
        let placed = match staged {
            Some(Staged::Unnamed(file)) => place_unnamed(&file, path),
            Some(Staged::Named(tmp)) => persist_over_regular(tmp, path),
            Some(Staged::Kept(before)) if FileId::of(path).is_some_and(|now| now == before) => {
                Ok(())
            }
            _ => Err(io::Error::other("nothing staged")),
        };
        // What could not be placed (no `/proc` to link the unnamed file
        // from, say) is written as before; a path that is no longer a
        // regular file fails again there.
        if placed.is_err() {
            write_atomically(path, text, self.permissions.as_ref())?;
        }
        self.shared.slot.lock().on_disk = Some(Arc::new(text.to_vec()));
        Ok(())
    }

    /// Hands over improvement number `seq` (never blocks on the disk).
    pub fn improved(&self, seq: u64, text: &[u8]) {
        if !matches!(
            self.destination,
            Destination::File(_) | Destination::Folder(_)
        ) {
            return;
        }
        let mut slot = self.shared.slot.lock();
        if seq <= slot.newest || slot.closed {
            return;
        }
        slot.newest = seq;
        slot.pending = Some((seq, Arc::new(text.to_vec())));
        self.shared.wake.notify_one();
    }

    /// Stops the writer thread and writes the final result (to stdout, or to
    /// the file whatever its sequence). Returns the first error the thread
    /// met writing an intermediate result, if any (a warning: the final
    /// result is written).
    ///
    /// A file that already holds the final result (written by the thread,
    /// or the input when nothing was found) is not written again, and a
    /// write of the thread that is not the final result is given up: a stop
    /// on a large program then waits for at most one write of it.
    pub fn finish(&self, text: &[u8]) -> io::Result<Option<io::Error>> {
        {
            let mut slot = self.shared.slot.lock();
            slot.closed = true;
            slot.pending = None;
            if slot.writing.as_ref().is_some_and(|w| w[..] != *text) {
                self.shared.abandon.store(true, Ordering::Relaxed);
            }
            self.shared.wake.notify_one();
        }
        if let Some(thread) = self.thread.lock().take() {
            let _ = thread.join();
        }
        let written = matches!(
            self.destination,
            Destination::File(_) | Destination::Folder(_)
        ) && self
            .shared
            .slot
            .lock()
            .on_disk
            .as_ref()
            .is_some_and(|d| d[..] == *text);
        if !written {
            self.destination.write(text, self.permissions.as_ref())?;
        }
        Ok(self.shared.slot.lock().error.take())
    }

    /// The last step of every mode: [`BestWriter::finish`] with the final
    /// result, saying what went wrong. If the output cannot be written (its
    /// folder went away, the disk is full), the result is saved in the
    /// temporary folder instead, named with the extension of `named_like`,
    /// and the message says where; the exit code is then
    /// [`exit::OUTPUT_FAILED`].
    pub fn finish_or_save(&self, text: &[u8], named_like: &Path) -> Result<(), u8> {
        match self.finish_or_keep(text, named_like) {
            Ok(None) => Ok(()),
            Ok(Some(warning)) => {
                eprintln!("treereduce: warning: {warning}");
                Ok(())
            }
            Err(error) => {
                eprintln!("treereduce: error: {error}");
                Err(exit::OUTPUT_FAILED)
            }
        }
    }

    /// [`BestWriter::finish_or_save`] without printing, for a front that
    /// reports through a record of its own (batch mode): `Ok` with a
    /// warning when only an intermediate result could not be written;
    /// `Err` with the message when the final one could not, which names
    /// the file or folder of the temporary folder it is saved in.
    pub fn finish_or_keep(&self, text: &[u8], named_like: &Path) -> Result<Option<String>, String> {
        let target = self
            .destination
            .path()
            .map_or("stdout".to_string(), |p| p.display().to_string());
        let e = match self.finish(text) {
            Ok(None) => return Ok(None),
            Ok(Some(e)) => {
                return Ok(Some(format!(
                    "an intermediate result could not be written to {target} ({e}); the final one is"
                )));
            }
            Err(e) => e,
        };
        let (saved, place) = if matches!(self.destination, Destination::Folder(_)) {
            (super::folder::save_in_temp(text), "a temporary folder")
        } else {
            (save_in_temp_file(text, named_like), "a temporary file")
        };
        Err(match saved {
            Ok(path) => format!(
                "cannot write the result to {target} ({e}); it is saved in {}",
                path.display()
            ),
            Err(e2) => format!("cannot write the result to {target} ({e}), nor to {place} ({e2})"),
        })
    }
}

/// Saves `text` in a new file of the temporary folder, named with the
/// extension of `named_like`; its path.
fn save_in_temp_file(text: &[u8], named_like: &Path) -> io::Result<PathBuf> {
    let ext = named_like
        .extension()
        .map_or(String::new(), |x| format!(".{}", x.to_string_lossy()));
    tempfile::Builder::new()
        .prefix("treereduce-result-")
        .suffix(&ext)
        .tempfile()
        .and_then(|mut f| {
            f.write_all(text)?;
            f.keep().map(|(_, path)| path).map_err(|e| e.error)
        })
}

impl Drop for BestWriter {
    fn drop(&mut self) {
        self.shared.slot.lock().closed = true;
        self.shared.wake.notify_one();
    }
}

/// The writer thread: writes the newest pending result until closed.
fn write_loop(shared: &Handover, destination: &Destination, permissions: Option<&Permissions>) {
    loop {
        let (_seq, text) = {
            let mut slot = shared.slot.lock();
            loop {
                if let Some(next) = slot.pending.take() {
                    slot.writing = Some(next.1.clone());
                    break next;
                }
                if slot.closed {
                    return;
                }
                shared.wake.wait(&mut slot);
            }
        };
        let outcome = match destination {
            Destination::Folder(path) => super::folder::write(path, &text, &shared.abandon),
            Destination::File(path) => write_unless(path, &text, permissions, &shared.abandon),
            Destination::Stream(_) | Destination::Stdout => return,
        };
        let mut slot = shared.slot.lock();
        slot.writing = None;
        match outcome {
            Ok(true) => slot.on_disk = Some(text),
            Ok(false) => {}
            Err(e) => {
                slot.on_disk = None;
                slot.error.get_or_insert(e);
            }
        }
    }
}

/// Bytes written between two looks at the flag that gives a write up.
const WRITE_CHUNK: usize = 1 << 20;

/// The first result made ready before it may be shown: see [`stage`].
#[derive(Debug)]
pub enum Staged {
    /// A file without a name in the output's folder (`O_TMPFILE`) that
    /// holds the text with its permissions: linked and renamed into place
    /// by [`BestWriter::start_staged`]. A run killed before leaves nothing.
    Unnamed(std::fs::File),
    /// The same as a temporary file beside the output, where the folder's
    /// file system has no unnamed files.
    Named(tempfile::NamedTempFile),
    /// The output already holds the text with the permissions: it is kept
    /// if it is still this file, unchanged, when the run starts.
    Kept(FileId),
}

/// A regular file as it was seen: a change of the file (a write, a
/// replacement) changes one of these.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileId {
    dev: u64,
    ino: u64,
    len: u64,
    modified: Option<std::time::SystemTime>,
    mode: u32,
}

impl FileId {
    /// The regular file at `path` (links not followed), if there is one.
    fn of(path: &Path) -> Option<FileId> {
        use std::os::unix::fs::MetadataExt;
        let meta = std::fs::symlink_metadata(path).ok()?;
        meta.file_type().is_file().then(|| FileId {
            dev: meta.dev(),
            ino: meta.ino(),
            len: meta.len(),
            modified: meta.modified().ok(),
            mode: meta.mode(),
        })
    }
}

/// Prepares the first result, `text` (the input), for `destination` while
/// the input is checked, so that once the check passes the output appears
/// at once and a stop then writes nothing: on a 10 MB input the write took
/// 0.1-0.5 s of a stop under load. A file that already holds `text` with
/// `permissions` is kept ([`Staged::Kept`]: the same bytes are not written
/// again); else `text` goes to a temporary file beside it
/// ([`Staged::Unnamed`]), which nobody sees before it is renamed and which
/// is removed if it never is (the check fails or is stopped). `None` for
/// stdout and streams (written at the end only), or when `stop` said so
/// during the write; an error is left to [`BestWriter::start`] to meet again.
pub fn stage(
    destination: &Destination,
    text: &[u8],
    permissions: Option<&Permissions>,
    stop: &dyn Fn() -> bool,
) -> Option<Staged> {
    use std::os::unix::fs::PermissionsExt;
    let Destination::File(path) = destination else {
        return None;
    };
    if let Some(before) = FileId::of(path)
        && before.len == text.len() as u64
        && permissions.is_none_or(|p| p.mode() & 0o7777 == before.mode & 0o7777)
        && same_bytes(path, text, stop)
        && FileId::of(path).is_some_and(|after| after == before)
    {
        return Some(Staged::Kept(before));
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let (mut staged, file) = match unnamed_in(dir) {
        Ok(file) => {
            let copy = file.try_clone().ok()?;
            (Staged::Unnamed(file), copy)
        }
        Err(_) => {
            let tmp = tempfile::Builder::new()
                .prefix(".treereduce-")
                .tempfile_in(dir)
                .ok()?;
            let copy = tmp.as_file().try_clone().ok()?;
            (Staged::Named(tmp), copy)
        }
    };
    let mut out = &file;
    for chunk in text.chunks(WRITE_CHUNK) {
        if stop() {
            return None;
        }
        out.write_all(chunk).ok()?;
    }
    if let Some(p) = permissions {
        file.set_permissions(p.clone()).ok()?;
    }
    if let Staged::Named(tmp) = &mut staged {
        tmp.as_file_mut().flush().ok()?;
    }
    Some(staged)
}

/// A new file without a name in `dir` (`O_TMPFILE`), writable by its owner.
fn unnamed_in(dir: &Path) -> io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .write(true)
        .mode(0o600)
        .custom_flags(libc::O_TMPFILE)
        .open(dir)
}

/// Gives the unnamed `file` a temporary name beside `path` (a link from
/// `/proc/self/fd`), then renames it over `path` like every other result.
fn place_unnamed(file: &std::fs::File, path: &Path) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    use std::os::unix::ffi::OsStrExt;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let from = std::ffi::CString::new(format!("/proc/self/fd/{}", file.as_raw_fd()))
        .map_err(io::Error::other)?;
    let named = tempfile::Builder::new()
        .prefix(".treereduce-")
        .make_in(dir, |name| {
            let to =
                std::ffi::CString::new(name.as_os_str().as_bytes()).map_err(io::Error::other)?;
            // SAFETY: both paths are NUL-terminated strings that outlive
            // the call.
            let linked = unsafe {
                libc::linkat(
                    libc::AT_FDCWD,
                    from.as_ptr(),
                    libc::AT_FDCWD,
                    to.as_ptr(),
                    libc::AT_SYMLINK_FOLLOW,
                )
            };
            if linked == 0 {
                Ok(())
            } else {
                Err(io::Error::last_os_error())
            }
        })?;
    persist_over_regular(named, path)
}

/// Whether the file at `path` holds exactly `text` (read a chunk at a
/// time, `stop` looked at between chunks: `false` once it says so).
fn same_bytes(path: &Path, text: &[u8], stop: &dyn Fn() -> bool) -> bool {
    use std::io::Read;
    let Ok(mut file) = std::fs::File::open(path) else {
        return false;
    };
    let mut buf = vec![0; WRITE_CHUNK.min(text.len().max(1))];
    let mut at = 0;
    loop {
        if stop() {
            return false;
        }
        let n = match file.read(&mut buf) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return false,
        };
        if n == 0 {
            return at == text.len();
        }
        if text.get(at..at + n) != Some(&buf[..n]) {
            return false;
        }
        at += n;
    }
}

/// Renames `tmp` over `path`, which must be a regular file or nothing: the
/// path was checked before the first test, but the user may have put
/// something else there since (a link, a FIFO, a folder), which a rename
/// would replace.
fn persist_over_regular<F>(tmp: tempfile::NamedTempFile<F>, path: &Path) -> io::Result<()> {
    if let Ok(meta) = std::fs::symlink_metadata(path)
        && !meta.file_type().is_file()
    {
        return Err(io::Error::other(format!(
            "{} is no longer a regular file; it was not replaced",
            path.display()
        )));
    }
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Writes `text` to a temporary file beside `path` (with `permissions`, if
/// given) and renames it over `path`.
pub fn write_atomically(
    path: &Path,
    text: &[u8],
    permissions: Option<&Permissions>,
) -> io::Result<()> {
    write_unless(path, text, permissions, &AtomicBool::new(false)).map(|_| ())
}

/// [`write_atomically`], given up (`Ok(false)`: the temporary file is
/// removed and `path` left as it was) once `abandon` is set.
fn write_unless(
    path: &Path,
    text: &[u8],
    permissions: Option<&Permissions>,
    abandon: &AtomicBool,
) -> io::Result<bool> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".treereduce-")
        .tempfile_in(dir)?;
    for chunk in text.chunks(WRITE_CHUNK) {
        if abandon.load(Ordering::Relaxed) {
            return Ok(false);
        }
        let (first, second) = chunk.split_at(chunk.len() / 2);
        tmp.write_all(first)?;
        crate::crash_points::reached("output-write");
        tmp.write_all(second)?;
    }
    if let Some(p) = permissions {
        tmp.as_file().set_permissions(p.clone())?;
    }
    persist_over_regular(tmp, path)?;
    Ok(true)
}

/// `dir/crash.c` -> `dir/crash.reduced.c`; `dir/Makefile` -> `dir/Makefile.reduced`;
/// with the language's infix (`dir/main.rs` -> `dir/main_reduced.rs`).
pub fn default_output(input: &Path, infix: &str) -> PathBuf {
    let stem = input
        .file_stem()
        .unwrap_or(OsStr::new("input"))
        .to_string_lossy();
    let name = match input.extension() {
        Some(ext) => format!("{stem}{infix}.{}", ext.to_string_lossy()),
        None => format!("{stem}{infix}"),
    };
    input.with_file_name(name)
}

pub fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;

    #[test]
    fn newer_results_win_and_no_temp_files_remain() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.c");
        let w = BestWriter::new(Destination::File(path.clone()), None);
        w.start(b"input").unwrap();
        w.improved(2, b"two");
        w.improved(1, b"one");
        // Written by the thread; wait (bounded) for it.
        let shows = |want: &[u8]| {
            (0..5000).any(|_| {
                std::thread::sleep(std::time::Duration::from_millis(1));
                fs::read(&path).unwrap() == want
            })
        };
        assert!(shows(b"two"));
        w.improved(3, b"three");
        assert!(shows(b"three"));
        w.improved(2, b"old");
        w.finish(b"final").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"final");
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("out.c")]);
    }

    /// Every result replaces the file (a new file renamed over it), never
    /// writes into it: a reader that opened the output before an
    /// improvement reads the older result whole, and a hard link to it
    /// keeps it; the improvement is a file of its own.
    #[test]
    fn a_result_replaces_the_file_and_never_writes_into_it() {
        use std::io::Read;
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.c");
        let w = BestWriter::new(Destination::File(path.clone()), None);
        w.start(b"the input, longer than what follows").unwrap();
        let link = dir.path().join("kept.c");
        fs::hard_link(&path, &link).unwrap();
        let mut reader = fs::File::open(&path).unwrap();
        let before = fs::metadata(&path).unwrap().ino();
        w.improved(1, b"one");
        let shows = |want: &[u8]| {
            (0..5000).any(|_| {
                std::thread::sleep(std::time::Duration::from_millis(1));
                fs::read(&path).unwrap() == want
            })
        };
        assert!(shows(b"one"));
        w.finish(b"final").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"final");
        assert_ne!(fs::metadata(&path).unwrap().ino(), before);
        let mut old = Vec::new();
        reader.read_to_end(&mut old).unwrap();
        assert_eq!(old, b"the input, longer than what follows");
        assert_eq!(fs::read(&link).unwrap(), old);
    }

    /// A final result the thread already wrote is not written again (a
    /// stop on a 10 MB program waited for a second write of it): the file
    /// stays the one the thread renamed into place. One it did not write
    /// is.
    #[test]
    fn a_final_result_already_on_disk_is_not_written_again() {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.c");
        let w = BestWriter::new(Destination::File(path.clone()), None);
        w.start(b"input").unwrap();
        w.improved(1, b"best");
        let shows = |want: &[u8]| {
            (0..5000).any(|_| {
                std::thread::sleep(std::time::Duration::from_millis(1));
                fs::read(&path).unwrap() == want
            })
        };
        assert!(shows(b"best"));
        let inode = fs::metadata(&path).unwrap().ino();
        w.finish(b"best").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"best");
        assert_eq!(fs::metadata(&path).unwrap().ino(), inode);
        // Nothing found: the input the start wrote stays.
        let w = BestWriter::new(Destination::File(path.clone()), None);
        w.start(b"input").unwrap();
        let inode = fs::metadata(&path).unwrap().ino();
        w.finish(b"input").unwrap();
        assert_eq!(fs::metadata(&path).unwrap().ino(), inode);
        // Another final result is written.
        w.finish(b"other").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"other");
    }

    /// The input staged while it is checked becomes the output without a
    /// write: the file the run starts with is the staged one (same inode,
    /// same modification time, the given permissions), and nothing showed
    /// in the folder before. A stop during the staging leaves nothing.
    #[test]
    fn a_staged_output_is_put_in_place_without_a_write() {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.c");
        let destination = Destination::File(path.clone());
        let mode = Permissions::from_mode(0o640);
        let text = vec![b'x'; 3 * WRITE_CHUNK + 5];
        assert!(stage(&destination, &text, Some(&mode), &|| true).is_none());
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
        let staged = stage(&destination, &text, Some(&mode), &|| false).unwrap();
        let Staged::Unnamed(file) = &staged else {
            panic!("not an unnamed file: {staged:?}");
        };
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
        let seen = file.metadata().unwrap();
        let w = BestWriter::new(destination, Some(mode));
        w.start_staged(Some(staged), &text).unwrap();
        let meta = fs::metadata(&path).unwrap();
        assert_eq!(
            (meta.ino(), meta.modified().unwrap()),
            (seen.ino(), seen.modified().unwrap())
        );
        assert_eq!(meta.mode() & 0o777, 0o640);
        assert_eq!(fs::read(&path).unwrap(), text);
        w.finish(&text).unwrap();
        assert_eq!(fs::metadata(&path).unwrap().ino(), seen.ino());
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    /// An output that already holds the input with its permissions is
    /// kept as it is; one that differs in a byte or in its permissions, or
    /// that changed after it was staged, is written.
    #[test]
    fn an_output_that_already_holds_the_input_is_kept() {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.c");
        let destination = Destination::File(path.clone());
        let mode = Permissions::from_mode(0o644);
        let text = vec![b'y'; WRITE_CHUNK + 7];
        write_atomically(&path, &text, Some(&mode)).unwrap();
        let before = fs::metadata(&path).unwrap();
        let staged = stage(&destination, &text, Some(&mode), &|| false);
        assert!(matches!(staged, Some(Staged::Kept(_))), "{staged:?}");
        let w = BestWriter::new(destination.clone(), Some(mode.clone()));
        w.start_staged(staged, &text).unwrap();
        let after = fs::metadata(&path).unwrap();
        assert_eq!(
            (after.ino(), after.modified().unwrap()),
            (before.ino(), before.modified().unwrap())
        );
        w.finish(&text).unwrap();
        assert_eq!(fs::metadata(&path).unwrap().ino(), before.ino());
        // Another byte, or other permissions: written.
        let mut other = text.clone();
        other[WRITE_CHUNK + 3] = b'z';
        let staged = stage(&destination, &other, Some(&mode), &|| false);
        assert!(matches!(staged, Some(Staged::Unnamed(_))), "{staged:?}");
        let staged = stage(
            &destination,
            &text,
            Some(&Permissions::from_mode(0o755)),
            &|| false,
        );
        assert!(matches!(staged, Some(Staged::Unnamed(_))), "{staged:?}");
        // Changed since it was staged as kept: the input is written.
        let staged = stage(&destination, &text, Some(&mode), &|| false);
        fs::write(&path, b"the user's").unwrap();
        let w = BestWriter::new(destination, Some(mode));
        w.start_staged(staged, &text).unwrap();
        assert_eq!(fs::read(&path).unwrap(), text);
    }

    /// The write failed because `path` is no longer a regular file, and
    /// the symbolic link there and its target `other` ("mine") are as they
    /// were.
    fn assert_link_kept(err: &io::Error, path: &Path, other: &Path) {
        assert!(
            err.to_string().contains("no longer a regular file"),
            "{err}"
        );
        assert!(fs::symlink_metadata(path).unwrap().file_type().is_symlink());
        assert_eq!(fs::read(other).unwrap(), b"mine");
    }

    /// What was staged is not renamed over a path that became something
    /// else than a regular file since (a symbolic link here): the start
    /// fails and the link and its target stay.
    #[test]
    fn a_staged_output_does_not_replace_what_is_no_longer_a_regular_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.c");
        let destination = Destination::File(path.clone());
        let staged = stage(&destination, b"input", None, &|| false);
        let other = dir.path().join("notes.txt");
        fs::write(&other, b"mine").unwrap();
        std::os::unix::fs::symlink(&other, &path).unwrap();
        let w = BestWriter::new(destination, None);
        let err = w.start_staged(staged, b"input").unwrap_err();
        assert_link_kept(&err, &path, &other);
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    /// A write the thread gives up leaves the file as it was and no
    /// temporary file behind.
    #[test]
    fn an_abandoned_write_leaves_the_file_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.c");
        write_atomically(&path, b"before", None).unwrap();
        let abandon = AtomicBool::new(true);
        let big = vec![b'x'; 3 * WRITE_CHUNK];
        assert!(!write_unless(&path, &big, None, &abandon).unwrap());
        assert_eq!(fs::read(&path).unwrap(), b"before");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    /// A path that became something else than a regular file during the
    /// run (here a symbolic link to another file of the user's) is not
    /// replaced: the link and its target stay, and the write fails.
    #[test]
    fn a_path_that_is_no_longer_a_regular_file_is_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.c");
        let other = dir.path().join("notes.txt");
        fs::write(&other, b"mine").unwrap();
        std::os::unix::fs::symlink(&other, &path).unwrap();
        let err = write_atomically(&path, b"result", None).unwrap_err();
        assert_link_kept(&err, &path, &other);
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 2, "{names:?}");
        write_atomically(&other, b"result", None).unwrap();
        assert_eq!(fs::read(&other).unwrap(), b"result");
    }

    #[test]
    fn the_result_gets_the_given_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.sh");
        let w = BestWriter::new(
            Destination::File(path.clone()),
            Some(Permissions::from_mode(0o755)),
        );
        w.start(b"a").unwrap();
        w.finish(b"b").unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o755);
    }

    #[test]
    fn default_output_sits_beside_the_input() {
        assert_eq!(
            default_output(Path::new("a/crash.c"), ".reduced"),
            PathBuf::from("a/crash.reduced.c")
        );
        assert_eq!(
            default_output(Path::new("x.tar.js"), ".reduced"),
            PathBuf::from("x.tar.reduced.js")
        );
        assert_eq!(
            default_output(Path::new("Makefile"), ".reduced"),
            PathBuf::from("Makefile.reduced")
        );
        assert_eq!(
            default_output(Path::new("src/main.rs"), "_reduced"),
            PathBuf::from("src/main_reduced.rs")
        );
    }
}
