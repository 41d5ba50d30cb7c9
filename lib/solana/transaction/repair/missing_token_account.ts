/**
 * The missing associated token account fix: when an instruction fails
 * because an account it writes does not exist, and that address is the
 * associated token account of an owner and a mint the message itself names,
 * the repair creates it first with the idempotent create instruction (a no-op
 * should it exist by the time the transaction lands). An address that is no
 * such account is reported, never guessed.
 *
 * @module
 */
import { type Address, getAddressEncoder, getProgramDerivedAddress } from "@solana/addresses";
import type { Instruction } from "@solana/kit";
import type { RpcOutcome, SolanaClient } from "../../rpc.ts";
import type { MessageView } from "../message.ts";
import { ASSOCIATED_TOKEN_PROGRAM } from "../program_errors/associated_token.ts";
import { SYSTEM_PROGRAM } from "../program_errors/system.ts";

const TOKEN_PROGRAMS = new Set([
  "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
  "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb",
]);
/** Most accounts one `getMultipleAccounts` call reads. */
const MAX_ACCOUNTS_PER_CALL = 100;
/** The idempotent variant of the Associated Token Account program's create instruction. */
const CREATE_IDEMPOTENT = 1;

/** An associated token account to create first. */
export interface MissingTokenAccount {
  account: string;
  owner: string;
  mint: string;
  tokenProgram: string;
}

/** What the search found. */
export interface MissingAccounts {
  /** Associated token accounts to create. */
  create: MissingTokenAccount[];
  /** Missing writable accounts that are no associated token account of what the message names. */
  unknown: string[];
}

/**
 * Reads every account of the message (one call) and, for the failing
 * instruction's missing writable accounts, finds which are associated token
 * accounts of an (owner, mint) pair the message names.
 */
export async function findMissingTokenAccounts(
  client: SolanaClient,
  view: MessageView,
  instructionIndex: number,
  signal?: AbortSignal,
): Promise<MissingAccounts> {
  const instruction = view.instructions[instructionIndex];
  const addresses = view.accountKeys.map((key) => key.address).slice(0, MAX_ACCOUNTS_PER_CALL);
  if (!instruction) return { create: [], unknown: [] };
  const [outcome] = await client.batch([{
    method: "getMultipleAccounts",
    params: [addresses, { encoding: "jsonParsed", commitment: "confirmed" }],
  }], signal);
  const accounts = accountsOf(outcome);
  if (!accounts) return { create: [], unknown: [] };
  const missing = [...new Set(instruction.accounts)]
    .filter((i) => i < accounts.length && accounts[i] === null && view.accountKeys[i]?.writable)
    .filter((i) => !view.accountKeys[i]?.signer)
    .map((i) => addresses[i]!);
  if (missing.length === 0) return { create: [], unknown: [] };
  const mints = addresses.flatMap((address, i) => {
    const account = accounts[i];
    return account && TOKEN_PROGRAMS.has(account.owner) && account.type === "mint"
      ? [{ mint: address, tokenProgram: account.owner }]
      : [];
  });
  // An owner need not exist yet: a wallet the same transaction funds first is one.
  const owners = addresses.filter((address) => !missing.includes(address));
  const create: MissingTokenAccount[] = [];
  const unknown: string[] = [];
  for (const account of missing) {
    const found = await matchAssociated(account, owners, mints);
    if (found) create.push(found);
    else unknown.push(account);
  }
  return { create, unknown };
}

/** The idempotent create instruction for `missing`, paid by `payer`. */
export function createIdempotentInstruction(payer: string, missing: MissingTokenAccount): Instruction {
  return {
    programAddress: ASSOCIATED_TOKEN_PROGRAM as Address,
    accounts: [
      { address: payer as Address, role: 3 },
      { address: missing.account as Address, role: 1 },
      { address: missing.owner as Address, role: 0 },
      { address: missing.mint as Address, role: 0 },
      { address: SYSTEM_PROGRAM as Address, role: 0 },
      { address: missing.tokenProgram as Address, role: 0 },
    ],
    data: Uint8Array.of(CREATE_IDEMPOTENT),
  };
}

async function matchAssociated(
  account: string,
  owners: readonly string[],
  mints: readonly { mint: string; tokenProgram: string }[],
): Promise<MissingTokenAccount | null> {
  const encoder = getAddressEncoder();
  for (const { mint, tokenProgram } of mints) {
    for (const owner of owners) {
      const [address] = await getProgramDerivedAddress({
        programAddress: ASSOCIATED_TOKEN_PROGRAM as Address,
        seeds: [
          encoder.encode(owner as Address),
          encoder.encode(tokenProgram as Address),
          encoder.encode(mint as Address),
        ],
      });
      if (address === account) return { account, owner, mint, tokenProgram };
    }
  }
  return null;
}

/** Each account's owner and parsed type, `null` when it does not exist; `null` when the answer is unusable. */
function accountsOf(
  outcome: RpcOutcome | undefined,
): ({ owner: string; type: string | null } | null)[] | null {
  if (!outcome?.ok) return null;
  const value = (outcome.result as { value?: unknown } | null)?.value;
  if (!Array.isArray(value)) return null;
  return value.map((entry) => {
    if (!entry || typeof entry !== "object") return null;
    const { owner, data } = entry as { owner?: unknown; data?: { parsed?: { type?: unknown } } };
    const type = data && !Array.isArray(data) ? data.parsed?.type : null;
    return { owner: String(owner), type: typeof type === "string" ? type : null };
  });
}
