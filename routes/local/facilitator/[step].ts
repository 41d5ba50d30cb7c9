/**
 * `POST /local/facilitator/{verify,settle}` (local mode only): the in-process
 * x402 facilitator's HTTP API, so other x402 servers can settle on the
 * embedded chains too.
 *
 * @module
 */
import { InvalidInputError, NotFoundError } from "../../../lib/errors.ts";
import { defineRoute, readJsonObject } from "../../../lib/operation/mod.ts";
import { localChains } from "../_rpc.ts";

const MAX_REQUEST_BYTES = 2 * 1024 * 1024;

export default defineRoute({
  summary: "The in-process facilitator's verify and settle",
  localOnly: true,
  async POST({ request, params, runtime }) {
    const step = params.step;
    if (step !== "verify" && step !== "settle") {
      throw new NotFoundError(`Not found: the facilitator answers verify and settle, not "${step}"`);
    }
    const body = await readJsonObject(request, MAX_REQUEST_BYTES) as {
      paymentPayload?: never;
      paymentRequirements?: never;
    };
    if (!body.paymentPayload || !body.paymentRequirements) {
      throw new InvalidInputError(
        `Invalid ${step} request: expected {x402Version, paymentPayload, paymentRequirements}`,
      );
    }
    const facilitator = localChains(runtime.local).facilitator;
    return Response.json(await facilitator[step](body.paymentPayload, body.paymentRequirements));
  },
});
