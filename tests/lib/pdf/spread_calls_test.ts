import assert from "node:assert/strict";
import { spreadCalls } from "../../_support/spread_calls.ts";

/**
 * The spread calls lib/pdf keeps, each bounded by a small constant, by file and call (whitespace collapsed,
 * strings blanked). Any other takes one argument per element of something that grows with the input and throws
 * RangeError past about 120,000: use `least`/`greatest` (extremes.ts) or `append`/`replaceRange` (append.ts).
 */
const BOUNDED: Record<string, string> = {
  "glyph_outlines.ts: String.fromCharCode(...[0, 1, 2, 3].map((k) => view.getUint8(entry + k)))":
    "a table tag: four bytes",
  "quoted_lists.ts: offsets.slice(...best)": "a [from, to] pair",
  "rulings.ts: grow(...point(path[i + k]!, path[i + k + 1]!))": "a point: two coordinates",
  "run_codec.ts: numbers.push(...page.view)": "a page's view box: four numbers",
  "run_codec.ts: String.fromCharCode(...units.subarray(at, at + CHUNK))": "CHUNK (8,192) code units at most",
  "running_lines.ts: out.push(...row)":
    "a running head or foot of two or three pieces (longer rows are skipped)",
  "stats.ts: Math.max(...[ , , , ].map((end) => name.lastIndexOf(end)))": "four line ends",
};

Deno.test("lib/pdf spreads no call over a list that grows with the input", async () => {
  const found: string[] = [];
  for await (const entry of Deno.readDir(new URL("../../../lib/pdf/", import.meta.url))) {
    if (!entry.isFile || !entry.name.endsWith(".ts")) continue;
    const source = await Deno.readTextFile(new URL(`../../../lib/pdf/${entry.name}`, import.meta.url));
    for (const { line, call } of spreadCalls(source)) {
      if (!(`${entry.name}: ${call}` in BOUNDED)) found.push(`${entry.name}:${line}: ${call}`);
    }
  }
  assert.deepEqual(found.sort(), [], "spread calls not known to be bounded (see BOUNDED)");
});

Deno.test("every allowed spread call is still there", async () => {
  const seen = new Set<string>();
  for (const key of Object.keys(BOUNDED)) {
    const file = key.slice(0, key.indexOf(": "));
    const source = await Deno.readTextFile(new URL(`../../../lib/pdf/${file}`, import.meta.url));
    if (spreadCalls(source).some(({ call }) => `${file}: ${call}` === key)) seen.add(key);
  }
  assert.deepEqual(Object.keys(BOUNDED).filter((key) => !seen.has(key)), []);
});

Deno.test("spreadCalls() finds spread arguments of calls, not literals, rest parameters, comments or strings", () => {
  const source = [
    "const a = Math.min(...xs), b = [...xs], c = { ...o };",
    "out.push(",
    "  ...lines.map((l) => l.x0),",
    ");",
    "function f(...args: number[]) { return g(1, ...args); }",
    "const h = (...rest) => rest;",
    "// Math.max(...comment)",
    'const s = "push(...string)", r = /`(...)/g, t = `${q.push(...inTemplate)}`;',
    "list.splice(i, 0, ...items);",
    "const m = ok ? Math.max(...ys) : 0;",
    "export function k<T>(...parts: T[]): T[] { return parts; }",
  ].join("\n");
  assert.deepEqual(spreadCalls(source), [
    { line: 1, call: "Math.min(...xs)" },
    { line: 3, call: "out.push(...lines.map((l) => l.x0))" },
    { line: 5, call: "g(...args)" },
    { line: 9, call: "list.splice(...items)" },
    { line: 10, call: "Math.max(...ys)" },
  ]);
});
