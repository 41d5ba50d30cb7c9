/**
 * `POST /local/solana` (local mode only): the embedded Solana cluster's
 * JSON-RPC, so any wallet or SDK can use it.
 *
 * @module
 */
import { defineRoute } from "../../lib/operation/mod.ts";
import { localChains, proxyRpc } from "./_rpc.ts";

export default defineRoute({
  summary: "The embedded Solana cluster's JSON-RPC",
  localOnly: true,
  POST: ({ request, runtime }) =>
    proxyRpc(request, (body) => localChains(runtime.local).solana.handleRpc(body)),
});
