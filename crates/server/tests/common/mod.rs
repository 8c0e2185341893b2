//! What the server's tests share: a server on a free port with its own database, HTTP
//! requests and WebSockets.
#![allow(dead_code)]

pub mod pg;

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

pub type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// A database file of its own for each test.
pub fn db(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tabula-server-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.db"));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    format!("sqlite:{}", path.display())
}

pub async fn server(db: &str) -> (SocketAddr, tokio::task::JoinHandle<Result<(), String>>) {
    server_with(db, tabula_server::GRACE).await
}

/// A server whose people may be away `grace` before a bot stands in.
pub async fn server_with(
    db: &str,
    grace: Duration,
) -> (SocketAddr, tokio::task::JoinHandle<Result<(), String>>) {
    let mut config = tabula_server::Config::new("127.0.0.1:0".parse().unwrap(), db.to_owned());
    config.grace = grace;
    config.stale_after = Duration::from_secs(3);
    // The tests open tables far faster than people do, all from one address.
    config.limits.tables_per_minute_per_ip = 100_000;
    tabula_server::start(config).await.unwrap()
}

/// A server with these limits.
pub async fn server_limited(
    db: &str,
    limits: tabula_server::Limits,
) -> (SocketAddr, tokio::task::JoinHandle<Result<(), String>>) {
    let mut config = tabula_server::Config::new("127.0.0.1:0".parse().unwrap(), db.to_owned());
    config.limits = limits;
    tabula_server::start(config).await.unwrap()
}

/// One HTTP/1.1 request; the status and the JSON body.
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
    let (status, answer, _) = http_cookie(addr, method, path, body, None).await;
    (status, answer)
}

/// One request with a session cookie (`tabula_session=…`) if given: the status, the JSON
/// answer, and the session cookie the answer sets (`Some("")` when it forgets it).
#[allow(dead_code)]
pub async fn http_cookie(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    cookie: Option<&str>,
) -> (u16, Value, Option<String>) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let body = body.unwrap_or("");
    let cookie = cookie.map(|c| format!("Cookie: tabula_session={c}\r\n")).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n{cookie}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.unwrap();
    let text = String::from_utf8_lossy(&raw);
    let status: u16 = text.split_whitespace().nth(1).unwrap().parse().unwrap();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap();
    let set = head
        .lines()
        .filter_map(|l| l.split_once(':'))
        .filter(|(k, _)| k.eq_ignore_ascii_case("set-cookie"))
        .filter_map(|(_, v)| v.trim().strip_prefix("tabula_session="))
        .map(|v| v.split(';').next().unwrap_or("").to_owned())
        .next();
    let body = if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        // Small bodies: one chunk, then the last.
        let mut out = String::new();
        let mut rest = rest;
        while let Some((size, tail)) = rest.split_once("\r\n") {
            let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            if n == 0 {
                break;
            }
            out.push_str(&tail[..n]);
            rest = &tail[n + 2..];
        }
        out
    } else {
        rest.to_owned()
    };
    (status, serde_json::from_str(&body).unwrap_or(Value::Null), set)
}

/// One GET with extra header lines: the status, the head (lower case) and the body's bytes.
#[allow(dead_code)]
pub async fn get_raw(addr: SocketAddr, path: &str, headers: &str) -> (u16, String, Vec<u8>) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n{headers}Connection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.unwrap();
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&raw[..end]).to_ascii_lowercase();
    let status: u16 = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, head, raw[end + 4..].to_vec())
}

pub async fn post(addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
    http(addr, "POST", path, Some(&body.to_string())).await
}

/// A WebSocket to `table` with this query (`seat=0`) and the session cookie `cookie` (a
/// seat played by account, without a token): the socket, or the refusal's status.
pub async fn connect_with_cookie(
    addr: SocketAddr,
    table: &str,
    query: &str,
    cookie: Option<&str>,
) -> Result<Ws, u16> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = format!("ws://{addr}/api/tables/{table}/ws?{query}").into_client_request().unwrap();
    if let Some(c) = cookie {
        req.headers_mut().insert("cookie", format!("tabula_session={c}").parse().unwrap());
    }
    match tokio_tungstenite::connect_async(req).await {
        Ok((ws, _)) => Ok(ws),
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => Err(res.status().as_u16()),
        Err(e) => panic!("{e}"),
    }
}

pub async fn connect(addr: SocketAddr, table: &str, token: Option<&str>) -> Ws {
    let url = match token {
        Some(t) => format!("ws://{addr}/api/tables/{table}/ws?token={t}"),
        None => format!("ws://{addr}/api/tables/{table}/ws"),
    };
    tokio_tungstenite::connect_async(url).await.unwrap().0
}

/// The next JSON message.
pub async fn next(ws: &mut Ws) -> Value {
    loop {
        let msg = tokio::time::timeout(std::time::Duration::from_secs(60), ws.next())
            .await
            .expect("a message within a minute")
            .expect("the socket is open")
            .unwrap();
        if let Message::Text(t) = msg {
            return serde_json::from_str(&t).unwrap();
        }
    }
}

/// The next update (errors are returned too).
pub async fn next_of(ws: &mut Ws, kind: &str) -> Value {
    loop {
        let m = next(ws).await;
        assert!(m["type"] != "error" || kind == "error", "an unexpected error: {m}");
        if m["type"] == kind {
            return m;
        }
    }
}

pub async fn send(ws: &mut Ws, msg: Value) {
    ws.send(Message::Text(msg.to_string().into())).await.unwrap();
}

/// Plays seat `me` until the game is over, the first legal action each time, from the
/// update `last` already read (if any).
pub async fn play_out(ws: &mut Ws, me: usize, mut last: Option<Value>) -> Value {
    // The same position may be sent twice (a seat connecting is news to the others): act
    // once on each.
    let mut acted = None;
    loop {
        let u = match last.take() {
            Some(u) => u,
            None => next_of(ws, "update").await,
        };
        if u["status"] == "over" {
            return u;
        }
        if u["turn"]["player"] == json!(me)
            && !u["legal"].as_array().unwrap().is_empty()
            && acted != u["seq"].as_u64()
        {
            acted = u["seq"].as_u64();
            let action = u["legal"][0].clone();
            send(ws, json!({"type": "act", "action": action, "seq": u["seq"]})).await;
        }
    }
}

/// Starts `tabula serve` (the binary `bin`) on a free port with these arguments besides
/// `serve --addr 127.0.0.1:0`: the process and the address its first line names. Its
/// stderr is kept (piped) where `log`, else dropped.
pub fn serve_process(bin: &str, args: &[&str], log: bool) -> (std::process::Child, SocketAddr) {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let mut child = Command::new(bin)
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(if log { Stdio::piped() } else { Stdio::null() })
        .spawn()
        .expect("tabula serve starts");
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line.trim().strip_prefix("listening on http://").unwrap_or_else(|| panic!("{line:?}"));
    (child, addr.parse().unwrap())
}
