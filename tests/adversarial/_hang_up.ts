/**
 * Buyers who hang up, for the adversarial tests: paid requests written on a
 * raw loopback socket (or sent with `fetch`) and abandoned at a chosen
 * moment, the service's access log to know when it is done with them, and
 * the checks that nothing was charged and the payment still buys one answer.
 *
 * @module
 */
import assert from "node:assert/strict";
import type { Address } from "@solana/kit";
import type { x402Client } from "@x402/core/client";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequired } from "@x402/core/types";
import type { Logger } from "../../lib/shared/log.ts";
import type { TestService } from "../_support/service.ts";

/** What the service logged: access lines (awaited by request id) and settlement events. */
export interface ServiceLog {
  log: Logger;
  /** Resolves with the status of the request once its access line is logged. */
  finished(requestId: string): Promise<number>;
  /** Every settlement event, in order. */
  settlements: Record<string, unknown>[];
}

/** A logger that keeps access lines and settlement events. */
export function accessLog(): ServiceLog {
  const done = new Map<string, number>();
  const waiting = new Map<string, (status: number) => void>();
  const settlements: Record<string, unknown>[] = [];
  const log: Logger = (event) => {
    if (event.type === "settlement") settlements.push(event);
    if (event.type !== "access") return;
    const id = String(event.requestId);
    const status = Number(event.status);
    done.set(id, status);
    waiting.get(id)?.(status);
  };
  return {
    log,
    settlements,
    finished(requestId) {
      const status = done.get(requestId);
      if (status !== undefined) return Promise.resolve(status);
      return new Promise((resolve) => waiting.set(requestId, resolve));
    },
  };
}

/** A request to write by hand. */
export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array;
}

/** When to hang up. */
export interface HangUpPlan {
  /** Bytes of the body sent before hanging up (default: all of it). */
  bodyBytes?: number;
  /** Resolves when it is time to close the socket (default: at once after writing). */
  when?: Promise<unknown>;
}

/** Writes `request` on a fresh loopback socket and closes it as `plan` says, without reading an answer. */
export async function sendThenHangUp(
  base: string,
  request: RawRequest,
  plan: HangUpPlan = {},
): Promise<void> {
  const url = new URL(base);
  const conn = await Deno.connect({ hostname: url.hostname, port: Number(url.port) });
  const body = request.body ?? new Uint8Array();
  const head = [
    `${request.method} ${request.path} HTTP/1.1`,
    `Host: ${url.host}`,
    `Content-Length: ${body.byteLength}`,
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
    "",
    "",
  ].join("\r\n");
  try {
    await writeAll(conn, new TextEncoder().encode(head));
    await writeAll(conn, body.subarray(0, plan.bodyBytes ?? body.byteLength));
    await plan.when;
  } finally {
    conn.close();
  }
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  for (let offset = 0; offset < bytes.byteLength;) offset += await conn.write(bytes.subarray(offset));
}

/** The PAYMENT-SIGNATURE header that pays for `path` as the service offers it to an unpaid request. */
export async function paymentHeader(
  service: TestService,
  client: x402Client,
  path: string,
  init: RequestInit = {},
): Promise<string> {
  const unpaid = await fetch(service.base + path, init);
  await unpaid.body?.cancel();
  assert.equal(unpaid.status, 402, `an unpaid ${init.method ?? "GET"} ${path} is offered a price`);
  const required = decodePaymentRequiredHeader(unpaid.headers.get("PAYMENT-REQUIRED")!);
  return encodePaymentSignatureHeader(await client.createPaymentPayload(required));
}

/** A signed payment for `required`. */
export function pay(client: x402Client, required: PaymentRequired): Promise<PaymentPayload> {
  return client.createPaymentPayload(required);
}

/** The USDC balance of the service's Solana payTo address, in atomic units. */
export function payToBalance(service: TestService): bigint {
  return service.runtime.local!.solana.usdcBalance(service.runtime.rails.solana.payTo as Address);
}

/** Resolves after `ms`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
