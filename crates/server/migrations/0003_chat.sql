-- What was said at each table: `n` counts a table's lines from 0; `channel` is `table`
-- (every seat), `team:K` (the seats of team channel K) or `spectators`; `seat` is -1 for a
-- spectator; `seq` the number of actions played when it was said; `at` Unix milliseconds.
CREATE TABLE IF NOT EXISTS chat (
    table_id TEXT NOT NULL,
    n BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    channel TEXT NOT NULL,
    seat BIGINT NOT NULL,
    name TEXT NOT NULL,
    body TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (table_id, n)
);
