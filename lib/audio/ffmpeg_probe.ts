/**
 * Whether this runtime can run ffmpeg, and why not when it cannot: the
 * executable is missing, the runtime lacks the permission to run it
 * (`--allow-run`, Deno's `NotCapable`), or it is there but cannot be
 * executed (no execute bit, wrong format, fails to report a version). Called
 * at start so audio is not sold where it cannot run.
 *
 * @module
 */

/** Why ffmpeg cannot be run. */
export type FfmpegUnavailableReason = "missing_binary" | "missing_permission" | "not_runnable";

/** What {@linkcode probeFfmpeg} found. */
export type FfmpegProbe =
  | { available: true; version: string }
  | { available: false; reason: FfmpegUnavailableReason; detail: string };

/** Options of {@linkcode probeFfmpeg}. */
export interface ProbeOptions {
  /** How long `ffmpeg -version` may take (default 10 s). */
  timeoutMs?: number;
}

/**
 * Classifies an error thrown when spawning `ffmpegPath` into a reason and a
 * sentence for operators.
 */
export function classifySpawnError(
  error: unknown,
  ffmpegPath: string,
): { reason: FfmpegUnavailableReason; detail: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof Deno.errors.NotFound) {
    return { reason: "missing_binary", detail: `ffmpeg is not installed ("${ffmpegPath}" was not found)` };
  }
  if (error instanceof Deno.errors.NotCapable) {
    return {
      reason: "missing_permission",
      detail: `this runtime may not run "${ffmpegPath}" (start it with --allow-run): ${message}`,
    };
  }
  if (error instanceof Deno.errors.PermissionDenied) {
    return {
      reason: "not_runnable",
      detail: `"${ffmpegPath}" cannot be executed (permission denied): ${message}`,
    };
  }
  return { reason: "not_runnable", detail: `"${ffmpegPath}" cannot be run: ${message}` };
}

/**
 * Runs `ffmpeg -version` to find out whether ffmpeg can be run here.
 *
 * @param ffmpegPath The executable (a name looked up on `PATH`, or a path).
 * @returns `{available: true, version}`, or `{available: false, reason, detail}`; never throws.
 */
export async function probeFfmpeg(ffmpegPath: string, options: ProbeOptions = {}): Promise<FfmpegProbe> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  let output: Deno.CommandOutput;
  try {
    output = await new Deno.Command(ffmpegPath, {
      args: ["-hide_banner", "-version"],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      clearEnv: true,
      env: {},
      signal: AbortSignal.timeout(timeoutMs),
    }).output();
  } catch (error) {
    if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
      return {
        available: false,
        reason: "not_runnable",
        detail: `"${ffmpegPath} -version" took over ${timeoutMs} ms`,
      };
    }
    return { available: false, ...classifySpawnError(error, ffmpegPath) };
  }
  const version = new TextDecoder().decode(output.stdout).match(/^ffmpeg version (\S+)/)?.[1];
  if (output.success && version) return { available: true, version };
  const said = new TextDecoder().decode(output.stderr).trim().split("\n").at(-1)?.slice(0, 200);
  return {
    available: false,
    reason: "not_runnable",
    detail: output.success
      ? `"${ffmpegPath}" ran but did not report an ffmpeg version`
      : `"${ffmpegPath} -version" exited with code ${output.code}${said ? `: ${said}` : ""}`,
  };
}
