-- Accounts: a name (unique whatever its case: `name_key` is it lowercased) and the Argon2id
-- hash of its password (PHC string); the sessions signed in (the SHA-256 of each session's
-- cookie, and when it expires, Unix seconds); the account holding each seat taken while
-- signed in; rated tables; each account's Glicko-2 rating per game, and its rating after
-- each rated game.
CREATE TABLE IF NOT EXISTS accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password TEXT NOT NULL,
    created BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
    hash TEXT PRIMARY KEY,
    account TEXT NOT NULL,
    created BIGINT NOT NULL,
    expires BIGINT NOT NULL
);
ALTER TABLE seat_tokens ADD COLUMN account TEXT;
CREATE INDEX IF NOT EXISTS seat_tokens_account ON seat_tokens (account);
ALTER TABLE game_tables ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS ratings (
    account TEXT NOT NULL,
    game TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (account, game)
);
CREATE TABLE IF NOT EXISTS rating_history (
    account TEXT NOT NULL,
    table_id TEXT NOT NULL,
    game TEXT NOT NULL,
    at BIGINT NOT NULL,
    previous DOUBLE PRECISION NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (account, table_id)
);
