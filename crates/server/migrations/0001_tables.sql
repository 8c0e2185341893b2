-- Every table, its seats' tokens (hashed) and every accepted action, in order.
CREATE TABLE IF NOT EXISTS game_tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed BIGINT NOT NULL,
    clock TEXT,
    status TEXT NOT NULL,
    result TEXT,
    created BIGINT NOT NULL,
    finished BIGINT
);

CREATE TABLE IF NOT EXISTS seat_tokens (
    table_id TEXT NOT NULL,
    seat BIGINT NOT NULL,
    token_hash TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);

CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    action TEXT NOT NULL,
    player TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
