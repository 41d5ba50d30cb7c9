/**
 * Meters a PCM WAV's samples where they lie, without ffmpeg: in process for
 * short programmes, and for long ones split into stretches of whole 100 ms
 * steps metered on all cores by worker threads, then gated together. Each
 * worker first reads the second before its stretch, which settles the
 * K-weighting filters (their memory fades below double precision within
 * tens of milliseconds) and gives the true-peak interpolator its history, so
 * the figures equal a single meter's.
 *
 * @module
 */
import { UpstreamTimeoutError } from "../shared/errors.ts";
import type { Loudness, StreamInfo } from "./ffmpeg_log.ts";
import { channelWeights } from "./layouts.ts";
import { createGatedProgramme } from "./gated_programme.ts";
import { stepFrames } from "./step_meter.ts";
import { createMeters, loudnessFigures } from "./stream_meters.ts";
import { wavChunks, type WavPcm } from "./wav_pcm.ts";
import type { WavMeterReply, WavMeterRequest } from "./wav_meter_worker.ts";

/** Steps each worker reads before its stretch (1 s). */
const WARM_STEPS = 10;
/** Bytes per chunk sent to a worker. */
const CHUNK_BYTES = 1 << 20;
/** Chunks on their way to one worker at most. */
const IN_FLIGHT = 4;
/** Chunks metered in process between two yields to the event loop. */
const CHUNKS_PER_YIELD = 16;

/** Options of {@linkcode meterWav}. */
export interface WavMeterOptions {
  /** Threads to meter on (default: the cores, at most 4); 1 meters in process. */
  workers?: number | undefined;
  /**
   * Shortest programme split across workers, in seconds (default 300: below
   * it, starting the threads costs about what they save).
   */
  parallelFromSeconds?: number | undefined;
  /** Time (`Date.now()`) past which metering stops with a timeout. */
  deadline: number;
  signal?: AbortSignal | undefined;
}

/** The default thread count: the cores, at most 4. */
function defaultWorkers(): number {
  return Math.max(1, Math.min(4, navigator.hardwareConcurrency || 1));
}

/** Throws when the budget is spent or the caller has gone. */
function checkTime(options: WavMeterOptions): void {
  options.signal?.throwIfAborted();
  if (Date.now() > options.deadline) throw new UpstreamTimeoutError("Audio metering ran out of time");
}

/**
 * Measures the WAV `wav` of `bytes` (described as `stream`): loudness to a
 * tenth, as `ebur128` prints it.
 *
 * @throws {UpstreamTimeoutError} Past the deadline.
 * @throws The signal's reason when it aborts.
 */
export async function meterWav(
  bytes: Uint8Array,
  wav: WavPcm,
  stream: StreamInfo,
  options: WavMeterOptions,
): Promise<Loudness> {
  const workers = options.workers ?? defaultWorkers();
  const steps = Math.floor(wav.frames / stepFrames(wav.rate));
  const parallel = Math.min(workers, Math.floor(steps / ((options.parallelFromSeconds ?? 300) * 10) * 2));
  if (parallel < 2) return await meterInProcess(bytes, wav, stream, options);
  return await meterInWorkers(bytes, wav, stream, parallel, options);
}

/** Meters on this thread, yielding to the event loop now and then. */
async function meterInProcess(
  bytes: Uint8Array,
  wav: WavPcm,
  stream: StreamInfo,
  options: WavMeterOptions,
): Promise<Loudness> {
  checkTime(options);
  const meters = createMeters(stream);
  let chunks = 0;
  for await (const samples of wavChunks(bytes, wav)) {
    meters.push(samples, samples.length / wav.channels);
    if (++chunks % CHUNKS_PER_YIELD === 0) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      checkTime(options);
    }
  }
  checkTime(options);
  return meters.loudness();
}

/** A worker's replies, awaited one at a time. */
function replies(worker: Worker) {
  const queue: WavMeterReply[] = [];
  let waiting: ((reply: WavMeterReply) => void) | undefined;
  const deliver = (reply: WavMeterReply) => {
    if (waiting) {
      const wake = waiting;
      waiting = undefined;
      wake(reply);
    } else queue.push(reply);
  };
  worker.onmessage = (event: MessageEvent<WavMeterReply>) => deliver(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    deliver({ type: "failed", message: event.message });
  };
  return {
    async next(): Promise<WavMeterReply> {
      const reply = queue.shift() ?? await new Promise<WavMeterReply>((resolve) => waiting = resolve);
      if (reply.type === "failed") throw new Error(`Audio meter worker failed: ${reply.message}`);
      return reply;
    },
  };
}

/**
 * Sends frames `[from, to)` to a worker through a ring of shared slots (after
 * its warm-up second) and collects its figures.
 */
async function meterStretch(
  worker: Worker,
  bytes: Uint8Array,
  wav: WavPcm,
  stream: StreamInfo,
  range: { from: number; to: number },
  stop: Promise<never>,
): Promise<Extract<WavMeterReply, { type: "done" }>> {
  const frameBytes = wav.channels * wav.bits / 8;
  const slotBytes = Math.floor(CHUNK_BYTES / frameBytes) * frameBytes;
  const ring = new SharedArrayBuffer(slotBytes * IN_FLIGHT);
  const shared = new Uint8Array(ring);
  const free = Array.from({ length: IN_FLIGHT }, (_, i) => i * slotBytes);
  const answers = replies(worker);
  const next = () => Promise.race([answers.next(), stop]);
  const { channels, bits, float } = wav;
  const weights = channelWeights(stream.layout, channels);
  worker.postMessage({ type: "start", rate: wav.rate, encoding: { channels, bits, float }, weights, ring });
  /** Copies bytes `[at, end)` into free slots, as the worker hands them back. */
  const send = async (type: "warm" | "chunk", at: number, end: number) => {
    for (; at < end; at += slotBytes) {
      while (free.length === 0) {
        const reply = await next();
        if (reply.type === "read") free.push(reply.at);
      }
      const slot = free.pop()!;
      const length = Math.min(slotBytes, end - at);
      shared.set(bytes.subarray(at, at + length), slot);
      worker.postMessage({ type, at: slot, length } satisfies WavMeterRequest);
    }
  };
  const byteAt = (frame: number) => wav.offset + frame * frameBytes;
  await send("warm", byteAt(Math.max(0, range.from - WARM_STEPS * stepFrames(wav.rate))), byteAt(range.from));
  await send("chunk", byteAt(range.from), byteAt(range.to));
  worker.postMessage({ type: "end" } satisfies WavMeterRequest);
  while (true) {
    const reply = await next();
    if (reply.type === "done") return reply;
  }
}

/** Meters on `count` worker threads, one stretch each, and gates their steps in order. */
async function meterInWorkers(
  bytes: Uint8Array,
  wav: WavPcm,
  stream: StreamInfo,
  count: number,
  options: WavMeterOptions,
): Promise<Loudness> {
  checkTime(options);
  const step = stepFrames(wav.rate);
  const steps = Math.floor(wav.frames / step);
  const workers = Array.from(
    { length: count },
    () => new Worker(new URL("./wav_meter_worker.ts", import.meta.url), { type: "module" }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new UpstreamTimeoutError("Audio metering ran out of time")),
      Math.max(0, options.deadline - Date.now()),
    );
    onAbort = () => reject(options.signal?.reason);
    options.signal?.addEventListener("abort", onAbort, { once: true });
  });
  stop.catch(() => {});
  try {
    const results = await Promise.all(workers.map((worker, i) => {
      const from = Math.round(steps * i / count) * step;
      const to = i === count - 1 ? wav.frames : Math.round(steps * (i + 1) / count) * step;
      return meterStretch(worker, bytes, wav, stream, { from, to }, stop);
    }));
    const programme = createGatedProgramme(wav.rate);
    let truePeak = 0;
    for (const result of results) {
      for (const energy of result.energies) programme.add(energy);
      truePeak = Math.max(truePeak, result.truePeak);
    }
    return loudnessFigures(programme.result(), truePeak);
  } finally {
    clearTimeout(timer);
    if (onAbort) options.signal?.removeEventListener("abort", onAbort);
    for (const worker of workers) worker.terminate();
  }
}
