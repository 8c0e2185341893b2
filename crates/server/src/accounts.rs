//! Accounts, optional: a name and a password (hashed with Argon2id), signed in by a session
//! kept in an `HttpOnly`, `SameSite=Lax` cookie. A seat taken while signed in belongs to the
//! account, so the account's tables, history and ratings follow it to another device; a
//! seat's token keeps working without one. No e-mail is asked. A password, a token or a
//! session is never logged nor sent back.
//!
//! Routes: `POST /api/accounts` (create, and sign in), `POST /api/session` (sign in),
//! `DELETE /api/session` (sign out), `GET /api/me` (who is signed in, with ratings),
//! `GET /api/me/tables` (the account's tables), `GET /api/players/{name}` (a player's page).

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use axum::http::header::{COOKIE, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use tabula_core::ErrorCode;

use crate::error::ApiError;
use crate::protocol::{RatingInfo, RatingPoint};
use crate::store::Store;
use crate::{hash_token, new_token};

/// The session cookie's name.
pub const COOKIE_NAME: &str = "tabula_session";

/// How long a session lasts without being used, in seconds (30 days).
pub const SESSION_S: i64 = 30 * 86_400;

/// The shortest and longest password, in characters.
pub const PASSWORD_LEN: (usize, usize) = (8, 200);

/// An account, as the server knows it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Account {
    /// Its id (never shown).
    pub id: String,
    /// Its name, as typed when it was created.
    pub name: String,
}

fn db(e: sqlx::Error) -> String {
    format!("database: {e}")
}

/// The case-blind key of a name: two accounts' names never differ only by case.
fn name_key(name: &str) -> String {
    name.to_lowercase()
}

/// Hashes a password with Argon2id (its default cost: 19 MiB, 2 passes), on a blocking
/// thread: it is slow on purpose.
async fn hash_password(password: String) -> Result<String, String> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::encode_b64(&rand::random::<[u8; 16]>()).map_err(|e| e.to_string())?;
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| e.to_string())
    })
    .await
    .map_err(|e| e.to_string())?
}

/// Whether `password` is the one hashed as `phc`.
async fn check_password(password: String, phc: String) -> bool {
    tokio::task::spawn_blocking(move || {
        PasswordHash::new(&phc)
            .is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok())
    })
    .await
    .unwrap_or(false)
}

/// A password the rules allow, else why not.
pub fn check_password_rules(password: &str) -> Result<(), ApiError> {
    let n = password.chars().count();
    if n < PASSWORD_LEN.0 || n > PASSWORD_LEN.1 {
        return Err(ApiError::bad_request(
            ErrorCode::BadPassword,
            format!("a password has {} to {} characters", PASSWORD_LEN.0, PASSWORD_LEN.1),
        ));
    }
    Ok(())
}

/// Creates an account; `None` if its name is taken (whatever its case).
///
/// # Errors
/// A database error.
pub async fn create(store: &Store, name: &str, password: String) -> Result<Option<Account>, String> {
    let taken = sqlx::query("SELECT 1 FROM accounts WHERE name_key = $1")
        .bind(name_key(name))
        .fetch_optional(store.pool())
        .await
        .map_err(db)?;
    if taken.is_some() {
        return Ok(None);
    }
    let phc = hash_password(password).await?;
    let account = Account { id: new_token(), name: name.to_owned() };
    let done = sqlx::query(
        "INSERT INTO accounts (id, name, name_key, password, created) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
    )
    .bind(&account.id)
    .bind(&account.name)
    .bind(name_key(name))
    .bind(phc)
    .bind(crate::now())
    .execute(store.pool())
    .await
    .map_err(db)?;
    Ok((done.rows_affected() == 1).then_some(account))
}

/// The account named `name` (whatever its case), if any.
///
/// # Errors
/// A database error.
pub async fn by_name(store: &Store, name: &str) -> Result<Option<(Account, i64)>, String> {
    let row: Option<(String, String, i64)> =
        sqlx::query_as("SELECT id, name, created FROM accounts WHERE name_key = $1")
            .bind(name_key(name))
            .fetch_optional(store.pool())
            .await
            .map_err(db)?;
    Ok(row.map(|(id, name, created)| (Account { id, name }, created)))
}

/// The account of this name if `password` is its password.
///
/// # Errors
/// A database error.
pub async fn sign_in(store: &Store, name: &str, password: String) -> Result<Option<Account>, String> {
    let row: Option<(String, String, String)> =
        sqlx::query_as("SELECT id, name, password FROM accounts WHERE name_key = $1")
            .bind(name_key(name))
            .fetch_optional(store.pool())
            .await
            .map_err(db)?;
    let Some((id, name, phc)) = row else {
        // As slow as a wrong password: the time taken does not tell which names exist.
        let _ = hash_password(password).await;
        return Ok(None);
    };
    if !check_password(password, phc).await {
        return Ok(None);
    }
    Ok(Some(Account { id, name }))
}

/// Opens a session for `account`: the cookie's secret (only its hash is stored).
///
/// # Errors
/// A database error.
pub async fn open_session(store: &Store, account: &Account) -> Result<String, String> {
    let token = new_token();
    let now = crate::now();
    sqlx::query("DELETE FROM sessions WHERE expires < $1")
        .bind(now)
        .execute(store.pool())
        .await
        .map_err(db)?;
    sqlx::query("INSERT INTO sessions (hash, account, created, expires) VALUES ($1, $2, $3, $4)")
        .bind(hash_token(&token))
        .bind(&account.id)
        .bind(now)
        .bind(now + SESSION_S)
        .execute(store.pool())
        .await
        .map_err(db)?;
    Ok(token)
}

/// The session cookie's secret in a request's headers, if any.
pub fn cookie_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE_NAME)
        .map(|(_, v)| v.to_owned())
        .filter(|v| !v.is_empty() && v.len() <= 128)
}

/// The account signed in by a request's cookie, if its session is still open.
///
/// # Errors
/// A database error.
pub async fn signed_in(store: &Store, headers: &HeaderMap) -> Result<Option<Account>, ApiError> {
    let Some(token) = cookie_token(headers) else { return Ok(None) };
    sqlx::query_as(
        "SELECT a.id, a.name FROM sessions s JOIN accounts a ON a.id = s.account WHERE s.hash = $1 AND s.expires >= $2",
    )
    .bind(hash_token(&token))
    .bind(crate::now())
    .fetch_optional(store.pool())
    .await
    .map_err(|e| ApiError::internal(db(e)))
}

/// Ends the session of a request's cookie, if any.
///
/// # Errors
/// A database error.
pub async fn close_session(store: &Store, headers: &HeaderMap) -> Result<(), String> {
    if let Some(token) = cookie_token(headers) {
        sqlx::query("DELETE FROM sessions WHERE hash = $1")
            .bind(hash_token(&token))
            .execute(store.pool())
            .await
            .map_err(db)?;
    }
    Ok(())
}

/// The `Set-Cookie` value that keeps a session (`None`: the one that forgets it).
pub fn session_cookie(token: Option<&str>) -> HeaderValue {
    let text = match token {
        Some(t) => format!("{COOKIE_NAME}={t}; Path=/; HttpOnly; SameSite=Lax; Max-Age={SESSION_S}"),
        None => format!("{COOKIE_NAME}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"),
    };
    HeaderValue::from_str(&text).expect("a cookie is ASCII")
}

/// A JSON answer with a session cookie set (or forgotten).
pub fn with_cookie(body: impl Serialize, token: Option<&str>) -> Response {
    let mut res = axum::Json(body).into_response();
    res.headers_mut().insert(SET_COOKIE, session_cookie(token));
    res
}

/// `account`'s ratings, game by game (the games it has played rated).
///
/// # Errors
/// A database error.
pub async fn ratings(store: &Store, account: &str) -> Result<Vec<RatingInfo>, String> {
    let rows: Vec<(String, f64, f64, i64)> =
        sqlx::query_as("SELECT game, rating, deviation, games FROM ratings WHERE account = $1 ORDER BY game")
            .bind(account)
            .fetch_all(store.pool())
            .await
            .map_err(db)?;
    Ok(rows
        .into_iter()
        .map(|(game, rating, deviation, games)| RatingInfo {
            game,
            rating: rating.round() as i32,
            deviation: deviation.round() as i32,
            games,
            provisional: deviation > 110.0,
        })
        .collect())
}

/// `account`'s rating after each of its rated games, oldest first (the last 500).
///
/// # Errors
/// A database error.
pub async fn rating_history(store: &Store, account: &str) -> Result<Vec<RatingPoint>, String> {
    let rows: Vec<(String, String, i64, f64, f64)> = sqlx::query_as(
        "SELECT game, table_id, at, previous, rating FROM rating_history WHERE account = $1 ORDER BY at DESC, table_id LIMIT 500",
    )
    .bind(account)
    .fetch_all(store.pool())
    .await
    .map_err(db)?;
    // Read newest first (the last 500), shown oldest first.
    Ok(rows
        .into_iter()
        .rev()
        .map(|(game, table, at, before, rating)| RatingPoint {
            game,
            table,
            at,
            before: before.round() as i32,
            rating: rating.round() as i32,
        })
        .collect())
}

/// The tables where `account` holds a seat, newest first: (table id, seat), `limit` from
/// `offset`; only those with `status` when given.
///
/// # Errors
/// A database error.
pub async fn seats_of(
    store: &Store,
    account: &str,
    status: Option<&str>,
    limit: i64,
    offset: i64,
) -> Result<Vec<(String, usize)>, String> {
    // One query for both: `$2` names a status, or is null for every table not expired.
    let rows: Vec<(String, i64)> = sqlx::query_as(
        "SELECT t.id, s.seat FROM seat_tokens s JOIN game_tables t ON t.id = s.table_id \
         WHERE s.account = $1 AND (t.status = $2 OR ($2 IS NULL AND t.status <> 'expired')) \
         ORDER BY t.created DESC, t.id LIMIT $3 OFFSET $4",
    )
    .bind(account)
    .bind(status.map(str::to_owned))
    .bind(limit)
    .bind(offset)
    .fetch_all(store.pool())
    .await
    .map_err(db)?;
    Ok(rows.into_iter().map(|(table, seat)| (table, seat as usize)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_session_cookie_is_read_among_others_and_set_http_only_and_same_site() {
        let mut h = HeaderMap::new();
        h.insert(COOKIE, HeaderValue::from_static("theme=dark; tabula_session=abc123; other=1"));
        assert_eq!(cookie_token(&h).as_deref(), Some("abc123"));
        h.insert(COOKIE, HeaderValue::from_static("tabula_session="));
        assert_eq!(cookie_token(&h), None);
        let set = session_cookie(Some("abc")).to_str().unwrap().to_owned();
        assert!(set.contains("HttpOnly") && set.contains("SameSite=Lax") && set.contains("Path=/"), "{set}");
        assert!(session_cookie(None).to_str().unwrap().contains("Max-Age=0"));
    }

    #[test]
    fn passwords_are_hashed_salted_and_checked() {
        let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
        rt.block_on(async {
            let a = hash_password("correct horse".into()).await.unwrap();
            let b = hash_password("correct horse".into()).await.unwrap();
            assert!(a.starts_with("$argon2id$") && a != b && !a.contains("horse"));
            assert!(check_password("correct horse".into(), a.clone()).await);
            assert!(!check_password("correct horsE".into(), a).await);
        });
    }
}
