// Each game as the browser tests play it (tests/games.test.mjs and tests/spectators.test.mjs).

/**
 * Each game with the options a browser test plays it with (small and quick), how its
 * result reads in words, and what its moves carry across the board (a piece slides, a card
 * flies).
 */
export const PLAYED = {
  'sabotage-pipes': { options: { rounds: 2 }, seats: 2, slides: 'card', effect: /\(value \d+→\d+\)|removing/, words: /Final points: .+ \d+, .+ \d+ \(round 1 \d+–\d+, round 2 \d+–\d+\)/ },
  abagio: { options: {}, seats: 2, slides: 'piece', effect: /back to the root|covering/, words: /all twelve frogs into the pond|A draw: the turn limit/ },
  sabacc: { options: { players: 2, hands: 3 }, seats: 2, slides: 'chip', effect: /the hand pot|nobody wins/, words: /Money won or lost over the session: .+ [+-]?\d+, .+ [+-]?\d+\./ },
  abilene: { options: { players: 3, short_game: 2, placement: 'random' }, seats: 3, slides: 'piece', effect: /stealing|sells cow|Abilene with/, words: /Places: 1st .+ \((-?\$[\d,]+|bankrupt)\), 2nd .+, 3rd / },
  'sabotage-spies': { options: { players: 2, intro: true, round_limit: 10 }, seats: 2, effect: /declares|says "|is found|is revealed/, words: /The Spies win: they hacked|The Villains win: they hit|A draw: \d+ rounds passed/ },
};
