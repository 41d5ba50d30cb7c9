/**
 * The pages people see, in a real headless Chromium against the real service
 * in local mode: the 402 page of a Solana route and of a Base route (`/alt`)
 * and the index `/`. Each is screenshotted (a real PNG of the viewport's size
 * with text on it, written to a temporary folder) and checked in its DOM:
 * the description rendered with no Markdown left, the network named for what
 * it is, the local faucet linked, the x402 client hint linking the guide the
 * service serves, how to call the route, and no console error or
 * Content-Security-Policy violation, the policy itself being shown to block
 * what it should. JSON clients keep their answers.
 */
import assert from "node:assert/strict";
import { startTestService, type TestService } from "../_support/service.ts";
import { type BrowserPage, chromiumInstalled, launchChromium } from "./_chromium.ts";
import { decodePng, inkOf } from "./_png.ts";

const FEES = "/v1/fees/priority";
const VIEWPORT = { width: 1280, height: 900 };
const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/** Records every CSP violation of each document in `window.__violations` (runs before the page's own code). */
const VIOLATION_RECORDER = `window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) =>
  window.__violations.push(event.violatedDirective + " " + event.blockedURI));`;

/** An operation as the JSON index lists it. */
interface IndexedOperation {
  id: string;
  method: string;
  path: string;
  price: string;
  summary: string;
}

/** Markdown a rendered text must not show. */
const RAW_MARKDOWN = /`|\*\*|\[[^\]]*\]\([^)]*\)/;

const chromium = await chromiumInstalled();

Deno.test({
  name:
    "[e2e] the 402 pages and the index in Chromium: screenshots, rendered text, named networks, no errors",
  ignore: !chromium,
  async fn(t) {
    const service = await startTestService();
    const browser = await launchChromium();
    // PAGES_SCREENSHOTS_DIR keeps the screenshots for a look; by default they go to a temporary folder.
    const kept = Deno.env.get("PAGES_SCREENSHOTS_DIR");
    const shots = kept ?? await Deno.makeTempDir({ prefix: "pages-screenshots-" });
    try {
      const { page } = browser;
      await page.send("Emulation.setDeviceMetricsOverride", {
        ...VIEWPORT,
        deviceScaleFactor: 1,
        mobile: false,
      });
      await page.send("Page.addScriptToEvaluateOnNewDocument", { source: VIOLATION_RECORDER });
      const visit = (path: string, shot: string) => visitPage(page, service, path, `${shots}/${shot}`);

      await t.step("the Solana 402 page", async () => {
        await visit(FEES, "solana-402.png");
        await assertPaywallPage(page, service, FEES, /^this service's local Solana chain \(solana:/);
      });

      await t.step("the Base 402 page under /alt", async () => {
        await visit(`/alt${FEES}`, "base-402.png");
        await assertPaywallPage(
          page,
          service,
          `/alt${FEES}`,
          /^this service's local EVM chain \(eip155:84532\)/,
        );
      });

      await t.step("a route with a path parameter shows its template and a filled-in example", async () => {
        const signature =
          "4LXpF3MCdp69iFmD27Sn812UNpqFPHM4qXH7Y12E964p9GHXvwMe1XEmyasogVT2N4XEctdQQLf1sHY6Gvsa5sFX";
        await visit(`/v1/transaction/${signature}`, "transaction-402.png");
        const call = await page.evaluate<string>(`document.getElementById("how-to-call").innerText`);
        assert.match(call, /\/v1\/transaction\/:signature/);
        assert.ok(call.includes(`curl -i '${service.base}/v1/transaction/${signature}'`), call);
        assert.deepEqual(await problems(page), []);
      });

      await t.step(
        "the index lists every operation with its price and network, the MCP servers and the docs",
        async () => {
          await visit("/", "index.png");
          const shown = await page.evaluate<
            { rows: string[][]; mcp: string[]; docs: string[]; text: string }
          >(`({
          rows: [...document.querySelectorAll("#operations tbody tr")]
            .map((row) => [row.dataset.id, ...[...row.cells].map((cell) => cell.innerText)]),
          mcp: [...document.querySelectorAll("#mcp a")].map((a) => a.href),
          docs: [...document.querySelectorAll("#documents a")].map((a) => a.href),
          text: document.body.innerText,
        })`);
          const index = await (await fetch(service.base + "/", { headers: { Accept: "application/json" } }))
            .json();
          const sold = Map.groupBy(index.operations as IndexedOperation[], (operation) => operation.id);
          assert.deepEqual(shown.rows.map(([id]) => id), [...sold.keys()]);
          for (const [id, operationCell, price, where] of shown.rows) {
            const places = sold.get(id!)!;
            assert.equal(price, places[0]!.price);
            assert.ok(operationCell!.includes(places[0]!.summary), operationCell);
            assert.doesNotMatch(operationCell!, RAW_MARKDOWN);
            const expected = places.map((place) =>
              `${place.method} ${place.path} on this service's local ${
                place.path.startsWith("/alt/") ? "EVM" : "Solana"
              } chain`
            );
            assert.deepEqual(where!.split("\n").map((line) => line.trim()), expected);
          }
          assert.ok(
            [...sold.values()].some((places) => places.length === 2),
            "some operations are sold on both",
          );
          assert.deepEqual(shown.mcp, index.mcp);
          for (const url of [`${service.base}/openapi.json`, `${service.base}/guides/how-to-pay`]) {
            assert.ok(shown.docs.includes(url), url);
          }
          // A linked paid GET opens its 402 page.
          const links = await page.evaluate<string[]>(
            `[...document.querySelectorAll("#operations a")].map((a) => a.href)`,
          );
          assert.ok(
            links.includes(service.base + FEES) && links.includes(`${service.base}/alt${FEES}`),
            links.join(),
          );
          assert.deepEqual(await problems(page), []);
        },
      );

      await t.step("the policy blocks what it should, and a violation would be seen", async () => {
        await page.evaluate(`document.body.append(Object.assign(document.createElement("script"),
          { textContent: "window.__ran = true" }))`);
        assert.equal(await page.evaluate(`window.__ran ?? false`), false);
        const seen = await problems(page);
        assert.ok(seen.some((problem) => /script-src/.test(problem)), seen.join("\n"));
      });
    } finally {
      await browser.close();
      await service.close();
      if (!kept) await Deno.remove(shots, { recursive: true });
    }
  },
});

Deno.test("[e2e] JSON and x402 clients keep their answers at / and on paid routes", async () => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  try {
    for (const accept of [undefined, "application/json", "*/*"]) {
      const headers: Record<string, string> = accept ? { Accept: accept } : {};
      const index = await fetch(service.base + "/", { headers });
      assert.match(index.headers.get("content-type")!, /^application\/json/);
      assert.ok((await index.json()).operations.length > 0);
      const unpaid = await fetch(service.base + FEES, { headers });
      assert.equal(unpaid.status, 402);
      assert.match(unpaid.headers.get("content-type")!, /^application\/json/);
      assert.equal(unpaid.headers.get("content-security-policy"), null);
      await unpaid.body?.cancel();
    }
    const page = await fetch(service.base + FEES, { headers: { Accept: BROWSER_ACCEPT } });
    assert.equal(page.status, 402);
    assert.ok(page.headers.get("payment-required"));
    assert.match(page.headers.get("content-security-policy")!, /default-src 'none'.*script-src 'sha256-/);
    assert.equal(page.headers.get("x-content-type-options"), "nosniff");
    const html = await page.text();
    assert.doesNotMatch(html, /<(script|link|img)[^>]+(src|href)="https?:\/\/(?!127\.0\.0\.1)/);
    const faucet = await fetch(`${service.base}/local/faucet`);
    assert.equal(faucet.status, 200);
    assert.match((await faucet.json()).usage, /POST a JSON body/);
  } finally {
    await service.close();
  }
});

/**
 * Opens `path`, screenshots it to `file` and checks the image: a PNG of the
 * viewport's size, many colours and some dark ink (text), not a blank page.
 */
async function visitPage(page: BrowserPage, service: TestService, path: string, file: string): Promise<void> {
  page.errors.length = 0;
  await page.navigate(service.base + path);
  const png = await page.screenshot();
  await Deno.writeFile(file, png);
  const image = await decodePng(await Deno.readFile(file));
  assert.deepEqual({ width: image.width, height: image.height }, VIEWPORT, file);
  const ink = inkOf(image);
  assert.ok(
    ink.colours > 16 && ink.darkShare > 0.005 && ink.darkShare < 0.5,
    `${file}: ${JSON.stringify(ink)}`,
  );
}

/** Console errors and CSP violations of the current page, but the 402 status of its own load. */
async function problems(page: BrowserPage): Promise<string[]> {
  const violations = await page.evaluate<string[]>(`window.__violations`);
  const errors = page.errors.filter((error) => !/status of 402 \(Payment Required\)/.test(error));
  return [...violations.map((violation) => `CSP: ${violation}`), ...errors];
}

/** The points every 402 page makes, checked in its DOM. */
async function assertPaywallPage(page: BrowserPage, service: TestService, path: string, network: RegExp) {
  const shown = await page.evaluate<{ [key: string]: string | null }>(`({
    description: document.getElementById("description").innerText,
    codeSpans: String(document.querySelectorAll("#description code").length),
    network: document.getElementById("network").innerText,
    faucet: document.querySelector("#faucet a")?.href ?? null,
    hint: document.getElementById("client-hint")?.innerText ?? null,
    guide: document.querySelector("#client-hint a#guide")?.href ?? null,
    call: document.getElementById("how-to-call").innerText,
  })`);
  assert.match(shown.description!, /prioritization fees/);
  assert.ok(!RAW_MARKDOWN.test(shown.description!), `raw Markdown left: ${shown.description}`);
  assert.ok(Number(shown.codeSpans) >= 2, "the description's code spans are rendered as code");
  assert.match(shown.network!, network);
  assert.equal(shown.faucet, `${service.base}/local/faucet`);
  assert.match(shown.hint!, /Pay with an x402 client/);
  assert.ok(shown.hint!.includes(`task pay GET '${service.base}${path}'`), shown.hint!);
  assert.equal(shown.guide, `${service.base}/guides/how-to-pay`);
  const guide = await fetch(shown.guide!, { headers: { Accept: "text/html" } });
  assert.equal(guide.status, 200);
  assert.match(await guide.text(), /<h1[^>]*>How to pay<\/h1>/);
  assert.match(shown.call!, new RegExp(`Method\\s+GET[\\s\\S]*Path\\s+${path.replaceAll("/", "\\/")}`));
  assert.ok(shown.call!.includes(`curl -i '${service.base}${path}?account=`), shown.call!);
  assert.deepEqual(await problems(page), []);
}
