/**
 * `deno task pay <METHOD> <URL> [json-body]`: calls a paid endpoint with an
 * unmodified x402 client, pays, and prints the response and the settlement.
 * Against a local-mode service it makes a throwaway buyer and funds it from
 * the faucet; elsewhere it pays with BUYER_SOLANA_KEY / BUYER_EVM_KEY.
 *
 * @module
 */
import { wrapFetchWithPayment } from "@x402/fetch";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { buyerFromEnv, fundFromFaucet, payingClient, throwawayBuyer } from "../lib/payments/buyer.ts";

const USAGE = "Usage: deno task pay <GET|POST> <URL> [json-body]";

async function main(args: string[]): Promise<number> {
  const [method = "", url = "", body] = args;
  if (!["GET", "POST"].includes(method.toUpperCase()) || !URL.canParse(url)) {
    console.error(USAGE);
    return 2;
  }
  const origin = new URL(url).origin;
  const health = await fetch(`${origin}/healthz`).then((r) => r.json()).catch(() => undefined);
  const local = health?.mode === "local";
  const buyer = local ? await throwawayBuyer() : await buyerFromEnv();
  if (local) {
    await fundFromFaucet(origin, buyer);
    console.error(
      `Funded throwaway buyer ${buyer.solana.address} / ${buyer.evm.address} from the local faucet`,
    );
  }
  const solanaRpcUrl = local
    ? `${origin}/local/solana`
    : Deno.env.get("SOLANA_RPC_URL") ?? "https://api.devnet.solana.com";
  const pay = wrapFetchWithPayment(fetch, payingClient(buyer, { solanaRpcUrl }));
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

if (import.meta.main) Deno.exit(await main(Deno.args));
