//! The persistent verdict cache of the command line (`--cache DIR`): an
//! SQLite file, `DIR/verdicts.sqlite3`, behind the engine's in-memory cache
//! (see `oracle::VerdictStore`).
//!
//! A row's key is a hash of the candidate's key together with the context
//! of the verdict: the test script's bytes, the language and the name the
//! candidate gets. Its value packs the verdict with a check derived from
//! the key, so a value that was damaged on disk reads as a miss, never as
//! the other verdict. Several processes on one machine may share the file
//! (WAL journal, a busy timeout); a file SQLite cannot read is removed and
//! started again with a warning. It is an optimization only: any error
//! while running turns it off for the rest of the run, with one warning.
//!
//! The script's bytes are read once, at the start; a script edited while
//! the run goes on gives verdicts the key would file under the old bytes.
//! So the store watches the script (its metadata on every lookup, its bytes
//! again when that changed) and turns itself off, with a warning, once the
//! bytes differ: no verdict of another script is read or written, and no
//! mark that a result passed its re-check.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use parking_lot::Mutex;
use rusqlite::{Connection, OptionalExtension};
use xxhash_rust::xxh3::{xxh3_64, xxh3_128};

use super::{Stored, VerdictStore};

/// Why a store could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// Other runs held its lock past all patience: the file is sound, and
    /// a run goes on without it (a warning, also with `--cache`: the
    /// option was not wrong).
    #[error("{0}")]
    Locked(String),
    /// The directory or the file cannot be used.
    #[error("{0}")]
    Unusable(String),
}

/// The file inside the cache directory.
pub const FILE_NAME: &str = "verdicts.sqlite3";

/// Marks the file as treereduce's (SQLite's `application_id`, "TRvc").
const APPLICATION_ID: i64 = 0x5452_7663;

/// The layout of the table; another one is started again.
const FORMAT: i64 = 1;

/// How long a write waits for another process holding the lock.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// See the module documentation.
pub struct SqliteStore {
    conn: Mutex<Connection>,
    context: [u8; 16],
    path: PathBuf,
    broken: AtomicBool,
    /// The test script, when the store watches it.
    script: Option<Watch>,
}

/// The test script whose verdicts a store keeps: where it is, and the bytes
/// the verdicts' context was made from.
pub struct Script<'a> {
    /// Its path (the one the tests run).
    pub path: &'a Path,
    /// Its bytes when the run started.
    pub bytes: &'a [u8],
}

/// A watched test script (see the module documentation).
struct Watch {
    path: PathBuf,
    /// Hash of the bytes the context was made from.
    hash: u128,
    /// The file's metadata when its bytes were last found to be those.
    seen: Mutex<Option<Stamp>>,
    /// Set once the bytes differ: the store is off from then on.
    changed: AtomicBool,
}

/// What tells that a file may have changed: another file at the path, or
/// new contents or metadata (a write sets the modification and change
/// times, to the nanosecond where the filesystem keeps them).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Stamp {
    dev: u64,
    ino: u64,
    len: u64,
    modified: (i64, i64),
    changed: (i64, i64),
}

impl Stamp {
    fn of(meta: &std::fs::Metadata) -> Stamp {
        use std::os::unix::fs::MetadataExt;
        Stamp {
            dev: meta.dev(),
            ino: meta.ino(),
            len: meta.len(),
            modified: (meta.mtime(), meta.mtime_nsec()),
            changed: (meta.ctime(), meta.ctime_nsec()),
        }
    }
}

impl Watch {
    fn new(script: &Script<'_>) -> Watch {
        Watch {
            path: script.path.to_owned(),
            hash: xxh3_128(script.bytes),
            // A stamp taken now might already be of newer bytes than those
            // read at the start: the first lookup reads them again.
            seen: Mutex::new(None),
            changed: AtomicBool::new(false),
        }
    }

    /// Whether the script still has the bytes the context was made from;
    /// the first time it has not, warns that `store` is off.
    fn unchanged(&self, store: &Path) -> bool {
        if self.changed.load(Ordering::Relaxed) {
            return false;
        }
        let same = match std::fs::metadata(&self.path) {
            Err(_) => false,
            Ok(meta) => {
                let stamp = Stamp::of(&meta);
                let mut seen = self.seen.lock();
                if *seen == Some(stamp) {
                    true
                } else if std::fs::read(&self.path).is_ok_and(|b| xxh3_128(&b) == self.hash) {
                    *seen = Some(stamp);
                    true
                } else {
                    false
                }
            }
        };
        if !same && !self.changed.swap(true, Ordering::SeqCst) {
            eprintln!(
                "treereduce: warning: the test script {} changed (or went away) during the run; its verdicts are no longer read from or written to the verdict cache {}",
                self.path.display(),
                store.display()
            );
        }
        same
    }
}

/// The default cache directory: `$XDG_CACHE_HOME/treereduce`, else
/// `$HOME/.cache/treereduce`.
pub fn default_dir() -> Option<PathBuf> {
    let nonempty = |v: &str| std::env::var_os(v).filter(|s| !s.is_empty());
    if let Some(xdg) = nonempty("XDG_CACHE_HOME") {
        return Some(PathBuf::from(xdg).join("treereduce"));
    }
    nonempty("HOME").map(|home| PathBuf::from(home).join(".cache").join("treereduce"))
}

/// The context of a verdict: what besides the candidate decides it.
pub fn context(script: &[u8], language: &str, file_name: &[u8]) -> u128 {
    let mut bytes = Vec::with_capacity(script.len() + 64);
    bytes.extend_from_slice(b"treereduce verdicts 1\0");
    bytes.extend_from_slice(language.as_bytes());
    bytes.push(0);
    bytes.extend_from_slice(&(file_name.len() as u64).to_le_bytes());
    bytes.extend_from_slice(file_name);
    bytes.extend_from_slice(script);
    xxh3_128(&bytes)
}

impl SqliteStore {
    /// Opens (or creates) the cache in `dir` for verdicts of `context`. A
    /// file that cannot be used is removed and created again; the warning
    /// that says so is returned beside the store.
    pub fn open(dir: &Path, context: u128) -> Result<(SqliteStore, Option<String>), OpenError> {
        std::fs::create_dir_all(dir).map_err(|e| {
            OpenError::Unusable(format!(
                "cannot create the cache directory {}: {e}",
                dir.display()
            ))
        })?;
        let path = dir.join(FILE_NAME);
        let (conn, warning) = match connect_when_free(&path) {
            Ok(conn) => (conn, None),
            // Other runs hold it (a long write, many runs starting at
            // once): a sound file, never removed for that.
            Err(e) if busy(&e) => {
                return Err(OpenError::Locked(format!(
                    "the verdict cache {} stayed locked by other runs for {} s ({e})",
                    path.display(),
                    OPEN_PATIENCE.as_secs()
                )));
            }
            Err(e) => {
                let warning = format!(
                    "the verdict cache {} is unusable ({e}); it is started again",
                    path.display()
                );
                remove(&path).map_err(|e| {
                    OpenError::Unusable(format!(
                        "cannot remove the unusable {}: {e}",
                        path.display()
                    ))
                })?;
                let conn = connect(&path).map_err(|e| {
                    OpenError::Unusable(format!(
                        "cannot create the verdict cache {}: {e}",
                        path.display()
                    ))
                })?;
                (conn, Some(warning))
            }
        };
        Ok((
            SqliteStore {
                conn: Mutex::new(conn),
                context: context.to_le_bytes(),
                path,
                broken: AtomicBool::new(false),
                script: None,
            },
            warning,
        ))
    }

    /// This store, turning itself off when `script` changes (see the
    /// module documentation).
    pub fn watching(mut self, script: &Script<'_>) -> SqliteStore {
        self.script = Some(Watch::new(script));
        self
    }

    /// Whether the store is off: after an error, or once the script changed.
    fn off(&self) -> bool {
        self.broken.load(Ordering::Relaxed)
            || self
                .script
                .as_ref()
                .is_some_and(|w| !w.unchanged(&self.path))
    }

    /// The row key of a candidate key.
    fn row(&self, key: u128) -> [u8; 16] {
        let mut bytes = [0u8; 32];
        bytes[..16].copy_from_slice(&self.context);
        bytes[16..].copy_from_slice(&key.to_le_bytes());
        xxh3_128(&bytes).to_le_bytes()
    }

    /// Turns the store off after an error, warning once.
    fn fail(&self, e: &rusqlite::Error) {
        if !self.broken.swap(true, Ordering::SeqCst) {
            eprintln!(
                "treereduce: warning: the verdict cache {} failed ({e}); going on without it",
                self.path.display()
            );
        }
    }
}

/// A verdict with its check: bits 0-1 the verdict, bits 2-33 a hash of the
/// row key and the verdict.
fn pack(row: &[u8; 16], verdict: Stored) -> i64 {
    let code = match verdict {
        Stored::NotInteresting => 0u8,
        Stored::Interesting => 1,
        Stored::Verified => 2,
    };
    (check(row, code) << 2) | i64::from(code)
}

fn unpack(row: &[u8; 16], value: i64) -> Option<Stored> {
    let code = (value & 3) as u8;
    if value >> 2 != check(row, code) {
        return None;
    }
    match code {
        0 => Some(Stored::NotInteresting),
        1 => Some(Stored::Interesting),
        2 => Some(Stored::Verified),
        _ => None,
    }
}

fn check(row: &[u8; 16], code: u8) -> i64 {
    let mut bytes = [0u8; 17];
    bytes[..16].copy_from_slice(row);
    bytes[16] = code;
    (xxh3_64(&bytes) & 0xffff_ffff) as i64
}

impl VerdictStore for SqliteStore {
    fn get(&self, key: u128) -> Option<Stored> {
        if self.off() {
            return None;
        }
        let row = self.row(key);
        let conn = self.conn.lock();
        let value = conn
            .prepare_cached("SELECT v FROM verdicts WHERE k = ?1")
            .and_then(|mut s| s.query_row([&row[..]], |r| r.get::<_, i64>(0)).optional());
        match value {
            Ok(Some(value)) => {
                let verdict = unpack(&row, value);
                if verdict.is_none() && !self.broken.swap(true, Ordering::SeqCst) {
                    eprintln!(
                        "treereduce: warning: the verdict cache {} holds a damaged entry; going on without it (remove the file to start it again)",
                        self.path.display()
                    );
                }
                verdict
            }
            Ok(None) => None,
            Err(e) => {
                self.fail(&e);
                None
            }
        }
    }

    fn put(&self, key: u128, verdict: Stored) {
        if self.off() {
            return;
        }
        let row = self.row(key);
        let conn = self.conn.lock();
        let insert = || {
            conn.prepare_cached("INSERT OR REPLACE INTO verdicts (k, v) VALUES (?1, ?2)")
                .and_then(|mut s| s.execute(rusqlite::params![&row[..], pack(&row, verdict)]))
        };
        let done = if std::env::var_os(crate::crash_points::VARIABLE).is_some() {
            // The tests' crash point: the write inside a transaction, with
            // the process killed before the commit.
            conn.execute_batch("BEGIN IMMEDIATE").and_then(|()| {
                let n = insert()?;
                crate::crash_points::reached("store-write");
                conn.execute_batch("COMMIT").map(|()| n)
            })
        } else {
            insert()
        };
        if let Err(e) = done {
            self.fail(&e);
        }
    }
}

/// The store a run uses: none with `--no-cache`; else the one in `dir`
/// (`--cache`) or in [`default_dir`], watching `script` if given. A
/// `--cache` directory that cannot be used is an error; a default one that
/// cannot, a warning (no cache then). Warnings are printed even with `-q`:
/// they say that verdicts were lost.
pub fn for_run(
    dir: Option<&Path>,
    off: bool,
    context: u128,
    script: Option<&Script<'_>>,
) -> Result<Option<std::sync::Arc<dyn VerdictStore>>, String> {
    if off {
        return Ok(None);
    }
    let warn = |w: &str| eprintln!("treereduce: warning: {w}");
    let (dir, explicit) = match dir {
        Some(d) => (d.to_owned(), true),
        None => match default_dir() {
            Some(d) => (d, false),
            None => return Ok(None),
        },
    };
    match SqliteStore::open(&dir, context) {
        Ok((store, warning)) => {
            if let Some(w) = warning {
                warn(&w);
            }
            let store = match script {
                Some(script) => store.watching(script),
                None => store,
            };
            Ok(Some(std::sync::Arc::new(store)))
        }
        Err(OpenError::Unusable(e)) if explicit => Err(format!("--cache: {e}")),
        Err(e) => {
            warn(&format!(
                "{e}; running without the verdict cache (pass --cache DIR or --no-cache)"
            ));
            Ok(None)
        }
    }
}

/// How long opening the file waits for other runs that hold its lock.
const OPEN_PATIENCE: Duration = Duration::from_secs(60);

/// Whether `e` says that other connections hold the file's lock.
fn busy(e: &rusqlite::Error) -> bool {
    matches!(e, rusqlite::Error::SqliteFailure(f, _)
        if matches!(f.code, rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked))
}

/// [`connect`], tried again while other runs hold the file's lock, for at
/// most [`OPEN_PATIENCE`].
fn connect_when_free(path: &Path) -> rusqlite::Result<Connection> {
    let started = std::time::Instant::now();
    loop {
        match connect(path) {
            Err(e) if busy(&e) && started.elapsed() < OPEN_PATIENCE => {
                std::thread::sleep(Duration::from_millis(20));
            }
            other => return other,
        }
    }
}

/// Opens the file, sets it up for sharing between processes, and checks
/// that it is a sound cache of this format.
fn connect(path: &Path) -> rusqlite::Result<Connection> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    // Switching a new file to WAL does not wait on the busy handler when
    // another process is doing the same: try again until the busy timeout.
    let started = std::time::Instant::now();
    let mode: String = loop {
        match conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0)) {
            Err(rusqlite::Error::SqliteFailure(e, _))
                if e.code == rusqlite::ErrorCode::DatabaseBusy
                    && started.elapsed() < BUSY_TIMEOUT =>
            {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            other => break other?,
        }
    };
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(rusqlite::Error::InvalidQuery);
    }
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    let ok: String = conn.query_row("PRAGMA quick_check", [], |r| r.get(0))?;
    if ok != "ok" {
        return Err(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CORRUPT),
            Some(ok),
        ));
    }
    // Checked and created in one write transaction: processes that open a
    // new file at once must not see it half set up (tables made, format
    // not yet written), nor both set it up.
    conn.execute_batch("BEGIN IMMEDIATE")?;
    let checked = check_or_create(&conn);
    conn.execute_batch(if checked.is_ok() {
        "COMMIT"
    } else {
        "ROLLBACK"
    })?;
    checked?;
    Ok(conn)
}

/// Inside a transaction: sets up an empty file as a cache of this format,
/// or checks that a non-empty one is one.
fn check_or_create(conn: &Connection) -> rusqlite::Result<()> {
    let app: i64 = conn.query_row("PRAGMA application_id", [], |r| r.get(0))?;
    let format: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    let tables: i64 = conn.query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get(0))?;
    if tables == 0 {
        conn.execute_batch(&format!(
            "CREATE TABLE verdicts (k BLOB PRIMARY KEY, v INTEGER NOT NULL) WITHOUT ROWID;
             PRAGMA application_id = {APPLICATION_ID};
             PRAGMA user_version = {FORMAT};"
        ))
    } else if app != APPLICATION_ID || format != FORMAT {
        Err(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_NOTADB),
            Some(format!(
                "not a treereduce verdict cache of format {FORMAT} (application id {app:#x}, format {format})"
            )),
        ))
    } else {
        Ok(())
    }
}

/// Removes the cache file with its WAL and shared-memory files.
fn remove(path: &Path) -> std::io::Result<()> {
    for suffix in ["", "-wal", "-shm"] {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        match std::fs::remove_file(&p) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store(dir: &Path) -> (SqliteStore, Option<String>) {
        SqliteStore::open(dir, context(b"#!/bin/sh\n", "c", b"a.c")).unwrap()
    }

    #[test]
    fn connections_that_create_one_file_at_once_all_see_a_sound_cache() {
        // Each round: 8 threads open the same new file at the same moment;
        // none may see it half set up.
        for _ in 0..20 {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("verdicts.sqlite3");
            let start = std::sync::Barrier::new(8);
            std::thread::scope(|scope| {
                let opened: Vec<_> = (0..8)
                    .map(|_| {
                        scope.spawn(|| {
                            start.wait();
                            connect(&path).map(drop)
                        })
                    })
                    .collect();
                for o in opened {
                    let r = o.join().unwrap();
                    assert!(r.is_ok(), "{r:?}");
                }
            });
        }
    }

    #[test]
    fn verdicts_survive_a_reopen_and_depend_on_the_context() {
        let dir = tempfile::tempdir().unwrap();
        let (s, warning) = store(dir.path());
        assert!(warning.is_none());
        s.put(1, Stored::Interesting);
        s.put(2, Stored::NotInteresting);
        s.put(3, Stored::Verified);
        drop(s);
        let (s, warning) = store(dir.path());
        assert!(warning.is_none());
        assert_eq!(s.get(1), Some(Stored::Interesting));
        assert_eq!(s.get(2), Some(Stored::NotInteresting));
        assert_eq!(s.get(3), Some(Stored::Verified));
        assert_eq!(s.get(4), None);
        let other = context(b"#!/bin/sh\nexit 1\n", "c", b"a.c");
        let (s, _) = SqliteStore::open(dir.path(), other).unwrap();
        assert_eq!(s.get(1), None);
        assert_ne!(other, context(b"#!/bin/sh\nexit 1\n", "c", b"b.c"));
        assert_ne!(other, context(b"#!/bin/sh\nexit 1\n", "rust", b"a.c"));
    }

    #[test]
    fn a_store_watching_a_script_goes_off_when_its_bytes_change() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("check.sh");
        let bytes = b"#!/bin/sh\ngrep -q x \"$1\"\n";
        std::fs::write(&path, bytes).unwrap();
        let script = Script {
            path: &path,
            bytes: &bytes[..],
        };
        let (s, _) = store(dir.path());
        let s = s.watching(&script);
        s.put(1, Stored::Interesting);
        assert_eq!(s.get(1), Some(Stored::Interesting));
        // New metadata, same bytes: still on.
        let file = std::fs::File::options().append(true).open(&path).unwrap();
        file.set_modified(std::time::SystemTime::UNIX_EPOCH)
            .unwrap();
        drop(file);
        assert_eq!(s.get(1), Some(Stored::Interesting));
        // Other bytes: off for good, reading and writing.
        std::fs::write(&path, b"#!/bin/sh\ngrep -q y \"$1\"\n").unwrap();
        assert_eq!(s.get(1), None);
        s.put(2, Stored::NotInteresting);
        std::fs::write(&path, bytes).unwrap();
        assert_eq!(s.get(1), None);
        drop(s);
        let (s, _) = store(dir.path());
        assert_eq!(s.get(1), Some(Stored::Interesting));
        assert_eq!(s.get(2), None, "written after the script changed");
        // A script that went away is a change too.
        let s = s.watching(&script);
        assert_eq!(s.get(1), Some(Stored::Interesting));
        std::fs::remove_file(&path).unwrap();
        assert_eq!(s.get(1), None);
    }

    #[test]
    fn a_damaged_value_is_a_miss_not_the_other_verdict() {
        let row = [7u8; 16];
        for v in [
            Stored::NotInteresting,
            Stored::Interesting,
            Stored::Verified,
        ] {
            let packed = pack(&row, v);
            assert_eq!(unpack(&row, packed), Some(v));
            for bit in 0..34 {
                assert_eq!(unpack(&row, packed ^ (1 << bit)), None, "bit {bit}");
            }
        }
        let dir = tempfile::tempdir().unwrap();
        let (s, _) = store(dir.path());
        s.put(9, Stored::NotInteresting);
        let row = s.row(9);
        // Flip the stored verdict to "interesting" without fixing the check.
        s.conn
            .lock()
            .execute(
                "UPDATE verdicts SET v = v | 1 WHERE k = ?1",
                rusqlite::params![&row[..]],
            )
            .unwrap();
        assert_eq!(s.get(9), None);
        // The store is off from then on.
        s.put(10, Stored::Interesting);
        assert_eq!(s.get(10), None);
    }

    #[test]
    fn garbage_truncated_and_foreign_files_are_started_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        std::fs::write(
            &path,
            b"this is not a database, only some text\n".repeat(200),
        )
        .unwrap();
        let (s, warning) = store(dir.path());
        assert!(warning.unwrap().contains("started again"));
        s.put(1, Stored::Interesting);
        assert_eq!(s.get(1), Some(Stored::Interesting));
        drop(s);

        // Truncated: keep the header page only, after a checkpoint.
        let (s, _) = store(dir.path());
        for k in 0..2000 {
            s.put(k, Stored::NotInteresting);
        }
        s.conn
            .lock()
            .execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")
            .unwrap();
        drop(s);
        let len = std::fs::metadata(&path).unwrap().len();
        assert!(len > 8192);
        let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        f.set_len(len / 2).unwrap();
        drop(f);
        let (s, warning) = store(dir.path());
        assert!(warning.is_some(), "a truncated file was used as it was");
        for k in 0..2000 {
            assert_ne!(s.get(k), Some(Stored::Interesting));
        }
        drop(s);

        // Another program's database.
        remove(&path).unwrap();
        let c = Connection::open(&path).unwrap();
        c.execute_batch("CREATE TABLE verdicts (k BLOB PRIMARY KEY, v INTEGER) WITHOUT ROWID; INSERT INTO verdicts VALUES (x'00', 1);")
            .unwrap();
        drop(c);
        let (s, warning) = store(dir.path());
        assert!(warning.unwrap().contains("not a treereduce verdict cache"));
        assert_eq!(s.get(0), None);
    }

    /// The cost of a lookup and of a write, for doc/benchmarks.md:
    /// `cargo test --release --lib store::tests::cost -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement, run by hand"]
    fn cost() {
        let dir = tempfile::tempdir().unwrap();
        let (s, _) = store(dir.path());
        let n = 20_000u128;
        let start = std::time::Instant::now();
        for k in 0..n {
            s.put(k * 7919, Stored::NotInteresting);
        }
        let put = start.elapsed();
        let start = std::time::Instant::now();
        for k in 0..n {
            assert_eq!(s.get(k * 7919), Some(Stored::NotInteresting));
        }
        let hit = start.elapsed();
        let start = std::time::Instant::now();
        for k in 0..n {
            assert_eq!(s.get(k * 7919 + 1), None);
        }
        let miss = start.elapsed();
        let per = |d: std::time::Duration| d.as_secs_f64() * 1e6 / n as f64;
        println!(
            "{n} verdicts: write {:.1} us, hit {:.1} us, miss {:.1} us each",
            per(put),
            per(hit),
            per(miss)
        );
    }

    /// A file that another run keeps locked longer than a write waits
    /// (here 11 s, past the 10 s of the busy timeout) is waited for, not
    /// taken for an unusable one and started again: its verdicts stay.
    #[test]
    fn a_file_locked_by_another_run_is_waited_for_not_started_again() {
        let dir = tempfile::tempdir().unwrap();
        let (s, _) = store(dir.path());
        s.put(1, Stored::Interesting);
        drop(s);
        let holder = Connection::open(dir.path().join(FILE_NAME)).unwrap();
        holder.execute_batch("BEGIN EXCLUSIVE").unwrap();
        let opened = std::thread::scope(|scope| {
            let opening = scope.spawn(|| store(dir.path()));
            std::thread::sleep(BUSY_TIMEOUT + Duration::from_secs(1));
            holder.execute_batch("COMMIT").unwrap();
            opening.join().unwrap()
        });
        let (s, warning) = opened;
        assert_eq!(warning, None);
        assert_eq!(s.get(1), Some(Stored::Interesting));
    }

    #[test]
    fn processes_share_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let (a, _) = store(dir.path());
        let (b, _) = store(dir.path());
        std::thread::scope(|scope| {
            scope.spawn(|| (0..300).for_each(|k| a.put(k, Stored::Interesting)));
            scope.spawn(|| (300..600).for_each(|k| b.put(k, Stored::NotInteresting)));
        });
        for k in 0..600 {
            let want = if k < 300 {
                Stored::Interesting
            } else {
                Stored::NotInteresting
            };
            assert_eq!(a.get(k), Some(want));
            assert_eq!(b.get(k), Some(want));
        }
    }
}
