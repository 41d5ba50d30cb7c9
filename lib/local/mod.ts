/**
 * The embedded chains local mode runs: a Solana cluster in process (LiteSVM)
 * and a supervised Anvil with our USDC, each with the keys and the x402
 * facilitator scheme that settle on it. Local mode (`lib/server/modes/`)
 * starts them through this face.
 *
 * @module
 */
export { type LocalEvm, startLocalEvm } from "./evm/chain.ts";
export { registerDeferredExactEvmScheme } from "./evm/facilitator_scheme.ts";
export { evmAddress, generateEvmKey } from "./evm/keys.ts";
export type { SupervisorOptions } from "./evm/supervisor.ts";
export { createInProcessRpc, createLocalSolana, type LocalSolana } from "./solana/local_solana.ts";
export { reuseSimulations } from "./solana/simulation_memo.ts";
export { associatedTokenBump } from "./solana/ata.ts";
export { LOCAL_USDC_MINT } from "./solana/usdc.ts";
export { TOKEN_PROGRAM } from "./solana/token_accounts.ts";
