//! Where the result goes: a file written atomically (temporary file in the
//! same directory, then rename) every time the best improves, or stdout once
//! at the end.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use parking_lot::Mutex;

/// The destination chosen by `-o`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// A file, kept up to date with the best result.
    File(PathBuf),
    /// Standard output, written once at the end (even after Ctrl-C).
    Stdout,
}

/// Writes best results in order: a late writer of an older result never
/// overwrites a newer one.
pub struct BestWriter {
    destination: Destination,
    last: Mutex<u64>,
}

impl BestWriter {
    /// A writer for `destination`.
    pub fn new(destination: Destination) -> BestWriter {
        BestWriter {
            destination,
            last: Mutex::new(0),
        }
    }

    /// Writes the input as the first result, so the output exists from the start.
    pub fn start(&self, text: &[u8]) -> io::Result<()> {
        match &self.destination {
            Destination::File(path) => write_atomically(path, text),
            Destination::Stdout => Ok(()),
        }
    }

    /// Records improvement number `seq`. Files are replaced atomically.
    pub fn improved(&self, seq: u64, text: &[u8]) -> io::Result<()> {
        let Destination::File(path) = &self.destination else {
            return Ok(());
        };
        let mut last = self.last.lock();
        if seq <= *last {
            return Ok(());
        }
        write_atomically(path, text)?;
        *last = seq;
        Ok(())
    }

    /// Writes the final result (to stdout, or to the file whatever its sequence).
    pub fn finish(&self, text: &[u8]) -> io::Result<()> {
        match &self.destination {
            Destination::File(path) => {
                let mut last = self.last.lock();
                write_atomically(path, text)?;
                *last = u64::MAX;
                Ok(())
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

/// Writes `text` to a temporary file beside `path` and renames it over `path`.
pub fn write_atomically(path: &Path, text: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".treereduce-")
        .tempfile_in(dir)?;
    tmp.write_all(text)?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;

    #[test]
    fn newer_results_win_and_no_temp_files_remain() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.c");
        let w = BestWriter::new(Destination::File(path.clone()));
        w.improved(2, b"two").unwrap();
        w.improved(1, b"one").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        w.improved(3, b"three").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"three");
        w.finish(b"final").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"final");
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("out.c")]);
    }
}
