import assert from "node:assert/strict";

const SCRIPT = `
import { jsonLogger } from ${JSON.stringify(new URL("../../../lib/shared/log.ts", import.meta.url).href)};
const log = jsonLogger();
for (let i = 0; i < 5000; i++) log({ type: "access", i, path: "/v1/fees/priority" });
if (Deno.args[0] === "exit") Deno.exit(3);
`;

for (const ending of ["return", "exit"]) {
  Deno.test(`jsonLogger() writes every line, in order, as JSON, when the process ends by ${ending}`, async () => {
    const file = await Deno.makeTempFile({ suffix: ".ts" });
    try {
      await Deno.writeTextFile(file, SCRIPT);
      const { stdout } = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", file, ending],
        stderr: "inherit",
      })
        .output();
      const lines = new TextDecoder().decode(stdout).trimEnd().split("\n").map((line) => JSON.parse(line));
      assert.equal(lines.length, 5000);
      lines.forEach((line, i) => {
        assert.equal(line.i, i);
        assert.equal(line.type, "access");
        assert.ok(!Number.isNaN(Date.parse(line.time)));
      });
    } finally {
      await Deno.remove(file);
    }
  });
}

Deno.test("jsonLogger() to a buffered writer makes each line once the burst ends, with the time it was logged", async () => {
  const { jsonLogger } = await import("../../../lib/shared/log.ts");
  const pending: (() => string)[] = [];
  const log = jsonLogger((line) => pending.push(line as () => string));
  let encoded = 0;
  const before = Date.now();
  log({ type: "access", detail: { toJSON: () => (encoded++, "encoded") } });
  assert.equal(encoded, 0, "the request that logs pays no encoding");
  await new Promise((resolve) => setTimeout(resolve, 20));
  const line = JSON.parse(pending[0]!());
  assert.equal(encoded, 1);
  assert.equal(line.detail, "encoded");
  const at = Date.parse(line.time);
  assert.ok(at >= before && at < before + 20, `the time of logging, not of writing: ${line.time}`);
});

Deno.test("jsonLogger() writes an event it cannot encode as a line saying so, and the process and its other lines go on", async () => {
  const file = await Deno.makeTempFile({ suffix: ".ts" });
  try {
    await Deno.writeTextFile(
      file,
      `import { jsonLogger } from ${
        JSON.stringify(new URL("../../../lib/shared/log.ts", import.meta.url).href)
      };
const log = jsonLogger();
log({ type: "before" });
log({ type: "settlement", amount: 1n });
log({ type: "after" });
await new Promise((resolve) => setTimeout(resolve, 20));
log({ type: "later" });
`,
    );
    const { code, stdout } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", file],
      stderr: "null",
    })
      .output();
    assert.equal(code, 0);
    const lines = new TextDecoder().decode(stdout).trimEnd().split("\n").map((line) => JSON.parse(line));
    assert.deepEqual(lines.map((line) => line.type), ["before", "settlement", "after", "later"]);
    assert.match(lines[1].logError, /BigInt/);
    assert.equal(lines[1].amount, undefined);
  } finally {
    await Deno.remove(file);
  }
});
