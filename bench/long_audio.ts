/**
 * Long programmes at full size, end to end at the default memory budget: a
 * 90-minute MP3 at 128 kbps (about 82 MB) and a 10-minute 48 kHz stereo WAV
 * (about 110 MB), made here by ffmpeg, each paid with `@x402/fetch`, sent as
 * raw bytes and normalised by a fresh service; the answer is measured with
 * ffmpeg's `ebur128`. Prints the time, the loudness against the podcast
 * target and the peak memory against the budget. `tests/e2e/long_audio_test.ts`
 * runs the same path scaled to CI's time.
 *
 *     deno run -A bench/long_audio.ts [MP3 minutes] [WAV minutes]   (default: 90 10)
 *
 * @module
 */
import { normaliseLongProgramme } from "../tests/_support/long_audio.ts";

if (import.meta.main) {
  const [mp3Minutes = 90, wavMinutes = 10] = Deno.args.map(Number);
  console.log(
    "| input | size MB | made in s | normalised in s | I LUFS (target -16) | TP dBTP (ceiling -1) | peak RSS + ffmpeg ÷ budget |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (
    const [name, minutes, format, type] of [
      ["MP3 128 kbps", mp3Minutes, "mp3", "audio/mpeg"],
      ["WAV 48 kHz stereo", wavMinutes, "wav", "audio/wav"],
    ] as const
  ) {
    const run = await normaliseLongProgramme(minutes * 60, format, type);
    if (run.status !== 200 || !run.measured) throw new Error(`${name}: status ${run.status}`);
    console.log(
      `| ${name}, ${minutes} min | ${(run.inputBytes / 2 ** 20).toFixed(1)} | ${
        run.seconds.make.toFixed(0)
      } | ${run.seconds.normalise.toFixed(0)} | ${run.measured.i} | ${run.measured.tp} | ${
        (run.peakTogether / run.budgetBytes).toFixed(2)
      } |`,
    );
  }
}
