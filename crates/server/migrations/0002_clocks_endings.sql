-- Clocks (each seat's time left after every action), endings other than the rules' own
-- (a resignation, a loss on time), and seats handed to a bot for good.
ALTER TABLE actions ADD COLUMN clocks TEXT;
ALTER TABLE game_tables ADD COLUMN ending TEXT;
ALTER TABLE seat_tokens ADD COLUMN gone BIGINT NOT NULL DEFAULT 0;
