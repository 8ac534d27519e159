//! Text written straight to any byte sink: the writers format into a [`fmt::Write`], which
//! is a `String` for the `to_*` functions and an [`IoSink`] over a buffered file for the
//! `write_*` ones, so that a large output is never held whole in memory.

use std::fmt;
use std::io::{self, Write};

/// The buffer between the formatting and the file: large enough that a write system call
/// carries many lines, small beside any output worth streaming.
const BUFFER_BYTES: usize = 1 << 16;

/// A [`fmt::Write`] over an [`io::Write`] that gathers the text in a buffer of
/// [`BUFFER_BYTES`] and keeps the first I/O error: once a write has failed, every later one
/// fails at once without touching the sink. (The buffer is its own, not a `BufWriter`: a
/// writer makes millions of short writes, and appending to a `Vec` is the cheapest.)
pub(crate) struct IoSink<W: Write> {
    out: W,
    buffer: Vec<u8>,
    error: Option<io::Error>,
}

impl<W: Write> IoSink<W> {
    /// Hands the buffer to the sink.
    #[cold]
    #[inline(never)]
    fn drain(&mut self) -> io::Result<()> {
        let written = self.out.write_all(&self.buffer);
        self.buffer.clear();
        written
    }

    /// Hands the buffer to the sink once it holds [`BUFFER_BYTES`], keeping a failure.
    #[inline(always)]
    fn drain_when_full(&mut self) -> fmt::Result {
        if self.buffer.len() >= BUFFER_BYTES
            && let Err(e) = self.drain()
        {
            self.error = Some(e);
            return Err(fmt::Error);
        }
        Ok(())
    }
}

impl<W: Write> fmt::Write for IoSink<W> {
    #[inline]
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.error.is_some() {
            return Err(fmt::Error);
        }
        self.buffer.extend_from_slice(s.as_bytes());
        self.drain_when_full()
    }

    /// One byte for an ASCII character (the writers' brackets, commas and points), without
    /// the UTF-8 encoding of the default method.
    #[inline]
    fn write_char(&mut self, c: char) -> fmt::Result {
        if !c.is_ascii() {
            return self.write_str(c.encode_utf8(&mut [0; 4]));
        }
        if self.error.is_some() {
            return Err(fmt::Error);
        }
        self.buffer.push(c as u8);
        self.drain_when_full()
    }
}

/// Runs `emit` on a buffered sink over `out`, then writes what is left and flushes. The
/// error is the sink's first I/O error; a formatting failure without one (a `Display`
/// implementation that failed, which none of the writers' values does) is reported as
/// [`io::ErrorKind::Other`].
pub(crate) fn stream<W: Write>(
    out: W,
    emit: impl FnOnce(&mut IoSink<W>) -> fmt::Result,
) -> io::Result<()> {
    let mut sink = IoSink {
        out,
        buffer: Vec::with_capacity(BUFFER_BYTES + 256),
        error: None,
    };
    let formatted = emit(&mut sink);
    if let Some(e) = sink.error.take() {
        return Err(e);
    }
    formatted.map_err(|_| io::Error::other("a value could not be formatted"))?;
    sink.drain()?;
    sink.out.flush()
}

/// Runs `emit` on a new `String`: the text of a writer, in memory.
pub(crate) fn to_string(emit: impl FnOnce(&mut String) -> fmt::Result) -> String {
    let mut s = String::new();
    // Writing to a `String` cannot fail, and no value the writers format fails.
    let _ = emit(&mut s);
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write as _;

    /// A sink that accepts `room` bytes and then fails.
    struct Full {
        room: usize,
        taken: Vec<u8>,
    }

    impl Write for Full {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.room == 0 {
                return Err(io::Error::new(io::ErrorKind::StorageFull, "no room"));
            }
            let n = buf.len().min(self.room);
            self.room -= n;
            self.taken.extend_from_slice(&buf[..n]);
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn streamed_text_equals_the_string() {
        let emit = |s: &mut dyn fmt::Write| -> fmt::Result {
            for k in 0..100_000 {
                writeln!(s, "{k} {}", k as f64 / 1024.0)?;
                s.write_char(if k % 3 == 0 { 'é' } else { ',' })?;
            }
            Ok(())
        };
        let text = to_string(|s| emit(s));
        let mut bytes = Vec::new();
        stream(&mut bytes, |s| emit(s)).unwrap();
        assert_eq!(bytes, text.as_bytes());
    }

    #[test]
    fn the_first_io_error_is_returned_and_stops_the_writing() {
        let mut full = Full {
            room: 100_000,
            taken: Vec::new(),
        };
        let mut calls_after_error = 0;
        let err = stream(&mut full, |s| {
            for _ in 0..100_000 {
                if s.write_str("0123456789").is_err() {
                    calls_after_error += 1;
                    return Err(fmt::Error);
                }
            }
            Ok(())
        })
        .unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::StorageFull);
        assert_eq!(calls_after_error, 1);
        assert_eq!(full.taken.len(), 100_000);
    }

    #[test]
    fn a_formatting_failure_without_io_error_is_an_error() {
        let err = stream(Vec::new(), |_| Err(fmt::Error)).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::Other);
    }
}
