/**
 * Decoding of wire transactions (base58/base64) as a validator's RPC does it,
 * with its size limits and `-32602` messages, into the pieces the local chain
 * needs: the kit `Transaction`, the compiled message, the ordered signatures
 * and a key for the status cache.
 *
 * Messages decoded lately are remembered by their bytes: an x402 settlement
 * sends the very message its verification simulated, now signed by the fee
 * payer too, and kit's decoding of a message (its addresses in base58) costs
 * more than running it. A remembered message is used only for the same bytes
 * laid out as kit would read them; anything else is decoded by kit.
 *
 * @module
 */
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  getTransactionEncoder,
} from "@solana/kit";
import type { Address, CompiledTransactionMessage, SignatureBytes, Transaction } from "@solana/kit";
import { LruCache } from "../../shared/lru.ts";
import { invalidParams } from "./rpc_error.ts";

/** Largest serialized transaction a validator accepts (bytes). */
export const PACKET_DATA_SIZE = 1232;
const MAX_BASE58_SIZE = 1683;
const MAX_BASE64_SIZE = 1644;
const TRANSACTION_TYPE = "solana_transaction::versioned::VersionedTransaction";
const ZERO_SIGNATURE = "1".repeat(64);
const SIGNATURE_BYTES = 64;

/** Messages decoded lately, by their bytes in base64: many more than are verified and settled at once. */
const decodedMessages = new LruCache<string, CompiledMessage>(256);

type KitMessage = CompiledTransactionMessage & { lifetimeToken: string };

/** An instruction of a message, by account index. */
export interface MessageInstruction {
  programIdIndex: number;
  accounts: number[];
  data: Uint8Array;
}

/** A lookup of addresses in an address lookup table (v0 messages). */
export interface MessageLookup {
  lookupTableAddress: Address;
  writableIndexes: readonly number[];
  readonlyIndexes: readonly number[];
}

/** A decoded message, the same shape for every transaction version. */
export interface CompiledMessage {
  version: "legacy" | 0 | 1;
  header: {
    numSignerAccounts: number;
    numReadonlySignerAccounts: number;
    numReadonlyNonSignerAccounts: number;
  };
  staticAccounts: Address[];
  /** The recent blockhash, or the nonce of a durable-nonce transaction. */
  lifetimeToken: string;
  instructions: MessageInstruction[];
  addressTableLookups: MessageLookup[];
  /** The message as kit decoded it (for re-encoding). */
  kit: KitMessage;
}

/** A decoded wire transaction. */
export interface WireTransaction {
  /** The kit transaction (message bytes and signatures by signer). */
  transaction: Transaction;
  /** The decoded message. */
  message: CompiledMessage;
  /** Signatures in signer order, base58 (all `1`s when a slot is unsigned). */
  signatures: string[];
  /** The first signature: the transaction's id. */
  signature: string;
  /** Identifies the message for the status cache (same message, same key). */
  messageKey: string;
}

/** Binary encodings accepted for transactions. */
export type WireEncoding = "base58" | "base64";

/**
 * Decodes an encoded transaction from an RPC request.
 *
 * @throws {RpcError} `-32602` with the validator's wording when it is too large or malformed
 */
export function decodeWireTransaction(encoded: unknown, encoding: unknown = "base58"): WireTransaction {
  if (typeof encoded !== "string") throw invalidParams("Invalid params: invalid type: expected a string");
  const bytes = decodeBinary(encoded, encoding, TRANSACTION_TYPE);
  const known = withKnownMessage(bytes);
  if (known) return known;
  let transaction: Transaction;
  try {
    transaction = getTransactionDecoder().decode(bytes);
  } catch (error) {
    throw invalidParams(`failed to deserialize ${TRANSACTION_TYPE}: ${reason(error)}`);
  }
  return fromKitTransaction(transaction);
}

/**
 * Decodes base58/base64 text with the validator's size limits.
 *
 * @throws {RpcError} `-32602` for an unsupported encoding, oversize input or bad characters
 */
export function decodeBinary(encoded: string, encoding: unknown, typeName: string): Uint8Array {
  let bytes: Uint8Array;
  if (encoding === "base58") {
    if (encoded.length > MAX_BASE58_SIZE) {
      throw invalidParams(
        `base58 encoded ${typeName} too large: ${encoded.length} bytes (max: encoded/raw ${MAX_BASE58_SIZE}/${PACKET_DATA_SIZE})`,
      );
    }
    try {
      bytes = new Uint8Array(getBase58Encoder().encode(encoded));
    } catch (error) {
      throw invalidParams(`invalid base58 encoding: ${reason(error)}`);
    }
  } else if (encoding === "base64") {
    if (encoded.length > MAX_BASE64_SIZE) {
      throw invalidParams(
        `base64 encoded ${typeName} too large: ${encoded.length} bytes (max: encoded/raw ${MAX_BASE64_SIZE}/${PACKET_DATA_SIZE})`,
      );
    }
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 === 1) {
      throw invalidParams(`invalid base64 encoding: InvalidByte`);
    }
    bytes = new Uint8Array(getBase64Encoder().encode(encoded));
  } else {
    throw invalidParams(`unsupported encoding: ${String(encoding)}. Supported encodings: base58, base64`);
  }
  if (bytes.length > PACKET_DATA_SIZE) {
    throw invalidParams(
      `decoded ${typeName} too large: ${bytes.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`,
    );
  }
  return bytes;
}

/**
 * Wraps a kit transaction (e.g. from `signTransactionMessageWithSigners`).
 *
 * @throws {RpcError} `-32602` when the message cannot be decoded or its signatures do not fit its header
 */
export function fromKitTransaction(transaction: Transaction): WireTransaction {
  const messageKey = getBase64Decoder().decode(transaction.messageBytes);
  let message = decodedMessages.get(messageKey);
  if (message === undefined) {
    try {
      message = normalizeMessage(
        getCompiledTransactionMessageDecoder().decode(transaction.messageBytes) as KitMessage,
      );
    } catch (error) {
      throw invalidParams(`failed to deserialize ${TRANSACTION_TYPE}: ${reason(error)}`);
    }
  }
  const wire = withMessage(transaction, message, messageKey);
  decodedMessages.set(messageKey, message);
  return wire;
}

/** `transaction` with its decoded `message`, once its signatures are checked against the message's header. */
function withMessage(
  transaction: Transaction,
  message: CompiledMessage,
  messageKey: string,
): WireTransaction {
  const signatureBytes = Object.values(transaction.signatures);
  const required = message.header.numSignerAccounts;
  if (signatureBytes.length !== required || required === 0 || required > message.staticAccounts.length) {
    throw invalidParams("invalid transaction: Transaction failed to sanitize accounts offsets correctly");
  }
  const base58 = getBase58Decoder();
  const signatures = signatureBytes.map((bytes) => bytes ? base58.decode(bytes) : ZERO_SIGNATURE);
  return { transaction, message, signatures, signature: signatures[0] ?? ZERO_SIGNATURE, messageKey };
}

/**
 * The transaction in `bytes` when its message is one decoded lately, read as
 * kit reads a legacy or v0 transaction (signatures first, an all-zero
 * signature standing for a missing one); `undefined` when it is not, or when
 * anything about it is unusual (kit then decodes it, and says what is wrong).
 */
function withKnownMessage(bytes: Uint8Array): WireTransaction | undefined {
  const count = bytes[0];
  // One byte of signature count (under 128), signatures first: what kit reads as a legacy or v0 transaction.
  if (count === undefined || count === 0 || count >= 0x80) return undefined;
  const messageStart = 1 + count * SIGNATURE_BYTES;
  if (bytes.length <= messageStart) return undefined;
  const messageBytes = bytes.slice(messageStart);
  const messageKey = getBase64Decoder().decode(messageBytes);
  const message = decodedMessages.get(messageKey);
  if (message === undefined || message.version === 1) return undefined;
  const signers = message.staticAccounts.slice(0, message.header.numSignerAccounts);
  if (signers.length !== count) return undefined;
  const signatures: Record<string, SignatureBytes | null> = {};
  signers.forEach((signer, index) => {
    const signature = bytes.slice(1 + index * SIGNATURE_BYTES, 1 + (index + 1) * SIGNATURE_BYTES);
    signatures[signer] = signature.every((byte) => byte === 0)
      ? null
      : signature as unknown as SignatureBytes;
  });
  const transaction = { messageBytes, signatures: Object.freeze(signatures) } as unknown as Transaction;
  return withMessage(transaction, message, messageKey);
}

/**
 * Decodes a serialized message (as `getFeeForMessage` receives it).
 *
 * @throws {RpcError} `-32602` when it is not a valid message
 */
export function decodeMessage(bytes: Uint8Array): CompiledMessage {
  try {
    return normalizeMessage(getCompiledTransactionMessageDecoder().decode(bytes) as KitMessage);
  } catch (error) {
    throw invalidParams(
      `failed to deserialize solana_message::versioned::VersionedMessage: ${reason(error)}`,
    );
  }
}

/** The same transaction with another recent blockhash (signatures kept, so no longer valid). */
export function withRecentBlockhash(wire: WireTransaction, blockhash: string): WireTransaction {
  const kit = { ...wire.message.kit, lifetimeToken: blockhash } as KitMessage;
  const messageBytes = getCompiledTransactionMessageEncoder().encode(kit);
  return fromKitTransaction({ ...wire.transaction, messageBytes } as Transaction);
}

/** The wire bytes of a transaction. */
export function encodeWireTransaction(transaction: Transaction): Uint8Array {
  return new Uint8Array(getTransactionEncoder().encode(transaction));
}

/** The fee payer: the first static account. */
export function feePayerOf(message: CompiledMessage): Address {
  return message.staticAccounts[0] as Address;
}

function normalizeMessage(kit: KitMessage): CompiledMessage {
  const common = {
    header: kit.header,
    staticAccounts: kit.staticAccounts,
    lifetimeToken: kit.lifetimeToken,
    kit,
  };
  if (kit.version === 1) {
    const instructions = kit.instructionHeaders.map((header, index) => ({
      programIdIndex: header.programAccountIndex,
      accounts: [...(kit.instructionPayloads[index]?.instructionAccountIndices ?? [])],
      data: new Uint8Array(kit.instructionPayloads[index]?.instructionData ?? []),
    }));
    return { ...common, version: 1, instructions, addressTableLookups: [] };
  }
  const instructions = kit.instructions.map((instruction) => ({
    programIdIndex: instruction.programAddressIndex,
    accounts: [...(instruction.accountIndices ?? [])],
    data: new Uint8Array(instruction.data ?? []),
  }));
  const addressTableLookups = kit.version === 0 ? [...(kit.addressTableLookups ?? [])] : [];
  return { ...common, version: kit.version, instructions, addressTableLookups };
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
