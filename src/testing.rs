//! Helpers for the unit tests.

use std::sync::mpsc;
use std::time::Duration;

/// Runs `f` on a thread of its own and returns its result, or fails the
/// test after `secs` seconds: a hang in the code under test becomes a
/// failure instead of a test run that never ends (the stuck thread is left
/// behind; the test process exits anyway). A panic in `f` fails the test too.
pub fn within<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    let handle = std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(Duration::from_secs(secs)) {
        Ok(value) => value,
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("hung: no result within {secs} s"),
        Err(mpsc::RecvTimeoutError::Disconnected) => match handle.join() {
            Err(panic) => std::panic::resume_unwind(panic),
            Ok(()) => unreachable!("the thread sends before it ends"),
        },
    }
}

#[test]
fn a_hang_fails_instead_of_blocking() {
    let hung = std::panic::catch_unwind(|| {
        within(1, || std::thread::sleep(Duration::from_secs(3600)));
    });
    assert!(hung.is_err());
    assert_eq!(within(5, || 7), 7);
    assert!(std::panic::catch_unwind(|| within(5, || panic!("inner"))).is_err());
}
