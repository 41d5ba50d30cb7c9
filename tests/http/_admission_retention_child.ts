/**
 * Run with `--v8-flags=--expose-gc` by `admission_test.ts`: sends 50
 * uploads through the admission middleware (as a paid call's JSON body
 * goes), each piece of each upload watched by a `WeakRef`, reads them all
 * in the handler, collects, and prints how many pieces are still alive
 * while the service keeps running (its drain not started).
 *
 * @module
 */
import { Hono } from "hono";
import { admission } from "../../http/admission.ts";
import { BodyBudget } from "../../lib/server/body_budget.ts";
import { createDrain } from "../../lib/server/drain.ts";
import { jsonLogger } from "../../lib/shared/log.ts";

const drain = createDrain();
const app = new Hono();
app.use(
  admission({
    budget: new BodyBudget(64 << 20),
    drain,
    largestBodyBytes: 1 << 20,
    log: jsonLogger(() => {}),
  }),
);
app.post("/", async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }));

const pieces: WeakRef<Uint8Array>[] = [];
for (let i = 0; i < 50; i++) {
  const chunks = [new Uint8Array(4_096).fill(i), new Uint8Array(4_096).fill(i + 1)];
  for (const chunk of chunks) pieces.push(new WeakRef(chunk));
  const body = ReadableStream.from(chunks);
  const response = await app.fetch(
    new Request("http://localhost/", {
      method: "POST",
      body,
      headers: { "content-length": "8192" },
      duplex: "half",
    } as RequestInit),
  );
  if ((await response.json()).bytes !== 8_192) throw new Error("upload not read whole");
}
const gc = (globalThis as { gc?: () => void }).gc!;
for (let round = 0; round < 3; round++) {
  await new Promise((resolve) => setTimeout(resolve, 10));
  gc();
}
console.log(pieces.filter((ref) => ref.deref() !== undefined).length);
Deno.exit(0);
