//! Cancellation (Ctrl-C): a flag plus a pipe that becomes readable when the
//! flag is set, so a worker waiting for a test can wake at once instead of polling.

use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::sync::atomic::{AtomicBool, Ordering};

/// See the module documentation. Cheap to share by `Arc`.
#[derive(Debug)]
pub struct Cancel {
    flag: AtomicBool,
    read: OwnedFd,
    write: OwnedFd,
}

impl Cancel {
    /// A fresh, unset token.
    pub fn new() -> std::io::Result<Cancel> {
        let mut fds = [0; 2];
        // SAFETY: `fds` has room for the two descriptors pipe2 writes.
        if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC | libc::O_NONBLOCK) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
        // SAFETY: pipe2 succeeded, so both descriptors are open and owned by nobody else.
        let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
        Ok(Cancel {
            flag: AtomicBool::new(false),
            read,
            write,
        })
    }

    /// Sets the token. Safe to call from any thread, any number of times.
    pub fn cancel(&self) {
        if !self.flag.swap(true, Ordering::SeqCst) {
            // The byte is never read, so the pipe stays readable for every waiter.
            // SAFETY: writing one byte from a valid buffer to an open descriptor.
            unsafe { libc::write(self.write.as_raw_fd(), b"x".as_ptr().cast(), 1) };
        }
    }

    /// Unsets the token (for one reused per test): clears the flag and
    /// drains the pipe.
    pub fn reset(&self) {
        self.flag.store(false, Ordering::SeqCst);
        let mut buf = [0u8; 16];
        // SAFETY: reading into a valid buffer from an open non-blocking descriptor.
        while unsafe { libc::read(self.read.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len()) } > 0 {
        }
    }

    /// Whether the token is set.
    pub fn is_cancelled(&self) -> bool {
        self.flag.load(Ordering::SeqCst)
    }

    /// A descriptor that polls readable once the token is set.
    pub fn fd(&self) -> RawFd {
        self.read.as_raw_fd()
    }
}
