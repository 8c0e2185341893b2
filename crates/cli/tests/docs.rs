//! The documentation's examples are run, so they cannot go stale.
//!
//! `docs/protocol.md`: every code block with request lines (`> {...}`) is sent, in the
//! order of the document, through one `tabula engine`, and each response line (`< {...}`)
//! must be what the engine answers. In a response, `…` stands for text left out: the parts
//! around it must appear in that order, the first at the start and the last at the end.
//! Requests are never cut. Requests that only set the scene are written in HTML comments
//! (`<!-- engine` … `-->`, one request per line, `×N` after one to repeat it), which a
//! reader does not see. `TABULA_BLESS=1 cargo test -q --test docs` rewrites the response
//! lines that no longer match from the engine's answers (long ones cut with `…`), to
//! review like any golden file.
//!
//! `README.md`: every `tabula …` command line in a `sh` block names a real subcommand and
//! options that `--help` lists; the Python example of `docs/protocol.md` runs against the
//! binary when `python3` is there.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn doc(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..").join(path)
}

/// One line the document asks of the engine.
enum Line {
    /// A request whose response is not shown, and must succeed.
    Hidden(String),
    /// A request shown with the response expected (`None`: not shown).
    Shown { request: String, expected: Option<(usize, String)> },
}

/// The engine's lines of the document, with the line numbers of the expected responses.
fn script(text: &str) -> Vec<Line> {
    let mut out = Vec::new();
    // Inside a fence, and whether it is an engine block (a plain fence or `text`).
    let (mut fenced, mut in_block) = (false, false);
    let mut in_comment = false;
    let lines: Vec<&str> = text.lines().collect();
    for (number, line) in lines.iter().enumerate() {
        if in_comment {
            if line.trim() == "-->" {
                in_comment = false;
            } else if !line.trim().is_empty() {
                let (request, times) = match line.rsplit_once(" ×") {
                    Some((request, n)) => (request, n.trim().parse::<usize>().expect("×N is a number")),
                    None => (*line, 1),
                };
                for _ in 0..times {
                    out.push(Line::Hidden(request.trim().to_owned()));
                }
            }
            continue;
        }
        if !fenced && line.trim() == "<!-- engine" {
            in_comment = true;
            continue;
        }
        if line.starts_with("```") {
            fenced = !fenced;
            in_block = fenced && matches!(line.trim(), "```" | "```text");
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(request) = line.strip_prefix("> ") {
            assert!(!request.contains('…'), "protocol.md line {}: a request is never cut", number + 1);
            out.push(Line::Shown { request: request.to_owned(), expected: None });
        } else if let Some(response) = line.strip_prefix("< ") {
            match out.last_mut() {
                Some(Line::Shown { expected: slot @ None, .. }) => {
                    *slot = Some((number, response.to_owned()))
                }
                _ => panic!("protocol.md line {}: a response with no request before it", number + 1),
            }
        }
    }
    out
}

/// Whether `actual` fits `expected`, where `…` in `expected` stands for any text.
fn fits(expected: &str, actual: &str) -> bool {
    let parts: Vec<&str> = expected.split('…').collect();
    if parts.len() == 1 {
        return expected == actual;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !actual.starts_with(first) || !actual[first.len()..].ends_with(last) {
        return false;
    }
    let mut rest = &actual[first.len()..actual.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    true
}

/// A response as the blesser writes it: whole if short, else its start and end.
fn cut(actual: &str) -> String {
    const MAX: usize = 320;
    if actual.chars().count() <= MAX {
        return actual.to_owned();
    }
    let head: String = actual.chars().take(MAX - 40).collect();
    let tail: String = actual.chars().rev().take(20).collect::<Vec<_>>().into_iter().rev().collect();
    format!("{head}…{tail}")
}

#[test]
fn every_protocol_example_is_what_the_engine_answers() {
    let path = doc("docs/protocol.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let lines = script(&text);
    assert!(lines.len() > 40, "the examples were found");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |request: &str| {
        writeln!(stdin, "{request}").unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        line.trim_end().to_owned()
    };
    let bless = std::env::var_os("TABULA_BLESS").is_some();
    let mut doc_lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let mut wrong = Vec::new();
    for line in &lines {
        match line {
            Line::Hidden(request) => {
                let answer = ask(request);
                assert!(answer.starts_with("{\"ok\":true"), "hidden request {request} was refused: {answer}");
            }
            Line::Shown { request, expected } => {
                let answer = ask(request);
                if let Some((number, expected)) = expected {
                    if !fits(expected, &answer) {
                        if bless {
                            doc_lines[*number] = format!("< {}", cut(&answer));
                        } else {
                            wrong.push(format!(
                                "line {}: > {request}\n  expected < {expected}\n  answered < {answer}",
                                number + 1
                            ));
                        }
                    }
                }
            }
        }
    }
    drop(stdin);
    assert!(child.wait().unwrap().success(), "the engine exits 0 after `quit`");
    if bless {
        std::fs::write(&path, doc_lines.join("\n") + "\n").unwrap();
    }
    assert!(
        wrong.is_empty(),
        "docs/protocol.md is stale (TABULA_BLESS=1 rewrites it):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_elision_rules() {
    assert!(fits("abc", "abc") && !fits("abc", "abcd"));
    assert!(fits("{\"a\":…}", "{\"a\":[1,2]}"));
    assert!(fits("a…c…e", "abcde") && !fits("a…x…e", "abcde"));
    assert!(!fits("ab…", "ba"));
    assert_eq!(cut("short"), "short");
}

/// The `python` block of `docs/protocol.md`, run with `tabula` on the PATH.
#[test]
fn the_python_example_runs() {
    let Ok(python) = Command::new("python3").arg("--version").output() else {
        eprintln!("python3 is not installed: the Python example is not run");
        return;
    };
    assert!(python.status.success());
    let text = std::fs::read_to_string(doc("docs/protocol.md")).unwrap();
    let start = text.find("```python\n").expect("a Python example") + "```python\n".len();
    let code = &text[start..start + text[start..].find("```").unwrap()];
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_tabula"));
    let path = format!("{}:{}", bin.parent().unwrap().display(), std::env::var("PATH").unwrap_or_default());
    let out = Command::new("python3").arg("-c").arg(code).env("PATH", path).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("returns: [") && stdout.contains(" actions"), "{stdout}");
}

/// Every `tabula SUBCOMMAND --flag` in the README's and CONTRIBUTING's command lines is a
/// real subcommand with real flags.
#[test]
fn readme_commands_name_real_subcommands_and_flags() {
    let bin = env!("CARGO_BIN_EXE_tabula");
    let help = |args: &[&str]| {
        let out = Command::new(bin).args(args).arg("--help").output().unwrap();
        assert!(out.status.success(), "{args:?} --help failed");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let top = help(&[]);
    let mut checked = 0;
    for file in ["README.md", "CONTRIBUTING.md", "docs/bots.md", "docs/performance.md"] {
        let text = std::fs::read_to_string(doc(file)).unwrap();
        for line in text.lines() {
            for command in line.split("tabula ").skip(1).chain(line.split("cargo run --release -- ").skip(1))
            {
                let words: Vec<&str> = command.split_whitespace().collect();
                let Some(&sub) = words.first() else { continue };
                let sub = sub.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '-');
                if !["play", "engine", "replay", "bench", "arena"].contains(&sub) {
                    continue;
                }
                assert!(top.contains(&format!("  {sub} ")), "{file}: `tabula {sub}` is not a subcommand");
                let flags = help(&[sub]);
                for word in &words[1..] {
                    let flag: String = word
                        .trim_start_matches(|c: char| c != '-')
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                        .collect();
                    let flag = flag.as_str();
                    if flag.starts_with("--") && flag.len() > 2 {
                        assert!(flags.contains(flag), "{file}: `tabula {sub}` has no flag `{flag}`:\n{line}");
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 10, "only {checked} flags checked");
}

/// The README's sample screen is `docs/play-screenshot.txt`, which a test of the client
/// keeps equal to what the client draws.
#[test]
fn the_readme_screen_is_the_screenshot_file() {
    let readme = std::fs::read_to_string(doc("README.md")).unwrap();
    let file = std::fs::read_to_string(doc("docs/play-screenshot.txt")).unwrap();
    let start = readme.find("docs/play-screenshot.txt").expect("the README names the file");
    let block = &readme[start..];
    let open = block.find("```text\n").expect("a text block follows") + "```text\n".len();
    let shown = &block[open..open + block[open..].find("```").unwrap()];
    assert_eq!(shown.trim_end(), file.trim_end(), "README's screen differs from docs/play-screenshot.txt");
}
