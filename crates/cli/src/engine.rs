//! `tabula engine`: the JSON Lines engine protocol on stdin/stdout (see `docs/protocol.md`).
//!
//! One request per line, exactly one response line per request, flushed at once. Bad input
//! of any kind is answered with `{"ok":false,"error":{"code","message"}}` and the engine
//! reads on; it stops at the end of its input or on `{"cmd":"quit"}`.
//!
//! [`request`] reads requests, [`session`] answers them, [`error`] holds the error codes;
//! this file only moves lines.

mod error;
mod request;
mod session;
mod strict_json;

use std::io::{self, BufRead, Write};

pub use error::EngineError;
pub use session::{ClientOut, Engine};

/// The longest request line read, in bytes; a longer line is answered `protocol/too_long`
/// without being held in memory. A record of the longest game is far shorter.
pub const MAX_LINE: usize = 1 << 20;

/// Runs the engine on stdin/stdout until the end of input or `quit`.
///
/// # Errors
/// Only when stdin or stdout fail (a closed stdout ends the engine quietly).
pub fn run() -> Result<(), String> {
    let mut engine = Engine::new(tabula_registry::registry());
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut output = io::stdout().lock();
    let mut line = Vec::new();
    loop {
        let reply = match read_line(&mut input, &mut line, MAX_LINE) {
            Ok(Line::End) => return Ok(()),
            Ok(Line::TooLong(length)) => ClientOut::error(EngineError::too_long(length, MAX_LINE)),
            Ok(Line::Complete) => match std::str::from_utf8(&line) {
                Ok(text) => engine.handle(text),
                Err(e) => ClientOut::error(EngineError::json(format!("the line is not UTF-8: {e}"))),
            },
            Err(e) => return Err(format!("cannot read stdin: {e}")),
        };
        let written = writeln!(output, "{}", reply.to_line()).and_then(|()| output.flush());
        match written {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
            Err(e) => return Err(format!("cannot write stdout: {e}")),
        }
        if reply.quit {
            return Ok(());
        }
    }
}

/// What [`read_line`] found.
#[derive(Debug, PartialEq, Eq)]
enum Line {
    /// A line, in the buffer without its `\n` or `\r\n`.
    Complete,
    /// A line longer than the limit (its length in bytes, at least), skipped.
    TooLong(usize),
    /// The end of input.
    End,
}

/// Reads one line into `line`, keeping at most `limit` bytes: a longer line is consumed
/// and dropped, so one huge line cannot exhaust memory.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>, limit: usize) -> io::Result<Line> {
    line.clear();
    let mut length = 0;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            if !any {
                return Ok(Line::End);
            }
            break;
        }
        any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], true),
            None => (chunk, false),
        };
        length += part.len();
        if length <= limit {
            line.extend_from_slice(part);
        }
        let used = part.len() + usize::from(done);
        input.consume(used);
        if done {
            break;
        }
    }
    if length > limit {
        line.clear();
        return Ok(Line::TooLong(length));
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Line::Complete)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_and_long_ones_skipped() {
        let mut input = io::Cursor::new(b"ab\r\nxxxxxxxxxx\ncd".to_vec());
        let mut line = Vec::new();
        assert_eq!(read_line(&mut input, &mut line, 4).ok(), Some(Line::Complete));
        assert_eq!(line, b"ab");
        assert_eq!(read_line(&mut input, &mut line, 4).ok(), Some(Line::TooLong(10)));
        assert_eq!(read_line(&mut input, &mut line, 4).ok(), Some(Line::Complete));
        assert_eq!(line, b"cd");
        assert_eq!(read_line(&mut input, &mut line, 4).ok(), Some(Line::End));
    }
}
