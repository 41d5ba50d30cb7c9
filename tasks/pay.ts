/**
 * `deno task pay <METHOD> <URL> [json-body]`: calls a paid endpoint with an
 * unmodified x402 client, pays, and prints the response and the settlement.
 * `deno task pay mcp <MCP-URL> <tool> [json-arguments]` does the same for a
 * tool of an MCP endpoint (`/mcp` or `/alt/mcp`), paying through `_meta`.
 * Against a local-mode service it makes a throwaway buyer and funds it from
 * the faucet; elsewhere it pays with BUYER_SOLANA_KEY / BUYER_EVM_KEY.
 *
 * @module
 */
import { wrapFetchWithPayment } from "@x402/fetch";
import { decodePaymentResponseHeader } from "@x402/core/http";
import type { x402Client } from "@x402/core/client";
import {
  buyerFromConfig,
  callPaidTool,
  connectMcp,
  fundFromFaucet,
  loadBuyerConfig,
  payingClient,
  throwawayBuyer,
} from "../lib/buyer/mod.ts";
import { ConfigError } from "../lib/server/config/env.ts";

const USAGE = "Usage: deno task pay <GET|POST> <URL> [json-body]\n" +
  "       deno task pay mcp <MCP-URL> <tool> [json-arguments]";

async function main(args: string[]): Promise<number> {
  const [method = "", url = "", ...rest] = args;
  const mcp = method.toLowerCase() === "mcp";
  if ((!mcp && !["GET", "POST"].includes(method.toUpperCase())) || !URL.canParse(url) || (mcp && !rest[0])) {
    console.error(USAGE);
    return 2;
  }
  let payer: x402Client;
  try {
    payer = await buyerFor(new URL(url).origin);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 78;
  }
  return mcp ? await payTool(payer, url, rest[0]!, rest[1]) : await payHttp(payer, method, url, rest[0]);
}

/** A paying client: a funded throwaway buyer on a local-mode service, else the keys in the environment. */
async function buyerFor(origin: string): Promise<x402Client> {
  const health = await fetch(`${origin}/healthz`).then((r) => r.json()).catch(() => undefined);
  const local = health?.mode === "local";
  const config = local ? undefined : loadBuyerConfig();
  const buyer = config ? await buyerFromConfig(config) : await throwawayBuyer();
  if (local) {
    await fundFromFaucet(origin, buyer);
    console.error(
      `Funded throwaway buyer ${buyer.solana.address} / ${buyer.evm.address} from the local faucet`,
    );
  }
  const solanaRpcUrl = config?.solanaRpcUrl ?? `${origin}/local/solana`;
  return payingClient(buyer, { solanaRpcUrl });
}

async function payHttp(payer: x402Client, method: string, url: string, body?: string): Promise<number> {
  const pay = wrapFetchWithPayment(fetch, payer);
  const response = await pay(url, {
    method: method.toUpperCase(),
    headers: body ? { "Content-Type": "application/json" } : {},
    body,
  });
  console.log(`HTTP ${response.status}`);
  const settlement = response.headers.get("PAYMENT-RESPONSE");
  if (settlement) {
    console.log("Settlement:", JSON.stringify(decodePaymentResponseHeader(settlement), null, 2));
  }
  const type = response.headers.get("content-type") ?? "";
  console.log(
    type.includes("json")
      ? JSON.stringify(await response.json(), null, 2)
      : `(${type}, ${(await response.arrayBuffer()).byteLength} bytes)`,
  );
  return response.ok ? 0 : 1;
}

async function payTool(payer: x402Client, url: string, tool: string, json?: string): Promise<number> {
  let args: Record<string, unknown>;
  try {
    args = json ? JSON.parse(json) : {};
  } catch {
    console.error(`Malformed tool arguments: ${json} is not JSON`);
    return 2;
  }
  const client = await connectMcp(url);
  try {
    const { result, settlement } = await callPaidTool(client, payer, tool, args);
    console.log(result.isError ? "Tool error" : "Tool result");
    if (settlement) console.log("Settlement:", JSON.stringify(settlement, null, 2));
    if (result.structuredContent) console.log(JSON.stringify(result.structuredContent, null, 2));
    for (const block of result.content) {
      if (block.type === "text" && !result.structuredContent) console.log(block.text);
      if (block.type === "audio" || block.type === "image") {
        console.log(
          `(${block.type} block: ${block.mimeType}, ${Math.floor(block.data.length * 3 / 4)} bytes)`,
        );
      }
    }
    return result.isError ? 1 : 0;
  } finally {
    await client.close();
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
