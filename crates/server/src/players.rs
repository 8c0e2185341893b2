//! The routes of accounts and players: creating an account, signing in and out, who is
//! signed in, the account's tables, and a player's page ([`crate::accounts`] keeps them).

use axum::Extension;
use axum::Json;
use axum::extract::rejection::StringRejection;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use tabula_core::ErrorCode;

use crate::accounts::{self, Account};
use crate::error::ApiError;
use crate::net::Peer;
use crate::protocol::{
    self, Credentials, Me, MyTable, MyTables, PlayedGame, PlayerPage, TableAnswer, TableInfo, TurnKind,
};
use crate::table::Cmd;
use crate::{App, ask, body_text, clean_name, guard_post};

/// The tables `GET /api/me/tables` lists at most.
const MY_TABLES: i64 = 50;

/// The finished games a player's page lists at most.
const PAGE_GAMES: i64 = 50;

/// Who is signed in, with ratings.
async fn me_of(app: &App, account: Option<&Account>) -> Result<Me, ApiError> {
    Ok(match account {
        Some(a) => Me {
            name: Some(a.name.clone()),
            ratings: accounts::ratings(&app.store, &a.id).await.map_err(ApiError::internal)?,
        },
        None => Me { name: None, ratings: Vec::new() },
    })
}

/// Reads a name and password, checking the address's allowance of tries first.
fn credentials(
    app: &App,
    peer: std::net::IpAddr,
    headers: &HeaderMap,
    body: Result<String, StringRejection>,
) -> Result<Credentials, ApiError> {
    guard_post(app, headers)?;
    let body = body_text(body)?;
    let c: Credentials = protocol::read_body(&body).map_err(ApiError::from_read)?;
    if let Err(wait) = app.per_ip.password(peer) {
        return Err(ApiError::new(
            429,
            ErrorCode::TooManyTries,
            format!("many sign-ins were tried from your address just now: try again in {wait} s"),
        ));
    }
    Ok(c)
}

/// `POST /api/accounts`: creates an account and signs it in.
pub(crate) async fn create_account(
    State(app): State<App>,
    Extension(Peer(peer)): Extension<Peer>,
    headers: HeaderMap,
    body: Result<String, StringRejection>,
) -> Result<Response, ApiError> {
    let c = credentials(&app, peer.ip(), &headers, body)?;
    let name = clean_name(Some(&c.name), "")?;
    accounts::check_password_rules(&c.password)?;
    let Some(account) = accounts::create(&app.store, &name, c.password).await.map_err(ApiError::internal)?
    else {
        return Err(ApiError::conflict(
            ErrorCode::NameTaken,
            format!("an account is already called {name:?}: choose another name, or sign in if it is yours"),
        ));
    };
    tracing::info!(account = %account.name, "account created");
    session_for(&app, &account).await
}

/// Opens a session for `account`: who is signed in now, with the cookie that keeps it.
async fn session_for(app: &App, account: &Account) -> Result<Response, ApiError> {
    let token = accounts::open_session(&app.store, account).await.map_err(ApiError::internal)?;
    Ok(accounts::with_cookie(me_of(app, Some(account)).await?, Some(&token)))
}

/// `POST /api/session`: signs in.
pub(crate) async fn sign_in(
    State(app): State<App>,
    Extension(Peer(peer)): Extension<Peer>,
    headers: HeaderMap,
    body: Result<String, StringRejection>,
) -> Result<Response, ApiError> {
    let c = credentials(&app, peer.ip(), &headers, body)?;
    let Some(account) =
        accounts::sign_in(&app.store, &c.name, c.password).await.map_err(ApiError::internal)?
    else {
        return Err(ApiError::new(
            401,
            ErrorCode::WrongPassword,
            "no account has this name and password: check both (the password's case counts)".into(),
        ));
    };
    session_for(&app, &account).await
}

/// `DELETE /api/session`: signs out (this browser; the seats' tokens it holds stay).
pub(crate) async fn sign_out(State(app): State<App>, headers: HeaderMap) -> Result<Response, ApiError> {
    crate::check_origin(&app, &headers)?;
    accounts::close_session(&app.store, &headers).await.map_err(ApiError::internal)?;
    Ok(accounts::with_cookie(me_of(&app, None).await?, None))
}

/// `GET /api/me`: who is signed in on this browser.
pub(crate) async fn me(State(app): State<App>, headers: HeaderMap) -> Result<Json<Me>, ApiError> {
    let account = accounts::signed_in(&app.store, &headers).await?;
    Ok(Json(me_of(&app, account.as_ref()).await?))
}

/// The account signed in, or a refusal saying to sign in.
async fn needs_account(app: &App, headers: &HeaderMap) -> Result<Account, ApiError> {
    accounts::signed_in(&app.store, headers).await?.ok_or_else(|| {
        ApiError::new(401, ErrorCode::SignInNeeded, "sign in to see your tables from any browser".into())
    })
}

/// `GET /api/me/tables`: the signed-in account's tables, newest first (the last 50), each
/// with whether it is the account's turn there.
pub(crate) async fn my_tables(
    State(app): State<App>,
    headers: HeaderMap,
) -> Result<Json<MyTables>, ApiError> {
    let account = needs_account(&app, &headers).await?;
    let seats =
        accounts::seats_of(&app.store, &account.id, None, MY_TABLES, 0).await.map_err(ApiError::internal)?;
    let mut tables = Vec::with_capacity(seats.len());
    for (id, seat) in seats {
        let live = match app.live.get(&id) {
            Some(h) => ask(&h, |reply| Cmd::Info { reply }).await.ok(),
            // Kept by another process: the line it writes for the lobby (a heartbeat old).
            None => summary(&app, &id).await?,
        };
        let table = match live {
            Some(info) => {
                let your_turn = info.turn.kind == TurnKind::Player && info.turn.player == Some(seat);
                MyTable { seat, your_turn, table: TableAnswer::Live(Box::new(info)) }
            }
            None => match app.store.table(&id).await.map_err(ApiError::internal)? {
                Some(row) => MyTable {
                    seat,
                    your_turn: false,
                    table: TableAnswer::Archived(Box::new(crate::archived(&app, &row).await?)),
                },
                None => continue,
            },
        };
        tables.push(table);
    }
    Ok(Json(MyTables { tables }))
}

/// The lobby line another process wrote for an unfinished table it keeps.
async fn summary(app: &App, id: &str) -> Result<Option<TableInfo>, ApiError> {
    let text: Option<Option<String>> =
        sqlx::query_scalar("SELECT summary FROM game_tables WHERE id = $1 AND status IN ('open', 'playing')")
            .bind(id)
            .fetch_optional(app.store.pool())
            .await
            .map_err(|e| ApiError::internal(format!("database: {e}")))?;
    Ok(text.flatten().and_then(|t| serde_json::from_str(&t).ok()))
}

/// `GET /api/players/{name}`: a player's page: ratings, rating history, finished games.
pub(crate) async fn player(
    State(app): State<App>,
    Path(name): Path<String>,
) -> Result<Json<PlayerPage>, ApiError> {
    let Some((account, created)) = accounts::by_name(&app.store, &name).await.map_err(ApiError::internal)?
    else {
        let shown: String = name.chars().take(40).collect();
        return Err(ApiError::new(
            404,
            ErrorCode::UnknownPlayer,
            format!("no player has an account called {shown:?}"),
        ));
    };
    let ratings = accounts::ratings(&app.store, &account.id).await.map_err(ApiError::internal)?;
    let history = accounts::rating_history(&app.store, &account.id).await.map_err(ApiError::internal)?;
    let seats = accounts::seats_of(&app.store, &account.id, Some("over"), PAGE_GAMES, 0)
        .await
        .map_err(ApiError::internal)?;
    let mut games = Vec::with_capacity(seats.len());
    for (id, seat) in seats {
        if let Some(row) = app.store.table(&id).await.map_err(ApiError::internal)? {
            games.push(PlayedGame { seat, table: crate::archived(&app, &row).await? });
        }
    }
    Ok(Json(PlayerPage { name: account.name, created, ratings, history, games }))
}
