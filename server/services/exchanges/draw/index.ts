/** Public API of the gift-exchange draw engine (pure, no I/O). See README.md. */
export { draw, DEFAULT_LIMITS } from './draw.js';
export { twoWay, groups, notLastTime, buildRestrictionIndex, indexFromLists, isAllowed } from './restrictions.js';
export { replaceParticipant, removeParticipant, addParticipant, reshuffleAround, RESHUFFLE_SIZE } from './replace.js';
export { placeLatecomers, spliceAlwaysFits, LATECOMERS_OWN_DRAW_MIN, SPLICE_NOT_SURE } from './latecomers.js';
export type { LatecomerResult } from './latecomers.js';
export { validateAssignment, checkSucc } from './validate.js';
export { createRng, hashSeed, sattolo, randomPermutation } from './random.js';
export { hallSentence } from './certificate.js';
export type { Rng } from './random.js';
export type { IndexBuildResult } from './restrictions.js';
export type { ValidationReport, ValidationRules } from './validate.js';
export type * from './types.js';
