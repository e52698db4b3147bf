//! `smem-lint eval`'s pipeline: a reader thread cuts the input into batches of whole lines, one
//! worker thread per core evaluates whole batches (through [`crate::jsonl::eval_line_into`]), and a
//! writer thread writes their results in input order. No step waits for a slower batch but the
//! writer: a worker that finishes takes the next batch. Memory is bounded for any input: a fixed
//! set of batch buffers circulates (reader, worker, writer, back to the reader), and no line longer
//! than [`MAX_LINE`] is held.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::ops::Range;
use std::sync::mpsc::{channel, sync_channel, Receiver, Sender, SyncSender};
use std::sync::Mutex;

use crate::exit::{EXIT_CLEAN, EXIT_INPUT_ERROR};
use crate::model::CutlassVersion;

/// Bytes of input per batch: a few hundred lines, enough to make handing a batch over cheap, small
/// enough that every core gets many.
const BATCH_BYTES: usize = 1 << 17;
/// Batches per worker: how far the reader may run ahead of the writer.
const BATCHES_PER_WORKER: usize = 4;
/// The longest line read; a configuration is a few hundred bytes. A longer line is an input error
/// on that line, and is skipped without being held.
const MAX_LINE: usize = 1 << 20;

/// Whole lines of input, in order, and, once evaluated, their results.
#[derive(Default)]
struct Batch {
    /// Its place in the input: the writer writes batches in this order.
    seq: u64,
    bytes: Vec<u8>,
    lines: Vec<Line>,
    /// Output lines.
    text: Vec<u8>,
    /// Error messages (`LINE: ...`).
    errors: Vec<String>,
    /// The worst exit class of its lines.
    worst: u8,
}

/// One line of a batch: its 1-based number and its bytes (with the newline), or its length when it
/// was too long to hold.
struct Line {
    no: usize,
    range: Range<usize>,
    too_long: Option<u64>,
}

/// A line being read: where it starts in the batch, its length so far, whether it is too long.
type Open = (usize, u64, bool);

impl Batch {
    /// Ends line `no`, which started at `start`, at the bytes read so far.
    fn close(&mut self, no: usize, (start, len, too_long): Open) {
        self.lines.push(Line { no, range: start..self.bytes.len(), too_long: too_long.then_some(len) });
    }

    /// Empty again, its buffers kept, for input `seq`.
    fn reset(&mut self, seq: u64) {
        self.seq = seq;
        self.bytes.clear();
        self.lines.clear();
        self.text.clear();
        self.errors.clear();
        self.worst = EXIT_CLEAN;
    }
}

/// Evaluate every line of `input`, writing results to `out` and error messages to stderr prefixed
/// with `name`. Exit: 2 if any line is an input error or the input cannot be read, else 1 if any
/// configuration cannot launch (or is not modelled), else 0.
pub fn eval(input: impl BufRead + Send, name: &str, cutlass: Option<CutlassVersion>, out: impl Write + Send) -> u8 {
    pipeline(input, name, out, |batch| evaluate(batch, cutlass))
}

/// [`eval`] with the evaluation of a batch given.
fn pipeline(
    input: impl BufRead + Send,
    name: &str,
    out: impl Write + Send,
    evaluate: impl Fn(&mut Batch) + Sync,
) -> u8 {
    let workers = rayon::current_num_threads().max(1);
    let batches = workers * BATCHES_PER_WORKER;
    // The batch buffers circulate: free (to the reader), work (to a worker), done (to the writer).
    let (free_tx, free) = sync_channel(batches);
    for _ in 0..batches {
        // The channel holds every batch, so this cannot block or fail.
        let _ = free_tx.send(Batch::default());
    }
    let (work_tx, work) = sync_channel::<Batch>(batches);
    let work = Mutex::new(work);
    let (done_tx, done) = channel();
    std::thread::scope(|s| {
        let reader = s.spawn(move || read_batches(input, &free, &work_tx));
        let writer = s.spawn(move || write_batches(&done, name, out, &free_tx));
        for _ in 0..workers {
            let (work, done_tx, evaluate) = (&work, done_tx.clone(), &evaluate);
            s.spawn(move || evaluate_batches(work, &done_tx, evaluate));
        }
        drop(done_tx);
        let read = reader.join().unwrap_or_else(|_| Err(std::io::Error::other("the reader panicked")));
        let written = writer.join().unwrap_or(None);
        if let Err(e) = read {
            crate::output::errln!("error: cannot read {name}: {e}");
            return EXIT_INPUT_ERROR;
        }
        written.unwrap_or(EXIT_INPUT_ERROR)
    })
}

/// Cut the input into batches of whole lines, in free batch buffers. Stops early when the writer
/// has gone (it stops handing buffers back).
fn read_batches(mut input: impl BufRead, free: &Receiver<Batch>, work: &SyncSender<Batch>) -> std::io::Result<()> {
    let mut seq = 0;
    let mut fresh = || {
        let mut b = free.recv().ok()?;
        b.reset(seq);
        seq += 1;
        Some(b)
    };
    let Some(mut batch) = fresh() else { return Ok(()) };
    let mut line_no = 0;
    let mut open: Option<Open> = None;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            if let Some(line) = open {
                batch.close(line_no, line);
            }
            if !batch.lines.is_empty() {
                // The writer having gone is not a read error.
                let _ = work.send(batch);
            }
            return Ok(());
        }
        let (piece, ends) = match memchr::memchr(b'\n', buf) {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let (start, len, too_long) = open.get_or_insert_with(|| {
            line_no += 1;
            (batch.bytes.len(), 0, false)
        });
        *len += piece.len() as u64;
        if !*too_long {
            if *len > MAX_LINE as u64 {
                *too_long = true;
                batch.bytes.truncate(*start);
            } else {
                batch.bytes.extend_from_slice(piece);
            }
        }
        let n = piece.len();
        input.consume(n);
        if ends {
            if let Some(line) = open.take() {
                batch.close(line_no, line);
            }
            if batch.bytes.len() >= BATCH_BYTES {
                let Some(next) = fresh() else { return Ok(()) };
                if work.send(std::mem::replace(&mut batch, next)).is_err() {
                    return Ok(());
                }
            }
        }
    }
}

/// What a worker hands the writer: an evaluated batch, or `None` when the worker panicked. A
/// batch that never arrives would leave the writer waiting for it and the reader waiting for its
/// buffer; told instead, the writer stops, the pipeline winds down, and the panic reaches `eval`'s
/// caller.
type Done = Option<Batch>;

/// Tells the writer when the worker holding it unwinds.
struct PanicNotice<'a>(&'a Sender<Done>);

impl Drop for PanicNotice<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let _ = self.0.send(None);
        }
    }
}

/// A worker: evaluates batches until the reader is done, handing each to the writer.
fn evaluate_batches(work: &Mutex<Receiver<Batch>>, done: &Sender<Done>, evaluate: &impl Fn(&mut Batch)) {
    let _notice = PanicNotice(done);
    loop {
        // The lock is held only while waiting for the next batch; a poisoned lock means another
        // worker panicked, and this one stops too.
        let next = match work.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok(mut batch) = next else { return };
        evaluate(&mut batch);
        if done.send(Some(batch)).is_err() {
            return;
        }
    }
}

/// A batch's lines, evaluated in order into its output.
fn evaluate(batch: &mut Batch, cutlass: Option<CutlassVersion>) {
    let Batch { bytes, lines, text, errors, worst, .. } = batch;
    for line in lines.iter() {
        let (class, error) = match line.too_long {
            Some(len) => too_long(line.no, len, text),
            None => match eval_bytes(line.no, &bytes[line.range.clone()], cutlass, text) {
                Some(r) => r,
                None => continue,
            },
        };
        text.push(b'\n');
        *worst = (*worst).max(class);
        errors.extend(error);
    }
}

/// Write the batches' lines to `out` in input order and their errors to stderr, handing each
/// batch back to the reader; the worst exit class, `None` if `out` cannot be written.
fn write_batches(done: &Receiver<Done>, name: &str, out: impl Write, free: &SyncSender<Batch>) -> Option<u8> {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, out);
    let mut worst = EXIT_CLEAN;
    let mut any = false;
    let mut next = 0;
    // Batches that finished before an earlier one: fewer than the number of batch buffers.
    let mut early = BTreeMap::new();
    for batch in done {
        let batch = batch?;
        early.insert(batch.seq, batch);
        while let Some(b) = early.remove(&next) {
            for e in &b.errors {
                crate::output::errln!("error: {name}:{e}");
            }
            worst = worst.max(b.worst);
            any |= !b.text.is_empty();
            out.write_all(&b.text).ok()?;
            next += 1;
            // The reader having finished is not a write error.
            let _ = free.send(b);
        }
    }
    out.flush().ok()?;
    if !any {
        // Empty input is an input error in every subcommand (README: Exit codes).
        crate::output::errln!("error: {name} holds no configuration (no line that is not blank)");
        return Some(crate::exit::EXIT_INPUT_ERROR);
    }
    Some(worst)
}

/// One line: appends its output and returns its exit class and error message (`LINE: ...`); `None`
/// for a blank line. A line that is not UTF-8 is an error naming the byte; a byte-order mark
/// before the first line is skipped.
fn eval_bytes(
    line_no: usize,
    buf: &[u8],
    cutlass: Option<CutlassVersion>,
    out: &mut Vec<u8>,
) -> Option<(u8, Option<String>)> {
    let mut bytes = if line_no == 1 { buf.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(buf) } else { buf };
    while let [rest @ .., b'\n' | b'\r'] = bytes {
        bytes = rest;
    }
    match std::str::from_utf8(bytes) {
        // A line that opens an object is not blank, which spares trimming it.
        Ok(l) if !l.starts_with('{') && l.trim().is_empty() => None,
        Ok(l) => {
            let (class, e) = crate::jsonl::eval_line_into(line_no, l, cutlass, out);
            let error = e.map(|e| {
                let field = e.at.field.as_ref().map(|f| format!(" field `{f}`:")).unwrap_or_default();
                // An input error's help, as the TOML reader and the attribute give it.
                let help = e.help().filter(|_| e.is_input_error()).map(|h| format!(" (help: {h})")).unwrap_or_default();
                format!("{line_no}:{field} {}{help}", e.error())
            });
            Some((class, error))
        }
        Err(e) => Some(line_error(line_no, &format!("not UTF-8 at byte {} of the line", e.valid_up_to() + 1), out)),
    }
}

/// A line over [`MAX_LINE`] bytes: an input error, its text never held.
fn too_long(line_no: usize, len: u64, out: &mut Vec<u8>) -> (u8, Option<String>) {
    line_error(
        line_no,
        &format!("the line is {len} bytes, over the {MAX_LINE}-byte limit of a configuration line"),
        out,
    )
}

fn line_error(line_no: usize, msg: &str, out: &mut Vec<u8>) -> (u8, Option<String>) {
    let json = serde_json::json!({"line": line_no, "code": crate::rules::Rule::InvalidValue.code(), "error": msg});
    // Writing JSON to a Vec cannot fail.
    serde_json::to_writer(&mut *out, &json).unwrap_or_default();
    (EXIT_INPUT_ERROR, Some(format!("{line_no}: {msg}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A worker that panics mid-stream makes `eval` panic promptly, after writing only whole
    /// batches in order, instead of leaving the reader and the writer waiting on each other.
    #[test]
    fn a_panicking_worker_ends_the_pipeline() {
        let line = "{\"arch\": \"sm120\"}\n";
        let input = line.repeat(BATCH_BYTES / line.len() * 40);
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut out = Vec::new();
            let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                pipeline(input.as_bytes(), "test", &mut out, |batch| {
                    assert!(batch.seq != 5, "worker fails on batch 5");
                    batch.text.extend(batch.lines.iter().map(|_| b'.'));
                })
            }));
            let _ = tx.send((run.is_err(), out));
        });
        let (panicked, out) = rx.recv_timeout(std::time::Duration::from_secs(60)).expect("eval hung");
        assert!(panicked);
        assert!(out.iter().all(|&b| b == b'.'), "only evaluated lines are written");
        let per_batch = BATCH_BYTES.div_ceil(line.len());
        assert_eq!(out.len() % per_batch, 0, "whole batches only");
        assert!(out.len() <= 5 * per_batch, "nothing after the lost batch: {} lines", out.len());
    }
}
