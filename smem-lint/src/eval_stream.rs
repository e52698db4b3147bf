//! `smem-lint eval`'s pipeline: a reader thread cuts the input into chunks of whole lines, every
//! core evaluates a chunk's lines (through [`crate::jsonl::eval_line_into`]), and a writer thread
//! writes their results in input order. Memory is bounded for any input: a few chunks in flight,
//! and no line longer than [`MAX_LINE`] is held.

use std::io::{BufRead, Write};
use std::ops::Range;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Mutex;

use crate::exit::{EXIT_CLEAN, EXIT_INPUT_ERROR};
use crate::model::CutlassVersion;

/// Bytes of input per chunk: enough work for every core, little memory.
const CHUNK_BYTES: usize = 1 << 20;
/// Lines of a chunk one task evaluates into one output buffer.
const GROUP_LINES: usize = 512;
/// The longest line read; a configuration is a few hundred bytes. A longer line is an input error
/// on that line, and is skipped without being held.
const MAX_LINE: usize = 1 << 20;
/// Chunks queued between the threads.
const IN_FLIGHT: usize = 2;

/// Chunk and output buffers handed back after use and reused, rather than freed on another thread
/// than the one that allocated them (measured on 1M lines: 43 MB peak instead of 49 MB, and no
/// slower).
struct Pool<T>(Mutex<Vec<T>>);

impl<T: Default> Pool<T> {
    const fn new() -> Self {
        Pool(Mutex::new(Vec::new()))
    }

    fn take(&self) -> T {
        self.0.lock().ok().and_then(|mut p| p.pop()).unwrap_or_default()
    }

    fn give(&self, item: T) {
        if let Ok(mut p) = self.0.lock() {
            if p.len() < 64 {
                p.push(item);
            }
        }
    }
}

/// Whole lines of input, in order.
#[derive(Default)]
struct Chunk {
    bytes: Vec<u8>,
    lines: Vec<Line>,
}

/// One line of a chunk: its 1-based number and its bytes (with the newline), or its length when it
/// was too long to hold.
struct Line {
    no: usize,
    range: Range<usize>,
    too_long: Option<u64>,
}

/// A line being read: where it starts in the chunk, its length so far, whether it is too long.
type Open = (usize, u64, bool);

impl Chunk {
    /// Ends line `no`, which started at `start`, at the bytes read so far.
    fn close(&mut self, no: usize, (start, len, too_long): Open) {
        self.lines.push(Line { no, range: start..self.bytes.len(), too_long: too_long.then_some(len) });
    }
}

/// The results of a group of lines: output lines, error messages (`LINE: ...`) and the worst exit class.
struct Group {
    text: Vec<u8>,
    errors: Vec<String>,
    worst: u8,
}

/// Evaluate every line of `input`, writing results to `out` and error messages to stderr prefixed
/// with `name`. Exit: 2 if any line is an input error or the input cannot be read, else 1 if any
/// configuration cannot launch (or is not modelled), else 0.
pub fn eval(input: impl BufRead + Send, name: &str, cutlass: Option<CutlassVersion>, out: impl Write + Send) -> u8 {
    let (chunk_pool, text_pool) = (Pool::new(), Pool::new());
    std::thread::scope(|s| {
        let (chunks_tx, chunks) = sync_channel(IN_FLIGHT);
        let chunk_pool = &chunk_pool;
        let text_pool = &text_pool;
        let reader = s.spawn(move || read_chunks(input, &chunks_tx, chunk_pool));
        let (groups_tx, groups) = sync_channel(IN_FLIGHT);
        let writer = s.spawn(move || write_groups(&groups, name, out, text_pool));
        for chunk in chunks {
            let evaluated = evaluate(&chunk, cutlass, text_pool);
            chunk_pool.give(chunk);
            if groups_tx.send(evaluated).is_err() {
                break;
            }
        }
        drop(groups_tx);
        let read = reader.join().unwrap_or_else(|_| Err(std::io::Error::other("the reader panicked")));
        let written = writer.join().unwrap_or(None);
        if let Err(e) = read {
            eprintln!("error: cannot read {name}: {e}");
            return EXIT_INPUT_ERROR;
        }
        written.unwrap_or(EXIT_INPUT_ERROR)
    })
}

/// Cut the input into chunks of whole lines. Stops early when the evaluator has gone.
fn read_chunks(mut input: impl BufRead, chunks: &SyncSender<Chunk>, pool: &Pool<Chunk>) -> std::io::Result<()> {
    let fresh = || {
        let mut c: Chunk = pool.take();
        c.bytes.clear();
        c.lines.clear();
        c
    };
    let mut chunk = fresh();
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
                chunk.close(line_no, line);
            }
            if !chunk.lines.is_empty() {
                // The evaluator having gone is not a read error.
                let _ = chunks.send(chunk);
            }
            return Ok(());
        }
        let (piece, ends) = match memchr::memchr(b'\n', buf) {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let (start, len, too_long) = open.get_or_insert_with(|| {
            line_no += 1;
            (chunk.bytes.len(), 0, false)
        });
        *len += piece.len() as u64;
        if !*too_long {
            if *len > MAX_LINE as u64 {
                *too_long = true;
                chunk.bytes.truncate(*start);
            } else {
                chunk.bytes.extend_from_slice(piece);
            }
        }
        let n = piece.len();
        input.consume(n);
        if ends {
            if let Some(line) = open.take() {
                chunk.close(line_no, line);
            }
            if chunk.bytes.len() >= CHUNK_BYTES && chunks.send(std::mem::replace(&mut chunk, fresh())).is_err() {
                return Ok(());
            }
        }
    }
}

/// A chunk's lines evaluated on every core, in groups, in order.
fn evaluate(chunk: &Chunk, cutlass: Option<CutlassVersion>, pool: &Pool<Vec<u8>>) -> Vec<Group> {
    use rayon::prelude::*;
    chunk
        .lines
        .par_chunks(GROUP_LINES)
        .map(|lines| {
            let mut text = pool.take();
            text.clear();
            let mut g = Group { text, errors: Vec::new(), worst: EXIT_CLEAN };
            for line in lines {
                let (class, error) = match line.too_long {
                    Some(len) => too_long(line.no, len, &mut g.text),
                    None => match eval_bytes(line.no, &chunk.bytes[line.range.clone()], cutlass, &mut g.text) {
                        Some(r) => r,
                        None => continue,
                    },
                };
                g.text.push(b'\n');
                g.worst = g.worst.max(class);
                g.errors.extend(error);
            }
            g
        })
        .collect()
}

/// Write each group's lines to `out` and its errors to stderr; the worst exit class, `None` if
/// `out` cannot be written.
fn write_groups(groups: &Receiver<Vec<Group>>, name: &str, out: impl Write, pool: &Pool<Vec<u8>>) -> Option<u8> {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, out);
    let mut worst = EXIT_CLEAN;
    for batch in groups {
        for g in batch {
            for e in &g.errors {
                eprintln!("error: {name}:{e}");
            }
            worst = worst.max(g.worst);
            out.write_all(&g.text).ok()?;
            pool.give(g.text);
        }
    }
    out.flush().ok()?;
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
        Ok(l) if l.trim().is_empty() => None,
        Ok(l) => {
            let (class, e) = crate::jsonl::eval_line_into(line_no, l, cutlass, out);
            let error = e.map(|e| {
                let field = e.field.map(|f| format!(" field `{f}`:")).unwrap_or_default();
                format!("{line_no}:{field} {}", e.message)
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
