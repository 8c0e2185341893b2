-- When each action was committed and when a table's play began (milliseconds since the
-- epoch), and each server's last sign of life: after a restart the seat to act is charged
-- the time it thought before the server stopped, never the time the server was down.
ALTER TABLE actions ADD COLUMN at BIGINT;
ALTER TABLE game_tables ADD COLUMN started BIGINT;
CREATE TABLE IF NOT EXISTS heartbeats (
    process TEXT PRIMARY KEY,
    at BIGINT NOT NULL
);
