/**
 * `POST /local/evm` (local mode only, alternate chain on): the embedded EVM
 * chain's JSON-RPC (standard methods only).
 *
 * @module
 */
import { NotFoundError } from "../../lib/shared/errors.ts";
import { defineRoute } from "../../lib/operation/mod.ts";
import { localChains, proxyRpc } from "./_rpc.ts";

export default defineRoute({
  summary: "The embedded EVM chain's JSON-RPC",
  localOnly: true,
  POST({ request, runtime }) {
    const evm = localChains(runtime.local).evm;
    if (!evm) {
      throw new NotFoundError("Not found: the alternate chain is off, so there is no local EVM chain");
    }
    return proxyRpc(request, (body) => evm.handleRpc(body));
  },
});
