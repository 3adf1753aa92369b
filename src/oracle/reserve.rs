//! Room kept for a worker's next candidate in the temporary folder.
//!
//! A worker writes its next candidate where its last one was, so a folder
//! that fills up while a run goes on (a test's own files, another program)
//! stops only candidates larger than the last one: with two workers, which
//! of them gets one depends on timing, and a few such in a row would stop
//! the run. So each worker holds, beside its candidate, a reserve file of
//! the difference between the largest candidate it wrote and the current
//! one (`fallocate`: the blocks are the worker's, whatever else fills the
//! folder). Before a larger candidate, the reserve gives back what it needs;
//! after a smaller one, it takes back the difference where the folder has
//! it. Every candidate up to the largest one so far then fits. Where the
//! file system cannot allocate ahead (`fallocate` unsupported), nothing is
//! held and nothing changes.

use std::fs;
use std::os::fd::AsRawFd;
use std::path::PathBuf;

/// Slack for the blocks of a candidate's last, partly filled page.
const SLACK: u64 = 8 << 10;

/// One worker's reserve (see the module documentation).
pub(crate) struct Reserve {
    path: Option<PathBuf>,
    file: Option<fs::File>,
    /// Bytes the reserve file holds.
    held: u64,
    /// The bytes of the candidate now written.
    written: u64,
    /// The largest candidate written.
    largest: u64,
}

impl Reserve {
    /// A reserve at `path` (`None`: none at all), created at the first
    /// candidate smaller than the largest.
    pub(crate) fn at(path: Option<PathBuf>) -> Reserve {
        Reserve {
            path,
            file: None,
            held: 0,
            written: 0,
            largest: 0,
        }
    }

    /// Before writing a candidate of `bytes` in place of the current one:
    /// gives back what it needs beyond the current one's room.
    pub(crate) fn before(&mut self, bytes: u64) {
        let need = bytes.saturating_sub(self.written);
        if need == 0 || self.held == 0 {
            return;
        }
        let keep = self.held.saturating_sub(need + SLACK);
        if let Some(file) = &self.file
            && file.set_len(keep).is_ok()
        {
            self.held = keep;
        }
    }

    /// After writing a candidate of `bytes`: holds the difference to the
    /// largest candidate, where the folder has room for it.
    pub(crate) fn after(&mut self, bytes: u64) {
        self.written = bytes;
        self.expect(bytes);
    }

    /// Holds room for a candidate of `bytes` (one another worker wrote: the
    /// input, before this worker's first candidate), where the folder has it.
    pub(crate) fn expect(&mut self, bytes: u64) {
        self.largest = self.largest.max(bytes);
        let want = self.largest - self.written;
        if want <= self.held {
            return;
        }
        if self.file.is_none() {
            let Some(path) = &self.path else { return };
            self.file = fs::OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(true)
                .open(path)
                .ok();
        }
        let Some(file) = &self.file else { return };
        // SAFETY: fallocate on an open file descriptor.
        let done = unsafe { libc::fallocate(file.as_raw_fd(), 0, 0, want as libc::off_t) } == 0;
        if done {
            self.held = want;
        } else {
            // Unsupported, or no room: hold what is there, try again later.
            self.held = file.metadata().map_or(0, |m| m.len().min(self.held));
        }
    }

    /// The bytes held now.
    #[cfg(test)]
    pub(crate) fn held(&self) -> u64 {
        self.held
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reserve_holds_the_difference_to_the_largest_candidate() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("reserve");
        let mut r = Reserve::at(Some(path.clone()));
        r.before(100_000);
        r.after(100_000);
        assert_eq!(r.held(), 0);
        r.before(30_000);
        r.after(30_000);
        assert_eq!(r.held(), 70_000);
        assert_eq!(fs::metadata(&path).unwrap().len(), 70_000);
        // A larger candidate: the reserve gives back what it needs and some
        // slack, then takes the difference again.
        r.before(50_000);
        assert_eq!(fs::metadata(&path).unwrap().len(), 70_000 - 20_000 - SLACK);
        r.after(50_000);
        assert_eq!(r.held(), 50_000);
        // Room for another worker's candidate before this one's first.
        let mut other = Reserve::at(Some(dir.path().join("other")));
        other.expect(40_000);
        assert_eq!(other.held(), 40_000);
        other.before(40_000);
        other.after(40_000);
        assert_eq!(other.held(), 0);
        let mut none = Reserve::at(None);
        none.after(10);
        none.after(5);
        assert_eq!(none.held(), 0);
    }
}
