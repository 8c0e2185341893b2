//! Storage: every table, its seats' tokens (hashed) and every accepted action, in SQLite
//! (the default, in the user's data directory) or PostgreSQL, through one `sqlx` pool.
//!
//! An action is committed before it is acknowledged or broadcast; on start the server
//! replays every unfinished table from its actions.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use sqlx::AnyPool;
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::migrate::{Migration, MigrationType, Migrator};

/// The database behind the server.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    /// Where actions go to be committed: one writer commits every action waiting in one
    /// transaction (group commit), so a thousand tables cost one disk sync, not a thousand.
    writer: tokio::sync::mpsc::UnboundedSender<Pending>,
    /// This process's id, and the generation of each table's lease it holds: every write
    /// to a table first checks, in its transaction, that the lease is still this process's
    /// at that generation (fencing), so a process that lost a table writes nothing more.
    fences: Arc<Fences>,
}

/// The leases a process holds ([`Store::claim`]).
#[derive(Debug)]
struct Fences {
    me: String,
    held: RwLock<HashMap<String, i64>>,
}

/// The start of the error a write gets when its process no longer holds the table's lease.
pub const FENCED: &str = "fenced:";

/// Whether a store error means the table now belongs to another process.
pub fn is_fenced(e: &str) -> bool {
    e.starts_with(FENCED)
}

/// Checks, inside `tx`, that `table`'s lease is still this process's at the generation it
/// took; the row stays locked until the transaction ends, so no take-over can slip between
/// the check and the write. A lease found lost is forgotten ([`Store::holds`]).
async fn fence(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    table: &str,
    fences: &Fences,
) -> Result<(), String> {
    let Some(generation) = fences.generation(table) else {
        return Err(format!("{FENCED} this process holds no lease on table {table}"));
    };
    let done = sqlx::query(
        "UPDATE leases SET generation = generation WHERE table_id = $1 AND owner = $2 AND generation = $3",
    )
    .bind(table)
    .bind(&fences.me)
    .bind(generation)
    .execute(&mut **tx)
    .await
    .map_err(db_error)?;
    if done.rows_affected() == 1 {
        Ok(())
    } else {
        fences.held.write().expect("the leases held").remove(table);
        Err(format!("{FENCED} table {table} is now owned by another process"))
    }
}

/// An action waiting for the writer, and who waits for it.
#[derive(Debug)]
struct Pending {
    table: String,
    row: ActionRow,
    done: tokio::sync::oneshot::Sender<Result<(), String>>,
}

/// The most actions committed in one transaction.
const BATCH: usize = 1024;

/// The writer: takes the actions waiting, commits them in one transaction, answers each.
async fn write(pool: AnyPool, fences: Arc<Fences>, mut rx: tokio::sync::mpsc::UnboundedReceiver<Pending>) {
    let mut batch = Vec::with_capacity(BATCH);
    while rx.recv_many(&mut batch, BATCH).await > 0 {
        // Each action's table is fenced in the same transaction; one whose lease was lost
        // is left out and told so, the others committed together.
        let together = async {
            let mut tx = pool.begin().await.map_err(db_error)?;
            let mut fenced = Vec::with_capacity(batch.len());
            for p in &batch {
                match fence(&mut tx, &p.table, &fences).await {
                    Ok(()) => {
                        insert(&p.table, &p.row).execute(&mut *tx).await.map_err(db_error)?;
                        fenced.push(None);
                    }
                    Err(e) if is_fenced(&e) => fenced.push(Some(e)),
                    Err(e) => return Err(e),
                }
            }
            tx.commit().await.map_err(db_error)?;
            Ok::<_, String>(fenced)
        };
        if let Ok(fenced) = together.await {
            for (p, f) in batch.drain(..).zip(fenced) {
                let _ = p.done.send(f.map_or(Ok(()), Err));
            }
        } else {
            // One bad action spoils its batch: each is tried alone, and only it fails.
            for p in batch.drain(..) {
                let alone = async {
                    let mut tx = pool.begin().await.map_err(db_error)?;
                    fence(&mut tx, &p.table, &fences).await?;
                    insert(&p.table, &p.row).execute(&mut *tx).await.map_err(db_error)?;
                    tx.commit().await.map_err(db_error)
                };
                let _ = p.done.send(alone.await);
            }
        }
    }
}

impl Fences {
    fn generation(&self, table: &str) -> Option<i64> {
        self.held.read().expect("the leases held").get(table).copied()
    }
}

fn insert<'q>(
    table: &'q str,
    a: &'q ActionRow,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    sqlx::query(
        "INSERT INTO actions (table_id, seq, seat, action, player, clocks, at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(table)
    .bind(a.seq)
    .bind(a.seat)
    .bind(&a.action)
    .bind(&a.player)
    .bind(a.clocks.clone())
    .bind(a.at)
}

/// One table as stored (read by column name: `TABLE_COLUMNS`).
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct TableRow {
    /// Its id.
    pub id: String,
    /// The game id.
    pub game: String,
    /// The options, as JSON text.
    pub options: String,
    /// The seats (`"human"` or a bot's name), as a JSON array.
    pub seats: String,
    /// The seed of its chance generator.
    pub seed: i64,
    /// The clock, as JSON text, if any.
    pub clock: Option<String>,
    /// `open`, `playing` or `over`.
    pub status: String,
    /// The returns, as a JSON array, once over.
    pub result: Option<String>,
    /// When it was created (Unix seconds).
    pub created: i64,
    /// When it ended (Unix seconds).
    pub finished: Option<i64>,
    /// How it ended when not by the rules (a resignation, a loss on time), as JSON text.
    pub ending: Option<String>,
    /// 1 when rated (its accounts' ratings change when it ends), else 0.
    pub rated: i64,
}

/// A seat held by a person, as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatRow {
    /// The seat.
    pub seat: usize,
    /// The SHA-256 of its token, as hex.
    pub hash: String,
    /// The name its holder gave.
    pub name: String,
    /// Whether its holder gave it up for good (resigned, or lost on time with more than two
    /// seats): a bot plays it to the end.
    pub gone: bool,
    /// The account that took it (signed in), if any.
    pub account: Option<String>,
}

/// One action as stored (read by column name).
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct ActionRow {
    /// Its number, from 0.
    pub seq: i64,
    /// The seat that played it (−1 for a chance outcome).
    pub seat: i64,
    /// Its canonical text.
    pub action: String,
    /// Who played it: a person's name, a bot's name, or `chance`.
    pub player: String,
    /// Each seat's time left after it, in milliseconds, as a JSON array (clocked tables).
    pub clocks: Option<String>,
    /// When it was accepted, in milliseconds since the epoch (`None` before migration 4,
    /// and for the actions a table starts from).
    pub at: Option<i64>,
}

/// One line said at a table, as stored (read by column name; `text` is the column `body`).
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct ChatRow {
    /// Its number at the table, from 0.
    pub n: i64,
    /// The number of actions played when it was said.
    pub seq: i64,
    /// `table`, `team:K` or `spectators`.
    pub channel: String,
    /// The seat that said it (−1 for a spectator).
    pub seat: i64,
    /// The name it was said under.
    pub name: String,
    /// What was said.
    #[sqlx(rename = "body")]
    pub text: String,
    /// When (Unix milliseconds).
    pub at: i64,
}

fn migrator() -> Migrator {
    let first = Migration::new(
        1,
        Cow::Borrowed("tables, seat tokens, actions"),
        MigrationType::Simple,
        Cow::Borrowed(include_str!("../migrations/0001_tables.sql")),
        false,
    );
    let second = Migration::new(
        2,
        Cow::Borrowed("clocks, endings, seats given up"),
        MigrationType::Simple,
        Cow::Borrowed(include_str!("../migrations/0002_clocks_endings.sql")),
        false,
    );
    let third = Migration::new(
        3,
        Cow::Borrowed("chat"),
        MigrationType::Simple,
        Cow::Borrowed(include_str!("../migrations/0003_chat.sql")),
        false,
    );
    let fourth = Migration::new(
        4,
        Cow::Borrowed("when actions were accepted and play began, heartbeats"),
        MigrationType::Simple,
        Cow::Borrowed(include_str!("../migrations/0004_turns.sql")),
        false,
    );
    let fifth = Migration::new(
        5,
        Cow::Borrowed("accounts, sessions, ratings"),
        MigrationType::Simple,
        Cow::Borrowed(include_str!("../migrations/0005_accounts.sql")),
        false,
    );
    Migrator { migrations: Cow::Owned(vec![first, second, third, fourth, fifth]), ..Migrator::DEFAULT }
}

fn db_error(e: sqlx::Error) -> String {
    format!("database: {e}")
}

impl Store {
    /// Opens (creating if needed) the database at `url` (`sqlite:PATH` or
    /// `postgres://…`) and brings its schema up to date.
    ///
    /// # Errors
    /// A URL no driver takes, a database that cannot be reached or created, a failed
    /// migration.
    pub async fn open(url: &str) -> Result<Store, String> {
        install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        let url = if sqlite && !url.contains("mode=") && !url.contains(":memory:") {
            let sep = if url.contains('?') { '&' } else { '?' };
            format!("{url}{sep}mode=rwc")
        } else {
            url.to_owned()
        };
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 1 } else { 8 })
            .connect(&url)
            .await
            .map_err(|e| format!("cannot open the database {url}: {e}"))?;
        if sqlite {
            // WAL: readers never wait on the writer, and a commit is one append.
            sqlx::query("PRAGMA journal_mode=WAL").execute(&pool).await.map_err(db_error)?;
            sqlx::query("PRAGMA synchronous=FULL").execute(&pool).await.map_err(db_error)?;
        }
        migrator().run(&pool).await.map_err(|e| format!("cannot migrate the database: {e}"))?;
        let (writer, rx) = tokio::sync::mpsc::unbounded_channel();
        let fences =
            Arc::new(Fences { me: format!("{:016x}", rand::random::<u64>()), held: RwLock::default() });
        tokio::spawn(write(pool.clone(), Arc::clone(&fences), rx));
        Ok(Store { pool, writer, fences })
    }

    /// Runs one write to `table` in a transaction that first checks this process still
    /// holds the table's lease ([`FENCED`] otherwise, and nothing is written).
    async fn fenced<'q>(
        &self,
        table: &str,
        q: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    ) -> Result<(), String> {
        let mut tx = self.pool.begin().await.map_err(db_error)?;
        fence(&mut tx, table, &self.fences).await?;
        q.execute(&mut *tx).await.map_err(db_error)?;
        tx.commit().await.map_err(db_error)
    }

    /// The connection pool, for the queries kept beside their module (`accounts`, `ratings`).
    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// This process's id (a new one at each start).
    pub fn me(&self) -> &str {
        &self.fences.me
    }

    /// Takes `table`'s lease for this process, one generation up, if its owner is none or
    /// a process silent since `stale_before` (milliseconds; `i64::MAX`
    /// takes it from any owner: one process on its own database). The new generation, or
    /// `None` if a live process holds it.
    ///
    /// # Errors
    /// A database error.
    pub async fn claim(&self, table: &str, stale_before: i64) -> Result<Option<i64>, String> {
        let mut tx = self.pool.begin().await.map_err(db_error)?;
        sqlx::query("INSERT INTO leases (table_id, owner, generation) VALUES ($1, '', 0) ON CONFLICT (table_id) DO NOTHING")
            .bind(table)
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        let generation: Option<i64> = sqlx::query_scalar(
            "UPDATE leases SET owner = $2, generation = generation + 1 WHERE table_id = $1 AND owner <> $2 AND (owner = '' \
             OR NOT EXISTS (SELECT 1 FROM processes p WHERE p.id = leases.owner AND p.beat >= $3)) RETURNING generation",
        )
        .bind(table)
        .bind(&self.fences.me)
        .bind(stale_before)
        .fetch_optional(&mut *tx)
        .await
        .map_err(db_error)?;
        tx.commit().await.map_err(db_error)?;
        if let Some(g) = generation {
            self.fences.held.write().expect("the leases held").insert(table.to_owned(), g);
        }
        Ok(generation)
    }

    /// Whether this process still holds `table`'s lease, as far as it knows.
    pub fn holds(&self, table: &str) -> bool {
        self.fences.generation(table).is_some()
    }

    /// The tables whose leases this process believes it holds but no longer does (another
    /// took them over while this one was paused or cut off).
    ///
    /// # Errors
    /// A database error.
    pub async fn lost(&self) -> Result<Vec<String>, String> {
        let held: Vec<(String, i64)> =
            self.fences.held.read().expect("the leases held").iter().map(|(t, g)| (t.clone(), *g)).collect();
        if held.is_empty() {
            return Ok(Vec::new());
        }
        let rows: Vec<(String, i64)> =
            sqlx::query_as("SELECT table_id, generation FROM leases WHERE owner = $1")
                .bind(&self.fences.me)
                .fetch_all(&self.pool)
                .await
                .map_err(db_error)?;
        let mine: HashMap<String, i64> = rows.into_iter().collect();
        let lost: Vec<String> =
            held.into_iter().filter(|(t, g)| mine.get(t) != Some(g)).map(|(t, _)| t).collect();
        let mut h = self.fences.held.write().expect("the leases held");
        for t in &lost {
            h.remove(t);
        }
        Ok(lost)
    }

    /// The owner of `table`'s lease and its address and last sign of life, if any.
    ///
    /// # Errors
    /// A database error.
    pub async fn owner(&self, table: &str) -> Result<Option<(String, String, i64)>, String> {
        sqlx::query_as(
            "SELECT p.id, p.url, p.beat FROM leases l JOIN processes p ON p.id = l.owner WHERE l.table_id = $1",
        )
        .bind(table)
        .fetch_optional(&self.pool)
        .await
        .map_err(db_error)
    }

    /// The unfinished tables whose owner is none or silent since `stale_before`
    /// (milliseconds), oldest first: those this process may take over.
    ///
    /// # Errors
    /// A database error.
    pub async fn orphans(&self, stale_before: i64) -> Result<Vec<String>, String> {
        sqlx::query_scalar(
            "SELECT t.id FROM game_tables t LEFT JOIN leases l ON l.table_id = t.id \
             WHERE t.status IN ('open', 'playing') AND (l.owner IS NULL OR (l.owner <> $1 \
             AND NOT EXISTS (SELECT 1 FROM processes p WHERE p.id = l.owner AND p.beat >= $2))) ORDER BY t.created, t.id",
        )
        .bind(&self.fences.me)
        .bind(stale_before)
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)
    }

    /// Stores a new table with its creator's token hash.
    ///
    /// # Errors
    /// A database error.
    pub async fn create_table(&self, t: &TableRow) -> Result<(), String> {
        // The table and its lease, held by this process, in one transaction: no other
        // process ever sees it without an owner.
        let mut tx = self.pool.begin().await.map_err(db_error)?;
        sqlx::query(
            "INSERT INTO game_tables (id, game, options, seats, seed, clock, status, result, created, finished, rated) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        )
        .bind(&t.id)
        .bind(&t.game)
        .bind(&t.options)
        .bind(&t.seats)
        .bind(t.seed)
        .bind(t.clock.clone())
        .bind(&t.status)
        .bind(t.result.clone())
        .bind(t.created)
        .bind(t.finished)
        .bind(t.rated)
        .execute(&mut *tx)
        .await
        .map_err(db_error)?;
        sqlx::query("INSERT INTO leases (table_id, owner, generation) VALUES ($1, $2, 1)")
            .bind(&t.id)
            .bind(&self.fences.me)
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        tx.commit().await.map_err(db_error)?;
        self.fences.held.write().expect("the leases held").insert(t.id.clone(), 1);
        Ok(())
    }

    /// Records that `seat` of `table` is held by the bearer of the token hashed as `hash`.
    ///
    /// # Errors
    /// A database error (the seat already taken among them).
    pub async fn take_seat(
        &self,
        table: &str,
        seat: usize,
        hash: &str,
        name: &str,
        account: Option<&str>,
    ) -> Result<(), String> {
        let q = sqlx::query(
            "INSERT INTO seat_tokens (table_id, seat, token_hash, name, account) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(table)
        .bind(seat as i64)
        .bind(hash)
        .bind(name)
        .bind(account.map(str::to_owned));
        self.fenced(table, q).await
    }

    /// Frees `seat` of `table` (its holder left before the game began).
    ///
    /// # Errors
    /// A database error.
    pub async fn release_seat(&self, table: &str, seat: usize) -> Result<(), String> {
        let q = sqlx::query("DELETE FROM seat_tokens WHERE table_id = $1 AND seat = $2")
            .bind(table)
            .bind(seat as i64);
        self.fenced(table, q).await
    }

    /// Marks `seat` of `table` as given up for good: a bot plays it to the end.
    ///
    /// # Errors
    /// A database error.
    pub async fn give_up_seat(&self, table: &str, seat: usize) -> Result<(), String> {
        let q = sqlx::query("UPDATE seat_tokens SET gone = 1 WHERE table_id = $1 AND seat = $2")
            .bind(table)
            .bind(seat as i64);
        self.fenced(table, q).await
    }

    /// The seats taken at `table`, in order.
    ///
    /// # Errors
    /// A database error.
    pub async fn seats(&self, table: &str) -> Result<Vec<SeatRow>, String> {
        let rows: Vec<(i64, String, String, i64, Option<String>)> = sqlx::query_as(
            "SELECT seat, token_hash, name, gone, account FROM seat_tokens WHERE table_id = $1 ORDER BY seat",
        )
        .bind(table)
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|(seat, hash, name, gone, account)| SeatRow {
                seat: seat as usize,
                hash,
                name,
                gone: gone != 0,
                account,
            })
            .collect())
    }

    /// Appends an accepted action; it is on disk (committed) when this returns.
    ///
    /// # Errors
    /// A database error (the action is then not accepted).
    pub async fn append(&self, table: &str, a: &ActionRow) -> Result<(), String> {
        let (done, wait) = tokio::sync::oneshot::channel();
        let pending = Pending { table: table.to_owned(), row: a.clone(), done };
        self.writer.send(pending).map_err(|_| "database: the writer has stopped".to_owned())?;
        wait.await.map_err(|_| "database: the writer has stopped".to_owned())?
    }

    /// Removes the actions of `table` from `seq` on (an undo).
    ///
    /// # Errors
    /// A database error.
    pub async fn truncate(&self, table: &str, seq: i64) -> Result<(), String> {
        let q = sqlx::query("DELETE FROM actions WHERE table_id = $1 AND seq >= $2").bind(table).bind(seq);
        self.fenced(table, q).await
    }

    /// Every action of `table`, in order.
    ///
    /// # Errors
    /// A database error.
    pub async fn actions(&self, table: &str) -> Result<Vec<ActionRow>, String> {
        sqlx::query_as(
            "SELECT seq, seat, action, player, clocks, at FROM actions WHERE table_id = $1 ORDER BY seq",
        )
        .bind(table)
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)
    }

    /// Stores a line said at `table`.
    ///
    /// # Errors
    /// A database error (the line is then not said).
    pub async fn add_chat(&self, table: &str, c: &ChatRow) -> Result<(), String> {
        let q = sqlx::query(
            "INSERT INTO chat (table_id, n, seq, channel, seat, name, body, at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(table)
        .bind(c.n)
        .bind(c.seq)
        .bind(&c.channel)
        .bind(c.seat)
        .bind(&c.name)
        .bind(&c.text)
        .bind(c.at);
        self.fenced(table, q).await
    }

    /// The last `limit` lines said at `table`, in order.
    ///
    /// # Errors
    /// A database error.
    pub async fn chat(&self, table: &str, limit: i64) -> Result<Vec<ChatRow>, String> {
        let mut lines: Vec<ChatRow> = sqlx::query_as(
            "SELECT n, seq, channel, seat, name, body, at FROM chat WHERE table_id = $1 \
             ORDER BY n DESC LIMIT $2",
        )
        .bind(table)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        lines.reverse();
        Ok(lines)
    }

    /// Records how a table ended when not by the rules (JSON text).
    ///
    /// # Errors
    /// A database error.
    pub async fn set_ending(&self, table: &str, ending: &str) -> Result<(), String> {
        let q = sqlx::query("UPDATE game_tables SET ending = $1 WHERE id = $2").bind(ending).bind(table);
        self.fenced(table, q).await
    }

    /// Sets a table's status (and its result once over).
    ///
    /// # Errors
    /// A database error.
    pub async fn set_status(
        &self,
        table: &str,
        status: &str,
        result: Option<&str>,
        finished: Option<i64>,
    ) -> Result<(), String> {
        let q = sqlx::query("UPDATE game_tables SET status = $1, result = $2, finished = $3 WHERE id = $4")
            .bind(status)
            .bind(result.map(str::to_owned))
            .bind(finished)
            .bind(table);
        self.fenced(table, q).await
    }

    /// The tables with status `status` (all when `None`), newest first, `limit` from `offset`.
    ///
    /// # Errors
    /// A database error.
    pub async fn tables(
        &self,
        status: Option<&str>,
        limit: i64,
        offset: i64,
    ) -> Result<Vec<TableRow>, String> {
        let base = format!("SELECT {TABLE_COLUMNS} FROM game_tables");
        match status {
            Some(s) => {
                sqlx::query_as(&format!(
                    "{base} WHERE status = $1 ORDER BY created DESC, id LIMIT $2 OFFSET $3"
                ))
                .bind(s.to_owned())
                .bind(limit)
                .bind(offset)
                .fetch_all(&self.pool)
                .await
            }
            None => {
                sqlx::query_as(&format!("{base} ORDER BY created DESC, id LIMIT $1 OFFSET $2"))
                    .bind(limit)
                    .bind(offset)
                    .fetch_all(&self.pool)
                    .await
            }
        }
        .map_err(db_error)
    }

    /// Notes that play began at `table` (milliseconds since the epoch): the first turn's
    /// start, for the clocks after a restart.
    ///
    /// # Errors
    /// A database error.
    pub async fn set_started(&self, table: &str, at: i64) -> Result<(), String> {
        let q = sqlx::query("UPDATE game_tables SET started = $1 WHERE id = $2").bind(at).bind(table);
        self.fenced(table, q).await
    }

    /// When play began at `table`, if it has.
    ///
    /// # Errors
    /// A database error.
    pub async fn started(&self, table: &str) -> Result<Option<i64>, String> {
        let started: Option<Option<i64>> =
            sqlx::query_scalar("SELECT started FROM game_tables WHERE id = $1")
                .bind(table)
                .fetch_optional(&self.pool)
                .await
                .map_err(db_error)?;
        Ok(started.flatten())
    }

    /// Notes that this process, reached at `url` and naming itself by `key` to the others,
    /// is alive at `at` (milliseconds since the epoch).
    ///
    /// # Errors
    /// A database error.
    pub async fn beat(&self, url: &str, key: &str, at: i64) -> Result<(), String> {
        sqlx::query(
            "INSERT INTO processes (id, url, key, beat) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (id) DO UPDATE SET beat = excluded.beat",
        )
        .bind(&self.fences.me)
        .bind(url)
        .bind(key)
        .bind(at)
        .execute(&self.pool)
        .await
        .map_err(db_error)?;
        Ok(())
    }

    /// Whether `key` is a process's alive since `stale_before` (milliseconds).
    ///
    /// # Errors
    /// A database error.
    pub async fn is_peer_key(&self, key: &str, stale_before: i64) -> Result<bool, String> {
        let row = sqlx::query("SELECT 1 FROM processes WHERE key = $1 AND beat >= $2")
            .bind(key)
            .bind(stale_before)
            .fetch_optional(&self.pool)
            .await
            .map_err(db_error)?;
        Ok(row.is_some())
    }

    /// The URLs of the processes alive since `stale_before` (milliseconds).
    ///
    /// # Errors
    /// A database error.
    pub async fn peer_urls(&self, stale_before: i64) -> Result<Vec<String>, String> {
        sqlx::query_scalar("SELECT url FROM processes WHERE beat >= $1")
            .bind(stale_before)
            .fetch_all(&self.pool)
            .await
            .map_err(db_error)
    }

    /// Writes the lobby's lines of tables this process owns (`None`: none any more).
    ///
    /// # Errors
    /// A database error.
    pub async fn save_summaries(&self, lines: &[(String, Option<String>)]) -> Result<(), String> {
        if lines.is_empty() {
            return Ok(());
        }
        let mut tx = self.pool.begin().await.map_err(db_error)?;
        for (id, line) in lines {
            sqlx::query(
                "UPDATE game_tables SET summary = $1 WHERE id = $2 \
                 AND EXISTS (SELECT 1 FROM leases l WHERE l.table_id = $2 AND l.owner = $3)",
            )
            .bind(line.clone())
            .bind(id)
            .bind(&self.fences.me)
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        }
        tx.commit().await.map_err(db_error)
    }

    /// The lobby as every process shows it: the lines of the tables not over (`status`:
    /// only those), newest first, `limit` from `offset`, and how many there are in all.
    ///
    /// # Errors
    /// A database error.
    pub async fn lobby(
        &self,
        status: Option<&str>,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<String>, i64), String> {
        let filter = "summary IS NOT NULL AND status IN ('open', 'playing') AND ($1 = '' OR status = $1)";
        let status = status.unwrap_or("");
        let lines: Vec<String> = sqlx::query_scalar(&format!(
            "SELECT summary FROM game_tables WHERE {filter} ORDER BY created DESC, id LIMIT $2 OFFSET $3"
        ))
        .bind(status)
        .bind(limit)
        .bind(offset)
        .fetch_all(&self.pool)
        .await
        .map_err(db_error)?;
        let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM game_tables WHERE {filter}"))
            .bind(status)
            .fetch_one(&self.pool)
            .await
            .map_err(db_error)?;
        Ok((lines, total))
    }

    /// Removes processes silent since `before` (milliseconds) that own nothing.
    ///
    /// # Errors
    /// A database error.
    pub async fn forget_processes(&self, before: i64) -> Result<(), String> {
        sqlx::query("DELETE FROM processes WHERE beat < $1 AND NOT EXISTS (SELECT 1 FROM leases l WHERE l.owner = processes.id)")
            .bind(before)
            .execute(&self.pool)
            .await
            .map_err(db_error)?;
        Ok(())
    }

    /// The table `id`, if stored.
    ///
    /// # Errors
    /// A database error.
    pub async fn table(&self, id: &str) -> Result<Option<TableRow>, String> {
        sqlx::query_as(&format!("SELECT {TABLE_COLUMNS} FROM game_tables WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(db_error)
    }
}

/// The columns of a [`TableRow`].
const TABLE_COLUMNS: &str =
    "id, game, options, seats, seed, clock, status, result, created, finished, ending, rated";
