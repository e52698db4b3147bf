//! Standard output and standard error, written in one place.
//!
//! Every byte the command line prints goes through [`stdout`] or [`stderr`] (the `out!`, `outln!`,
//! `err!` and `errln!` macros, or a writer over the handles); nothing panics on a failed write, as
//! `print!` does. The first failure of a stream is remembered and later writes to it are skipped;
//! [`finish`] turns the run's exit code into the process's: a stream that could not be written
//! makes the run an error (exit 2) with one message on standard error saying why (when standard
//! error itself is what failed, the exit code alone says so). A report lost on a full disk or a
//! closed pipe therefore never passes CI.
//!
//! Text printed through the macros has its control characters (other than newline and tab)
//! written as escapes (`\u{1b}`), so a file or a line cannot send terminal escape sequences
//! through an error message.

use std::fmt;
use std::io::{self, Write};
use std::sync::OnceLock;

use crate::exit::EXIT_INPUT_ERROR;

/// The first failure of standard output, and of standard error.
static STDOUT_FAILED: OnceLock<String> = OnceLock::new();
static STDERR_FAILED: OnceLock<String> = OnceLock::new();

/// The process's standard output: a writer that never panics and remembers its first failure.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stdout;

/// The process's standard error, likewise.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stderr;

pub fn stdout() -> Stdout {
    Stdout
}

pub fn stderr() -> Stderr {
    Stderr
}

fn failed_before() -> io::Error {
    io::Error::other("the stream failed earlier")
}

/// Run `op` on the stream unless it failed before; remember its first failure.
fn guarded<T>(failed: &OnceLock<String>, op: impl FnOnce() -> io::Result<T>) -> io::Result<T> {
    if failed.get().is_some() {
        return Err(failed_before());
    }
    op().inspect_err(|e| {
        let _ = failed.set(e.to_string());
    })
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        guarded(&STDOUT_FAILED, || io::stdout().write(buf))
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        guarded(&STDOUT_FAILED, || io::stdout().lock().write_all(buf))
    }
    fn flush(&mut self) -> io::Result<()> {
        guarded(&STDOUT_FAILED, || io::stdout().flush())
    }
}

impl Write for Stderr {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        guarded(&STDERR_FAILED, || io::stderr().write(buf))
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        guarded(&STDERR_FAILED, || io::stderr().lock().write_all(buf))
    }
    fn flush(&mut self) -> io::Result<()> {
        guarded(&STDERR_FAILED, || io::stderr().flush())
    }
}

/// `text` with every control character but newline and tab written as an escape (`\u{1b}`).
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    let shown = |c: char| !c.is_control() || c == '\n' || c == '\t';
    if text.chars().all(shown) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if shown(c) {
            out.push(c);
        } else {
            out.extend(c.escape_debug());
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Print formatted text on standard output (see the `out!` macro).
pub fn print_out(args: fmt::Arguments<'_>) {
    let text = args.to_string();
    let _ = stdout().write_all(printable(&text).as_bytes());
}

/// Print formatted text on standard error (see the `err!` macro).
pub fn print_err(args: fmt::Arguments<'_>) {
    let text = args.to_string();
    let _ = stderr().write_all(printable(&text).as_bytes());
}

/// Whether a write to standard output has failed so far.
pub fn stdout_failed() -> bool {
    STDOUT_FAILED.get().is_some()
}

/// The exit code for a run that ended with `code`: an input error (2) when a write to standard
/// output or standard error failed, after saying why on standard error (once).
pub fn finish(code: u8) -> u8 {
    let _ = stdout().flush();
    let _ = stderr().flush();
    let mut code = code;
    if let Some(e) = STDOUT_FAILED.get() {
        let _ = writeln!(stderr(), "error: cannot write to standard output: {e}");
        code = code.max(EXIT_INPUT_ERROR);
    }
    if STDERR_FAILED.get().is_some() {
        code = code.max(EXIT_INPUT_ERROR);
    }
    code
}

/// `print!` that never panics: see [`crate::output`].
macro_rules! out {
    ($($arg:tt)*) => { $crate::output::print_out(format_args!($($arg)*)) };
}

/// `println!` that never panics: see [`crate::output`].
macro_rules! outln {
    () => { $crate::output::print_out(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::output::print_out(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `eprint!` that never panics: see [`crate::output`].
macro_rules! err {
    ($($arg:tt)*) => { $crate::output::print_err(format_args!($($arg)*)) };
}

/// `eprintln!` that never panics: see [`crate::output`].
macro_rules! errln {
    ($($arg:tt)*) => { $crate::output::print_err(format_args!("{}\n", format_args!($($arg)*))) };
}

pub(crate) use {err, errln, out, outln};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(printable("plain\ttext\n"), "plain\ttext\n");
        assert_eq!(printable("a\x1b[2Jb\x07\r"), "a\\u{1b}[2Jb\\u{7}\\r");
        assert_eq!(printable("\u{9b}31m"), "\\u{9b}31m");
    }
}
