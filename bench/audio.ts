/**
 * Audio normalisation bench. On the same speech-like programme (48 kHz
 * stereo 16-bit WAV, 1, 10 and 60 minutes, through the library with the size
 * and duration caps lifted) it times, in one run:
 *
 * - decode only (`-f null`): the floor;
 * - ours: a PCM WAV is read where it lies, metered in process (on worker
 *   threads for long programmes) and, for a plain gain, written over the
 *   request's bytes, with no ffmpeg at all; other inputs are decoded once by
 *   ffmpeg and metered as they stream (see `lib/audio/`);
 * - the classic two-pass `loudnorm` recipe ffmpeg-normalize runs: a measuring
 *   pass, then `loudnorm` with the measured values and `linear=true`;
 *
 * and measures each result independently with `ebur128`, plus our peak
 * memory (in a fresh process) against the input size. It prints ours as a
 * ratio to the floor against its goal (≤ 1.5× for 1 minute, ≤ 3× for 60),
 * the result's distance from the target and its true peak against the
 * ceiling, and how far our in-process meter's reading of the input is from
 * `ebur128`'s.
 *
 *     deno run -A bench/audio.ts [--minutes=1,10,60] [--peaky] [--repeat=3] [--no-peer]
 *
 * `--repeat` runs each method that many times and keeps the median wall time
 * (the machine may be shared; ratios from one run are what to compare; the
 * floor and ours alternate). It ends with every length's ratio, each run's
 * too, and the load average at the start and the end. `--no-peer` leaves out the slow two-pass recipe.
 * `--peaky` adds a programme with loud clicks over a quiet bed, where a plain
 * gain would clip: ours then limits, and `loudnorm` falls back to dynamic.
 *
 * @module
 */
import { makeAudio, type Material, measureIndependently } from "../tests/_support/audio_material.ts";

const TARGET = { i: -16, tp: -1, lra: 11 };

/** Wall time and accuracy of one method on one input. */
interface Row {
  method: string;
  seconds: number;
  error?: number;
  tp?: number;
  note?: string;
}

/** Runs ffmpeg with `stdin` piped from memory; returns stdout, the log and the wall time. */
async function ffmpeg(args: string[], stdin: Uint8Array) {
  const started = performance.now();
  const child = new Deno.Command("ffmpeg", {
    args: ["-hide_banner", "-nostdin", "-nostats", ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const feeding = writer.write(stdin).then(() => writer.close()).catch(() => {});
  const [output] = await Promise.all([child.output(), feeding]);
  const stderr = new TextDecoder().decode(output.stderr);
  if (!output.success) throw new Error(`ffmpeg ${args.join(" ")} failed:\n${stderr.slice(-2000)}`);
  return { stdout: output.stdout, stderr, seconds: (performance.now() - started) / 1000 };
}

/** A WAV of `minutes` made by repeating one generated minute (a header with real sizes). */
function programme(minutes: number, oneMinute: Uint8Array): Uint8Array {
  const view = new DataView(oneMinute.buffer, oneMinute.byteOffset, oneMinute.byteLength);
  const dataAt = new TextDecoder().decode(oneMinute.subarray(0, 256)).indexOf("data");
  const header = oneMinute.slice(0, dataAt + 8);
  const pcm = oneMinute.subarray(
    dataAt + 8,
    dataAt + 8 + Math.min(view.getUint32(dataAt + 4, true), 0x7fffffff),
  );
  const wav = new Uint8Array(header.length + pcm.length * minutes);
  wav.set(header);
  for (let i = 0; i < minutes; i++) wav.set(pcm, header.length + i * pcm.length);
  const out = new DataView(wav.buffer);
  out.setUint32(4, wav.length - 8, true);
  out.setUint32(dataAt + 4, pcm.length * minutes, true);
  return wav;
}

/** Decode only: the floor any method pays. */
async function decodeOnly(wav: Uint8Array): Promise<Row> {
  const { seconds } = await ffmpeg(["-f", "wav", "-i", "pipe:0", "-f", "null", "-"], wav);
  return { method: "decode only (floor)", seconds };
}

/** The classic two-pass loudnorm recipe. */
async function twoPassLoudnorm(wav: Uint8Array): Promise<Row> {
  const base = `loudnorm=I=${TARGET.i}:TP=${TARGET.tp}:LRA=${TARGET.lra}`;
  const first = await ffmpeg(
    ["-f", "wav", "-i", "pipe:0", "-af", `${base}:print_format=json`, "-f", "null", "-"],
    wav,
  );
  const stats = JSON.parse(
    first.stderr.slice(first.stderr.lastIndexOf("{"), first.stderr.lastIndexOf("}") + 1),
  );
  const measured =
    `measured_I=${stats.input_i}:measured_TP=${stats.input_tp}:measured_LRA=${stats.input_lra}` +
    `:measured_thresh=${stats.input_thresh}:offset=${stats.target_offset}`;
  const second = await ffmpeg([
    "-f",
    "wav",
    "-i",
    "pipe:0",
    "-af",
    `${base}:${measured}:linear=true:print_format=json`,
    "-ar",
    "48000",
    "-c:a",
    "pcm_s16le",
    "-f",
    "wav",
    "pipe:1",
  ], wav);
  const type = second.stderr.match(/"normalization_type" : "(\w+)"/)?.[1];
  const check = await measureIndependently(second.stdout);
  return {
    method: "two-pass loudnorm",
    seconds: first.seconds + second.seconds,
    error: check.i - TARGET.i,
    tp: check.tp,
    note: `pass 2 ${type}`,
  };
}

/** The item with the median `key`. */
function middle<T>(items: T[], key: (item: T) => number): T {
  return [...items].sort((a, b) => key(a) - key(b))[Math.floor((items.length - 1) / 2)]!;
}

/** One run of ours in a fresh process, for a clean peak-memory reading (`warm`: after two requests). */
async function oursOnce(wav: Uint8Array, warm = false) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("./audio/_ours.ts", import.meta.url).pathname, ...(warm ? ["--warm"] : [])],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(wav);
  await writer.close();
  const output = await child.output();
  if (!output.success) throw new Error(new TextDecoder().decode(output.stderr));
  const run = JSON.parse(new TextDecoder().decode(output.stdout));
  const row: Row = {
    method: warm ? "ours, warm" : "ours, first request",
    seconds: run.wallMs / 1000,
    error: run.independent.i - TARGET.i,
    tp: run.independent.tp,
    note: `${run.normalizationType}, ${run.passes} passes`,
  };
  const input = run.input as { integratedLufs: number; truePeakDbtp: number; lra: number };
  return {
    row,
    /** Input held plus what the request added at its peak. */
    requestMemory: run.inputBytes + run.peakRss - run.loadedRss,
    runtimeMemory: run.peakRss - run.baselineRss,
    inputBytes: run.inputBytes as number,
    input,
  };
}

/** Runs `measure` `times` times and keeps the run with the median wall time. */
async function median<T extends { seconds: number }>(times: number, measure: () => Promise<T>): Promise<T> {
  const runs: T[] = [];
  for (let i = 0; i < times; i++) runs.push(await measure());
  runs.sort((a, b) => a.seconds - b.seconds);
  return runs[Math.floor((runs.length - 1) / 2)]!;
}

/** The goal for ours ÷ the floor at a programme length, where the cost table sets one. */
const GOALS: Record<number, number> = { 1: 1.5, 60: 3 };

/** The machine's load averages (1, 5 and 15 minutes), as `uptime` shows them. */
function loadAverage(): string {
  return Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const signed = (value: number | undefined) =>
  value === undefined ? "" : `${value >= 0 ? "+" : ""}${value.toFixed(1)}`;

if (import.meta.main) {
  const flag = Deno.args.find((arg) => arg.startsWith("--minutes="));
  const sizes = (flag?.slice("--minutes=".length) ?? "1,10,60").split(",").map(Number);
  const repeat = Number(Deno.args.find((arg) => arg.startsWith("--repeat="))?.slice("--repeat=".length) ?? 1);
  const peer = !Deno.args.includes("--no-peer");
  const programmes: Array<[Material, number]> = [["speech", -8]];
  if (Deno.args.includes("--peaky")) programmes.push(["peaky", -6]);
  console.log(`target: ${TARGET.i} LUFS, ${TARGET.tp} dBTP; 48 kHz stereo 16-bit WAV`);
  const startLoad = loadAverage();
  console.log(`${navigator.hardwareConcurrency} cores, load average ${startLoad}; median of ${repeat}\n`);
  const summary: string[] = [];
  for (const [material, gainDb] of programmes) {
    const oneMinute = await makeAudio(material, { seconds: 60, gainDb });
    for (const minutes of sizes) {
      const wav = programme(minutes, oneMinute);
      // Floor and ours alternate, so a busy spell on a shared machine weighs on both alike.
      const floors: Row[] = [];
      const mines: Awaited<ReturnType<typeof oursOnce>>[] = [];
      const warms: Awaited<ReturnType<typeof oursOnce>>[] = [];
      for (let i = 0; i < repeat; i++) {
        floors.push(await decodeOnly(wav));
        mines.push(await oursOnce(wav));
        warms.push(await oursOnce(wav, true));
      }
      const floor = middle(floors, (row) => row.seconds);
      const mine = middle(mines, (run) => run.row.seconds);
      const warm = middle(warms, (run) => run.row.seconds);
      const classic = peer ? await median(repeat, () => twoPassLoudnorm(wav)) : undefined;
      const reference = await measureIndependently(wav);
      console.log(`${material}, ${minutes} min (${mb(wav.length)})`);
      console.log("  method                    wall s   ΔI LU   TP dBTP  note");
      for (const row of classic ? [floor, mine.row, warm.row, classic] : [floor, mine.row, warm.row]) {
        console.log(
          `  ${row.method.padEnd(24)} ${row.seconds.toFixed(2).padStart(7)}  ${
            signed(row.error).padStart(6)
          }  ${signed(row.tp).padStart(7)}  ${row.note ?? ""}`,
        );
      }
      const goal = GOALS[minutes];
      for (const [label, runs, best] of [["first request", mines, mine], ["warm", warms, warm]] as const) {
        const ratio = best.row.seconds / floor.seconds;
        const verdict = goal === undefined ? "" : ` (goal ≤ ${goal}×: ${ratio <= goal ? "met" : "missed"})`;
        console.log(`  ours (${label}) ÷ decode-only floor: ${ratio.toFixed(2)}×${verdict}`);
        const spread = runs.map((run, i) => (run.row.seconds / floors[i]!.seconds).toFixed(2)).join(", ");
        summary.push(
          `  ${material}, ${String(minutes).padStart(2)} min, ${label.padEnd(13)}: ${
            ratio.toFixed(2)
          }×${verdict}  (each run: ${spread})`,
        );
      }
      console.log(
        `  accuracy: result ${signed(mine.row.error)} LU from the target (limit ±0.5), true peak ${
          signed(mine.row.tp)
        } dBTP under the ${TARGET.tp} ceiling: ${
          Math.abs(mine.row.error!) <= 0.5 && mine.row.tp! <= TARGET.tp ? "ok" : "MISSED"
        }`,
      );
      console.log(
        `  in-process meter vs ebur128 on the input: I ${
          signed(mine.input.integratedLufs - reference.i)
        } LU, TP ${signed(mine.input.truePeakDbtp - reference.tp)} dB, LRA ${
          signed(mine.input.lra - reference.lra)
        } LU`,
      );
      if (classic) console.log(`  ours / two-pass: ${(mine.row.seconds / classic.seconds).toFixed(2)}×`);
      console.log(
        `  our memory: input + peak growth during the request ${mb(mine.requestMemory)} = ${
          (mine.requestMemory / mine.inputBytes).toFixed(2)
        }× the input (whole process above an idle runtime: ${mb(mine.runtimeMemory)})\n`,
      );
    }
  }
  console.log("ours ÷ decode-only floor, this run:");
  for (const line of summary) console.log(line);
  console.log(`load average at the start ${startLoad}, at the end ${loadAverage()}`);
}
