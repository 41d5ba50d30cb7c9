/**
 * The application's method handling on paid paths: a plain `OPTIONS` (no CORS
 * preflight) is answered with the methods a path takes, never a 405 that
 * contradicts its own `Allow` header, and never runs or charges anything; the
 * query of a paid GET is checked on every request, whatever unpaid requests
 * without one were answered before.
 */
import assert from "node:assert/strict";
import { startTestService } from "../_support/service.ts";
import { createApp } from "../../app.ts";

Deno.test("createApp() answers a plain OPTIONS with 204 and Allow, and a wrong method with every method of the path", async () => {
  const events: Record<string, unknown>[] = [];
  const service = await startTestService({ log: (event) => void events.push(event) });
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
    assert.equal(
      shared.headers.get("Allow"),
      "POST, OPTIONS",
      "GET :mint does not take the path of POST risk",
    );
    assert.match((await shared.json()).error, /use POST, OPTIONS/);
    const wrong = await fetch(service.base + "/v1/fees/priority", { method: "DELETE" });
    assert.equal(wrong.status, 405);
    assert.match(
      (await wrong.json()).error,
      /Method DELETE not allowed on \/v1\/fees\/priority: use GET, OPTIONS/,
    );
    const byParam = await fetch(service.base + "/v1/token/So11111111111111111111111111111111111111112", {
      method: "DELETE",
    });
    assert.equal(byParam.status, 405);
    assert.equal(byParam.headers.get("Allow"), "GET, OPTIONS");
    await byParam.body?.cancel();
    const unknown = await fetch(service.base + "/v1/nothing-here", { method: "DELETE" });
    assert.equal(unknown.status, 404);
    await unknown.body?.cancel();
    const routes = events.filter((event) => event.type === "access" && event.method === "DELETE")
      .map((event) => [event.status, event.route]);
    assert.deepEqual(routes, [
      [405, "/v1/token/risk"],
      [405, "/v1/fees/priority"],
      [405, "/v1/token/:mint"],
      [404, "/*"],
    ], "the access log names the route pattern a wrong method was refused on");
  } finally {
    await service.close();
  }
});

Deno.test("createApp() validates a GET's query on every request, around unpaid bare GETs of the same path", async () => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  try {
    const statuses: number[] = [];
    for (const query of ["", "", "?computeUnitLimit=0", "?bogus=1", "?computeUnitLimit=200000", ""]) {
      const response = await fetch(`${service.base}/v1/fees/priority${query}`);
      statuses.push(response.status);
      const body = await response.json();
      if (response.status === 400) {
        assert.match(body.error, query.includes("bogus") ? /bogus/ : /computeUnitLimit/);
      }
    }
    assert.deepEqual(statuses, [402, 402, 400, 400, 402, 402]);
  } finally {
    await service.close();
  }
});

Deno.test("createApp() routes through Hono's precompiled router: no two routes it cannot hold together", async () => {
  const service = await startTestService();
  try {
    const app = createApp(service.runtime);
    // The smart router settles on the first router that holds every route, at the first request.
    const response = await app.fetch(new Request("http://127.0.0.1/v1/token/risk"));
    assert.equal(response.status, 405, "GET on POST risk is still refused, not read as a mint");
    await response.body?.cancel();
    assert.equal(app.router.name, "SmartRouter + RegExpRouter");
  } finally {
    await service.close();
  }
});
