//! Ratings: Glicko-2 per game (the `skillratings` crate) for the accounts that play rated
//! tables, with every bot level on the same scale at a fixed rating measured by arenas.
//!
//! A rated game is one rating period of its own for each account at the table: its results
//! against every other seat (won, drawn or lost by comparing the two seats' returns; in a
//! game played in teams, two seats with the same return are partners and not rated against
//! each other), each against that seat's rating before the game (a bot's is fixed). Bots'
//! ratings never move. The scale: the game's beginner policy (`heuristic`) is 1500, and a
//! level's rating is 1500 plus the Elo gap its arena win rate against the policy gives
//! (docs/bots.md, "Ratings of the levels").

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

use crate::store::Store;

/// Who played a seat of a rated table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rated {
    /// An account, by id.
    Account(String),
    /// A bot or level, by name.
    Bot(String),
    /// Nobody rated (a seat never taken).
    Nobody,
}

/// How sure the scale is of a bot level's rating: its deviation, as an account's after
/// some forty games.
const BOT_DEVIATION: f64 = 60.0;

/// An account's rating in one game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Standing {
    /// The Glicko-2 rating.
    pub rating: Glicko2Rating,
    /// Rated games played.
    pub games: i64,
}

/// `account`'s rating in `game` (a newcomer's: 1500 ± 350) and rated games played.
///
/// # Errors
/// A database error.
pub async fn standing(store: &Store, account: &str, game: &str) -> Result<Standing, String> {
    let row: Option<(f64, f64, f64, i64)> = sqlx::query_as(
        "SELECT rating, deviation, volatility, games FROM ratings WHERE account = $1 AND game = $2",
    )
    .bind(account)
    .bind(game)
    .fetch_optional(store.pool())
    .await
    .map_err(|e| format!("database: {e}"))?;
    Ok(match row {
        Some((rating, deviation, volatility, games)) => {
            Standing { rating: Glicko2Rating { rating, deviation, volatility }, games }
        }
        None => Standing { rating: Glicko2Rating::new(), games: 0 },
    })
}

/// Settles a rated game that ended with `result` (each seat's return): every account's
/// rating moves by its results against the other seats. Once only: a game already settled
/// (its rating history written) changes nothing.
///
/// # Errors
/// A database error (nothing is then written).
pub async fn settle(
    store: &Store,
    table: &str,
    game: &str,
    seats: Vec<Rated>,
    result: &[f64],
    teams: bool,
) -> Result<(), String> {
    // Settlements of this process one at a time: two games of one account ending together
    // both start from the rating the other wrote.
    static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    let _turn = ONE_AT_A_TIME.lock().await;
    let mut before = Vec::with_capacity(seats.len());
    for s in &seats {
        before.push(match s {
            Rated::Account(a) => Some(standing(store, a, game).await?),
            Rated::Bot(b) => tabula_ai::level::rating(game, b).map(|r| Standing {
                rating: Glicko2Rating { rating: r, deviation: BOT_DEVIATION, volatility: 0.06 },
                games: 0,
            }),
            Rated::Nobody => None,
        });
    }
    let after = new_ratings(&seats, &before, result, teams);
    let db = |e: sqlx::Error| format!("database: {e}");
    let mut tx = store.pool().begin().await.map_err(db)?;
    let at = crate::now();
    for (i, new) in after.iter().enumerate() {
        let (Rated::Account(account), Some(old), Some(new)) = (&seats[i], before[i], new) else { continue };
        let inserted = sqlx::query(
            "INSERT INTO rating_history (account, table_id, game, at, previous, rating, deviation) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
        )
        .bind(account)
        .bind(table)
        .bind(game)
        .bind(at)
        .bind(old.rating.rating)
        .bind(new.rating)
        .bind(new.deviation)
        .execute(&mut *tx)
        .await
        .map_err(db)?;
        if inserted.rows_affected() == 0 {
            // Settled already (by this process before a restart, or another).
            return Ok(());
        }
        sqlx::query("DELETE FROM ratings WHERE account = $1 AND game = $2")
            .bind(account)
            .bind(game)
            .execute(&mut *tx)
            .await
            .map_err(db)?;
        sqlx::query(
            "INSERT INTO ratings (account, game, rating, deviation, volatility, games) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(account)
        .bind(game)
        .bind(new.rating)
        .bind(new.deviation)
        .bind(new.volatility)
        .bind(old.games + 1)
        .execute(&mut *tx)
        .await
        .map_err(db)?;
    }
    tx.commit().await.map_err(db)
}

/// Each seat's rating after the game (`None`: not an account, or not rated against anyone).
fn new_ratings(
    seats: &[Rated],
    before: &[Option<Standing>],
    result: &[f64],
    teams: bool,
) -> Vec<Option<Glicko2Rating>> {
    let config = Glicko2Config::new();
    (0..seats.len())
        .map(|i| {
            let Rated::Account(_) = seats[i] else { return None };
            let me = before[i]?;
            let mut results = Vec::new();
            for (j, other) in before.iter().enumerate() {
                let (Some(other), Some(&mine), Some(&theirs)) = (other, result.get(i), result.get(j)) else {
                    continue;
                };
                if j == i {
                    continue;
                }
                let outcome = if (mine - theirs).abs() < 1e-9 {
                    if teams {
                        continue;
                    }
                    Outcomes::DRAW
                } else if mine > theirs {
                    Outcomes::WIN
                } else {
                    Outcomes::LOSS
                };
                results.push((other.rating, outcome));
            }
            (!results.is_empty()).then(|| glicko2_rating_period(&me.rating, &results, &config))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fresh() -> Option<Standing> {
        Some(Standing { rating: Glicko2Rating::new(), games: 0 })
    }

    #[test]
    fn a_win_raises_the_winner_and_lowers_the_loser_by_as_much() {
        let seats = [Rated::Account("a".into()), Rated::Account("b".into())];
        let after = new_ratings(&seats, &[fresh(), fresh()], &[1.0, -1.0], false);
        let (a, b) = (after[0].unwrap(), after[1].unwrap());
        assert!(a.rating > 1600.0 && b.rating < 1400.0, "{a:?} {b:?}");
        assert!((a.rating - 1500.0 + (b.rating - 1500.0)).abs() < 1e-6);
        assert!(a.deviation < 350.0);
    }

    #[test]
    fn a_bot_is_rated_against_but_never_moves_and_partners_are_not_rated_together() {
        // Four seats in two teams: the account and a hard bot beat two easy bots.
        let seats = [
            Rated::Account("a".into()),
            Rated::Bot("easy".into()),
            Rated::Bot("hard".into()),
            Rated::Bot("easy".into()),
        ];
        let bot = |b: &str| {
            Some(Standing {
                rating: Glicko2Rating {
                    rating: tabula_ai::level::rating("sabotage-pipes", b).unwrap(),
                    deviation: 60.0,
                    volatility: 0.06,
                },
                games: 0,
            })
        };
        let before = [fresh(), bot("easy"), bot("hard"), bot("easy")];
        let after = new_ratings(&seats, &before, &[1.0, -1.0, 1.0, -1.0], true);
        assert!(after[1..].iter().all(Option::is_none));
        // Rated against the two easy bots only: the same as two wins against them.
        let alone = new_ratings(&seats[..2], &before[..2], &[1.0, -1.0], false)[0].unwrap();
        let twice = glicko2_rating_period(
            &Glicko2Rating::new(),
            &[(before[1].unwrap().rating, Outcomes::WIN), (before[3].unwrap().rating, Outcomes::WIN)],
            &Glicko2Config::new(),
        );
        assert_eq!(after[0].unwrap(), twice);
        assert!(twice.rating > alone.rating);
    }
}
