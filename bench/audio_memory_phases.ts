/**
 * Where in a paid normalisation the service's memory grows: the same paid
 * exchange as `audio_memory.ts` (a fresh service per size, `_memory_probe.ts`
 * loaded before `main.ts`), with the probe's peaks read at three points
 * instead of once: after the unpaid request's 402, when the paid answer's
 * head arrives (the work done: measurement, decision, the pass that decides
 * the result), and when its last byte is read (the result made again and
 * sent). Each peak is what V8 counts (heap plus `ArrayBuffer`s' external
 * memory) over its value before the exchange, and beside it the peak of the
 * `ArrayBuffer`s alone, so the phase whose peak grows with the input beyond
 * the upload is the one to look at, and whether buffers or the heap grow.
 *
 *     deno run -A bench/audio_memory_phases.ts [sizes MB …] [--only=opus] [--gc]
 *                                                 (default: 2 8, Opus, garbage not collected)
 *
 * @module
 */
import { wrapFetchWithPayment } from "@x402/fetch";
import { fundFromFaucet, payingClient, throwawayBuyer } from "../lib/buyer/paying_client.ts";
import { makeProgramme } from "../tests/_support/programme.ts";
import { type Input, INPUTS, probedService, probePeaks } from "./audio_memory.ts";

const MB = 1024 * 1024;

/** A phase's peak rise over idle, bytes: V8's heap and `ArrayBuffer`s together, and the `ArrayBuffer`s alone. */
interface Rise {
  live: number;
  external: number;
}

/** The V8 peak rises in each phase of one paid normalisation of `audio`, on a fresh service. */
async function phases(audio: Uint8Array<ArrayBuffer>, input: Input, gc: boolean) {
  const file = await Deno.makeTempFile({ suffix: ".json" });
  const service = await probedService(file, gc, {}, 10);
  try {
    const buyer = await throwawayBuyer();
    await fundFromFaucet(service.base, buyer, "1");
    const idle = await probePeaks(service.pid, file);
    const rise = async (): Promise<Rise> => {
      const peaks = await probePeaks(service.pid, file);
      return { live: peaks.live - (idle.heapUsed + idle.external), external: peaks.external - idle.external };
    };
    let unpaid: Rise = { live: 0, external: 0 };
    let calls = 0;
    // The first call `@x402/fetch` makes gets the 402: its peak is read once that answer is in.
    const probed: typeof fetch = async (request, init) => {
      const response = await fetch(request, init);
      if (++calls === 1) unpaid = await rise();
      return response;
    };
    const pay = wrapFetchWithPayment(
      probed,
      payingClient(buyer, { solanaRpcUrl: `${service.base}/local/solana` }),
    );
    const response = await pay(`${service.base}/v1/audio/normalize`, {
      method: "POST",
      headers: { "Content-Type": input.type, Accept: "audio/*" },
      body: audio,
    });
    const work = await rise();
    let answer = 0;
    for await (const chunk of response.body!) answer += chunk.length;
    const sending = await rise();
    if (response.status !== 200) throw new Error(`status ${response.status}`);
    return { unpaid, work, sending, answer };
  } finally {
    await service.stop("SIGKILL");
    await Deno.remove(file).catch(() => {});
  }
}

if (import.meta.main) {
  const gc = Deno.args.includes("--gc");
  const sizes = Deno.args.filter((arg) => !arg.startsWith("--")).map(Number);
  const only = Deno.args.find((arg) => arg.startsWith("--only="))?.slice(7) ?? "opus";
  const input = INPUTS.find((each) => each.key === only);
  if (!input) throw new Error(`unknown input ${only}`);
  const load = (await Deno.readTextFile("/proc/loadavg")).split(" ").slice(0, 3).join(" ");
  console.log(`load average ${load}; garbage collected before each sample: ${gc ? "yes" : "no"}`);
  console.log(
    "| input | input MB | answer MB | V8 peak rise MB (of it ArrayBuffers): 402 | work done | answer sent |",
  );
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const size of sizes.length ? sizes : [2, 8]) {
    const audio = await makeProgramme(Math.round(size * MB / input.bytesPerSecond), input.format);
    const got = await phases(audio, input, gc);
    const figure = (bytes: number) => (bytes / MB).toFixed(1);
    const phase = (rise: Rise) => `${figure(rise.live)} (${figure(rise.external)})`;
    const figures = [
      figure(audio.length),
      figure(got.answer),
      ...[got.unpaid, got.work, got.sending].map(phase),
    ];
    console.log(`| ${input.name} | ${figures.join(" | ")} |`);
  }
}
