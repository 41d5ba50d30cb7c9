/**
 * What the runtime can do decides what is sold: every way `Deno.Command` can
 * fail is told apart (missing binary, the OS refusing to execute it, the
 * runtime lacking `--allow-run`), and a missing capability withholds exactly
 * the operations that need it, with a reason their routes give before payment.
 */
import assert from "node:assert/strict";
import {
  type Capabilities,
  commandFailure,
  probeCommand,
  probePdfJs,
  withheldOperations,
  withinBudget,
} from "../../../lib/server/capabilities.ts";
import { catalogOf } from "../../../lib/operation/mod.ts";
import { registry } from "../../../app.ts";
import { startTestService } from "../../_support/service.ts";

Deno.test("commandFailure() maps every Deno.Command failure kind", () => {
  const cases: [unknown, string, RegExp][] = [
    [new Deno.errors.NotCapable('Requires run access to "ffmpeg"'), "not_permitted", /lacks --allow-run/],
    [new Deno.errors.NotFound("No such file"), "not_installed", /not installed/],
    [new Deno.errors.PermissionDenied("Permission denied"), "not_executable", /refused to execute/],
    [new TypeError("bad args"), "failed", /could not be started: TypeError: bad args/],
  ];
  for (const [error, reason, detail] of cases) {
    const result = commandFailure(error, "ffmpeg");
    assert.equal(result.reason, reason);
    assert.match(result.detail, detail);
  }
});

Deno.test("probeCommand() runs the real ffmpeg, and tells a missing binary from one that cannot execute", async () => {
  const ffmpeg = await probeCommand("ffmpeg");
  assert.ok(ffmpeg.ok, JSON.stringify(ffmpeg));
  assert.match(ffmpeg.detail, /^ffmpeg version /);
  const missing = await probeCommand("/nonexistent/ffmpeg");
  assert.ok(!missing.ok && missing.reason === "not_installed", JSON.stringify(missing));
  const dir = await Deno.makeTempDir();
  try {
    const notExecutable = `${dir}/ffmpeg`;
    await Deno.writeTextFile(notExecutable, "#!/bin/sh\n", { mode: 0o644 });
    const refused = await probeCommand(notExecutable);
    assert.ok(!refused.ok && refused.reason === "not_executable", JSON.stringify(refused));
    const broken = `${dir}/broken`;
    await Deno.writeTextFile(broken, "#!/bin/sh\nexit 3\n", { mode: 0o755 });
    const failed = await probeCommand(broken);
    assert.ok(
      !failed.ok && failed.reason === "failed" && /code 3/.test(failed.detail),
      JSON.stringify(failed),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("probePdfJs() finds pdf.js here and reports a missing module", async () => {
  assert.deepEqual(await probePdfJs(), { ok: true, detail: "pdf.js loadable" });
  const missing = await probePdfJs("file:///nonexistent/pdf.mjs");
  assert.ok(!missing.ok && missing.reason === "not_installed");
});

Deno.test("withheldOperations() and catalogOf() leave out exactly what cannot run", async () => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  try {
    const capabilities: Capabilities = {
      ffmpeg: { ok: false, reason: "not_permitted", detail: "no --allow-run" },
      pdfjs: { ok: true, detail: "pdf.js loadable" },
    };
    const withheld = withheldOperations(capabilities);
    assert.deepEqual([...withheld.keys()], ["normalize_audio"]);
    assert.match(
      withheld.get("normalize_audio")!,
      /^Audio normalisation is not offered on this server: no --allow-run/,
    );
    const catalog = catalogOf(registry, service.runtime.rails, withheld);
    const sold = catalog.soldOn.flatMap(({ operations }) => operations.map((operation) => operation.id));
    assert.ok(!sold.includes("normalize_audio") && sold.includes("pdf_to_markdown"));
    assert.ok(
      catalog.mcpEndpoints.every((endpoint) => endpoint.tools.every((t) => t.id !== "normalize_audio")),
    );
    assert.deepEqual(catalog.withheld.map((w) => [w.prefix, w.operation.id]), [["", "normalize_audio"]]);
    // Every operation named as needing a capability exists.
    const ids = registry.operations.map((operation) => operation.id);
    for (const id of withheld.keys()) assert.ok(ids.includes(id));
  } finally {
    await service.close();
  }
});

Deno.test("with no ffmpeg installed, audio answers 503 before payment and /healthz says 'not installed'", async () => {
  const service = await startTestService({ env: { ALT_ROUTES: "off", FFMPEG_PATH: "/nonexistent/ffmpeg" } });
  try {
    const health = await (await fetch(`${service.base}/healthz`)).json();
    assert.equal(health.checks.ffmpeg.ok, false);
    assert.match(health.checks.ffmpeg.detail, /not installed.*not sold here/);
    const response = await fetch(`${service.base}/v1/audio/normalize`, {
      method: "POST",
      headers: { "Content-Type": "audio/wav", "PAYMENT-SIGNATURE": "anything" },
      body: new Uint8Array(64),
    });
    assert.equal(response.status, 503);
    assert.equal(response.headers.get("PAYMENT-REQUIRED"), null);
    assert.match((await response.json()).error, /Audio normalisation is not offered on this server/);
    const openapi = await (await fetch(`${service.base}/openapi.json`)).json();
    assert.ok(!("/v1/audio/normalize" in openapi.paths));
  } finally {
    await service.close();
  }
});

Deno.test("withinBudget() stops selling work the budget holds none of, saying why", () => {
  const ok = { ok: true as const, detail: "fine" };
  const probed = { ffmpeg: ok, pdfjs: ok };
  assert.deepEqual(withinBudget(probed, { audioBytes: 1, pdfBytes: 1 }, 768), probed);
  const result = withinBudget(probed, { audioBytes: 0, pdfBytes: 1 }, 512);
  assert.equal(result.pdfjs, ok);
  assert.equal(result.ffmpeg.ok, false);
  assert.ok(!result.ffmpeg.ok && result.ffmpeg.reason === "over_budget");
  assert.match(result.ffmpeg.detail, /MEMORY_BUDGET_MB=512 holds no audio normalisation job/);
  // A capability already missing keeps its own reason.
  const missing = { ok: false as const, reason: "not_installed" as const, detail: "no ffmpeg" };
  assert.equal(
    withinBudget({ ffmpeg: missing, pdfjs: ok }, { audioBytes: 0, pdfBytes: 1 }, 512).ffmpeg,
    missing,
  );
});
