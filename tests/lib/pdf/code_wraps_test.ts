/**
 * Wrapped listings told from a listing's own lines by the distances between
 * rows, and wrapped rows joined again where the engine broke them.
 */
import assert from "node:assert/strict";
import { isWrappedRow, joinWrappedRow, splitCodeRowGaps } from "../../../lib/pdf/code_wraps.ts";

/** `count` rows `dy` below the one before and `dx` right of it. */
const rows = (count: number, dy: number, dx: number) => Array.from({ length: count }, () => ({ dy, dx }));

Deno.test("rows set closer and hanging under a line are its wrapped rows", () => {
  // As WeasyPrint sets pandoc's listings in a narrow column: source lines 11.26 and 11.90 apart,
  // wrapped rows 10.63 below, set in 5 em (42.5 pt) or level with the wrapped row above.
  const gaps = splitCodeRowGaps(
    [...rows(6, 10.63, 42.5), ...rows(4, 10.62, 0), ...rows(5, 11.26, -42.5), ...rows(8, 11.9, 0)],
    10.5,
  );
  assert.ok(gaps);
  assert.equal(gaps.wrap, 10.63);
  assert.ok(gaps.step >= 11.26);
  assert.ok(isWrappedRow(10.62, gaps));
  assert.ok(!isWrappedRow(11.26, gaps), "the next source line is not a wrap");
  // A blank line between two one-row lines measures two of the longest steps, not of the median.
  assert.equal(gaps.longest, 11.9);
});

Deno.test("rows hanging to one edge under lines indented in their listing are wrapped rows", () => {
  // The hanging indent counts from the listing's edge (42.5 pt right of it): under lines indented two,
  // four and six cells it sets the wrapped row in by 32.3, 22.1 and 11.9 pt from the row above.
  const hanging = (dx: number) => ({ dy: 10.63, dx, x: 169.1 });
  const steps = [...rows(6, 11.26, 0), ...rows(8, 11.9, 0)];
  const gaps = splitCodeRowGaps([hanging(32.3), hanging(22.1), hanging(11.9), ...steps], 11.5);
  assert.ok(gaps);
  assert.ok(isWrappedRow(10.63, gaps));
  // Two wrapped rows tell it too where both hang to the same edge; set in to two edges they do not.
  assert.ok(splitCodeRowGaps([hanging(42.5), hanging(22.1), ...steps], 11.5));
  assert.equal(
    splitCodeRowGaps([hanging(42.5), { dy: 10.63, dx: 10.2, x: 137 }, ...steps], 11.5),
    undefined,
  );
});

Deno.test("two grids of source lines without a hanging indent are no wraps", () => {
  // Rows at two distances, the closer ones not set in: a listing's own lines, however spaced.
  assert.equal(
    splitCodeRowGaps([...rows(6, 11.26, 0), ...rows(6, 11.9, 0), ...rows(2, 11.26, 10.2)], 11.5),
    undefined,
  );
  // One distance only.
  assert.equal(splitCodeRowGaps(rows(20, 12, 42.5), 12), undefined);
  assert.ok(!isWrappedRow(5, undefined));
});

Deno.test("a wrapped row joins its line after a space, or straight on where code breaks without one", () => {
  assert.equal(
    joinWrappedRow("const bodyParser =", 'require("body-parser");'),
    'const bodyParser = require("body-parser");',
  );
  assert.equal(joinWrappedRow('require("body-', 'parser/json");'), 'require("body-parser/json");');
  assert.equal(
    joinWrappedRow('require("body-parser/', 'urlencoded");'),
    'require("body-parser/urlencoded");',
  );
  assert.equal(
    joinWrappedRow("// check out https://", "example.org/x"),
    "// check out https://example.org/x",
  );
  assert.equal(
    joinWrappedRow('chalk.hex("#FFA500"); //', "Orange color"),
    'chalk.hex("#FFA500"); // Orange color',
  );
  assert.equal(joinWrappedRow("a.mtimeMs -", "b.mtimeMs"), "a.mtimeMs - b.mtimeMs");
  assert.equal(
    joinWrappedRow('red("underlined w/', 'white background")'),
    'red("underlined w/ white background")',
  );
  assert.equal(joinWrappedRow('import foo from "./lib/', 'index.js";'), 'import foo from "./lib/index.js";');
  assert.equal(
    joinWrappedRow("$ dotenvx encrypt -", "f .env.production"),
    "$ dotenvx encrypt -f .env.production",
  );
  assert.equal(joinWrappedRow("'five', '--", "six'"), "'five', '--six'");
  assert.equal(
    joinWrappedRow('DATABASE_URL="postgres://$', '(whoami)@host"'),
    'DATABASE_URL="postgres://$(whoami)@host"',
  );
  assert.equal(joinWrappedRow('require("minimist")', "(process.argv)"), 'require("minimist")(process.argv)');
  assert.equal(joinWrappedRow("log(`Watcher error: $", "{error}`)"), "log(`Watcher error: ${error}`)");
  assert.equal(
    joinWrappedRow("stats?.isFile() && !", "path.endsWith(x)"),
    "stats?.isFile() && !path.endsWith(x)",
  );
});
