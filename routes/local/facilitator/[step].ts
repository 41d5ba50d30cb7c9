/**
 * `POST /local/facilitator/{verify,settle}` (local mode only): the in-process
 * x402 facilitator's HTTP API, so other x402 servers can settle on the
 * embedded chains too. Both bodies are checked against x402's own schemas
 * first: a malformed request is a 400 naming the field, never a 500.
 *
 * @module
 */
import { parsePaymentPayload, parsePaymentRequirements } from "@x402/core/schemas";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { InvalidInputError, NotFoundError } from "../../../lib/shared/errors.ts";
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
    const body = await readJsonObject(request, MAX_REQUEST_BYTES);
    const payload = parsePaymentPayload(body.paymentPayload);
    const requirements = parsePaymentRequirements(body.paymentRequirements);
    if (!payload.success || !requirements.success) {
      const [field, parsed] = payload.success
        ? ["paymentRequirements", requirements]
        : ["paymentPayload", payload];
      const issue = parsed.error?.issues[0];
      const where = [field, ...(issue?.path ?? [])].join(".");
      throw new InvalidInputError(
        `Invalid ${step} request: "${where}": ${issue?.message ?? "invalid"}; expected ` +
          `{x402Version, paymentPayload, paymentRequirements} as x402 defines them`,
      );
    }
    const facilitator = localChains(runtime.local).facilitator;
    return Response.json(
      await facilitator[step](
        payload.data as PaymentPayload,
        requirements.data as PaymentRequirements,
      ),
    );
  },
});
