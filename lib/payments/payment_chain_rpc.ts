/**
 * The Solana RPC a payment transaction is built against: the chain payments
 * settle on. In local mode that is the embedded chain (even when the service
 * diagnoses another RPC); elsewhere it is the configured RPC, used only once
 * its genesis hash shows it is the cluster the payment network names.
 *
 * @module
 */
import { UnavailableError } from "../shared/errors.ts";
import { createSolanaClient, rpcCall, type SolanaClient } from "../solana/mod.ts";

/** An embedded chain's JSON-RPC, answered in process (local mode's Solana chain). */
export interface EmbeddedSolanaRpc {
  handleRpc(body: unknown): Promise<unknown>;
}

/** Clients of the embedded chain, one per running chain. */
const embedded = new WeakMap<EmbeddedSolanaRpc, SolanaClient>();

/** Genesis hashes already read, per client. */
const genesis = new WeakMap<SolanaClient, Promise<string>>();

/**
 * The RPC of the chain `network` settles on.
 *
 * @param diagnosed The RPC the service diagnoses (`runtime.services.solana`).
 * @param local The embedded chains, in local mode.
 * @throws {UnavailableError} the RPC serves another cluster than `network`
 */
export async function paymentChainRpc(
  network: string,
  diagnosed: SolanaClient,
  local?: { solana: EmbeddedSolanaRpc },
): Promise<SolanaClient> {
  if (local) {
    const chain = local.solana;
    let client = embedded.get(chain);
    if (!client) {
      client = createSolanaClient("local:solana", { handler: (payload) => chain.handleRpc(payload) });
      embedded.set(chain, client);
    }
    return client;
  }
  let hash = genesis.get(diagnosed);
  if (!hash) {
    hash = rpcCall(diagnosed, "getGenesisHash", []).then(String);
    genesis.set(diagnosed, hash);
    hash.catch(() => genesis.delete(diagnosed));
  }
  const reference = network.split(":")[1] ?? "";
  if (!(await hash).startsWith(reference)) {
    throw new UnavailableError(
      `The service's Solana RPC serves another cluster than payments (${network}): ` +
        "pay with an x402 client instead",
      { retryAfterSeconds: 3600 },
    );
  }
  return diagnosed;
}
