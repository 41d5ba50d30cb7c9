/**
 * How long to wait before retrying, from what the transaction itself says: a
 * failing program's log line stating a time left or an interval (`retry in
 * 30 seconds`, `cooldown: 12 slots remaining`, `elapsed 40 < required 60`),
 * converted to seconds at about 0.4 s a slot. The basis is returned with the
 * number, so a caller can tell a stated wait from a default.
 *
 * @module
 */

import { comparedValues } from "./slippage/compared_values.ts";

/** Seconds per slot, as the cluster targets it. */
export const SECONDS_PER_SLOT = 0.4;

/** Where a wait came from. */
export const RETRY_BASES = ["stated_seconds", "stated_slots", "cause_default", "blockhash"] as const;

/** One of {@linkcode RETRY_BASES}. */
export type RetryBasis = typeof RETRY_BASES[number];

/** A wait and its basis. */
export interface RetryTiming {
  seconds: number;
  basis: RetryBasis;
  /** The log line it was read from, for a stated wait. */
  evidence?: string;
}

const UNIT_SECONDS: Record<string, number> = {
  s: 1,
  sec: 1,
  second: 1,
  min: 60,
  minute: 60,
  hour: 3600,
  h: 3600,
};

const AMOUNT = String.raw`(\d{1,9}(?:\.\d+)?)\s*(slots?|s|secs?|seconds?|mins?|minutes?|hours?|h)\b`;
/** A number and its unit next to words that make it a wait. */
const STATED = [
  new RegExp(
    String
      .raw`\b(?:retry|try again|wait|available|allowed|unlock\w*|next \w+)\b\D{0,24}?\b(?:in|after|for)\s+${AMOUNT}`,
    "i",
  ),
  new RegExp(String.raw`${AMOUNT}\s*(?:remaining|left|to go|until|before)\b`, "i"),
  new RegExp(String.raw`\b(?:remaining|left|cooldown|cool down|time left|wait)\b\s*[=:]?\s*${AMOUNT}`, "i"),
];
/** `elapsed 40 < required 60`, `elapsed=40 min_interval=60` (seconds unless it says slots). */
const ELAPSED =
  /\b(elapsed|since last[\w ]*?)\s*[=:]?\s*(\d{1,9})\b.*?\b(required|interval|min[_ ]?interval|minimum|cooldown|period)\s*[=:]?\s*(\d{1,9})\b/i;

/**
 * The wait a failing frame's own log lines state, newest line first, or
 * `null` when none does.
 *
 * @example
 * ```ts
 * statedWait(["Program log: Too soon: retry in 30 seconds"]); // { seconds: 30, basis: "stated_seconds", … }
 * statedWait(["Program log: cooldown: 25 slots remaining"]); // { seconds: 10, basis: "stated_slots", … }
 * ```
 */
export function statedWait(lines: readonly string[]): RetryTiming | null {
  for (const line of [...lines].reverse()) {
    if (/^Program (?:data|return|consumption):|^Program \S+ (?:consumed|invoke|success)/.test(line)) continue;
    for (const pattern of STATED) {
      const match = line.match(pattern);
      if (match) return timing(Number(match[1]), match[2]!, line);
    }
    const elapsed = line.replace(/_/g, " ").match(ELAPSED);
    if (elapsed && Number(elapsed[4]) > Number(elapsed[2])) {
      return timing(Number(elapsed[4]) - Number(elapsed[2]), /slot/i.test(line) ? "slots" : "s", line);
    }
  }
  return null;
}

function timing(amount: number, unit: string, evidence: string): RetryTiming | null {
  const key = unit.toLowerCase().replace(/s$/, "") || "s";
  if (key === "slot") {
    return { seconds: Math.max(1, Math.ceil(amount * SECONDS_PER_SLOT)), basis: "stated_slots", evidence };
  }
  const scale = UNIT_SECONDS[key] ?? UNIT_SECONDS[unit.toLowerCase()];
  if (scale === undefined || !Number.isFinite(amount)) return null;
  return { seconds: Math.max(1, Math.ceil(amount * scale)), basis: "stated_seconds", evidence };
}

/** Words that make an error about time: a check that some moment has not come yet. */
const TIME_WORDS =
  /too soon|too early|not yet|cooldown|cool down|interval|elapsed|not (?:ready|available|unlocked|started)|locked|timestamp|wait/;

/**
 * The wait in a time check's compared values: Anchor's `require_gt!(now,
 * unlock_time)` logs `Left:` and `Right:`; when the error speaks of time and
 * both values look like Unix seconds, milliseconds or slots, the gap between
 * them is the wait.
 *
 * @example
 * ```ts
 * comparedWait(["Program log: Left: 1744174400", "Program log: Right: 1744174460"], "claim too soon"); // 60 s
 * ```
 */
export function comparedWait(lines: readonly string[], words: string): RetryTiming | null {
  const pair = comparedValues(lines);
  if (!pair || !TIME_WORDS.test(words.toLowerCase())) return null;
  const [low, high] = pair[0] < pair[1] ? pair : [pair[1], pair[0]];
  const gap = Number(high - low);
  if (gap <= 0) return null;
  const evidence = `Left: ${pair[0]}, Right: ${pair[1]}`;
  const within = (from: number, to: number) => Number(low) >= from && Number(high) < to;
  if (within(1e9, 1e10)) return timing(gap, "s", evidence);
  if (within(1e12, 1e13)) return timing(gap / 1000, "s", evidence);
  if (within(1e6, 1e9)) return timing(gap, "slots", evidence);
  return null;
}
