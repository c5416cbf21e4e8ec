/**
 * A start refused for a reason the operator can fix, said in a sentence (main.ts prints its message, not a
 * stack): the database refusing us, a key that does not open what it should.
 */
export class StartRefusal extends Error {}
