/**
 * Cluster and fee RPC methods of the local chain: slots, heights, blockhashes,
 * epoch, version, health, genesis hash, `getFeeForMessage` and
 * `getRecentPrioritizationFees`.
 *
 * The genesis hash is devnet's, so CAIP-2 `solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1`
 * (the network of the devnet USDC mint planted here) names this chain.
 *
 * @module
 */
import { messageFee } from "./compute_budget.ts";
import { nonceOf } from "./nonce.ts";
import {
  addressParam,
  API_VERSION,
  checkContext,
  configParam,
  hashParam,
  listParam,
  type MethodContext,
  requireParams,
  responseContext,
  type RpcMethod,
  stringParam,
} from "./rpc_params.ts";
import { decodeBinary, decodeMessage } from "./transaction_decoding.ts";

/** Devnet's genesis hash, reported by `getGenesisHash`. */
export const LOCAL_GENESIS_HASH = "EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG";
const SLOTS_PER_EPOCH = 432_000;
const MAX_TX_ACCOUNT_LOCKS = 128;
const FEATURE_SET = 3_640_012_085;

function getSlot(params: unknown[], { chain }: MethodContext) {
  checkContext(configParam(params[0]), chain);
  return Number(chain.slot);
}

function getBlockHeight(params: unknown[], { chain }: MethodContext) {
  checkContext(configParam(params[0]), chain);
  return Number(chain.blockHeight);
}

function getLatestBlockhash(params: unknown[], { chain }: MethodContext) {
  checkContext(configParam(params[0]), chain);
  const { blockhash, lastValidBlockHeight } = chain.latestBlockhash();
  return {
    context: responseContext(chain),
    value: { blockhash, lastValidBlockHeight: Number(lastValidBlockHeight) },
  };
}

function isBlockhashValid(params: unknown[], { chain }: MethodContext) {
  requireParams(params, 1);
  const blockhash = hashParam(params[0]);
  checkContext(configParam(params[1]), chain);
  return { context: responseContext(chain), value: chain.isBlockhashValid(blockhash) };
}

function getEpochInfo(params: unknown[], { chain }: MethodContext) {
  checkContext(configParam(params[0]), chain);
  const slot = Number(chain.slot);
  return {
    absoluteSlot: slot,
    blockHeight: Number(chain.blockHeight),
    epoch: Math.floor(slot / SLOTS_PER_EPOCH),
    slotIndex: slot % SLOTS_PER_EPOCH,
    slotsInEpoch: SLOTS_PER_EPOCH,
    transactionCount: chain.transactionCount,
  };
}

function getEpochSchedule() {
  return {
    firstNormalEpoch: 0,
    firstNormalSlot: 0,
    leaderScheduleSlotOffset: SLOTS_PER_EPOCH,
    slotsPerEpoch: SLOTS_PER_EPOCH,
    warmup: false,
  };
}

function getTransactionCount(params: unknown[], { chain }: MethodContext) {
  checkContext(configParam(params[0]), chain);
  return chain.transactionCount;
}

function getVersion() {
  return { "feature-set": FEATURE_SET, "solana-core": API_VERSION };
}

function getHealth() {
  return "ok";
}

function getGenesisHash() {
  return LOCAL_GENESIS_HASH;
}

function getFeeForMessage(params: unknown[], { chain }: MethodContext) {
  requireParams(params, 1);
  const bytes = decodeBinary(stringParam(params[0]), "base64", "solana_message::versioned::VersionedMessage");
  checkContext(configParam(params[1]), chain);
  const message = decodeMessage(bytes);
  const token = message.lifetimeToken;
  const known = chain.isBlockhashValid(token) ||
    nonceOf(message, (address) => chain.account(address)) === token;
  return { context: responseContext(chain), value: known ? Number(messageFee(message)) : null };
}

function getRecentPrioritizationFees(params: unknown[], { chain }: MethodContext) {
  const addresses = listParam(params[0] ?? [], MAX_TX_ACCOUNT_LOCKS).map(addressParam);
  return chain.recentPrioritizationFees(addresses).map(({ slot, prioritizationFee }) => ({
    prioritizationFee: Number(prioritizationFee),
    slot: Number(slot),
  }));
}

/** The cluster methods by name. */
export const CLUSTER_METHODS: Record<string, RpcMethod> = {
  getSlot,
  getBlockHeight,
  getLatestBlockhash,
  isBlockhashValid,
  getEpochInfo,
  getEpochSchedule,
  getTransactionCount,
  getVersion,
  getHealth,
  getGenesisHash,
  getFeeForMessage,
  getRecentPrioritizationFees,
};
