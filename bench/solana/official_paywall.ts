/**
 * The limit of a paid call on this platform: the official `@x402/hono`
 * payment middleware in front of a one-line handler, paid on the same
 * embedded Solana chain through the same in-process facilitator (the x402
 * SDK's exact SVM scheme) as the service's local mode. It has none of the
 * service's own work (no replay claim, no check that the buyer is still
 * there, no input validation, no logs), so a paid call here is what the SDK,
 * the chain and the runtime cost by themselves. `bench/http.ts` starts it as
 * a subprocess and pays `GET /paid` with the same client as the service.
 *
 * Serves, on `127.0.0.1:$PORT`: `GET /paid` (0.001 USDC), `POST /local/solana`
 * (the chain's JSON-RPC, where the client reads a blockhash) and
 * `POST /local/faucet` (`{address}`: 10 USDC and 1 SOL; an EVM address gets a 400).
 *
 *     PORT=8123 deno run -A bench/solana/official_paywall.ts
 *
 * @module
 */
import { Hono } from "hono";
import { address } from "@solana/kit";
import { x402ResourceServer } from "@x402/core/server";
import { paymentMiddleware } from "@x402/hono";
import { ExactSvmScheme } from "@x402/svm/exact/server";
import { createLocalSolana } from "../../lib/local/solana/local_solana.ts";
import { inProcessFacilitator, solanaFacilitator } from "../../lib/server/modes/local_mode.ts";
import { NETWORKS } from "../../lib/payments/rails.ts";

const SOL = 1_000_000_000n;
const network = NETWORKS.solanaDevnet.network;

const solana = await createLocalSolana();
// The facilitator exactly as local mode builds it.
const { facilitator, payTo } = await solanaFacilitator(solana);
const server = new x402ResourceServer(inProcessFacilitator(facilitator)).register(
  network,
  new ExactSvmScheme(),
);

const app = new Hono();
app.post("/local/solana", async (c) => c.json(await solana.handleRpc(await c.req.json())));
app.post("/local/faucet", async (c) => {
  const { address: owner } = await c.req.json();
  if (String(owner).startsWith("0x")) return c.json({ error: "Solana only" }, 400);
  await solana.fund(address(owner), { lamports: SOL, usdc: 10_000_000n });
  return c.json({ funded: owner });
});
app.use(
  paymentMiddleware(
    { "GET /paid": { accepts: { scheme: "exact", price: "$0.001", network, payTo: payTo.address } } },
    server,
  ),
);
app.get("/paid", (c) => c.json({ paid: true }));

Deno.serve({ hostname: "127.0.0.1", port: Number(Deno.env.get("PORT")), onListen() {} }, app.fetch);
for (const signal of ["SIGINT", "SIGTERM"] as const) Deno.addSignalListener(signal, () => Deno.exit(0));
