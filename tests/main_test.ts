/**
 * Start-up as a user meets it: `deno run main.ts` in a real subprocess with a
 * bad setting stops before serving, with exit code 78 (EX_CONFIG) and a
 * message naming the variable.
 */
import assert from "node:assert/strict";

const MAIN = new URL("../main.ts", import.meta.url).pathname;

/** `main.ts` as a command with `permissions` and `env` added to a minimal environment, its stderr piped. */
function mainCommand(env: Record<string, string>, permissions: string[] = ["-A"]): Deno.Command {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", ...permissions, MAIN],
    clearEnv: true,
    env: {
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      HOME: Deno.env.get("HOME") ?? "/tmp",
      PORT: "0",
      ...env,
    },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  });
}

/** Runs `main.ts` with `env` added to a minimal environment; resolves when it exits. */
async function start(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const { code, stderr } = await mainCommand(env).output();
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

for (
  const deploy of [{ DENO_DEPLOYMENT_ID: "3f9a2c" }, { DENO_DEPLOY: "true" }] as Record<string, string>[]
) {
  Deno.test(
    `main.ts on Deno Deploy (${
      Object.keys(deploy)[0]
    }) without its variables listens and says what to set, instead of exiting`,
    async () => {
      const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
      const port = listener.addr.port;
      listener.close();
      const child = mainCommand({ PORT: String(port), ...deploy }).spawn();
      try {
        let readyz: Response | undefined;
        for (let i = 0; i < 200 && !readyz; i++) {
          readyz = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
          if (!readyz) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        assert.ok(readyz, "it listens");
        assert.equal(readyz.status, 503);
        assert.ok(Number(readyz.headers.get("Retry-After")) > 0);
        assert.match(JSON.stringify(await readyz.json()), /SERVICE_MODE is not set.*on Deno Deploy/);
        const paid = await fetch(`http://127.0.0.1:${port}/v1/fees/priority`);
        assert.equal(paid.status, 503);
        assert.equal(paid.headers.get("PAYMENT-REQUIRED"), null);
        assert.match((await paid.json()).error, /SERVICE_MODE=devnet or SERVICE_MODE=mainnet/);
        const livez = await fetch(`http://127.0.0.1:${port}/livez`);
        assert.equal(livez.status, 200);
        await livez.body?.cancel();
      } finally {
        child.kill("SIGTERM");
        assert.equal((await child.status).code, 0, "a stop signal ends it at once");
        await child.stderr.cancel();
      }
    },
  );
}

Deno.test("main.ts refuses local mode under --deny-ffi, saying why and what to run instead", async () => {
  const child = mainCommand({}, ["--allow-net", "--allow-env", "--allow-read", "--allow-sys", "--deny-ffi"]);
  const { code, stderr } = await child.output();
  const message = new TextDecoder().decode(stderr);
  assert.equal(code, 78, message);
  assert.match(message, /Local mode cannot start with these permissions: it needs --allow-ffi \(LiteSVM/);
  assert.match(message, /deno task start/);
  assert.match(message, /SERVICE_MODE=devnet/);
  assert.doesNotMatch(message, /npm has a bug/);
});
