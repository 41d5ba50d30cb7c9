/**
 * The buyer's side of a settlement whose outcome was lost: a signed payment
 * for a paid URL, and its resend until the service knows the outcome (an
 * answer other than the 503 that asks to wait).
 *
 * @module
 */
import type { x402Client } from "@x402/core/client";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { wrapFetchWithPayment } from "@x402/fetch";
import { appendPaymentIdentifierToExtensions, generatePaymentId } from "@x402/extensions/payment-identifier";
import { until, type UntilOptions } from "../_support/until.ts";

/** A fresh payment for `url` by `client`, as a `PAYMENT-SIGNATURE` header value. */
export async function paymentFor(client: x402Client, url: string): Promise<string> {
  const required = decodePaymentRequiredHeader((await fetch(url)).headers.get("PAYMENT-REQUIRED")!);
  return encodePaymentSignatureHeader(await client.createPaymentPayload(required));
}

/**
 * Sends `header` to `url` again and again while the service does not know
 * the outcome yet (a 503, or a 402 `Payment in use` while a settlement cut
 * short by a crash may still be its request's); resolves the first other answer.
 */
export async function resendUntilKnown(
  url: string,
  header: string,
  options: UntilOptions = {},
): Promise<Response> {
  let resent: Response | undefined;
  await until(
    async () => {
      await resent?.body?.cancel();
      resent = await fetch(url, { headers: { "PAYMENT-SIGNATURE": header } });
      if (resent.status === 402 && /Payment in use/.test(await resent.clone().text())) return false;
      return resent.status !== 503;
    },
    "the payment's settlement to be resolved",
    { everyMs: 250, ...options },
  );
  return resent!;
}

/**
 * A fetch that pays with `client`, every payment named with one new payment
 * id (the extension's own client side), and the last `PAYMENT-SIGNATURE` it
 * sent: what a buyer who lost the answer resends.
 */
export function payingWithId(client: x402Client): { pay: typeof fetch; sent(): string; paymentId: string } {
  const paymentId = generatePaymentId();
  client.onBeforePaymentCreation(({ paymentRequired }) => {
    appendPaymentIdentifierToExtensions(paymentRequired.extensions ??= {}, paymentId);
    return Promise.resolve();
  });
  let sent: string | undefined;
  const recording: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    sent = request.headers.get("PAYMENT-SIGNATURE") ?? sent;
    return fetch(request);
  };
  return {
    pay: wrapFetchWithPayment(recording, client),
    paymentId,
    sent() {
      if (!sent) throw new Error("no payment was sent");
      return sent;
    },
  };
}
