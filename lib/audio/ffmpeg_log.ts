/**
 * Reads figures out of ffmpeg's log: the `ebur128` filter's Summary block
 * (ffmpeg 5.1 has no machine-readable form of it), the input audio stream's
 * description, and how much audio was decoded; and keeps a long log's start
 * and end.
 *
 * @module
 */
import { defaultLayout, layoutChannels } from "./layouts.ts";

/** EBU R128 / ITU-R BS.1770 figures of a signal. */
export interface Loudness {
  /** Integrated loudness, LUFS (−70 for silence). */
  integratedLufs: number;
  /** Maximum true peak over all channels, dBTP (−Infinity for digital silence). */
  truePeakDbtp: number;
  /** Loudness range, LU. */
  lra: number;
  /** Relative gating threshold of the integrated measurement, LUFS. */
  threshold: number;
}

/** The decoded audio stream as ffmpeg describes it. */
export interface StreamInfo {
  /** Decoder name, e.g. `pcm_s16le`, `mp3`, `opus`. */
  codec: string;
  sampleRate: number;
  channels: number;
  /** A channel layout name ffmpeg's `aformat` accepts, e.g. `stereo`, `5.1(side)`. */
  layout: string;
  /** Bits per sample of lossless sources (16 or 24), undefined for lossy ones. */
  bits?: number;
}

/** Parses a number as printed by `ebur128` (`-23.0`, `-inf`). */
function figure(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (text === "-inf") return -Infinity;
  if (text === "inf") return Infinity;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * Reads the last `ebur128` Summary block of a log (the filter must run with `peak=true`).
 *
 * @returns The figures, or `undefined` when the log holds no complete summary.
 */
export function parseLoudnessSummary(stderr: string): Loudness | undefined {
  const at = stderr.lastIndexOf("Summary:");
  if (at < 0) return undefined;
  const block = stderr.slice(at);
  const integrated = block.match(/Integrated loudness:\s*I:\s*(\S+) LUFS\s*Threshold:\s*(\S+) LUFS/);
  const lra = block.match(/LRA:\s*(\S+) LU\b/);
  const peak = block.match(/True peak:\s*Peak:\s*(\S+) dBFS/);
  const values = [integrated?.[1], integrated?.[2], lra?.[1], peak?.[1]].map(figure);
  const [integratedLufs, threshold, range, truePeakDbtp] = values;
  if (integratedLufs === undefined || threshold === undefined || range === undefined) return undefined;
  if (truePeakDbtp === undefined) return undefined;
  return { integratedLufs, truePeakDbtp, lra: range, threshold };
}

/**
 * Reads the first audio stream of input #0 from a log.
 *
 * @returns The stream, or `undefined` when there is none or its layout is unknown.
 */
export function parseInputStream(stderr: string): StreamInfo | undefined {
  const inputEnd = stderr.search(/^(Stream mapping:|Output #0)/m);
  const input = inputEnd < 0 ? stderr : stderr.slice(0, inputEnd);
  const line = input.match(
    /Stream #0:\d+\S*: Audio: (\w+)[^\n]*?, (\d+) Hz, ([^,\n]+), (\w+)(?: \((\d+) bit\))?/,
  );
  if (!line) return undefined;
  const [, codec, rate, layoutText, sampleFormat, rawBits] = line;
  const counted = layoutText!.match(/^(\d+) channels$/);
  const channels = counted ? Number(counted[1]) : layoutChannels(layoutText!);
  const layout = counted ? defaultLayout(channels!) : layoutText!;
  if (!channels || !layout) return undefined;
  const lossless = /^(pcm_|flac$|alac$|wavpack$)/.test(codec!);
  const bits = !lossless ? undefined : rawBits ? Number(rawBits) : /16|u8|s8/.test(sampleFormat!) ? 16 : 24;
  return { codec: codec!, sampleRate: Number(rate), channels, layout, ...(bits ? { bits } : {}) };
}

/**
 * Reads how much audio was processed, in seconds, from the final progress line
 * (`size=… time=00:01:00.00 …`), which ffmpeg prints even with `-nostats`.
 */
export function parseProcessedSeconds(stderr: string): number | undefined {
  const times = [...stderr.matchAll(/time=\s*(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)];
  const last = times.at(-1);
  if (!last) return undefined;
  const seconds = Number(last[2]) * 3600 + Number(last[3]) * 60 + Number(last[4]);
  return last[1] === "-" ? 0 : seconds;
}

/** Characters kept of a log's start and of its end. */
const STDERR_KEEP = 32 * 1024;

/** Keeps the first and last {@linkcode STDERR_KEEP} characters of a log as it arrives. */
export function createLogKeeper() {
  let head = "";
  let tail = "";
  let dropped = false;
  return {
    push(text: string) {
      if (head.length < STDERR_KEEP) {
        const room = STDERR_KEEP - head.length;
        head += text.slice(0, room);
        text = text.slice(room);
      }
      if (text === "") return;
      tail += text;
      if (tail.length > STDERR_KEEP) {
        tail = tail.slice(tail.length - STDERR_KEEP);
        dropped = true;
      }
    },
    text: () => dropped ? `${head}\n[…]\n${tail}` : head + tail,
  };
}
