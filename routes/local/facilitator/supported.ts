/**
 * `GET /local/facilitator/supported` (local mode only): what the in-process
 * x402 facilitator settles.
 *
 * @module
 */
import { defineRoute } from "../../../lib/operation/mod.ts";
import { localChains } from "../_rpc.ts";

export default defineRoute({
  summary: "The in-process facilitator's supported kinds",
  localOnly: true,
  GET: async ({ runtime }) => Response.json(await localChains(runtime.local).facilitator.getSupported()),
});
