// This game's renderer is not drawn yet: the generic one stands in.
export { default } from '../generic.js';
