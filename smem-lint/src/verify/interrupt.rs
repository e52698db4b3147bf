//! Ctrl-C, SIGTERM and SIGHUP during `verify`.
//!
//! Each compiler job runs in a process group of its own (so that a timeout kills a wrapper with its
//! children), which also means a signal sent to `smem-lint` or to the terminal's foreground group
//! never reaches the jobs. So `verify` takes those signals itself: [`install`] blocks them in the
//! calling thread before any worker exists (the workers inherit the mask; children do not, as the
//! standard library empties a child's signal mask before `exec`), and a thread waits for them.
//! When one arrives, [`requested`] turns true: the jobs' process groups are killed, no new job
//! starts, the temporary directory is removed, and [`reraise`] ends the process by the same
//! signal, as if it had not been caught. (Nothing here needs `unsafe`: no signal handler is
//! installed; the signals are waited for.)

use std::sync::atomic::{AtomicI32, Ordering};

use nix::sys::signal::{pthread_sigmask, SigSet, SigmaskHow, Signal};

/// The signal received, or 0.
static RECEIVED: AtomicI32 = AtomicI32::new(0);

fn signals() -> SigSet {
    let mut set = SigSet::empty();
    for s in [Signal::SIGINT, Signal::SIGTERM, Signal::SIGHUP] {
        set.add(s);
    }
    set
}

/// Take SIGINT, SIGTERM and SIGHUP from here on. Call it before starting any thread; a failure
/// leaves the default behaviour (the process dies at once).
pub(crate) fn install() {
    let set = signals();
    if pthread_sigmask(SigmaskHow::SIG_BLOCK, Some(&set), None).is_err() {
        return;
    }
    std::thread::spawn(move || {
        if let Ok(sig) = set.wait() {
            RECEIVED.store(sig as i32, Ordering::SeqCst);
        }
    });
}

/// Whether a stop was asked for.
pub(crate) fn requested() -> bool {
    RECEIVED.load(Ordering::SeqCst) != 0
}

/// The signal that asked for the stop.
pub(crate) fn received() -> Option<Signal> {
    Signal::try_from(RECEIVED.load(Ordering::SeqCst)).ok()
}

/// End the process by the signal received (after cleaning up): unblocked in this thread and sent
/// to it, with its default action. Returns only if that fails.
pub(crate) fn reraise() {
    let Some(sig) = received() else { return };
    let mut set = SigSet::empty();
    set.add(sig);
    if pthread_sigmask(SigmaskHow::SIG_UNBLOCK, Some(&set), None).is_ok() {
        let _ = nix::sys::signal::raise(sig);
    }
}
