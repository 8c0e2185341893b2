//! Several server processes on one PostgreSQL database (docs/server.md, "Several
//! processes"). Each live table is owned by one process at a time, which holds its lease
//! ([`crate::store::Store::claim`]); any process accepts any client, and a request for a
//! table another live process owns is served through the owner: an HTTP request is
//! forwarded to it and its answer given back, a WebSocket is piped to the owner's own
//! WebSocket for that table, both ways. The forwarding process names itself with its key
//! (a secret kept in the database) and the client's address, so the owner applies its
//! limits to the client, not to the process between.

use std::net::IpAddr;
use std::time::Duration;

use axum::body::Body;
use axum::extract::ws::{self, WebSocket};
use axum::http::{HeaderMap, HeaderValue, Method, Request};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::{self, client::IntoClientRequest};

use crate::error::ApiError;
use crate::protocol::ErrorBody;
use tabula_core::ErrorCode;

/// The header naming the forwarding process by its key.
pub const PEER_KEY: &str = "x-tabula-peer";
/// The header naming the client a forwarding process serves.
pub const PEER_CLIENT: &str = "x-tabula-client";

/// How long a forwarded request may take.
const FORWARD_TIMEOUT: Duration = Duration::from_secs(30);

/// The owner's `host:port`, from its URL (`http://host:port`).
fn authority(url: &str) -> Result<&str, ApiError> {
    url.strip_prefix("http://")
        .map(|rest| rest.trim_end_matches('/'))
        .filter(|a| !a.is_empty() && !a.contains('/'))
        .ok_or_else(|| ApiError::internal(format!("a peer's URL is not http://HOST:PORT: {url}")))
}

fn unreachable(url: &str, e: impl std::fmt::Display) -> ApiError {
    tracing::warn!("the process at {url} cannot be reached: {e}");
    ApiError::new(
        503,
        ErrorCode::OwnerUnreachable,
        "the server process keeping this table cannot be reached just now: try again in a few seconds".into(),
    )
}

/// Forwards an HTTP request to the process at `url` and gives back its answer.
pub async fn forward(
    url: &str,
    method: Method,
    path: &str,
    headers: &HeaderMap,
    body: String,
    key: &str,
    client: IpAddr,
) -> Result<Response, ApiError> {
    let host = authority(url)?;
    let answer = async {
        let tcp = TcpStream::connect(host).await.map_err(|e| unreachable(url, e))?;
        let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(tcp))
            .await
            .map_err(|e| unreachable(url, e))?;
        tokio::spawn(conn);
        let mut req = Request::builder().method(method).uri(path).header("host", host);
        if let Some(kind) = headers.get("content-type") {
            req = req.header("content-type", kind);
        }
        // The session cookie: the owner knows the account from the shared database.
        if let Some(cookie) = headers.get("cookie") {
            req = req.header("cookie", cookie);
        }
        let req = req
            .header(PEER_KEY, key)
            .header(PEER_CLIENT, client.to_string())
            .body(Body::from(body))
            .map_err(|e| ApiError::internal(e.to_string()))?;
        let res = sender.send_request(req).await.map_err(|e| unreachable(url, e))?;
        Ok::<_, ApiError>(res.map(Body::new).into_response())
    };
    tokio::time::timeout(FORWARD_TIMEOUT, answer).await.map_err(|_| unreachable(url, "timed out"))?
}

/// The owner's WebSocket for a table (`path` with its query), opened for a client: refused
/// as the owner refuses it (a bad token, a limit).
pub async fn open(
    url: &str,
    path: &str,
    key: &str,
    client: IpAddr,
) -> Result<tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>, ApiError> {
    let host = authority(url)?;
    let mut req =
        format!("ws://{host}{path}").into_client_request().map_err(|e| ApiError::internal(e.to_string()))?;
    let h = req.headers_mut();
    h.insert(PEER_KEY, HeaderValue::from_str(key).map_err(|e| ApiError::internal(e.to_string()))?);
    h.insert(
        PEER_CLIENT,
        HeaderValue::from_str(&client.to_string()).map_err(|e| ApiError::internal(e.to_string()))?,
    );
    match tokio::time::timeout(FORWARD_TIMEOUT, tokio_tungstenite::connect_async(req)).await {
        Ok(Ok((stream, _))) => Ok(stream),
        Ok(Err(tungstenite::Error::Http(res))) => {
            // The owner's own refusal, passed on as it said it.
            let status = res.status().as_u16();
            let body: Option<ErrorBody> = res.body().as_deref().and_then(|b| serde_json::from_slice(b).ok());
            Err(match body {
                Some(ErrorBody { error }) => ApiError::new(status, error.code, error.message),
                None => ApiError::new(status, ErrorCode::Internal, "the table refused the connection".into()),
            })
        }
        Ok(Err(e)) => Err(unreachable(url, e)),
        Err(_) => Err(unreachable(url, "timed out")),
    }
}

/// Pipes a client's WebSocket to the owner's, both ways, until either closes. The client
/// is pinged here as the owner would ping it, and closed when silent past the limit (the
/// owner then sees its seat disconnected).
pub async fn pipe(
    client: WebSocket,
    owner: tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>,
    limits: &crate::Limits,
) {
    let (mut to_client, mut from_client) = client.split();
    let (mut to_owner, mut from_owner) = owner.split();
    let mut heard = tokio::time::Instant::now();
    let mut pings = tokio::time::interval_at(heard + limits.ping_every, limits.ping_every);
    pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let write = limits.write_timeout;
    loop {
        tokio::select! {
            msg = from_client.next() => {
                heard = tokio::time::Instant::now();
                let msg = match msg {
                    Some(Ok(ws::Message::Text(t))) => tungstenite::Message::Text(t.as_str().into()),
                    Some(Ok(ws::Message::Binary(b))) => tungstenite::Message::Binary(b),
                    Some(Ok(ws::Message::Ping(_) | ws::Message::Pong(_))) => continue,
                    _ => break,
                };
                if !matches!(tokio::time::timeout(write, to_owner.send(msg)).await, Ok(Ok(()))) {
                    break;
                }
            }
            msg = from_owner.next() => {
                let msg = match msg {
                    Some(Ok(tungstenite::Message::Text(t))) => ws::Message::Text(t.as_str().into()),
                    Some(Ok(tungstenite::Message::Binary(b))) => ws::Message::Binary(b),
                    Some(Ok(tungstenite::Message::Close(frame))) => {
                        let frame = frame.map(|f| ws::CloseFrame { code: f.code.into(), reason: f.reason.as_str().into() });
                        let _ = tokio::time::timeout(write, to_client.send(ws::Message::Close(frame))).await;
                        break;
                    }
                    Some(Ok(_)) => continue,
                    _ => break,
                };
                if !matches!(tokio::time::timeout(write, to_client.send(msg)).await, Ok(Ok(()))) {
                    break;
                }
            }
            _ = pings.tick() => {
                if heard.elapsed() >= limits.silent_limit {
                    break;
                }
                if !matches!(tokio::time::timeout(write, to_client.send(ws::Message::Ping(Default::default()))).await, Ok(Ok(()))) {
                    break;
                }
            }
        }
    }
    let _ = tokio::time::timeout(write, to_owner.close()).await;
    let _ = tokio::time::timeout(write, to_client.close()).await;
}
