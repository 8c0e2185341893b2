//! What an arena's games say about its bots: win rates with 95% confidence intervals,
//! mean returns, head-to-head scores and Bradley–Terry ratings on the Elo scale.

use serde::Serialize;

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// One finished game, as the statistics need it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Outcome {
    /// The bot (index into the arena's list) in each seat.
    pub seats: Vec<usize>,
    /// Each seat's return.
    pub returns: Vec<f64>,
}

impl Outcome {
    /// Each bot's result in this game: the mean return of its seats, or `None` if absent.
    pub fn bot_returns(&self, bots: usize) -> Vec<Option<f64>> {
        let mut sum = vec![0.0; bots];
        let mut count = vec![0usize; bots];
        for (&bot, &r) in self.seats.iter().zip(&self.returns) {
            sum[bot] += r;
            count[bot] += 1;
        }
        (0..bots).map(|b| (count[b] > 0).then(|| sum[b] / count[b] as f64)).collect()
    }
}

/// A bot's line in the final table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BotSummary {
    /// The bot's label (its spec as written).
    pub bot: String,
    /// Games it played.
    pub games: usize,
    /// Games it won outright (a better result than every other bot at the table).
    pub wins: usize,
    /// Games where it tied for the best result.
    pub draws: usize,
    /// Games it lost.
    pub losses: usize,
    /// `(wins + draws / 2) / games`.
    pub win_rate: f64,
    /// The 95% Wilson score interval of the win rate.
    pub win_rate_ci: [f64; 2],
    /// The mean of its returns (a bot in several seats: their mean, per game).
    pub mean_return: f64,
    /// The 95% interval half-width of the mean return.
    pub mean_return_ci: f64,
    /// Bradley–Terry rating on the Elo scale (400 points = 10:1 odds), mean 0.
    pub rating: f64,
}

/// A bot's win rate (wins + half the draws) over `games`, with its 95% Wilson interval.
pub fn wilson(score: f64, games: usize) -> (f64, [f64; 2]) {
    if games == 0 {
        return (0.0, [0.0, 1.0]);
    }
    let n = games as f64;
    let p = score / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    (p, [(centre - half).max(0.0), (centre + half).min(1.0)])
}

/// Pairwise results: `score[a][b]` is what `a` scored against `b` (1 a win, ½ a draw) over
/// `games[a][b]` meetings, counting every pair of bots at each table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pairwise {
    /// Points of the row bot against the column bot.
    pub score: Vec<Vec<f64>>,
    /// Meetings of the two.
    pub games: Vec<Vec<usize>>,
}

/// Counts every pair of bots at every table.
pub fn pairwise(outcomes: &[Outcome], bots: usize) -> Pairwise {
    let mut score = vec![vec![0.0; bots]; bots];
    let mut games = vec![vec![0usize; bots]; bots];
    for outcome in outcomes {
        let results = outcome.bot_returns(bots);
        for a in 0..bots {
            for b in 0..bots {
                if let (true, Some(ra), Some(rb)) = (a != b, results[a], results[b]) {
                    games[a][b] += 1;
                    score[a][b] += if (ra - rb).abs() < 1e-9 {
                        0.5
                    } else if ra > rb {
                        1.0
                    } else {
                        0.0
                    };
                }
            }
        }
    }
    Pairwise { score, games }
}

/// Bradley–Terry strengths by the MM algorithm (Hunter 2004), on the Elo scale with mean 0.
/// Every pair that met gets one virtual draw, so a bot that never loses still has a finite
/// rating.
pub fn bradley_terry(pairs: &Pairwise) -> Vec<f64> {
    let n = pairs.score.len();
    let games = |a: usize, b: usize| pairs.games[a][b] as f64 + if pairs.games[a][b] > 0 { 1.0 } else { 0.0 };
    let wins: Vec<f64> = (0..n)
        .map(|a| (0..n).map(|b| pairs.score[a][b] + if pairs.games[a][b] > 0 { 0.5 } else { 0.0 }).sum())
        .collect();
    let mut strength = vec![1.0f64; n];
    for _ in 0..10_000 {
        let mut next = vec![0.0; n];
        for a in 0..n {
            let denominator: f64 =
                (0..n).filter(|&b| b != a).map(|b| games(a, b) / (strength[a] + strength[b])).sum();
            next[a] = if denominator > 0.0 { wins[a] / denominator } else { strength[a] };
        }
        let log_mean = next.iter().map(|s| s.max(1e-300).ln()).sum::<f64>() / n as f64;
        let mut change: f64 = 0.0;
        for a in 0..n {
            let s = (next[a].max(1e-300).ln() - log_mean).exp();
            change = change.max((s - strength[a]).abs() / strength[a]);
            strength[a] = s;
        }
        if change < 1e-10 {
            break;
        }
    }
    strength.iter().map(|s| 400.0 * s.log10()).collect()
}

/// The table: one line per bot.
pub fn summarize(labels: &[String], outcomes: &[Outcome]) -> Vec<BotSummary> {
    let bots = labels.len();
    let pairs = pairwise(outcomes, bots);
    let ratings = bradley_terry(&pairs);
    (0..bots)
        .map(|bot| {
            let (mut wins, mut draws, mut losses) = (0, 0, 0);
            let mut returns = Vec::new();
            for outcome in outcomes {
                let results = outcome.bot_returns(bots);
                let Some(mine) = results[bot] else { continue };
                returns.push(mine);
                let best_other = results
                    .iter()
                    .enumerate()
                    .filter(|&(b, _)| b != bot)
                    .filter_map(|(_, r)| *r)
                    .fold(f64::NEG_INFINITY, f64::max);
                if best_other == f64::NEG_INFINITY || mine > best_other + 1e-9 {
                    wins += 1;
                } else if (mine - best_other).abs() <= 1e-9 {
                    draws += 1;
                } else {
                    losses += 1;
                }
            }
            let games = returns.len();
            let (win_rate, win_rate_ci) = wilson(wins as f64 + draws as f64 / 2.0, games);
            let mean = if games > 0 { returns.iter().sum::<f64>() / games as f64 } else { 0.0 };
            let var = if games > 1 {
                returns.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / (games - 1) as f64
            } else {
                0.0
            };
            BotSummary {
                bot: labels[bot].clone(),
                games,
                wins,
                draws,
                losses,
                win_rate,
                win_rate_ci,
                mean_return: mean,
                mean_return_ci: if games > 0 { Z95 * (var / games as f64).sqrt() } else { 0.0 },
                rating: ratings[bot],
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(seats: &[usize], returns: &[f64]) -> Outcome {
        Outcome { seats: seats.to_vec(), returns: returns.to_vec() }
    }

    #[test]
    fn wilson_interval_matches_known_values() {
        // 8 of 10: the textbook Wilson interval is [0.490, 0.943].
        let (p, [lo, hi]) = wilson(8.0, 10);
        assert!((p - 0.8).abs() < 1e-12);
        assert!((lo - 0.4902).abs() < 1e-3 && (hi - 0.9433).abs() < 1e-3, "{lo} {hi}");
        // All wins still leaves room below 1.
        let (_, [lo, hi]) = wilson(400.0, 400);
        assert!(lo > 0.99 && lo < 1.0 && hi > 0.999_999);
    }

    #[test]
    fn wins_draws_and_team_seats_are_counted_per_bot() {
        let outcomes = vec![
            game(&[0, 1], &[1.0, -1.0]),
            game(&[1, 0], &[1.0, -1.0]),
            game(&[0, 1], &[0.0, 0.0]),
            // Four seats in two teams: bot 0 in seats 0 and 2.
            game(&[0, 1, 0, 1], &[1.0, -1.0, 1.0, -1.0]),
        ];
        let table = summarize(&["a".into(), "b".into()], &outcomes);
        assert_eq!((table[0].wins, table[0].draws, table[0].losses), (2, 1, 1));
        assert_eq!((table[1].wins, table[1].draws, table[1].losses), (1, 1, 2));
        assert!((table[0].win_rate - 2.5 / 4.0).abs() < 1e-12);
        assert!((table[0].mean_return - 0.25).abs() < 1e-12);
        assert!(table[0].rating > 0.0 && (table[0].rating + table[1].rating).abs() < 1e-6);
    }

    #[test]
    fn bradley_terry_recovers_the_elo_gap_of_a_known_score() {
        // 75% against one opponent is about 191 Elo; with the virtual draw slightly less.
        let pairs = Pairwise {
            score: vec![vec![0.0, 750.0], vec![250.0, 0.0]],
            games: vec![vec![0, 1000], vec![1000, 0]],
        };
        let r = bradley_terry(&pairs);
        let gap = r[0] - r[1];
        assert!((gap - 190.8).abs() < 2.0, "{gap}");
    }
}
