/**
 * A mixed load against a running service process, for the memory test and
 * bench: PDF conversions and audio normalisations with the largest inputs the
 * caps admit, more of each than the limits let run, and a stream of paid JSON
 * calls, all paid with the unmodified `@x402/fetch` client; while it runs the
 * memory of the process (every thread, PDF workers included) and of its
 * ffmpeg children is sampled.
 *
 * @module
 */
import { decodePaymentResponseHeader } from "@x402/core/http";
import { wrapFetchWithPayment } from "@x402/fetch";
import type { x402Client } from "@x402/core/client";
import { LOCAL_USDC_MINT, SEEDED_FEE_ACCOUNT } from "../../lib/local/solana/local_solana.ts";
import { processMemoryBytes } from "./service_process.ts";
import { buildPdf } from "./synthetic_pdf.ts";

const MB = 1024 * 1024;

/** Words of the generated prose. */
const WORDS =
  ("the of and to in a is that for it as was with be by on not this are or from at which but have " +
    "an they you were her all she there would their we him been has when who will more no if out so said what up")
    .split(" ");

/** A line in the middle of page `index` (1-based) of {@linkcode densePdf}: a converter must find each. */
export function pageMarker(index: number): string {
  return `Marker of page ${index} end`;
}

/**
 * A text-dense PDF of `pages` pages, close to `bytes` long: lines of words
 * placed one by one with kerning (`TJ` arrays, as TeX writes them) and a
 * marker line mid-page, in uncompressed content streams, so every byte is
 * text pdf.js must read.
 */
export function densePdf(pages: number, bytes: number): Uint8Array<ArrayBuffer> {
  const perPage = Math.floor(bytes / pages) - 260;
  const objects: string[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${
      Array.from({ length: pages }, (_, i) => `${4 + i * 2} 0 R`).join(" ")
    }] /Count ${pages} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>",
  ];
  let seed = 7;
  for (let page = 1; page <= pages; page++) {
    let text = "BT /F1 6 Tf 7 TL 36 770 Td\n";
    let marked = false;
    while (text.length < perPage - 200) {
      if (!marked && text.length > perPage / 2) {
        text += `(${pageMarker(page)}) Tj T*\n`;
        marked = true;
      }
      const words: string[] = [];
      for (let w = 0; w < 24; w++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        words.push(`(${WORDS[seed % WORDS.length]})`);
      }
      text += `[${words.join("-250")}] TJ T*\n`;
    }
    text += "ET";
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> ` +
        `/Contents ${5 + page * 2 - 2} 0 R >>`,
      `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    );
  }
  return new Uint8Array(buildPdf(objects));
}

/** Whole seconds of 48 kHz stereo 16-bit WAV that fit in `bytes`, its header included. */
export function wavSecondsFor(bytes: number): number {
  return Math.floor((bytes - 44) / (48_000 * 4));
}

/**
 * A speech-like 48 kHz stereo 16-bit WAV of `seconds`: 10 s made by ffmpeg,
 * repeated (generating the whole length would take far longer).
 */
export async function speechWav(seconds: number): Promise<Uint8Array<ArrayBuffer>> {
  // Syllables at 4 Hz over a gliding pitch, with pauses: integrated loudness is well defined.
  const expression = "0.3*sin(2*PI*(140+30*sin(2*PI*0.5*t))*t)*pow(0.5+0.5*sin(2*PI*4*t)\\,2)" +
    "*gt(sin(2*PI*0.2*t)\\,-0.4)+0.002*(2*random(0)-1)";
  const { code, stdout, stderr } = await new Deno.Command("ffmpeg", {
    args: [
      "-hide_banner",
      "-nostdin",
      "-f",
      "lavfi",
      "-i",
      `aevalsrc=exprs='${expression}|${expression}':s=48000:d=10`,
      "-c:a",
      "pcm_s16le",
      "-f",
      "s16le",
      "pipe:1",
    ],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (code !== 0) throw new Error(`ffmpeg could not make the audio:\n${new TextDecoder().decode(stderr)}`);
  const pcmBytes = seconds * 48_000 * 4;
  const wav = new Uint8Array(44 + pcmBytes);
  const view = new DataView(wav.buffer);
  const ascii = (at: number, text: string) => wav.set(new TextEncoder().encode(text), at);
  ascii(0, "RIFF");
  view.setUint32(4, 36 + pcmBytes, true);
  ascii(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 2, true); // stereo
  view.setUint32(24, 48_000, true);
  view.setUint32(28, 48_000 * 4, true);
  view.setUint16(32, 4, true);
  view.setUint16(34, 16, true);
  ascii(36, "data");
  view.setUint32(40, pcmBytes, true);
  for (let at = 0; at < pcmBytes; at += stdout.length) {
    wav.set(stdout.subarray(0, Math.min(stdout.length, pcmBytes - at)), 44 + at);
  }
  return wav;
}

/** Memory figures of a process and its ffmpeg children, in bytes. */
export interface MemoryPeaks {
  /** The process's own peak RSS (`VmHWM`: every thread, PDF workers included). */
  service: number;
  /** The largest RSS of the ffmpeg children seen at one time (sampled). */
  children: number;
  /** The largest sum of the process and its children seen at one time (sampled). */
  together: number;
}

/** A `/proc/<pid>/status` field, in bytes (0 when the process is gone). */
async function statusBytes(pid: number, field: "VmRSS" | "VmHWM"): Promise<number> {
  try {
    return await processMemoryBytes(pid, field);
  } catch {
    return 0;
  }
}

/** The ffmpeg processes `pid` started (direct children). */
async function ffmpegChildren(pid: number): Promise<number[]> {
  const found: number[] = [];
  for await (const task of Deno.readDir(`/proc/${pid}/task`)) {
    const text = await Deno.readTextFile(`/proc/${pid}/task/${task.name}/children`).catch(() => "");
    for (const child of text.split(" ").filter(Boolean).map(Number)) {
      const name = await Deno.readTextFile(`/proc/${child}/comm`).catch(() => "");
      if (name.trim() === "ffmpeg") found.push(child);
    }
  }
  return found;
}

/** Samples the memory of `pid` and its ffmpeg children every `everyMs` until `stop()`. */
export function sampleMemory(pid: number, everyMs = 20): { stop(): Promise<MemoryPeaks> } {
  let running = true;
  const peaks = { children: 0, together: 0 };
  const loop = (async () => {
    while (running) {
      const [own, children] = await Promise.all([statusBytes(pid, "VmRSS"), ffmpegChildren(pid)]);
      const theirs = (await Promise.all(children.map((child) => statusBytes(child, "VmRSS"))))
        .reduce((a, b) => a + b, 0);
      peaks.children = Math.max(peaks.children, theirs);
      peaks.together = Math.max(peaks.together, own + theirs);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const service = await statusBytes(pid, "VmHWM");
      return { service, children: peaks.children, together: Math.max(peaks.together, service) };
    },
  };
}

/** What one call of the load got. */
export interface Outcome {
  kind: "pdf" | "audio" | "json";
  path: string;
  status: number;
  /** `Retry-After`, when sent. */
  retryAfter: string | null;
  /** The settlement the answer carries, when it carries one. */
  settlement?: { success: boolean; transaction: string };
  /** The parsed JSON answer. */
  body: Record<string, unknown>;
}

/** The load to send. */
export interface MixedLoad {
  /** The service, `http://127.0.0.1:<port>`. */
  base: string;
  /** A client paying from a funded buyer. */
  client: x402Client;
  pdf: Uint8Array<ArrayBuffer>;
  /** PDF conversions sent at once. */
  pdfCalls: number;
  audio: Uint8Array<ArrayBuffer>;
  /** The audio's media type (default `audio/wav`). */
  audioType?: string;
  /** Audio normalisations sent at once. */
  audioCalls: number;
  /** Ask for the normalised audio as raw bytes (`Accept: audio/*`) rather than base64 in JSON. */
  audioRaw?: boolean;
  /** Paid JSON calls, sent `jsonLanes` at a time while the uploads are in flight. */
  jsonCalls: number;
  jsonLanes?: number;
}

/** The paid JSON calls, in turn; the transaction one reads the settlement of an earlier call. */
function jsonCall(n: number, lastTransaction: string | undefined): { path: string; init?: RequestInit } {
  const kinds = [
    { path: `/v1/fees/priority?account=${SEEDED_FEE_ACCOUNT}` },
    { path: `/v1/token/${LOCAL_USDC_MINT}` },
    {
      path: "/v1/token/risk",
      init: {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ mint: LOCAL_USDC_MINT }),
      },
    },
    ...(lastTransaction ? [{ path: `/v1/transaction/${lastTransaction}` }] : []),
  ];
  return kinds[n % kinds.length]!;
}

/** Reads an answer into an {@linkcode Outcome}. */
async function outcome(kind: Outcome["kind"], path: string, response: Response): Promise<Outcome> {
  const header = response.headers.get("PAYMENT-RESPONSE");
  const settlement = header ? decodePaymentResponseHeader(header) : undefined;
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text);
  } catch {
    body = { unparsed: text.slice(0, 200) };
  }
  return {
    kind,
    path,
    status: response.status,
    retryAfter: response.headers.get("Retry-After"),
    ...(settlement
      ? { settlement: { success: settlement.success, transaction: settlement.transaction } }
      : {}),
    body,
  };
}

/**
 * Sends the load at once: every PDF and audio call together, and the JSON
 * calls in lanes until all are answered; resolves with every outcome.
 */
export async function runMixedLoad(load: MixedLoad): Promise<Outcome[]> {
  const pay = wrapFetchWithPayment(fetch, load.client);
  const upload = (kind: "pdf" | "audio", path: string, type: string, bytes: Uint8Array<ArrayBuffer>) => {
    const headers: Record<string, string> = { "Content-Type": type };
    if (kind === "audio" && load.audioRaw) headers.Accept = "audio/*";
    return pay(`${load.base}${path}`, { method: "POST", headers, body: bytes })
      .then((response) => outcome(kind, path, response));
  };
  const uploads = [
    ...Array.from(
      { length: load.pdfCalls },
      () => upload("pdf", "/v1/pdf/to-markdown", "application/pdf", load.pdf),
    ),
    ...Array.from(
      { length: load.audioCalls },
      () => upload("audio", "/v1/audio/normalize", load.audioType ?? "audio/wav", load.audio),
    ),
  ];
  const json: Outcome[] = [];
  let next = 0;
  let lastTransaction: string | undefined;
  const lanes = Array.from({ length: load.jsonLanes ?? 2 }, async () => {
    while (next < load.jsonCalls) {
      const { path, init } = jsonCall(next++, lastTransaction);
      const result = await outcome("json", path, await pay(`${load.base}${path}`, init));
      if (result.settlement?.success) lastTransaction = result.settlement.transaction;
      json.push(result);
    }
  });
  const [answered] = await Promise.all([Promise.all(uploads), Promise.all(lanes)]);
  return [...answered, ...json];
}

/** `bytes` in MB, rounded. */
export function mb(bytes: number): number {
  return Math.round(bytes / MB);
}
