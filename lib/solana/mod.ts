/**
 * Solana as every product and the wiring reach it: the client of an RPC
 * (with the latest blockhash), address checks in base58 and as an input
 * schema. The products built on it have faces of their own:
 * `transaction/mod.ts`, `token/mod.ts` and `fees/mod.ts`.
 *
 * @module
 */
export { addressProblem, addressSchema, quoteValue } from "./address_schema.ts";
export { base58Decode, isSolanaAddress } from "./base58.ts";
export { createSolanaClient, latestBlockhash, rpcCall, type SolanaClient } from "./rpc.ts";
