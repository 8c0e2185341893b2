// The board of Abilene as data, generated from crates/games/abilene/src/board.rs (its
// table: ranch i's field of ring k, position j lies on the axial hex (k − j)·Di + j·D(i+1);
// `Kind::of` gives the kind; `ranches_in_play` the ranches of each player count) and checked
// against both diagrams of docs/rules/abilene.md. The view carries no geometry, so the
// renderer draws from this copy: it must stay exactly equal to the Rust data (regenerate it
// if board.rs changes).

/** @typedef {'boot' | 'cow-head' | 'outer-edge' | 'plain'} FieldKind */
/** @typedef {{name: string, q: number, r: number, kind: FieldKind, ranch: number, ring: number, pos: number}} Field */

/** The 162 fields in number order (27·ranch + k(k−1)/2 − 1 + j): name, q, r, kind. */
/** @type {[string, number, number, FieldKind][]} */
const RAW = [
  ['a20', 0, -2, 'plain'], ['a21', 1, -2, 'plain'], ['a30', 0, -3, 'plain'], ['a31', 1, -3, 'boot'], ['a32', 2, -3, 'plain'],
  ['a40', 0, -4, 'boot'], ['a41', 1, -4, 'boot'], ['a42', 2, -4, 'boot'], ['a43', 3, -4, 'boot'], ['a50', 0, -5, 'plain'],
  ['a51', 1, -5, 'cow-head'], ['a52', 2, -5, 'cow-head'], ['a53', 3, -5, 'cow-head'], ['a54', 4, -5, 'plain'], ['a60', 0, -6, 'cow-head'],
  ['a61', 1, -6, 'cow-head'], ['a62', 2, -6, 'cow-head'], ['a63', 3, -6, 'cow-head'], ['a64', 4, -6, 'cow-head'], ['a65', 5, -6, 'cow-head'],
  ['a70', 0, -7, 'outer-edge'], ['a71', 1, -7, 'outer-edge'], ['a72', 2, -7, 'outer-edge'], ['a73', 3, -7, 'outer-edge'], ['a74', 4, -7, 'outer-edge'],
  ['a75', 5, -7, 'outer-edge'], ['a76', 6, -7, 'outer-edge'],
  ['b20', 2, -2, 'plain'], ['b21', 2, -1, 'plain'], ['b30', 3, -3, 'plain'], ['b31', 3, -2, 'boot'], ['b32', 3, -1, 'plain'],
  ['b40', 4, -4, 'boot'], ['b41', 4, -3, 'boot'], ['b42', 4, -2, 'boot'], ['b43', 4, -1, 'boot'], ['b50', 5, -5, 'plain'],
  ['b51', 5, -4, 'cow-head'], ['b52', 5, -3, 'cow-head'], ['b53', 5, -2, 'cow-head'], ['b54', 5, -1, 'plain'], ['b60', 6, -6, 'cow-head'],
  ['b61', 6, -5, 'cow-head'], ['b62', 6, -4, 'cow-head'], ['b63', 6, -3, 'cow-head'], ['b64', 6, -2, 'cow-head'], ['b65', 6, -1, 'cow-head'],
  ['b70', 7, -7, 'outer-edge'], ['b71', 7, -6, 'outer-edge'], ['b72', 7, -5, 'outer-edge'], ['b73', 7, -4, 'outer-edge'], ['b74', 7, -3, 'outer-edge'],
  ['b75', 7, -2, 'outer-edge'], ['b76', 7, -1, 'outer-edge'],
  ['c20', 2, 0, 'plain'], ['c21', 1, 1, 'plain'], ['c30', 3, 0, 'plain'], ['c31', 2, 1, 'boot'], ['c32', 1, 2, 'plain'],
  ['c40', 4, 0, 'boot'], ['c41', 3, 1, 'boot'], ['c42', 2, 2, 'boot'], ['c43', 1, 3, 'boot'], ['c50', 5, 0, 'plain'],
  ['c51', 4, 1, 'cow-head'], ['c52', 3, 2, 'cow-head'], ['c53', 2, 3, 'cow-head'], ['c54', 1, 4, 'plain'], ['c60', 6, 0, 'cow-head'],
  ['c61', 5, 1, 'cow-head'], ['c62', 4, 2, 'cow-head'], ['c63', 3, 3, 'cow-head'], ['c64', 2, 4, 'cow-head'], ['c65', 1, 5, 'cow-head'],
  ['c70', 7, 0, 'outer-edge'], ['c71', 6, 1, 'outer-edge'], ['c72', 5, 2, 'outer-edge'], ['c73', 4, 3, 'outer-edge'], ['c74', 3, 4, 'outer-edge'],
  ['c75', 2, 5, 'outer-edge'], ['c76', 1, 6, 'outer-edge'],
  ['d20', 0, 2, 'plain'], ['d21', -1, 2, 'plain'], ['d30', 0, 3, 'plain'], ['d31', -1, 3, 'boot'], ['d32', -2, 3, 'plain'],
  ['d40', 0, 4, 'boot'], ['d41', -1, 4, 'boot'], ['d42', -2, 4, 'boot'], ['d43', -3, 4, 'boot'], ['d50', 0, 5, 'plain'],
  ['d51', -1, 5, 'cow-head'], ['d52', -2, 5, 'cow-head'], ['d53', -3, 5, 'cow-head'], ['d54', -4, 5, 'plain'], ['d60', 0, 6, 'cow-head'],
  ['d61', -1, 6, 'cow-head'], ['d62', -2, 6, 'cow-head'], ['d63', -3, 6, 'cow-head'], ['d64', -4, 6, 'cow-head'], ['d65', -5, 6, 'cow-head'],
  ['d70', 0, 7, 'outer-edge'], ['d71', -1, 7, 'outer-edge'], ['d72', -2, 7, 'outer-edge'], ['d73', -3, 7, 'outer-edge'], ['d74', -4, 7, 'outer-edge'],
  ['d75', -5, 7, 'outer-edge'], ['d76', -6, 7, 'outer-edge'],
  ['e20', -2, 2, 'plain'], ['e21', -2, 1, 'plain'], ['e30', -3, 3, 'plain'], ['e31', -3, 2, 'boot'], ['e32', -3, 1, 'plain'],
  ['e40', -4, 4, 'boot'], ['e41', -4, 3, 'boot'], ['e42', -4, 2, 'boot'], ['e43', -4, 1, 'boot'], ['e50', -5, 5, 'plain'],
  ['e51', -5, 4, 'cow-head'], ['e52', -5, 3, 'cow-head'], ['e53', -5, 2, 'cow-head'], ['e54', -5, 1, 'plain'], ['e60', -6, 6, 'cow-head'],
  ['e61', -6, 5, 'cow-head'], ['e62', -6, 4, 'cow-head'], ['e63', -6, 3, 'cow-head'], ['e64', -6, 2, 'cow-head'], ['e65', -6, 1, 'cow-head'],
  ['e70', -7, 7, 'outer-edge'], ['e71', -7, 6, 'outer-edge'], ['e72', -7, 5, 'outer-edge'], ['e73', -7, 4, 'outer-edge'], ['e74', -7, 3, 'outer-edge'],
  ['e75', -7, 2, 'outer-edge'], ['e76', -7, 1, 'outer-edge'],
  ['f20', -2, 0, 'plain'], ['f21', -1, -1, 'plain'], ['f30', -3, 0, 'plain'], ['f31', -2, -1, 'boot'], ['f32', -1, -2, 'plain'],
  ['f40', -4, 0, 'boot'], ['f41', -3, -1, 'boot'], ['f42', -2, -2, 'boot'], ['f43', -1, -3, 'boot'], ['f50', -5, 0, 'plain'],
  ['f51', -4, -1, 'cow-head'], ['f52', -3, -2, 'cow-head'], ['f53', -2, -3, 'cow-head'], ['f54', -1, -4, 'plain'], ['f60', -6, 0, 'cow-head'],
  ['f61', -5, -1, 'cow-head'], ['f62', -4, -2, 'cow-head'], ['f63', -3, -3, 'cow-head'], ['f64', -2, -4, 'cow-head'], ['f65', -1, -5, 'cow-head'],
  ['f70', -7, 0, 'outer-edge'], ['f71', -6, -1, 'outer-edge'], ['f72', -5, -2, 'outer-edge'], ['f73', -4, -3, 'outer-edge'], ['f74', -3, -4, 'outer-edge'],
  ['f75', -2, -5, 'outer-edge'], ['f76', -1, -6, 'outer-edge'],
];

/** @type {Field[]} */
export const FIELDS = RAW.map(([name, q, r, kind]) => ({
  name, q, r, kind, ranch: 'abcdef'.indexOf(name[0]), ring: Number(name[1]), pos: Number(name[2]),
}));

/** The field of each name. */
export const BY_NAME = new Map(FIELDS.map((f) => [f.name, f]));

/** The ranches (0 = A … 5 = F) of seats 0, 1, 2, … for each player count (board.rs `ranches_in_play`). */
/** @type {Record<number, number[]>} */
export const RANCHES_IN_PLAY = { 3: [0, 2, 4], 4: [0, 1, 3, 4], 5: [0, 1, 2, 3, 4], 6: [0, 1, 2, 3, 4, 5] };

/** The six directions (dq, dr), D0 (NW) to D5 (W), clockwise from the upper left. */
export const DIRS = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];
