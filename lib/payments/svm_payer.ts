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
 * The message is read by hand, as far as its instructions and no further:
 * kit's message decoder builds its codec and decodes every part, every
 * account's address in base58 included (about 0.35 ms a payment, on the
 * paid request's path, measured during `bench:paid`), where the payer needs
 * the instructions' bytes and one address.
 *
 * @module
 */
import { type Address, getAddressDecoder, getAddressEncoder } from "@solana/kit";
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { TOKEN_2022_PROGRAM_ADDRESS } from "@solana-program/token-2022";
import { WireReader } from "./svm_wire.ts";

/** The bytes of the token programs whose `TransferChecked` an `exact` payment makes. */
const TOKEN_PROGRAMS: readonly Uint8Array[] = [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS].map((
  program,
) => new Uint8Array(getAddressEncoder().encode(program)));

/** The first byte of a token program's `TransferChecked` instruction data. */
const TRANSFER_CHECKED = 12;

/** Where the transfer's authority is among `TransferChecked`'s accounts. */
const AUTHORITY_ACCOUNT = 3;

/** Bytes of an address, and of a blockhash. */
const ADDRESS_BYTES = 32;
/** The header: required signatures, read-only signed accounts, read-only unsigned accounts. */
const HEADER_BYTES = 3;
/** The high bit of a versioned message's first byte; the rest is the version. */
const VERSIONED = 0x80;

/**
 * The authority of the first `TransferChecked` in `message` (the bytes of a
 * transaction's message, what its signatures sign); `undefined` when it is
 * not a legacy or version 0 message, makes no such transfer, or names its
 * authority through an address lookup table (an `exact` payment never does).
 */
export function transferAuthority(message: Uint8Array): Address | undefined {
  const reader = new WireReader(message);
  try {
    if (message[0]! & VERSIONED) {
      // A version 1 message lays its instructions out otherwise: an `exact` payment is a version 0 one.
      if (reader.byte() !== VERSIONED) return undefined;
    }
    reader.skip(HEADER_BYTES);
    const accountCount = reader.shortLength();
    const accountsAt = reader.skip(accountCount * ADDRESS_BYTES);
    const account = (index: number) =>
      message.subarray(accountsAt + index * ADDRESS_BYTES, accountsAt + (index + 1) * ADDRESS_BYTES);
    reader.skip(ADDRESS_BYTES); // the blockhash
    const instructionCount = reader.shortLength();
    for (let i = 0; i < instructionCount; i++) {
      const program = reader.byte();
      const indicesAt = reader.skip(reader.shortLength());
      const indexCount = reader.offset - indicesAt;
      const dataAt = reader.skip(reader.shortLength());
      if (program >= accountCount || !TOKEN_PROGRAMS.some((token) => sameBytes(token, account(program)))) {
        continue;
      }
      if (reader.offset === dataAt || message[dataAt] !== TRANSFER_CHECKED) continue;
      if (indexCount <= AUTHORITY_ACCOUNT) return undefined;
      const authority = message[indicesAt + AUTHORITY_ACCOUNT]!;
      return authority < accountCount ? getAddressDecoder().decode(account(authority)) : undefined;
    }
    return undefined;
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
