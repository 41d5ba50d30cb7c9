/**
 * Who pays an x402 `exact` payment on Solana, read from its transaction: the
 * authority of its `TransferChecked` (the instruction's fourth account, after
 * the source, the mint and the destination), which signs the transfer from
 * its own token account. The facilitator names the payer the same way, but
 * only once asked to verify: a payment verified by its settlement alone (see
 * `authorization.ts`) is recorded as settling before the facilitator has seen
 * it, and that record must still say who paid (for the settlement log, and
 * for whoever resolves it from the chain after a crash).
 *
 * What the transaction claims is not checked here: the facilitator verifies
 * it, signature included, before anything is sent.
 *
 * @module
 */
import { type Address, getCompiledTransactionMessageDecoder } from "@solana/kit";
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { TOKEN_2022_PROGRAM_ADDRESS } from "@solana-program/token-2022";

/** The token programs whose `TransferChecked` an `exact` payment makes. */
const TOKEN_PROGRAMS: ReadonlySet<string> = new Set([TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]);

/** The first byte of a token program's `TransferChecked` instruction data. */
const TRANSFER_CHECKED = 12;

/** Where the transfer's authority is among `TransferChecked`'s accounts. */
const AUTHORITY_ACCOUNT = 3;

/**
 * The authority of the first `TransferChecked` in `message` (the bytes of a
 * transaction's message, what its signatures sign); `undefined` when it is
 * not a message, makes no such transfer, or names its authority through an
 * address lookup table (an `exact` payment never does).
 */
export function transferAuthority(message: Uint8Array): Address | undefined {
  let compiled;
  try {
    compiled = getCompiledTransactionMessageDecoder().decode(message);
  } catch {
    return undefined;
  }
  // A version 1 message lays its instructions out otherwise: an `exact` payment is a version 0 one.
  if (!("instructions" in compiled)) return undefined;
  const accounts = compiled.staticAccounts;
  for (const instruction of compiled.instructions) {
    const program = accounts[instruction.programAddressIndex];
    if (program === undefined || !TOKEN_PROGRAMS.has(program)) continue;
    if (instruction.data?.[0] !== TRANSFER_CHECKED) continue;
    const authority = instruction.accountIndices?.[AUTHORITY_ACCOUNT];
    return authority === undefined ? undefined : accounts[authority];
  }
  return undefined;
}
