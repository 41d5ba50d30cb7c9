/**
 * Start-up as a user meets it: `deno run main.ts` in a real subprocess with a
 * bad setting stops before serving, with exit code 78 (EX_CONFIG) and a
 * message naming the variable.
 */
import assert from "node:assert/strict";

const MAIN = new URL("../main.ts", import.meta.url).pathname;

/** Runs `main.ts` with `env` added to a minimal environment; resolves when it exits. */
async function start(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN],
    clearEnv: true,
    env: {
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      HOME: Deno.env.get("HOME") ?? "/tmp",
      PORT: "0",
      ...env,
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  });
  const { code, stderr } = await child.output();
  return { code, stderr: new TextDecoder().decode(stderr) };
}

const BAD: [string, string][] = [
  ["AUDIO_MAX_BYTES", "abc"],
  ["PDF_MAX_PAGES", "0"],
  ["SERVICE_MODE", "bogus"],
  ["KV_PATH", "/no-such-folder/claims.sqlite"],
];
for (const [name, value] of BAD) {
  Deno.test(`main.ts stops with exit code 78 naming ${name} when it is "${value}"`, async () => {
    const { code, stderr } = await start({ [name]: value });
    assert.equal(code, 78, stderr);
    assert.match(stderr, /^Invalid configuration:/);
    assert.match(stderr, new RegExp(`- ${name} "${value}"`));
    assert.doesNotMatch(stderr, /RangeError|Uncaught/);
  });
}

Deno.test("main.ts lists every bad setting at once", async () => {
  const { code, stderr } = await start({ AUDIO_MAX_BYTES: "abc", PDF_QUEUE: "-1", FFMPEG_PATH: "ffmpeg" });
  assert.equal(code, 78, stderr);
  assert.match(stderr, /AUDIO_MAX_BYTES "abc"/);
  assert.match(stderr, /PDF_QUEUE "-1"/);
  assert.doesNotMatch(stderr, /FFMPEG_PATH/);
});

for (
  const [where, env] of [
    ["on Deno Deploy", { DENO_DEPLOYMENT_ID: "3f9a2c" }],
    ["on a non-loopback HOST", { HOST: "0.0.0.0" }],
  ] as const
) {
  Deno.test(`main.ts refuses to start local mode by default ${where} (exit 78, naming what to set)`, async () => {
    const { code, stderr } = await start(env);
    assert.equal(code, 78, stderr);
    assert.match(stderr, /SERVICE_MODE is not set/);
    assert.match(stderr, /SERVICE_MODE=devnet or SERVICE_MODE=mainnet with PAY_TO_SOLANA/);
    assert.match(stderr, /set SERVICE_MODE=local to run local mode anyway/);
  });
}
