/**
 * Which account an account-state failure is about and what state it is in:
 * the address (from the error's account index, the System program's "already
 * in use" line, or the one account of the failing instruction that did not
 * exist before the run), its position in that instruction, the name the
 * program gives it (Anchor's "caused by account"), and the state read from
 * the error's name.
 *
 * @module
 */
import { failingInstruction } from "./failing_instruction.ts";
import type { FailureContext } from "./failure_context.ts";

/** The states an account can be in that make an instruction fail. */
export const ACCOUNT_STATES = [
  "not_initialized",
  "already_in_use",
  "wrong_owner",
  "frozen",
  "closed",
  "insufficient_rent",
] as const;

/** One of {@linkcode ACCOUNT_STATES}. */
export type AccountState = typeof ACCOUNT_STATES[number];

/** The account a failure is about. */
export interface AccountFinding {
  account?: string;
  /** Its position in the failing instruction's account list. */
  accountIndex?: number;
  /** The name the program gives it. */
  accountRole?: string;
  accountState?: AccountState;
}

const STATE_WORDS: ReadonlyArray<[RegExp, AccountState]> = [
  [/not ?initiali[sz]ed|uninitiali[sz]ed|not initialised/, "not_initialized"],
  [/already (?:initiali[sz]ed|in use|exists?|created)|alreadyinuse|alreadyinitiali[sz]ed/, "already_in_use"],
  [/\brent\b|rent[- ]exempt|notrentexempt|forrent/, "insufficient_rent"],
  [/frozen/, "frozen"],
  [/closed|does not exist|not found|accountnotfound/, "closed"],
  [
    /owner|owned ?by ?(?:the |a )?(?:wrong|different)|wrong ?program|incorrectprogramid|program id/,
    "wrong_owner",
  ],
];

function stateIn(text: string): AccountState | undefined {
  return STATE_WORDS.find(([pattern]) => pattern.test(text))?.[1];
}

const ALREADY_IN_USE =
  /(?:Allocate|Create Account|Assign): account Address \{ address: (\w+),[^}]*\} already in use/;
const ANCHOR_ACCOUNT = /AnchorError caused by account: (\w+)\./;

/**
 * The account an account-state failure points at, as far as the error, the
 * instruction and the balances tell.
 *
 * @example
 * ```ts
 * accountFinding(input); // { account: "9xQ…", accountIndex: 1, accountState: "already_in_use" }
 * ```
 */
export function accountFinding(input: FailureContext): AccountFinding {
  const { failure, frame, frames, view, innerInstructions, snapshot } = input;
  const lines = frame ? [frame.error ?? "", ...frame.logs] : [];
  const named = `${failure?.errorName ?? ""} ${failure?.message ?? ""}`.toLowerCase();
  const stated = lines.map((line) => line.match(ALREADY_IN_USE)?.[1]).find(Boolean);
  const role = lines.map((line) => line.match(ANCHOR_ACCOUNT)?.[1]).find(Boolean);
  // The error's own name and message first; the frame's lines only when they say nothing.
  const state = stated ? "already_in_use" : stateIn(named) ?? stateIn(lines.join(" ").toLowerCase());
  const instruction = frame && view ? failingInstruction(frame, frames, view, innerInstructions) : null;
  const accounts = instruction?.program === frame?.program ? instruction?.accounts ?? [] : [];
  let account = stated ?? failure?.account ?? undefined;
  if (!account && (state === "not_initialized" || state === "closed") && snapshot) {
    // The one account of the instruction that held no lamports before the run did not exist.
    const missing = [...new Set(accounts)].filter((address) => {
      const at = snapshot.accounts.indexOf(address);
      return at >= 0 && snapshot.preLamports[at] === 0;
    });
    if (missing.length === 1) account = missing[0];
  }
  const index = account ? accounts.indexOf(account) : -1;
  return {
    ...(account ? { account } : {}),
    ...(index >= 0 ? { accountIndex: index } : {}),
    ...(role ? { accountRole: role } : {}),
    ...(state ? { accountState: state } : {}),
  };
}
