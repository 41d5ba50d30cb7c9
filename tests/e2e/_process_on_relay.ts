/**
 * A service process as a host runs it (devnet mode on a Deno KV file) whose
 * chain and facilitator are a local-mode service's, the facilitator behind a
 * relay the test can hold; it can be killed and started again on the same
 * store. Balances are read from that chain (see `_charged_once.ts`: the
 * world is a ledger).
 *
 * @module
 */
import { freePort, startTestService } from "../_support/service.ts";
import { startFacilitatorRelay } from "../_support/relayed_service.ts";
import { devnetOn, LOCKED_DOWN, type ServiceProcess, spawnService } from "../_support/service_process.ts";

/** The service process, its relay and chain; `restart()` starts it again on the same store and port. */
export async function processOnRelay() {
  const chain = await startTestService({ env: { ALT_ROUTES: "off" } });
  const relay = startFacilitatorRelay();
  relay.forwardTo(`${chain.base}/local/facilitator`);
  const dir = await Deno.makeTempDir({ prefix: "claims-" });
  const { env, payTo } = await devnetOn(chain);
  const port = freePort();
  const settings = {
    ...env,
    FACILITATOR_URL: relay.url,
    KV_PATH: `${dir}/claims.sqlite`,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
  const permissions = [...LOCKED_DOWN, `--allow-write=${dir}`];
  const ledger = chain.runtime.local!.solana;
  const world = {
    chain,
    relay,
    service: await spawnService(settings, permissions) as ServiceProcess,
    balance: (address: string) => ledger.usdcBalance(address as never),
    payTo: payTo as string,
    async restart() {
      world.service = await spawnService(settings, permissions);
    },
    async close() {
      await world.service.stop();
      await relay.stop();
      await chain.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
  return world;
}

/** A world from {@linkcode processOnRelay}. */
export type RelayedWorld = Awaited<ReturnType<typeof processOnRelay>>;
