//! Every example of `docs/server.md` runs against a real server, in order: the HTTP ones
//! (```` ```http ```` blocks: a request, `→ STATUS`, and the fields the answer must hold)
//! and the WebSocket ones (```` ```ws ```` blocks: `>` sent, `<` the next message of that
//! type, holding at least the fields shown).

mod common;

use std::collections::HashMap;

use common::*;
use futures_util::SinkExt;
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

/// Whether `actual` holds everything of `expected` (objects: every key, recursively;
/// anything else: equal).
fn holds(actual: &Value, expected: &Value) -> bool {
    match (actual, expected) {
        (Value::Object(a), Value::Object(e)) => e.iter().all(|(k, v)| a.get(k).is_some_and(|x| holds(x, v))),
        (Value::Array(a), Value::Array(e)) => a.len() == e.len() && a.iter().zip(e).all(|(x, y)| holds(x, y)),
        (Value::Number(a), Value::Number(e)) => a.as_f64() == e.as_f64(),
        _ => actual == expected,
    }
}

fn fill(text: &str, vars: &HashMap<&str, String>) -> String {
    vars.iter().fold(text.to_owned(), |t, (k, v)| t.replace(&format!("{{{k}}}"), v))
}

/// The fenced blocks of `kind` in order, as lists of lines.
fn blocks(doc: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut current: Option<(String, Vec<String>)> = None;
    for line in doc.lines() {
        match (&mut current, line.strip_prefix("```")) {
            (None, Some(kind)) if kind == "http" || kind == "ws" => {
                current = Some((kind.to_owned(), Vec::new()))
            }
            (Some(_), Some("")) => out.push(current.take().unwrap()),
            (Some((_, lines)), _) => lines.push(line.to_owned()),
            _ => {}
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_example_of_the_server_doc_runs() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/server.md")).unwrap();
    let (addr, _server) = server(&db("docs")).await;
    let mut vars: HashMap<&str, String> = HashMap::new();
    // The session cookie, kept as a browser keeps it.
    let mut cookie: Option<String> = None;
    let examples = blocks(&doc);
    assert!(examples.len() >= 7, "the examples are found ({})", examples.len());
    for (kind, lines) in examples {
        let first = fill(&lines[0], &vars);
        let (method, path) = first.split_once(' ').unwrap();
        if kind == "http" {
            let arrow = lines.iter().position(|l| l.starts_with('→')).expect("an answer `→ STATUS`");
            let body = fill(&lines[1..arrow].join("\n"), &vars);
            let status: u16 = lines[arrow].trim_start_matches('→').trim().parse().unwrap();
            let expected: Value = serde_json::from_str(&lines[arrow + 1..].join("\n")).unwrap_or(Value::Null);
            let body = (!body.trim().is_empty()).then_some(body);
            let (got, answer, set) =
                http_cookie(addr, method, path, body.as_deref(), cookie.as_deref()).await;
            if let Some(set) = set {
                cookie = (!set.is_empty()).then_some(set);
            }
            assert_eq!(got, status, "{first}: {answer}");
            assert!(expected.is_null() || holds(&answer, &expected), "{first}: {answer} lacks {expected}");
            for key in ["table", "token"] {
                if let Some(v) = answer[key].as_str() {
                    vars.insert(key, v.to_owned());
                }
            }
        } else {
            let url = format!("ws://{addr}{path}");
            let mut ws = tokio_tungstenite::connect_async(url).await.unwrap().0;
            for line in &lines[1..] {
                let msg = fill(line[1..].trim(), &vars);
                if line.starts_with('>') {
                    ws.send(Message::Text(msg.into())).await.unwrap();
                    continue;
                }
                let expected: Value = serde_json::from_str(&msg).unwrap();
                let got = loop {
                    let m = next(&mut ws).await;
                    if m["type"] == expected["type"] {
                        break m;
                    }
                };
                assert!(holds(&got, &expected), "{line}: got {got}");
                if let Some(seq) = got["seq"].as_u64() {
                    vars.insert("seq", seq.to_string());
                }
            }
        }
    }
}
