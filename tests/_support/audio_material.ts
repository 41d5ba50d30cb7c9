/**
 * Test material made by the real ffmpeg from its own signal generators, and
 * an independent measurement of results (a separate ffmpeg run of the
 * `ebur128` filter, read with this file's own parser).
 *
 * @module
 */

/** The kinds of generated programme. */
export type Material = "speech" | "music" | "peaky" | "silence";

/** Formats the material can be encoded in. */
export type MaterialFormat = "wav" | "wav24" | "flac" | "mp3" | "opus" | "m4a";

/** Options of {@linkcode makeAudio}. */
export interface MaterialOptions {
  seconds?: number;
  rate?: number;
  channels?: 1 | 2;
  /** Gain applied to the programme, dB. */
  gainDb?: number;
  format?: MaterialFormat;
}

/** Signal expressions for ffmpeg's `aevalsrc` (commas are escaped for the filtergraph). */
const EXPRESSIONS: Record<Material, string> = {
  // Voiced syllables at ~4 Hz with a gliding pitch, phrase pauses and slow level changes.
  speech: "(0.5*sin(2*PI*(140+30*sin(2*PI*0.5*t))*t)+0.25*sin(2*PI*290*t)+0.12*sin(2*PI*1150*t))" +
    "*pow(0.5+0.5*sin(2*PI*4*t)\\,2)*gt(sin(2*PI*0.2*t)\\,-0.4)*(0.4+0.6*(0.5+0.5*sin(2*PI*0.07*t)))" +
    "+0.004*(2*random(0)-1)",
  // A minor chord with a bass line, hi-hat-like noise bursts and a kick every half second.
  music:
    "0.18*sin(2*PI*220*t)+0.14*sin(2*PI*261.6*t)+0.12*sin(2*PI*329.6*t)+0.2*sin(2*PI*(55+27.5*gt(mod(t\\,4)\\,2))*t)" +
    "+0.35*exp(-25*mod(t\\,0.5))*sin(2*PI*60*t)+0.06*exp(-60*mod(t+0.25\\,0.5))*(2*random(0)-1)",
  // A quiet bed with sharp loud clicks: a plain gain to any usual target would clip.
  peaky: "0.04*sin(2*PI*200*t)+0.06*sin(2*PI*523*t)*(0.5+0.5*sin(2*PI*0.3*t))" +
    "+0.9*exp(-80*mod(t\\,0.75))*sin(2*PI*2500*t)",
  silence: "0",
};

const CODECS: Record<MaterialFormat, string[]> = {
  wav: ["-c:a", "pcm_s16le", "-f", "wav"],
  wav24: ["-c:a", "pcm_s24le", "-f", "wav"],
  flac: ["-c:a", "flac", "-f", "flac"],
  mp3: ["-c:a", "libmp3lame", "-b:a", "192k", "-f", "mp3"],
  opus: ["-c:a", "libopus", "-b:a", "128k", "-f", "ogg"],
  m4a: ["-c:a", "aac", "-b:a", "160k", "-f", "mp4"],
};

/** Result of one ffmpeg run. */
export interface Run {
  code: number;
  stdout: Uint8Array;
  stderr: string;
}

/** Runs the system ffmpeg with `args`, feeding `stdin`. */
export async function ffmpeg(args: string[], stdin?: Uint8Array): Promise<Run> {
  const child = new Deno.Command("ffmpeg", {
    args: ["-hide_banner", "-nostdin", ...args],
    stdin: stdin ? "piped" : "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (stdin) {
    const writer = child.stdin.getWriter();
    writer.write(stdin).then(() => writer.close()).catch(() => {});
  }
  const { code, stdout, stderr } = await child.output();
  return { code, stdout, stderr: new TextDecoder().decode(stderr) };
}

/**
 * Generates `seconds` of `kind` programme and encodes it. M4A goes through a
 * temporary file, so its index sits at the end as most encoders write it.
 */
export async function makeAudio(kind: Material, options: MaterialOptions = {}): Promise<Uint8Array> {
  const { seconds = 10, rate = 48000, channels = 2, gainDb = 0, format = "wav" } = options;
  const source = `aevalsrc=exprs='${EXPRESSIONS[kind]}':s=${rate}:d=${seconds}`;
  const shape = channels === 2 ? "pan=stereo|c0=c0|c1=0.8*c0" : "anull";
  const args = ["-f", "lavfi", "-i", source, "-af", `${shape},volume=${gainDb}dB`, ...CODECS[format]];
  if (format === "opus" && rate !== 48000) args.push("-ar", "48000");
  if (format !== "m4a") {
    const run = await ffmpeg([...args, "pipe:1"]);
    if (run.code !== 0) throw new Error(`Generating ${kind} failed:\n${run.stderr}`);
    return run.stdout;
  }
  const path = await Deno.makeTempFile({ suffix: ".m4a" });
  try {
    const run = await ffmpeg([...args, "-y", path]);
    if (run.code !== 0) throw new Error(`Generating ${kind} failed:\n${run.stderr}`);
    return await Deno.readFile(path);
  } finally {
    await Deno.remove(path);
  }
}

/** An independent measurement of encoded audio. */
export interface Independent {
  i: number;
  tp: number;
  lra: number;
  rate: number;
  channels: number;
  seconds: number;
}

/**
 * Decodes `bytes` (format probed by ffmpeg) and measures them with `ebur128`.
 * MP4 is read from a temporary file, where ffmpeg can seek to an index at the end.
 */
export async function measureIndependently(bytes: Uint8Array): Promise<Independent> {
  const args = ["-af", "ebur128=peak=true:framelog=verbose", "-f", "null", "-"];
  const mp4 = new TextDecoder().decode(bytes.subarray(4, 8)) === "ftyp";
  const path = mp4 ? await Deno.makeTempFile({ suffix: ".m4a" }) : undefined;
  let run: Run;
  try {
    if (path) await Deno.writeFile(path, bytes);
    run = path ? await ffmpeg(["-i", path, ...args]) : await ffmpeg(["-i", "pipe:0", ...args], bytes);
  } finally {
    if (path) await Deno.remove(path);
  }
  if (run.code !== 0) throw new Error(`Measuring failed:\n${run.stderr}`);
  const summary = run.stderr.slice(run.stderr.lastIndexOf("Summary:"));
  const number = (pattern: RegExp) => {
    const found = summary.match(pattern) ?? run.stderr.match(pattern);
    if (!found) throw new Error(`No ${pattern} in:\n${run.stderr}`);
    return Number(found[1]);
  };
  const stream = run.stderr.match(/Audio: [^\n]*?, (\d+) Hz, (mono|stereo|(\d+) channels|(\d)\.(\d)\b)/);
  if (!stream) throw new Error(`No audio stream in:\n${run.stderr}`);
  const times = [...run.stderr.matchAll(/time=(\d+):(\d+):([\d.]+)/g)].at(-1)!;
  return {
    i: number(/I:\s+(-?[\d.]+) LUFS/),
    tp: number(/True peak:\s+Peak:\s+(-?[\d.]+|-inf) dBFS/),
    lra: number(/LRA:\s+([\d.]+) LU/),
    rate: Number(stream[1]),
    channels: stream[2] === "mono"
      ? 1
      : stream[2] === "stereo"
      ? 2
      : stream[3]
      ? Number(stream[3])
      : Number(stream[4]) + Number(stream[5]),
    seconds: Number(times[1]) * 3600 + Number(times[2]) * 60 + Number(times[3]),
  };
}

/** Bits per sample of a PCM WAV, from its `fmt ` chunk. */
export function wavBits(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = new TextDecoder().decode(bytes.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    if (id === "fmt ") return view.getUint16(at + 22, true);
    at += 8 + size + (size & 1);
  }
  throw new Error("No fmt chunk");
}
