/**
 * Makes sure the system ffmpeg the audio operation and its tests use is
 * installed: installs it with apt-get when missing and running as root,
 * otherwise says how and fails.
 *
 * @module
 */

async function ffmpegVersion(): Promise<string | undefined> {
  try {
    const { success, stdout } = await new Deno.Command("ffmpeg", {
      args: ["-version"],
      stdout: "piped",
      stderr: "null",
    })
      .output();
    return success ? new TextDecoder().decode(stdout).split("\n")[0] : undefined;
  } catch {
    return undefined;
  }
}

async function run(command: string, args: string[]): Promise<void> {
  const { success } = await new Deno.Command(command, {
    args,
    env: { DEBIAN_FRONTEND: "noninteractive" },
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!success) throw new Error(`${command} ${args.join(" ")} failed`);
}

if (import.meta.main) {
  if (await ffmpegVersion()) Deno.exit(0);
  if (Deno.uid() !== 0) {
    console.error(
      "ffmpeg is not installed. Install it (e.g. `sudo apt-get install -y ffmpeg`) and run the tests again.",
    );
    Deno.exit(1);
  }
  console.error("ffmpeg is missing: installing it with apt-get");
  await run("apt-get", ["update", "-qq"]);
  await run("apt-get", ["install", "-y", "-qq", "ffmpeg"]);
  const version = await ffmpegVersion();
  if (!version) {
    console.error("ffmpeg is still missing after apt-get install");
    Deno.exit(1);
  }
  console.error(`installed ${version}`);
}
