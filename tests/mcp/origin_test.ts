import assert from "node:assert/strict";
import { originAllowed, type OriginPolicy, refusal } from "../../mcp/origin.ts";
import { LOOPBACK_HOSTS } from "../../lib/shared/allowed_hosts.ts";

const local: OriginPolicy = { allowedOrigins: [], local: true, allowedHosts: LOOPBACK_HOSTS };
const deployed: OriginPolicy = {
  allowedOrigins: ["https://app.example.org/"],
  publicUrl: "https://api.example.com",
  local: false,
  allowedHosts: [{ hostname: "api.example.com" }],
};

Deno.test("originAllowed() in local mode takes loopback origins on any port and refuses the rest", () => {
  for (
    const origin of [
      "http://localhost:5173",
      "http://127.0.0.1:8000",
      "http://[::1]:3000",
      "https://localhost",
    ]
  ) {
    assert.equal(originAllowed(origin, local), true, origin);
  }
  for (
    const origin of [
      "http://evil.example.com",
      "http://127.0.0.1.nip.io",
      "null",
      "file://",
      "chrome-extension://abc",
    ]
  ) {
    assert.equal(originAllowed(origin, local), false, origin);
  }
});

Deno.test("originAllowed() in local mode does not trust the request's own host (DNS rebinding)", () => {
  assert.equal(
    originAllowed("http://evil.example.com:8000", local),
    false,
  );
});

Deno.test("originAllowed() with PUBLIC_URL takes it and ALLOWED_ORIGINS, compared as origins", () => {
  assert.equal(originAllowed("https://api.example.com", deployed), true);
  assert.equal(originAllowed("https://API.example.com:443", deployed), true);
  assert.equal(originAllowed("https://app.example.org", deployed), true);
  assert.equal(originAllowed("http://api.example.com", deployed), false, "another scheme");
  assert.equal(originAllowed("https://api.example.com.evil.net", deployed), false);
  assert.equal(
    originAllowed("http://localhost:5173", deployed),
    false,
    "loopback only in local mode",
  );
  assert.equal(originAllowed("http://127.0.0.1:8000", deployed), false, "not the request origin");
});

Deno.test("refusal() closes DNS rebinding: a foreign Host is refused even when Origin matches it", () => {
  const rebinding = new Request("http://rebind.example:8000/mcp", {
    method: "POST",
    headers: { Host: "rebind.example:8000", Origin: "http://rebind.example:8000" },
  });
  assert.equal(refusal(rebinding, deployed)?.status, 421);
  assert.equal(refusal(rebinding, local)?.status, 421);
  const withoutOrigin = new Request("http://rebind.example/mcp", { method: "POST" });
  assert.equal(refusal(withoutOrigin, deployed)?.status, 421);
});

Deno.test("refusal() serves its own host, and refuses a foreign Origin on it with 403", () => {
  const own = (origin?: string) =>
    new Request("https://api.example.com/mcp", {
      method: "POST",
      headers: origin ? { Origin: origin } : {},
    });
  assert.equal(refusal(own(), deployed), undefined);
  assert.equal(refusal(own("https://api.example.com"), deployed), undefined);
  assert.equal(refusal(own("https://rebind.example"), deployed)?.status, 403);
  const loopback = new Request("http://127.0.0.1:8000/mcp", { headers: { Origin: "http://localhost:5173" } });
  assert.equal(refusal(loopback, local), undefined);
});
