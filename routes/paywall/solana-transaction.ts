/**
 * `POST /paywall/solana-transaction` (free): `{"resource": "<URL of a paid
 * GET>", "payer": "<Solana address>"}` answers the unsigned transaction of
 * the x402 `exact` payment for that resource, for a wallet that can sign but
 * not build one (the 402 page's Solana wallets). The price, recipient and fee
 * payer come from the resource's own requirement, derived here from the URL;
 * the answer's `accepted` is that requirement, to send back with the signed
 * transaction in `PAYMENT-SIGNATURE`. Nothing is charged or reserved: an
 * unsigned transaction binds nobody.
 *
 * @module
 */
import type { Address } from "@solana/kit";
import { z } from "zod";
import { InvalidInputError, NotFoundError } from "../../lib/shared/errors.ts";
import {
  defineRoute,
  jsonResponse,
  parseInput,
  pricedResource,
  readJsonObject,
  soldOperationAt,
} from "../../lib/operation/mod.ts";
import { addressSchema, quoteValue } from "../../lib/solana/mod.ts";
import { loadSvmTransactionBuilder, paymentChainRpc } from "../../lib/payments/mod.ts";

const input = z.object({
  resource: z.string({ error: "Missing resource: the URL of the paid request" }).max(4096),
  payer: addressSchema("payer"),
});

export default defineRoute({
  summary: "The unsigned x402 Solana payment transaction of a paid GET, for a browser wallet to sign",
  async POST(route) {
    const body = await readJsonObject(route.request, 8192);
    const { resource, payer } = parseInput(input, body) as { resource: string; payer: Address };
    const url = URL.parse(resource);
    if (!url) throw new InvalidInputError(`Invalid resource "${quoteValue(resource)}": not an absolute URL`);
    const sold = soldOperationAt(route.catalog, route.baseUrl, "GET", url);
    if (!sold) {
      throw new NotFoundError(
        `Unknown resource "${quoteValue(resource)}": no paid GET of this service answers it`,
      );
    }
    const { operation, soldOn } = sold;
    if (soldOn.rail.id !== "solana") {
      throw new InvalidInputError(
        `Resource "${
          quoteValue(resource)
        }" is paid on ${soldOn.rail.label}: sign its EIP-3009 authorization ` +
          "with an EVM wallet, there is no Solana transaction to build",
      );
    }
    const { runtime } = route;
    // The offer as the resource's 402 makes it, with its recent blockhash when there is one.
    const offered = await runtime.gateway.paymentRequired(
      soldOn.rail,
      pricedResource(operation, url.href, {}),
    );
    const [requirements] = offered.accepts;
    const client = await paymentChainRpc(soldOn.rail.network, runtime.services.solana, runtime.local);
    const { buildExactSvmTransaction } = await loadSvmTransactionBuilder();
    const built = await buildExactSvmTransaction({
      rpc: await client.kitRpc(),
      requirements: requirements!,
      payer,
      signal: route.request.signal,
    });
    return jsonResponse(route, {
      x402Version: 2,
      accepted: requirements,
      payer,
      source: built.source,
      balance: String(built.balance),
      blockhash: built.blockhash,
      transaction: built.transaction,
    });
  },
});
