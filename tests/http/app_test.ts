/**
 * The application's method handling on paid paths: a plain `OPTIONS` (no CORS
 * preflight) is answered with the methods a path takes, never a 405 that
 * contradicts its own `Allow` header, and never runs or charges anything.
 */
import assert from "node:assert/strict";
import { startTestService } from "../_support/service.ts";

Deno.test("createApp() answers a plain OPTIONS with 204 and Allow, and a wrong method with every method of the path", async () => {
  const service = await startTestService();
  try {
    const cases: [string, RegExp][] = [
      ["/v1/fees/priority", /^GET, OPTIONS$/],
      ["/v1/pdf/to-markdown", /^POST, OPTIONS$/],
      ["/alt/v1/fees/priority", /^GET, OPTIONS$/],
      ["/mcp", /^POST, OPTIONS$/],
      ["/alt/mcp", /^POST, OPTIONS$/],
    ];
    for (const [path, allow] of cases) {
      const response = await fetch(service.base + path, { method: "OPTIONS" });
      assert.equal(response.status, 204, path);
      assert.match(response.headers.get("Allow") ?? "", allow, path);
      assert.equal(response.headers.get("PAYMENT-REQUIRED"), null, path);
      assert.equal(await response.text(), "");
    }
    const shared = await fetch(service.base + "/v1/token/risk", { method: "DELETE" });
    assert.equal(shared.status, 405);
    assert.equal(shared.headers.get("Allow"), "POST, GET, OPTIONS", "POST risk and GET :mint share the path");
    assert.match((await shared.json()).error, /use POST, GET, OPTIONS/);
    const wrong = await fetch(service.base + "/v1/fees/priority", { method: "DELETE" });
    assert.equal(wrong.status, 405);
    assert.match(
      (await wrong.json()).error,
      /Method DELETE not allowed on \/v1\/fees\/priority: use GET, OPTIONS/,
    );
  } finally {
    await service.close();
  }
});
