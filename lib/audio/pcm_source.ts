/**
 * Where the pass that writes the result reads the input's samples from,
 * without decoding twice when it can: the PCM kept from the measuring pass
 * (short inputs), the samples of a PCM WAV read in place (any length, checked
 * against what ffmpeg decoded), or, for long compressed inputs, a second
 * decode streamed through a small bounded queue.
 *
 * @module
 */
import { type ContainerKind, pipeInputArgs } from "./containers.ts";
import { type FfmpegInput, runFfmpeg } from "./ffmpeg.ts";
import { AUDIO_ONLY_ARGS, BASE_ARGS, type Measurement } from "./measure.ts";
import { createFrameReader, pcmEncodingFor } from "./pcm.ts";
import { wavChunks, type WavPcm, wavPcm } from "./wav_pcm.ts";

/** Interleaved float chunks of whole frames, in order. */
export type PcmSource = AsyncIterable<Float32Array>;

/** Yields chunks kept in memory. */
async function* kept(chunks: Float32Array[]): PcmSource {
  for (const chunk of chunks) yield chunk;
}

/** Options of a second decode. */
export interface RedecodeOptions {
  kind: ContainerKind;
  ffmpegPath: string;
  maxSeconds: number;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** What ffmpeg reads, when not the bytes themselves (e.g. an MP4's pieces with its index first). */
  stdin?: FfmpegInput | undefined;
}

/** Decodes `bytes` again, handing chunks over as the consumer takes them (ffmpeg waits meanwhile). */
async function* redecode(bytes: Uint8Array, channels: number, options: RedecodeOptions): PcmSource {
  const encoding = pcmEncodingFor(bytes, options.kind);
  const args = [...BASE_ARGS, ...pipeInputArgs(options.kind, options.maxSeconds + 1), ...AUDIO_ONLY_ARGS];
  const ready: Float32Array[] = [];
  const reader = createFrameReader(
    encoding,
    channels,
    (samples, n) => ready.push(samples.slice(0, n * channels)),
  );
  let wake: (() => void) | undefined; // the consumer, waiting for chunks
  let resume: (() => void) | undefined; // ffmpeg's reader, waiting for the consumer
  const call = (f: (() => void) | undefined) => f?.();
  let done = false;
  let failure: unknown;
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const run = runFfmpeg([...args, "-f", encoding, "pipe:1"], {
    ...options,
    signal,
    stdin: options.stdin ?? bytes,
    onStdout: async (chunk) => {
      reader.push(chunk);
      call(wake);
      if (ready.length > 4) await new Promise<void>((resolve) => resume = resolve);
    },
  }).catch((error) => failure ??= error).finally(() => {
    done = true;
    call(wake);
  });
  try {
    while (true) {
      const chunk = ready.shift();
      if (chunk) {
        if (ready.length <= 1) call(resume);
        yield chunk;
      } else if (done) break;
      else await new Promise<void>((resolve) => wake = resolve);
    }
  } finally {
    if (!done) stop.abort();
    call(resume);
    await run;
  }
  if (failure) throw failure;
}

/** Options of {@linkcode pcmSource}. */
export interface SourceOptions extends RedecodeOptions {
  measurement: Measurement;
}

/** The cheapest way to read the input's samples again; see the module's description. */
export function pcmSource(bytes: Uint8Array, options: SourceOptions): PcmSource {
  const { measurement } = options;
  if (measurement.pcm) return kept(measurement.pcm);
  const wav = wavInPlace(bytes, options.kind, measurement);
  return wav ? wavChunks(bytes, wav) : redecode(bytes, measurement.stream.channels, options);
}

/** The input's samples as a PCM WAV, when they are exactly what was measured. */
export function wavInPlace(
  bytes: Uint8Array,
  kind: ContainerKind,
  measurement: Measurement,
): WavPcm | undefined {
  const wav = kind === "wav" ? wavPcm(bytes) : undefined;
  const { sampleRate, channels } = measurement.stream;
  const same = wav && wav.rate === sampleRate && wav.channels === channels &&
    wav.frames === measurement.frames;
  return same ? wav : undefined;
}
