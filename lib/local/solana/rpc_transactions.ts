/**
 * Transaction RPC methods of the local chain: `sendTransaction` (with
 * preflight simulation unless `skipPreflight`), `simulateTransaction`,
 * `getSignatureStatuses`, `getSignaturesForAddress` and `getTransaction`.
 *
 * @module
 */
import { accountEncodingOptions, encodeAccount } from "./account_encoding.ts";
import type { AccountKeys } from "./account_keys.ts";
import type { LocalChain, SimulationOutcome } from "./chain.ts";
import {
  invalidParams,
  RPC_ERROR_CODES,
  RpcError,
  signatureVerificationFailure,
  unsupportedTransactionVersion,
} from "./rpc_error.ts";
import {
  addressParam,
  checkContext,
  configParam,
  integerField,
  listParam,
  type MethodContext,
  requireParams,
  responseContext,
  type RpcMethod,
  signatureParam,
} from "./rpc_params.ts";
import { meetsCommitment } from "./commitment.ts";
import { describeTransactionError } from "./tx_error.ts";
import {
  encodeLedgerEntry,
  encodeReturnData,
  parsedInnerInstructions,
  type TransactionEncoding,
} from "./tx_encoding.ts";
import { decodeWireTransaction } from "./transaction_decoding.ts";

const MAX_SIGNATURE_STATUSES = 256;
const TRANSACTION_ENCODINGS = new Set(["json", "jsonParsed", "base64", "base58"]);

function decodeAndResolve(params: unknown[], config: Record<string, unknown>, chain: LocalChain) {
  requireParams(params, 1);
  const wire = decodeWireTransaction(params[0], config.encoding ?? "base58");
  const resolved = chain.resolveKeys(wire);
  if (!resolved.ok) throw invalidParams(`invalid transaction: ${describeTransactionError(resolved.err)}`);
  return { wire, keys: resolved.keys };
}

function sendTransaction(params: unknown[], { chain }: MethodContext) {
  const config = configParam(params[1]);
  checkContext({ minContextSlot: config.minContextSlot }, chain);
  const { wire, keys } = decodeAndResolve(params, config, chain);
  if (config.skipPreflight !== true) {
    const preflight = chain.simulate(wire, keys, { sigVerify: true, replaceRecentBlockhash: false });
    if (preflight.err === "SignatureFailure") throw signatureVerificationFailure();
    if (preflight.err !== null) {
      const data = { ...simulationValue(preflight, keys, false), accounts: null, innerInstructions: null };
      throw new RpcError(
        RPC_ERROR_CODES.sendTransactionPreflightFailure,
        `Transaction simulation failed: ${describeTransactionError(preflight.err)}`,
        data,
      );
    }
  }
  // Like a validator after preflight, the answer is the signature whether or not the leader lands it.
  chain.execute(wire, keys);
  return wire.signature;
}

function simulateTransaction(params: unknown[], { chain }: MethodContext) {
  const config = configParam(params[1]);
  checkContext(config, chain);
  const sigVerify = config.sigVerify === true;
  const replaceRecentBlockhash = config.replaceRecentBlockhash === true;
  if (sigVerify && replaceRecentBlockhash) {
    throw invalidParams("sigVerify may not be used with replaceRecentBlockhash");
  }
  const { wire, keys } = decodeAndResolve(params, config, chain);
  const outcome = chain.simulate(wire, keys, { sigVerify, replaceRecentBlockhash });
  if (sigVerify && outcome.err === "SignatureFailure") throw signatureVerificationFailure();
  const value = simulationValue(outcome, keys, config.innerInstructions === true);
  return {
    context: responseContext(chain),
    value: { ...value, accounts: simulatedAccounts(config, outcome, keys, chain) },
  };
}

function simulationValue(outcome: SimulationOutcome, keys: AccountKeys, withInner: boolean) {
  const { meta, executed } = outcome;
  const replacement = outcome.replacementBlockhash;
  return {
    accounts: null as unknown,
    err: outcome.err,
    innerInstructions: withInner && executed ? parsedInnerInstructions(meta.innerInstructions, keys) : null,
    loadedAccountsDataSize: executed ? meta.loadedAccountsDataSize : 0,
    logs: meta.logMessages,
    replacementBlockhash: replacement
      ? { blockhash: replacement.blockhash, lastValidBlockHeight: Number(replacement.lastValidBlockHeight) }
      : null,
    returnData: meta.returnData ? encodeReturnData(meta.returnData) : null,
    unitsConsumed: Number(meta.computeUnitsConsumed),
    fee: executed ? Number(meta.fee) : null,
    preBalances: executed ? meta.preBalances.map(Number) : null,
    postBalances: executed ? meta.postBalances.map(Number) : null,
    preTokenBalances: executed ? meta.preTokenBalances : null,
    postTokenBalances: executed ? meta.postTokenBalances : null,
    loadedAddresses: executed ? meta.loadedAddresses : null,
  };
}

function simulatedAccounts(
  config: Record<string, unknown>,
  outcome: SimulationOutcome,
  keys: AccountKeys,
  chain: LocalChain,
): unknown[] | null {
  const request = config.accounts;
  if (request === undefined || request === null) return null;
  const accountsConfig = configParam(request);
  const options = accountEncodingOptions(accountsConfig, "base64");
  if (options.encoding === "binary" || options.encoding === "base58") {
    throw invalidParams("base58 encoding not supported");
  }
  const addresses = Array.isArray(accountsConfig.addresses) ? accountsConfig.addresses : [];
  if (addresses.length > keys.all.length) {
    throw invalidParams(`Too many accounts provided; max ${keys.all.length}`);
  }
  const parsed = addresses.map(addressParam);
  if (outcome.err !== null) return parsed.map(() => null);
  const lookup = (address: (typeof parsed)[number]) => {
    const post = outcome.postAccounts.get(address);
    return post
      ? { ...post, data: new Uint8Array(post.data), exists: true as const }
      : chain.account(address);
  };
  return parsed.map((address) => {
    const account = lookup(address);
    return account.exists ? encodeAccount(account, options, lookup) : null;
  });
}

function getSignatureStatuses(params: unknown[], { chain }: MethodContext) {
  requireParams(params, 1);
  const signatures = listParam(params[0], MAX_SIGNATURE_STATUSES).map(signatureParam);
  const searchHistory = configParam(params[1]).searchTransactionHistory === true;
  return {
    context: responseContext(chain),
    value: signatures.map((signature) => {
      const entry = chain.status(signature, searchHistory);
      if (!entry) return null;
      const { err } = entry.meta;
      const { confirmationStatus, confirmations } = chain.commitment(entry);
      return {
        confirmationStatus,
        confirmations,
        err,
        slot: Number(entry.slot),
        status: err === null ? { Ok: null } : { Err: err },
      };
    }),
  };
}

function getSignaturesForAddress(params: unknown[], { chain }: MethodContext) {
  requireParams(params, 1);
  const address = addressParam(params[0]);
  const limit = integerField(configParam(params[1]), "limit") ?? 1000;
  if (limit < 1 || limit > 1000) throw invalidParams("Invalid limit; max 1000");
  return chain.transactionsOf(address, limit).map((entry) => {
    const { confirmationStatus } = chain.commitment(entry);
    return {
      signature: entry.signature,
      slot: Number(entry.slot),
      err: entry.meta.err,
      memo: null,
      blockTime: entry.blockTime,
      confirmationStatus,
    };
  });
}

function getTransaction(params: unknown[], { chain }: MethodContext) {
  requireParams(params, 1);
  const signature = signatureParam(params[0]);
  const config = typeof params[1] === "string" ? { encoding: params[1] } : configParam(params[1]);
  const commitment = config.commitment ?? "finalized";
  if (commitment === "processed") {
    throw invalidParams("Method does not support commitment below `confirmed`");
  }
  const encoding = String(config.encoding ?? "json");
  if (!TRANSACTION_ENCODINGS.has(encoding)) {
    throw invalidParams(
      `Invalid params: unknown variant \`${encoding}\`, expected one of \`binary\`, \`base64\`, \`base58\`, \`json\`, \`jsonParsed\`.`,
    );
  }
  const maxVersion = integerField(config, "maxSupportedTransactionVersion");
  const entry = chain.transaction(signature);
  // A validator serves only blocks at the requested commitment (finalized by default).
  const required = commitment === "confirmed" ? "confirmed" : "finalized";
  if (!entry || !meetsCommitment(chain.commitment(entry).confirmationStatus, required)) return null;
  const version = entry.wire.message.version;
  if (version !== "legacy" && (maxVersion === undefined || version > maxVersion)) {
    throw unsupportedTransactionVersion(version);
  }
  return encodeLedgerEntry(entry, encoding as TransactionEncoding, maxVersion !== undefined);
}

/** The transaction methods by name. */
export const TRANSACTION_METHODS: Record<string, RpcMethod> = {
  sendTransaction,
  simulateTransaction,
  getSignatureStatuses,
  getSignaturesForAddress,
  getTransaction,
};
