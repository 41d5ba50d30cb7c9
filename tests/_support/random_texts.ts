/**
 * Random texts for comparing a rewritten pattern with the pattern it replaces: short strings drawn from a
 * small alphabet that holds every class the pattern tells apart, from a seeded generator so a failure
 * repeats.
 *
 * @module
 */

/** A seeded generator of numbers in [0, 1) (mulberry32): the same draws on every run. */
export function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` random texts of up to `max` characters drawn from `alphabet`, the same for the same `seed`. */
export function randomTexts(seed: number, count: number, max: number, alphabet: readonly string[]): string[] {
  const next = seeded(seed);
  return Array.from({ length: count }, () => {
    const length = Math.floor(next() * (max + 1));
    return Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
  });
}
