-- When each action was committed and when a table's play began (milliseconds since the
-- epoch); the server processes with their last sign of life, and which process owns each
-- table (its lease) under which generation: a process writes to a table only while it
-- holds that table's lease at that generation (fencing), and a table whose owner has gone
-- silent is taken over by another, one generation up. After a restart or a take-over the
-- seat to act is charged the time it thought before its server stopped, never the time
-- the table was down.
ALTER TABLE actions ADD COLUMN at BIGINT;
ALTER TABLE game_tables ADD COLUMN started BIGINT;
-- The table as the lobby lists it (JSON), written by its owner: the lobby every process shows.
ALTER TABLE game_tables ADD COLUMN summary TEXT;
CREATE TABLE IF NOT EXISTS processes (
    id TEXT PRIMARY KEY,
    url TEXT NOT NULL,
    key TEXT NOT NULL,
    beat BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS leases (
    table_id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    generation BIGINT NOT NULL
);
-- The unfinished tables are looked up at every heartbeat (take-overs, the lobby): by status.
CREATE INDEX IF NOT EXISTS game_tables_status ON game_tables (status, created);
CREATE INDEX IF NOT EXISTS leases_owner ON leases (owner);
