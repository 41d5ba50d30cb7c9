/**
 * A thread that admits one PDF upload (`admission.ts`: its caps and its price
 * from what the conversion will read) away from the thread that serves
 * requests: the cost scan inflates every content stream, seconds of CPU for
 * a large compressed file that nobody has paid for yet. The upload's bytes
 * come handed over, not copied, and go back with the answer
 * (`scan_thread.ts` keeps a few such threads, one upload at a time each).
 *
 * @module
 */
import { isMainThread, parentPort } from "node:worker_threads";
import { admitPdf, type PdfPrice } from "./admission.ts";
import type { PdfLimits } from "./limits.ts";
import { describeFailure, type Packed, packMoving, type ThreadFailure, unpack } from "./thread_messages.ts";

/** What the thread is asked: admit the bytes packed with it, the `pages` of them, under `limits`. */
export interface ScanRequest {
  limits: PdfLimits;
  pages?: string;
}

/** Its answer, with the bytes handed back packed with it. */
export type ScanReply = { type: "price"; price: PdfPrice } | { type: "error"; error: ThreadFailure };

/** Admits one upload and answers with its price or the reason it is refused, and its bytes. */
async function admitOne(packed: Packed): Promise<Packed> {
  const { message, bytes } = unpack<ScanRequest>(packed);
  let reply: ScanReply;
  try {
    reply = { type: "price", price: await admitPdf(bytes, message.pages, message.limits) };
  } catch (error) {
    reply = { type: "error", error: describeFailure(error) };
  }
  return packMoving(reply, bytes);
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  // One upload at a time: the next is sent once this one is answered.
  port.on("message", async (packed: Packed) => {
    const reply = await admitOne(packed);
    port.postMessage(reply, reply);
  });
  // Loaded: the thread that started this one starts the scan's clock now.
  port.postMessage("ready");
}
