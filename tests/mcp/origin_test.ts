import assert from "node:assert/strict";
import { originAllowed, type OriginPolicy } from "../../mcp/origin.ts";

const REQUEST = "http://127.0.0.1:8000/mcp";
const local: OriginPolicy = { allowedOrigins: [], local: true };
const deployed: OriginPolicy = {
  allowedOrigins: ["https://app.example.org/"],
  publicUrl: "https://api.example.com",
  local: false,
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
    assert.equal(originAllowed(origin, REQUEST, local), true, origin);
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
    assert.equal(originAllowed(origin, REQUEST, local), false, origin);
  }
});

Deno.test("originAllowed() in local mode does not trust the request's own host (DNS rebinding)", () => {
  assert.equal(
    originAllowed("http://evil.example.com:8000", "http://evil.example.com:8000/mcp", local),
    false,
  );
});

Deno.test("originAllowed() with PUBLIC_URL takes it and ALLOWED_ORIGINS, compared as origins", () => {
  assert.equal(originAllowed("https://api.example.com", REQUEST, deployed), true);
  assert.equal(originAllowed("https://API.example.com:443", REQUEST, deployed), true);
  assert.equal(originAllowed("https://app.example.org", REQUEST, deployed), true);
  assert.equal(originAllowed("http://api.example.com", REQUEST, deployed), false, "another scheme");
  assert.equal(originAllowed("https://api.example.com.evil.net", REQUEST, deployed), false);
  assert.equal(
    originAllowed("http://localhost:5173", REQUEST, deployed),
    false,
    "loopback only in local mode",
  );
  assert.equal(originAllowed("http://127.0.0.1:8000", REQUEST, deployed), false, "not the request origin");
});

Deno.test("originAllowed() without PUBLIC_URL outside local mode takes the request's origin", () => {
  const policy: OriginPolicy = { allowedOrigins: [], local: false };
  assert.equal(originAllowed("https://diag.example.net", "https://diag.example.net/alt/mcp", policy), true);
  assert.equal(originAllowed("https://other.example.net", "https://diag.example.net/alt/mcp", policy), false);
});
