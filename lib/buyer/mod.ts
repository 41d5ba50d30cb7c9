/**
 * The paying client: a buyer's keys (from the environment or thrown away),
 * an x402 client that pays with them on Solana and Base, and an MCP client
 * that calls a paid tool, pays its requirement and retries. `deno task pay`,
 * the benches and the tests buy through it.
 *
 * @module
 */
export { type BuyerConfig, loadBuyerConfig } from "./config.ts";
export {
  callPaidTool,
  callTool,
  connectMcp,
  type ConnectOptions,
  type PaidToolCall,
  paymentRequiredOf,
  settlementOf,
} from "./mcp_client.ts";
export {
  type Buyer,
  buyerFromConfig,
  fundFromFaucet,
  payingClient,
  type PayingClientOptions,
  throwawayBuyer,
} from "./paying_client.ts";
