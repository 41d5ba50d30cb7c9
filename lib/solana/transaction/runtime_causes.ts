/**
 * What the runtime itself says went wrong in a frame, beyond the bare
 * InstructionError: a program address its seeds do not make (`Could not
 * create program address with signer seeds: …`, which the error reports only
 * as `ProgramFailedToComplete`), and an account a cross-program call wanted
 * as a signer or writable that the transaction did not pass that way
 * (`<key>'s signer privilege escalated`). Both are mistakes in how the
 * transaction was built: sending it again as is cannot help.
 *
 * @module
 */
import type { LogFrame } from "./logs.ts";

/** A cause the runtime states in words, with the account it names and what to change. */
export interface RuntimeCause {
  /** The InstructionError the words stand for (`InvalidSeeds`, `PrivilegeEscalation`). */
  errorName: string;
  message: string;
  /** The account the runtime names, when it names one. */
  account: string | null;
}

/** The syscall's text for seeds that make no program address (Agave `SyscallError::BadSeeds`). */
const BAD_SEEDS = /^Could not create program address with signer seeds: (.+)$/;

/** The runtime's note before a CPI that asks for more than the caller has (Agave `prepare_instruction`). */
const ESCALATED = /^(\S+)'s (signer|writable) privilege escalated$/;

/** What a wrong seed means and how to fix it. */
const SEEDS_REMEDY =
  "an account passed is not the program address its seeds and bump derive under this program (wrong seeds, bump, " +
  "deriving program or account order): derive the address again the way the program does and rebuild the transaction";

/** The PubkeyError texts a seed derivation can fail with, and what each means. */
const SEED_ERRORS: Readonly<Record<string, { errorName: string; remedy: string }>> = {
  "Provided seeds do not result in a valid address": { errorName: "InvalidSeeds", remedy: SEEDS_REMEDY },
  "Length of the seed is too long for address generation": {
    errorName: "MaxSeedLengthExceeded",
    remedy:
      "a seed is longer than 32 bytes: pass the arguments the program derives its address from correctly",
  },
  "Provided owner is not allowed": {
    errorName: "IllegalOwner",
    remedy:
      "the seeds name an owner a program address may not have: check the program id the address is derived under",
  },
};

/**
 * The cause the runtime states for a failed frame, or `null` when it states
 * none beyond the error's name.
 *
 * @example
 * ```ts
 * runtimeCause({ ...frame, error: "Cross-program invocation with unauthorized signer or writable account",
 *   logs: ["9xQe…'s signer privilege escalated"] })?.account; // "9xQe…"
 * ```
 */
export function runtimeCause(frame: LogFrame | null | undefined, errorName: string): RuntimeCause | null {
  if (!frame) return null;
  const escalated = frame.logs.map((line) => line.match(ESCALATED)).findLast((match) => match !== null);
  if (escalated && (errorName === "PrivilegeEscalation" || frame.error?.includes("unauthorized signer"))) {
    return escalation(escalated[1]!, escalated[2] as "signer" | "writable");
  }
  const seeds = frame.error?.match(BAD_SEEDS);
  if (seeds) {
    const known = SEED_ERRORS[seeds[1]!];
    return {
      errorName: known?.errorName ?? "InvalidSeeds",
      message: `Could not create a program address with signer seeds (${seeds[1]}): ${
        known?.remedy ?? SEEDS_REMEDY
      }`,
      account: null,
    };
  }
  if (errorName === "InvalidSeeds") {
    return {
      errorName,
      message: `Provided seeds do not result in a valid address: ${SEEDS_REMEDY}`,
      account: null,
    };
  }
  return null;
}

function escalation(account: string, privilege: "signer" | "writable"): RuntimeCause {
  const remedy = privilege === "signer"
    ? `a program it calls needs ${account} to sign, but the transaction does not carry it as a signer: add ` +
      `${account} as a signer (with its signature) or pass the account the program expects there, then rebuild`
    : `a program it calls writes ${account}, but the transaction passes it read-only: mark ${account} ` +
      "writable in the message, then rebuild";
  return {
    errorName: "PrivilegeEscalation",
    message: `Cross-program invocation escalated ${account}'s ${privilege} privilege: ${remedy}`,
    account,
  };
}
