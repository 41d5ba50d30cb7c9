/**
 * The RPC a Solana payment is built against: the embedded chain in local
 * mode, and elsewhere the configured RPC only when its genesis hash is the
 * payment network's (here a real local chain, which reports devnet's).
 */
import assert from "node:assert/strict";
import { createLocalSolana } from "../../../lib/local/solana/local_solana.ts";
import { paymentChainRpc } from "../../../lib/payments/payment_chain_rpc.ts";
import { NETWORKS } from "../../../lib/payments/rails.ts";
import { createSolanaClient } from "../../../lib/solana/rpc.ts";
import { UnavailableError } from "../../../lib/shared/errors.ts";

Deno.test("the configured RPC is used only for the network its genesis hash names", async () => {
  const chain = await createLocalSolana();
  const client = createSolanaClient("local:solana", { handler: (payload) => chain.handleRpc(payload) });
  assert.equal(await paymentChainRpc(NETWORKS.solanaDevnet.network, client), client);
  await assert.rejects(
    paymentChainRpc(NETWORKS.solanaMainnet.network, client),
    (error) => error instanceof UnavailableError && /another cluster than payments/.test(error.message),
  );
});
