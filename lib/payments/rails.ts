/**
 * Payment rails: the chains a price can be paid on. A rail names its CAIP-2
 * network, who is paid, the x402 server scheme that turns a USD price into a
 * USDC requirement, and how to recognise one signed payment however it is
 * re-encoded (the key of the replay claim). Adding a chain is adding a rail.
 *
 * A rail's chain libraries (the x402 scheme, `@solana/kit`'s decoder) are
 * loaded on its first priced request, not at start: an idle service does not
 * hold them, and a rail nobody pays on never loads them.
 *
 * @module
 */
import type { Network, PaymentPayload, SchemeNetworkServer } from "@x402/core/types";
import { z } from "zod";
import type { ServiceError } from "../shared/errors.ts";
import type { BlockhashSource } from "./recent_blockhash.ts";
import { WireReader } from "./svm_wire.ts";

/** Which family of chain a rail settles on. */
export type RailId = "solana" | "evm";

/** One chain a price can be paid on. */
export interface PaymentRail {
  /** The rail's family: `solana` for the plain paths, `evm` for `/alt`. */
  readonly id: RailId;
  /** Human name of the chain, for messages and docs. */
  readonly label: string;
  /** CAIP-2 network id. */
  readonly network: Network;
  /** The address that receives USDC. */
  readonly payTo: string;
  /** The USDC contract or mint on this network. */
  readonly asset: string;
  /** The x402 server scheme for `exact` payments on this network, loaded on the first call. */
  loadScheme(): Promise<SchemeNetworkServer>;
  /** Seconds a signed payment stays valid. */
  readonly maxTimeoutSeconds: number;
  /** The shape of a payment's scheme payload (`payload.payload`) on this rail, checked before verification. */
  readonly payloadShape: z.ZodType;
  /**
   * A stable id of the signed payment, the same for every re-encoding of it;
   * rejects with a `TypeError` when the payload is not a payment of this rail.
   */
  paymentId(payload: PaymentPayload): Promise<string>;
  /**
   * Why the rail cannot take payments now (its chain is down), checked before
   * every offer, verification and settlement; `undefined` when it can.
   */
  readonly unavailable?: () => ServiceError | undefined;
  /**
   * The Unix times (seconds) between which the signed payment can be
   * settled, when the payment states them. A Solana payment states none: it
   * lives as long as its recent blockhash (about 150 slots, a minute or so),
   * and the `exact` scheme's fixed instruction layout leaves no room for a
   * durable nonce that would outlive it.
   */
  validityWindow?(payload: PaymentPayload): { validAfter: bigint; validBefore: bigint } | undefined;
  /**
   * Scheme fields that change over time, added to the `extra` of every offer
   * sent on this rail (Solana: a recent blockhash, see `recent_blockhash.ts`),
   * or `undefined` when there are none now: the same object for as long as
   * they are unchanged. The x402 scheme lists them as dynamic, so a payment
   * signed on an earlier offer still matches.
   */
  freshExtra?(): Readonly<Record<string, string>> | undefined;
  /**
   * `true` when the rail's facilitator verifies a payment in full inside its
   * settlement, before it sends anything (Solana's `exact` scheme: the x402
   * facilitator re-runs its verification, simulation included, and refuses
   * without broadcasting). Only then may an operation that opts in skip the
   * verification before its handler (see `Operation.verifyInSettlement`).
   * EVM's `exact` settlement checks the authorization but does not simulate
   * the transfer, so an unfunded one would be sent and revert: it verifies
   * first.
   */
  readonly verifiesInSettlement?: true;
  /**
   * The paying address the signed payment names, read from it without the
   * facilitator (Solana: the transfer's authority, see `svm_payer.ts`), for
   * a payment recorded as settling before the facilitator has verified it;
   * `undefined` when it names none. Not verified here.
   */
  payer?(payload: PaymentPayload): Promise<string | undefined>;
}

/** Throws the rail's reason when it cannot take payments now. */
export function throwIfUnavailable(rail: PaymentRail): void {
  const down = rail.unavailable?.();
  if (down) throw down;
}

const decimal = z.string().regex(/^\d{1,78}$/, "expected a whole number as a decimal string");
const hex = (bytes?: number) =>
  z.string().regex(
    bytes === undefined ? /^0x(?:[0-9a-fA-F]{2})+$/ : new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`),
    bytes === undefined ? "expected 0x-prefixed hex" : `expected 0x and ${bytes * 2} hex digits`,
  );

/** An `exact` Solana payment: a partially signed transaction in base64. */
const SOLANA_PAYLOAD = z.object({ transaction: z.string().min(1) });

/** An `exact` EVM payment by EIP-3009 authorization, as the x402 EVM client signs it. */
const EIP3009_PAYLOAD = z.object({
  signature: hex(),
  authorization: z.object({
    from: hex(20),
    to: hex(20),
    value: decimal,
    validAfter: decimal,
    validBefore: decimal,
    nonce: hex(32),
  }),
});

/** CAIP-2 ids and USDC addresses of the networks we accept. */
export const NETWORKS = {
  solanaMainnet: {
    network: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
    usdc: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
  },
  solanaDevnet: {
    network: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
    usdc: "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU",
  },
  base: { network: "eip155:8453", usdc: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" },
  baseSepolia: { network: "eip155:84532", usdc: "0x036CbD53842c5426634e7929541eC2318f3dCF7e" },
} as const satisfies Record<string, { network: Network; usdc: string }>;

/** Options of a rail. */
export interface RailOptions {
  network: Network;
  asset: string;
  payTo: string;
  maxTimeoutSeconds?: number;
}

/** Options of a Solana rail. */
export interface SolanaRailOptions extends RailOptions {
  /** The recent blockhash offered with every requirement, so that buyers need not fetch one. */
  recentBlockhash?: BlockhashSource;
}

/**
 * A Solana rail. A payment is identified by the bytes of its signed message:
 * the same transfer cannot be dressed up as a new payment.
 */
export function solanaRail(options: SolanaRailOptions): PaymentRail {
  // A paid call reads its transaction's message twice (its id, then its payer): decoded once.
  let last: { transaction: string; message: Uint8Array } | undefined;
  const messageOf = (transaction: string) => {
    if (last?.transaction !== transaction) last = { transaction, message: signedMessageBytes(transaction) };
    return last.message;
  };
  return {
    freshExtra: options.recentBlockhash,
    id: "solana",
    label: "Solana",
    network: options.network,
    asset: options.asset,
    payTo: options.payTo,
    loadScheme: once(async () => new (await import("@x402/svm/exact/server")).ExactSvmScheme()),
    maxTimeoutSeconds: options.maxTimeoutSeconds ?? 60,
    payloadShape: SOLANA_PAYLOAD,
    verifiesInSettlement: true,
    async paymentId(payload) {
      const transaction = payload.payload?.transaction;
      if (typeof transaction !== "string") throw new TypeError("Payment has no Solana transaction");
      return await sha256Hex(messageOf(transaction));
    },
    async payer(payload) {
      const transaction = payload.payload?.transaction;
      if (typeof transaction !== "string") return undefined;
      let message: Uint8Array;
      try {
        message = messageOf(transaction);
      } catch {
        return undefined;
      }
      return (await svmPayer()).transferAuthority(message);
    },
  };
}

/** The Solana payer's reader, loaded with the first payment that needs it. */
const svmPayer = once(() => import("./svm_payer.ts"));

/**
 * An EVM rail paid by EIP-3009 authorizations. A payment is identified by its
 * signer and nonce, which the token contract also refuses to see twice.
 */
export function evmRail(options: RailOptions): PaymentRail {
  return {
    id: "evm",
    label: "Base",
    network: options.network,
    asset: options.asset,
    payTo: options.payTo,
    loadScheme: once(async () => new (await import("@x402/evm/exact/server")).ExactEvmScheme()),
    maxTimeoutSeconds: options.maxTimeoutSeconds ?? 60,
    payloadShape: EIP3009_PAYLOAD,
    paymentId(payload) {
      const authorization = payload.payload?.authorization as { from?: unknown; nonce?: unknown } | undefined;
      const from = authorization?.from;
      const nonce = authorization?.nonce;
      if (typeof from !== "string" || typeof nonce !== "string") {
        return Promise.reject(new TypeError("Payment has no EIP-3009 authorization"));
      }
      return Promise.resolve(`${options.network}:${from.toLowerCase()}:${nonce.toLowerCase()}`);
    },
    validityWindow(payload) {
      const parsed = EIP3009_PAYLOAD.safeParse(payload.payload);
      if (!parsed.success) return undefined;
      const { validAfter, validBefore } = parsed.data.authorization;
      return { validAfter: BigInt(validAfter), validBefore: BigInt(validBefore) };
    },
  };
}

/** `load`, run on the first call only; a failed load is tried again on the next call. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/** Bytes of a signature in a Solana transaction. */
const SIGNATURE_BYTES = 64;

/**
 * The message of a signed Solana transaction in base64: what follows its
 * signatures (a compact-u16 count, then 64 bytes each). Read from the wire
 * format directly; decoding the whole transaction would turn every address
 * into base58 for nothing. What the message says is checked by the
 * facilitator's verification.
 *
 * @throws {TypeError} when it is not base64 of a signed transaction
 */
export function signedMessageBytes(base64: string): Uint8Array {
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    throw new TypeError("the transaction is not base64");
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < bytes.length; i++) bytes[i] = binary.charCodeAt(i);
  const reader = new WireReader(bytes);
  let signatures: number;
  try {
    signatures = reader.shortLength();
  } catch {
    throw new TypeError("the transaction has no signature count");
  }
  const start = reader.offset + signatures * SIGNATURE_BYTES;
  if (signatures === 0 || start >= bytes.length) {
    throw new TypeError("the transaction is not a signed message");
  }
  return bytes.subarray(start);
}

/** Node's hashing, loaded with the first payment: an idle service does not hold it. */
const nodeCrypto = once(() => import("node:crypto"));

/**
 * SHA-256 of `bytes` in hex, on the request's thread: Node's `createHash` is
 * a synchronous native call (about 5 µs for a payment's message here), where
 * WebCrypto's digest hops to another thread and back (about 40 µs, and
 * several milliseconds at the 90th percentile of paid calls when the machine
 * is busy). The same hex as WebCrypto's, so payment ids stay what they were.
 */
async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const { createHash } = await nodeCrypto();
  return createHash("sha256").update(bytes).digest("hex");
}
