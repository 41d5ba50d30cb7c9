/**
 * A speech-like programme of any length, made by ffmpeg when a test or bench
 * runs (never committed): pink noise shaped to the voice band, cut into 4 Hz
 * syllables with pauses, over a quiet tone, 48 kHz stereo (the same noise
 * every time, so that runs compare). Long files are
 * written through a temporary file, so that an MP4 gets its index at the end
 * as encoders write it.
 *
 * @module
 */

/** The encoders of the formats people send, as ffmpeg output arguments. */
export const PROGRAMME_CODECS = {
  wav: ["-c:a", "pcm_s16le", "-f", "wav"],
  flac: ["-c:a", "flac", "-f", "flac"],
  mp3: ["-c:a", "libmp3lame", "-b:a", "128k", "-f", "mp3"],
  opus: ["-c:a", "libopus", "-b:a", "96k", "-f", "ogg"],
  m4a: ["-c:a", "aac", "-b:a", "128k", "-f", "mp4"],
} as const;

/** A format of {@linkcode PROGRAMME_CODECS}. */
export type ProgrammeFormat = keyof typeof PROGRAMME_CODECS;

/** ffmpeg's input arguments for `seconds` of the programme. */
function programmeInput(seconds: number): string[] {
  const syllables = "gt(sin(2*PI*0.2*t),-0.4)*pow(0.5+0.5*sin(2*PI*4*t),2)";
  return [
    "-f",
    "lavfi",
    "-i",
    `anoisesrc=c=pink:r=48000:a=0.5:d=${seconds}:seed=32,highpass=f=120,lowpass=f=4000,` +
    `volume='${syllables}':eval=frame[n];sine=f=220:r=48000:d=${seconds},volume=0.05[s];` +
    `[n][s]amix=inputs=2:normalize=0,aformat=channel_layouts=stereo`,
  ];
}

/**
 * `seconds` of the programme encoded as `format`.
 *
 * @example Ten minutes of MP3 at 128 kbps
 * ```ts
 * const mp3 = await makeProgramme(600, "mp3");
 * ```
 */
export async function makeProgramme(
  seconds: number,
  format: ProgrammeFormat,
): Promise<Uint8Array<ArrayBuffer>> {
  const path = await Deno.makeTempFile({ suffix: `.${format}` });
  try {
    const { code, stderr } = await new Deno.Command("ffmpeg", {
      args: ["-hide_banner", "-nostdin", "-y", ...programmeInput(seconds), ...PROGRAMME_CODECS[format], path],
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).output();
    if (code !== 0) {
      throw new Error(`ffmpeg could not make the programme:\n${new TextDecoder().decode(stderr)}`);
    }
    return await Deno.readFile(path);
  } finally {
    await Deno.remove(path).catch(() => {});
  }
}
