/**
 * Freezing a value to its depths, so that one copy can be handed to every
 * request that asks the same thing (a parsed input, a computed answer) and
 * none of them can change what the others get.
 *
 * @module
 */

/** `value` with every object and array in it frozen. */
export function frozenDeep<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozenDeep(inner);
    Object.freeze(value);
  }
  return value;
}
