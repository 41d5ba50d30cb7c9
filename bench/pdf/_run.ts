/**
 * Runs the external producers the corpus and fixture scripts drive: one
 * command, its input on stdin if given, failing loudly with its error output.
 *
 * @module
 */

/** Options for {@linkcode runCommand}. */
export interface RunOptions {
  cwd?: string;
  /** Text written to the command's stdin. */
  stdin?: string;
}

/** Runs `command` and returns its stdout; throws with the end of its stderr when it fails. */
export async function runCommand(
  command: string,
  args: string[],
  opts: RunOptions = {},
): Promise<Uint8Array> {
  const child = new Deno.Command(command, {
    args,
    cwd: opts.cwd,
    stdin: opts.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
    env: { QT_QPA_PLATFORM: "offscreen", DEBIAN_FRONTEND: "noninteractive" },
  }).spawn();
  if (opts.stdin !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(opts.stdin));
    await writer.close();
  }
  const output = await child.output();
  if (!output.success) {
    throw new Error(`${command} failed: ${new TextDecoder().decode(output.stderr).slice(-2000)}`);
  }
  return output.stdout;
}
