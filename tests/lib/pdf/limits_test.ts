/**
 * Bad input and limits: every case ends in one of the service's errors with a
 * clear message, never a crash; conversions write nothing and run no script.
 */
import assert from "node:assert/strict";
import {
  InvalidInputError,
  PayloadTooLargeError,
  UnprocessableError,
  UpstreamTimeoutError,
} from "../../../lib/shared/errors.ts";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { pdfUrl } from "../../_support/pdf_corpus.ts";
import { buildPdf, textPdf } from "../../_support/synthetic_pdf.ts";

const fixture = (name: string) => Deno.readFile(new URL(`./fixtures/${name}`, import.meta.url));
const corpus = () => Deno.readFile(pdfUrl("12_quarterly_report", "chromium"));

Deno.test("convertPdf() refuses an empty body, a non-PDF and a corrupt PDF with 400s", async () => {
  await assert.rejects(convertPdf(new Uint8Array()), InvalidInputError, "Empty PDF");
  await assert.rejects(
    convertPdf(new TextEncoder().encode("<html>not a pdf</html>")),
    (e: Error) =>
      e instanceof InvalidInputError && e.message === 'Not a PDF: the file does not start with "%PDF-"',
  );
  await assert.rejects(
    convertPdf(new TextEncoder().encode("%PDF-1.7\nthis is not a document body\n")),
    (e: Error) => e instanceof InvalidInputError && /^Corrupt PDF: /.test(e.message),
  );
});

Deno.test("convertPdf() answers a truncated PDF with a 400 or with what it could read, never a crash", async () => {
  const whole = await corpus();
  for (const fraction of [0.2, 0.5, 0.9]) {
    const part = whole.slice(0, Math.floor(whole.length * fraction));
    try {
      const result = await convertPdf(part);
      assert.equal(typeof result.markdown, "string");
    } catch (error) {
      assert.ok(error instanceof InvalidInputError, `${fraction}: ${error}`);
    }
  }
});

Deno.test("convertPdf() refuses a password-protected PDF with a 400 that says so", async () => {
  await assert.rejects(
    convertPdf(await fixture("password.pdf")),
    (e: Error) => e instanceof InvalidInputError && /password-protected/.test(e.message),
  );
});

Deno.test("convertPdf() reads a PDF encrypted with only an owner password", async () => {
  const result = await convertPdf(await fixture("owner_only.pdf"));
  assert.match(result.markdown, /^# Getting Started with the Sensor Gateway$/m);
});

Deno.test("convertPdf() refuses a file over the size cap with a 413 naming the cap", async () => {
  const bytes = await corpus();
  await assert.rejects(
    convertPdf(bytes, { limits: { maxBytes: 10 * 1024 } }),
    (e: Error) =>
      e instanceof PayloadTooLargeError && /over the 0\.0 MB limit|over the 0\.\d MB limit/.test(e.message),
  );
  await assert.rejects(
    convertPdf(new Uint8Array(101 * 1024 * 1024).fill(0x25)),
    (e: Error) => e instanceof PayloadTooLargeError && e.message.endsWith("over the 100.0 MB limit"),
  );
});

Deno.test("convertPdf() refuses more pages than the cap with a 413 naming the cap, and accepts a selection within it", async () => {
  const bytes = await corpus();
  await assert.rejects(
    convertPdf(bytes, { limits: { maxPages: 1 } }),
    (e: Error) => e instanceof PayloadTooLargeError && /the limit is 1 per request/.test(e.message),
  );
  const one = await convertPdf(bytes, { limits: { maxPages: 1 }, pages: "1" });
  assert.equal(one.pageCharacters.length, 1);
});

Deno.test("convertPdf() refuses a malformed or out-of-range page selection with a 400", async () => {
  const bytes = await corpus();
  await assert.rejects(convertPdf(bytes, { pages: "one" }), InvalidInputError, 'Invalid pages "one"');
  await assert.rejects(convertPdf(bytes, { pages: "1-9" }), InvalidInputError, "the document has 2 pages");
  await assert.rejects(convertPdf(bytes, { pages: "2-1" }), InvalidInputError, "not a forward range");
});

Deno.test("convertPdf() stops at its time budget with a 422 and at a cancelled signal with a 504", async () => {
  const bytes = await corpus();
  await assert.rejects(
    convertPdf(bytes, { limits: { timeBudgetMs: 0 } }),
    (e: Error) =>
      e instanceof UnprocessableError && /ran out of its 0 s budget after 0 of 2 pages/.test(e.message),
  );
  await assert.rejects(convertPdf(bytes, { signal: AbortSignal.abort() }), UpstreamTimeoutError);
});

Deno.test("convertPdf() warns about a page without a text layer", async () => {
  const result = await convertPdf(textPdf([["Some text on the first page"], []]));
  assert.deepEqual(result.pageCharacters, [{ page: 1, characters: "Some text on the first page".length }, {
    page: 2,
    characters: 0,
  }]);
  assert.deepEqual(result.warnings, [
    "Page 2 has no text layer: scanned image or blank page, OCR not supported",
  ]);
});

Deno.test("convertPdf() writes no file, reads nothing outside the repository and runs no document script", async () => {
  const hostile = textPdf(
    [["Nothing to see here"]],
    "/OpenAction << /S /JavaScript /JS (globalThis.pwned = 1; Deno.writeTextFileSync('/tmp/pwned', 'x');) >>",
  );
  const font = buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Evil /FontMatrix [1 0 0 1 0 (\\); globalThis.pwned = 2; //)] >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>",
    "<< /Length 40 >>\nstream\nBT /F1 12 Tf 72 700 Td (Font test) Tj ET\nendstream",
  ]);
  const dir = await Deno.makeTempDir();
  try {
    const repo = new URL("../../../", import.meta.url).pathname;
    const script = new URL("./_convert_in_sandbox.ts", import.meta.url).pathname;
    for (const [name, bytes] of [["hostile.pdf", hostile], ["font.pdf", font]] as const) {
      const path = `${dir}/${name}`;
      await Deno.writeFile(path, bytes);
      const output = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--no-prompt",
          "--deny-write",
          "--deny-net",
          `--allow-read=${repo},${path}`,
          "--allow-env",
          script,
          path,
        ],
        env: { TMPDIR: `${dir}/tmp` },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const stderr = new TextDecoder().decode(output.stderr);
      assert.ok(output.success, stderr);
      const result = JSON.parse(new TextDecoder().decode(output.stdout));
      assert.equal(result.probe, null);
      assert.match(result.markdown, /Nothing to see here|Font test/);
      assert.doesNotMatch(stderr, /NotCapable|PermissionDenied|Requires write access/);
    }
    assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name).sort(), ["font.pdf", "hostile.pdf"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
