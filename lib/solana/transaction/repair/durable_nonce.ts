/**
 * Durable-nonce transactions in a repair: their lifetime is the nonce stored
 * in a nonce account (first instruction `AdvanceNonceAccount`), not a recent
 * blockhash. A fix of the compute limit or price keeps both: the nonce stays
 * the lifetime and `AdvanceNonceAccount` stays first. That is only worth
 * doing while the nonce the message carries is still the one stored; once the
 * account holds another (the nonce was used since, by this transaction or
 * another), the message can never land and the repair says what it would
 * take instead.
 *
 * @module
 */
import { getBase58Decoder, getBase64Encoder } from "@solana/codecs-strings";
import type { SolanaClient } from "../../rpc.ts";
import type { MessageView } from "../message.ts";
import { refuse } from "./refusal.ts";
import type { Repair } from "./schema.ts";

/** Bytes of a nonce account: version, state, authority, nonce, fee calculator. */
const NONCE_ACCOUNT_SIZE = 80;
const INITIALIZED = 1;
const SYSTEM_PROGRAM = "11111111111111111111111111111111";

/** A durable-nonce lifetime: the account advanced, who may advance it, and the nonce the message carries. */
export interface NonceLifetime {
  account: string;
  authority: string;
  nonce: string;
}

/** The lifetime of a message whose first instruction is `AdvanceNonceAccount`. */
export function nonceLifetimeOf(view: MessageView, lifetimeToken: string): NonceLifetime | null {
  const accounts = view.instructions[0]?.accounts ?? [];
  const account = view.accountKeys[accounts[0] ?? -1]?.address;
  const authority = view.accountKeys[accounts[2] ?? -1]?.address;
  return account && authority ? { account, authority, nonce: lifetimeToken } : null;
}

/**
 * The nonce the account stores now, or `null` when it holds none (absent,
 * not a System-owned nonce account, or not initialized).
 */
export async function storedNonce(
  client: SolanaClient,
  account: string,
  signal?: AbortSignal,
): Promise<string | null> {
  const [outcome] = await client.batch([{
    method: "getAccountInfo",
    params: [account, { encoding: "base64", commitment: "confirmed" }],
  }], signal);
  const value = (outcome?.ok ? (outcome.result as { value?: unknown } | null)?.value : null) as
    | { owner?: string; data?: unknown }
    | null
    | undefined;
  if (!value || value.owner !== SYSTEM_PROGRAM || !Array.isArray(value.data)) return null;
  const bytes = getBase64Encoder().encode(String(value.data[0]));
  if (bytes.length !== NONCE_ACCOUNT_SIZE) return null;
  const state = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
  return state === INITIALIZED ? getBase58Decoder().decode(bytes.subarray(40, 72)) : null;
}

/**
 * Why a durable-nonce message can no longer be repaired as it is, or `null`
 * while the nonce it carries is still the one stored.
 *
 * @example
 * ```ts
 * nonceRefusal(lifetime, "9xQe…", { landed: true })?.code; // "nonce_advanced"
 * ```
 */
export function nonceRefusal(
  lifetime: NonceLifetime,
  stored: string | null,
  { landed }: { landed: boolean },
): Repair | null {
  if (stored === lifetime.nonce) return null;
  if (stored === null) {
    return {
      ...refuse(
        "durable_nonce",
        `Its lifetime is the nonce of ${lifetime.account}, which holds no initialized nonce now, so no ` +
          "message on it can land: rebuild it with a recent blockhash, or initialize a nonce account first",
      ),
      account: lifetime.account,
    };
  }
  const why = landed
    ? "a durable-nonce transaction advances its nonce even when it fails, so this message can never land again"
    : "the nonce was used since this message was built, so it can never land as it is; first check that this " +
      "transaction (or another built on the same nonce) has not already landed";
  return {
    ...refuse(
      "nonce_advanced",
      `${lifetime.account} now stores the nonce ${stored}, not the ${lifetime.nonce} the message carries: ${why}. ` +
        `To send it again, rebuild it with the current nonce (AdvanceNonceAccount still first) and have the ` +
        `nonce authority ${lifetime.authority} and every other signer sign it again; or, if it need not wait ` +
        "for offline signatures, rebuild it with a recent blockhash instead",
    ),
    account: lifetime.account,
    nonce: stored,
  };
}

/**
 * The lifetime of a durable-nonce message while its nonce is still the one
 * stored (one `getAccountInfo`), else the refusal that says why not.
 */
export async function currentNonce(
  client: SolanaClient,
  request: { view: MessageView; decoded: { compiled: { lifetimeToken: string } }; landed?: boolean },
  signal?: AbortSignal,
): Promise<NonceLifetime | Repair> {
  const lifetime = nonceLifetimeOf(request.view, request.decoded.compiled.lifetimeToken);
  if (!lifetime) return refuse("durable_nonce", "Its AdvanceNonceAccount instruction names no nonce account");
  const stored = await storedNonce(client, lifetime.account, signal);
  return nonceRefusal(lifetime, stored, { landed: request.landed === true }) ?? lifetime;
}
