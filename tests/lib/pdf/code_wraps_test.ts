/**
 * Wrapped listings told from a listing's own lines by the distances between
 * rows, and wrapped rows joined again where the engine broke them.
 */
import assert from "node:assert/strict";
import { isWrappedAtEdge, markWrappedAtEdge } from "../../../lib/pdf/code_edge_wraps.ts";
import { isWrappedRow, splitCodeRowGaps } from "../../../lib/pdf/code_row_gaps.ts";
import { joinWrappedRow } from "../../../lib/pdf/code_row_joins.ts";
import type { Line } from "../../../lib/pdf/types.ts";
import { codeLine, LEFT, line as plainLine, markdown, pageOf } from "../../_support/laid_out_page.ts";

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

Deno.test("indented code at its step, a few rows a point lower, is no wrapped listing", () => {
  // As AbiWord sets a long listing: rows 12 pt apart, set in and back out as blocks open and close, and
  // now and then a row 13 pt down. The rows going back left are source lines, never a wrap's.
  const indented = [...rows(10, 12, 0), ...rows(8, 12, 14.4), ...rows(6, 12, -14.4), ...rows(3, 13, 0)];
  assert.equal(splitCodeRowGaps(indented, 12), undefined);
  // The same without rows going back left would read as rows hanging under their lines.
  assert.ok(splitCodeRowGaps([...rows(10, 12, 0), ...rows(8, 12, 14.4), ...rows(3, 13, 0)], 12));
  // Wrapped rows left of an indented line above, at the edge the others hang to, are wraps still.
  const hanging = [{ dy: 10.63, dx: 42.5, x: 169.1 }, { dy: 10.63, dx: 32.3, x: 169.1 }];
  const under = Array.from({ length: 4 }, () => ({ dy: 10.63, dx: -3.6, x: 169.1 }));
  assert.ok(
    splitCodeRowGaps([...hanging, ...hanging, ...under, ...rows(6, 11.26, 0), ...rows(8, 11.9, 0)], 11.5),
  );
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
  assert.equal(joinWrappedRow("qs.parse('a[b][c][d]", "[e]=f')"), "qs.parse('a[b][c][d][e]=f')");
  assert.equal(joinWrappedRow("list.at()", "[0]"), "list.at()[0]");
  assert.equal(
    joinWrappedRow("ipaddr.IPv4.parse('255.255.255.240').prefixLengthFromSubnetMask", "() == 28"),
    "ipaddr.IPv4.parse('255.255.255.240').prefixLengthFromSubnetMask() == 28",
  );
  assert.equal(joinWrappedRow("if", "(ready) start();"), "if (ready) start();");
  assert.equal(joinWrappedRow("log(`Watcher error: $", "{error}`)"), "log(`Watcher error: ${error}`)");
  assert.equal(
    joinWrappedRow("stats?.isFile() && !", "path.endsWith(x)"),
    "stats?.isFile() && !path.endsWith(x)",
  );
  assert.equal(joinWrappedRow("--url http://localhost:", "3000/mcp"), "--url http://localhost:3000/mcp");
  assert.equal(joinWrappedRow("port:", "3000"), "port: 3000");
  assert.equal(
    joinWrappedRow("network: 'solana:", "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',"),
    "network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',",
  );
  assert.equal(joinWrappedRow('request("POST /', 'graphql", {'), 'request("POST /graphql", {');
  assert.equal(
    joinWrappedRow("path: '/probably.php?", "extra=params',"),
    "path: '/probably.php?extra=params',",
  );
  assert.equal(joinWrappedRow("qs.parse('?", "a=b&c=d', {"), "qs.parse('?a=b&c=d', {");
  assert.equal(joinWrappedRow("ask('Is it?", "Yes')"), "ask('Is it? Yes')");
  assert.equal(joinWrappedRow("const half = total /", "count;"), "const half = total / count;");
});

/** Width of a character of the lines below: 10 pt type, monospace code and prose alike. */
const CELL = 6;

/** A line of `text` from `x` on baseline `y`, in a monospace face or not. */
function line(text: string, x: number, y: number, monospace = true): Line {
  const width = text.length * CELL;
  const font = { name: monospace ? "Mono" : "Sans", bold: false, italic: false, monospace };
  return { spans: [{ text, x, y, width, size: 10, font }], x0: x, x1: x + width, y, size: 10, page: 1 };
}

const isCode = (l: Line) => l.spans.every((s) => s.font.monospace);

/** A monospace line of `text` from `x` on baseline `y`, a span for each word (as pdf.js reads LuaTeX's). */
function wordLine(text: string, x: number, y: number): Line {
  const spans = [...text.matchAll(/\S+/g)].map((m) => ({ ...line(m[0], x + m.index * CELL, y).spans[0]! }));
  return { spans, x0: x, x1: x + text.length * CELL, y, size: 10, page: 1 };
}

Deno.test("a row ending in a slash is wrapped only short of an edge other lines reach", () => {
  // An indented line is measured with the lines at its listing's edge, which run on past it: the line
  // after a path's slash, which would have fitted after it, is the source's next line.
  const longest = line("      MONGO_URL: mongodb://admin:root@db:27017/", 100, 200);
  const next = line("    ports:", 88, 212);
  const listing = [
    line("    command: mongod --quiet --bind_ip_all > /dev/null 2>&1", 88, 188),
    longest,
    next,
  ];
  markWrappedAtEdge(longest, next, listing, isCode);
  assert.equal(isWrappedAtEdge(next), false);
  // Where prose in the listing's column reaches on past it, the row broke at the slash and goes on below.
  const prose = line("prose set in the listing's column, up to its edge", 100, 150, false);
  const after = line("ports:", 100, 212);
  markWrappedAtEdge(longest, after, [prose, line("  web:", 100, 188), longest, after], isCode);
  assert.equal(isWrappedAtEdge(after), true);
});

Deno.test("a row wrapped after an option's dashes goes on under a hanging indent of up to 5 em", () => {
  const prose = line("prose as wide as the listing's column, to its edge", 76, 150, false);
  const row = line('    [ -e "$path" ] && args[index]="$(cygpath --', 76, 200);
  const hanging = line('windows "${args[index]}")"', 76 + 8 * CELL, 212);
  markWrappedAtEdge(row, hanging, [prose, row, hanging], isCode);
  assert.equal(isWrappedAtEdge(hanging), true);
  // Set in further than a hanging indent, the row is a line of its own.
  const deeper = line('windows "${args[index]}")"', 76 + 20 * CELL, 212);
  markWrappedAtEdge(row, deeper, [prose, row, deeper], isCode);
  assert.equal(isWrappedAtEdge(deeper), false);
});

Deno.test("a short listing's row ending in a slash, far inside the column's prose, is not wrapped", () => {
  // Another listing's longer line reaches a little past it, but the prose (at the column's edge, left of the
  // listing's padding) shows how wide the column is: `testenv` would have fitted after `fd/tests/`, so no
  // engine wrapped the row there.
  const prose = "prose that runs the whole width of the column the listings stand in, up to its edge";
  const column = [line(prose, 52, 100, false), line(prose, 52, 112, false)];
  const row = line("> fd . fd/tests/", 64, 200);
  const next = line("testenv", 64, 212);
  markWrappedAtEdge(row, next, [...column, line("> fd -e md --max-dep", 64, 150), row, next], isCode);
  assert.equal(isWrappedAtEdge(next), false);
});

Deno.test("a row broken after an option's quoted dashes short of the column's edge goes on below, whatever rows overflow", () => {
  // As LuaTeX sets a verbatim listing: a line breaks at an explicit hyphen within a cell of the prose edge
  // (`unless '--` `glob'`), while a line with no hyphen to break at runs far past the edge.
  const prose = line("prose as wide as the listing's column, up to its edge", 76, 100, false);
  const column = [prose, line("more prose in the column, which ends at the same edge", 76, 112, false)];
  const overflowing = line(
    "  -c, --color <when>  When to use colors [default: auto] [possible values: auto,",
    76,
    188,
  );
  // One cell short of the edge: `glob'` would not have fitted after it.
  const text = "  [pattern]  the search pattern (a regex, unless '--";
  assert.equal(76 + (text.length + 1) * CELL, prose.x1);
  const row = line(text, 76, 200);
  const rest = line("glob' is used; optional)", row.x0, 212);
  markWrappedAtEdge(row, rest, [...column, overflowing, row, rest], isCode);
  assert.equal(isWrappedAtEdge(rest), true);
  assert.equal(
    joinWrappedRow(text, "glob' is used; optional)"),
    "  [pattern]  the search pattern (a regex, unless '--glob' is used; optional)",
  );
  // Spaces do not break a LuaTeX listing: the row broke at its last hyphen, eight cells short of the edge,
  // as the rest of the line up to its next hyphen would not have fitted, however short its first word.
  const shorter = line("  [pattern]  the search (a regexp, unless '--", 76, 200);
  assert.equal(76 + (shorter.spans[0]!.text.length + 8) * CELL, prose.x1);
  const run = wordLine("glob' is used; optional)", 76, 212);
  markWrappedAtEdge(shorter, run, [...column, overflowing, shorter, run], isCode);
  assert.equal(isWrappedAtEdge(run), true);
  // Dashes standing alone are a word of their own, after which an engine breaks at a space (`run --` `node`).
  const spaced = line(`${text.slice(0, -3)} --`, 76, 200);
  const after = line("node index.js", 76, 212);
  markWrappedAtEdge(spaced, after, [...column, overflowing, spaced, after], isCode);
  assert.equal(isWrappedAtEdge(after), false);
  // Well inside the edge, the dashes end a source line of their own.
  const short = line("  echo '--", 76, 200);
  const next = line("glob' is used; optional)", 76, 212);
  markWrappedAtEdge(short, next, [...column, overflowing, short, next], isCode);
  assert.equal(isWrappedAtEdge(next), false);
});

Deno.test("a row broken inside a word far short of the column's edge goes on below where the run after it would not fit", () => {
  // LuaTeX in a narrow column: `--parameter-` `scan`, broken eight cells short of the prose edge because
  // `scan num_threads 1 12 'make` (up to `-j`) would not have fitted; another row runs far past the edge.
  const prose = line("prose in the column, as wide as it is, up to its edge", 76, 100, false);
  const column = [prose, line("more prose in the column, which ends at the same edge", 76, 112, false)];
  const overflowing = line("hyperfine --prepare 'make clean' 'sync; echo 3 | sudo tee /proc/sys'", 76, 188);
  const row = line("hyperfine --prepare 'make clean' --parameter-", 76, 200);
  assert.equal(76 + (row.spans[0]!.text.length + 8) * CELL, prose.x1);
  const rest = wordLine("scan num_threads 1 12 'make -j {num_threads}'", 76, 212);
  markWrappedAtEdge(row, rest, [...column, overflowing, row, rest], isCode);
  assert.equal(isWrappedAtEdge(rest), true);
  assert.equal(
    joinWrappedRow(row.spans[0]!.text, "scan"),
    "hyperfine --prepare 'make clean' --parameter-scan",
  );
  // Where the run up to the next hyphen would have fitted, the hyphen ends a source line.
  const fits = wordLine("scan -j", 76, 212);
  markWrappedAtEdge(row, fits, [...column, overflowing, row, fits], isCode);
  assert.equal(isWrappedAtEdge(fits), false);
});

Deno.test("a line wrapped before its first word, its row above holding only its indent, stays in its listing", () => {
  // WeasyPrint in a narrow column: source lines 11.9 pt apart, wrapped rows 10.63 below hanging 5 em.
  const size = 8.5, hang = 42.5, step = 11.9, wrap = 10.63;
  const rows: Array<[string, number, number]> = [];
  let y = 100;
  for (const name of ["a", "b", "c"]) {
    rows.push([`const ${name} = someFunction(argumentOne,`, LEFT, y], [
      "argumentTwo);",
      LEFT + hang,
      y + wrap,
    ]);
    y += wrap + step;
  }
  rows.push(["if (a) {", LEFT, y], ["  run(a);", LEFT, y + step], ["} else {", LEFT, y + 2 * step]);
  // The next line's indent alone on a row, then its words hanging under it.
  y += 2 * step + step + wrap;
  rows.push(["console.log('the other branch');", LEFT + hang, y], ["}", LEFT, y + step]);
  const out = markdown(pageOf([
    plainLine("Run this:", LEFT, 160, 80),
    ...rows.map(([text, x, at]) => codeLine(text, x, at, size)),
  ]));
  const blocks = codeBlocks(out);
  assert.equal(blocks.length, 1, out);
  assert.match(blocks[0]!, /\} else \{\n\n? *console\.log\('the other branch'\);\n\}$/);
});

/** The fenced code blocks of some Markdown. */
function codeBlocks(text: string): string[] {
  return [...text.matchAll(/^```\n([\s\S]*?)\n```$/gm)].map((m) => m[1]!);
}

Deno.test("a row broken after a backslash or a glob's dot inside a token goes on below", () => {
  // AbiWord keeps a listing's spaces whole and breaks after an escaping backslash or a glob's dot where
  // the rest of the token would not have fitted (`{\\"module\\` `":1}`, `"public/*.` `{png,jpeg}"`).
  const prose = line("prose as wide as the listing's column, up to its edge", 76, 100, false);
  const column = [prose, line("more prose in the column, which ends at the same edge", 76, 112, false)];
  const escaped = line('  "test": "cross-env OPTS={\\\\\\"module\\\\', 76, 200);
  const quote = line('\\":\\\\\\"commonjs\\\\\\"} node test.ts"', 76, 212);
  markWrappedAtEdge(escaped, quote, [...column, escaped, quote], isCode);
  assert.equal(isWrappedAtEdge(quote), true);
  assert.equal(joinWrappedRow('OPTS={\\\\\\"module\\\\', '\\":1}'), 'OPTS={\\\\\\"module\\\\\\":1}');
  const glob = line('const images = await glob(["public/*.', 76, 200);
  const braces = line('{png,jpeg}", "css/*.{png,jpeg}"]);', 76, 212);
  markWrappedAtEdge(glob, braces, [...column, glob, braces], isCode);
  assert.equal(isWrappedAtEdge(braces), true);
  // A line continuation stands alone; an abbreviation's dot ends a word (`e.g.` `{allErrors: true}`).
  const continued = line("  docker run --rm --name server-one \\", 76, 200);
  const option = line("--publish 8080:8080 --volume data:/data image", 76, 212);
  markWrappedAtEdge(continued, option, [...column, continued, option], isCode);
  assert.equal(isWrappedAtEdge(option), false);
  const tex = line("\\shoveright{\\framebox[.55\\columnwidth]{C}}\\\\", 76, 200);
  const row = line("\\framebox[.65\\columnwidth]{D} \\end{multline}", 76, 212);
  markWrappedAtEdge(tex, row, [...column, tex, row], isCode);
  assert.equal(isWrappedAtEdge(row), false);
  const comment = line("// options can be passed, for example e.g.", 76, 200);
  const object = line("{allErrors: true, verbose: true, strict: false}", 76, 212);
  markWrappedAtEdge(comment, object, [...column, comment, object], isCode);
  assert.equal(isWrappedAtEdge(object), false);
});

Deno.test("a row broken after a lone `!` near its column's prose edge goes on below, though other rows run over the edge", () => {
  // WeasyPrint in a column of two: `!==` broken after its `!` two cells short of the prose edge, while
  // another row of the listing, a token too long for the column, runs on over the gutter.
  const prose = line("prose in the left column, as wide as it is, to its edge", 76, 100, false);
  const column = [prose, line("more prose in that column, which ends at its edge, too", 76, 112, false)];
  const text = "# encode(decode(X)) can be !";
  const row = line(text, prose.x1 - (text.length + 2) * CELL, 200);
  const overflowing = line(
    "const sql = postgres('postgres://username:password@host:port/database', {",
    row.x0,
    188,
  );
  const rest = line("== X!", row.x0, 212);
  markWrappedAtEdge(row, rest, [...column, overflowing, row, rest], isCode);
  assert.equal(isWrappedAtEdge(rest), true);
  assert.equal(joinWrappedRow(text, "== X!"), "# encode(decode(X)) can be !== X!");
});

Deno.test("a row broken after a `$` closing a token, before a brace, goes on below", () => {
  // AbiWord breaks a template's placeholder after its `$` where the rest would not have fitted on the
  // row (`` console.info(`start server on :$ `` / `` {argv.port}`); ``), the rest back at the listing's edge.
  const prose = line("prose as wide as the page, from its left margin up to the right one", 72, 100, false);
  const column = [prose, line("more prose as wide as the page, up to the right margin", 72, 112, false)];
  const text = "    if (argv.verbose) console.info(`start the server on :$";
  const row = line(text, 72, 200);
  const rest = line("{argv.port}`);", 72, 212);
  markWrappedAtEdge(row, rest, [...column, row, rest], isCode);
  assert.equal(isWrappedAtEdge(rest), true);
  assert.equal(joinWrappedRow(text, "{argv.port}`);"), `${text}{argv.port}\`);`);
  // A `$` closing a row before a line that opens no brace nor parenthesis ends its source line.
  const prompt = line("    const pattern = new RegExp(/^release-v[0-9]+$", 72, 200);
  const next = line("release.test(tag) ?? fallback;", 72, 212);
  markWrappedAtEdge(prompt, next, [...column, prompt, next], isCode);
  assert.equal(isWrappedAtEdge(next), false);
});

Deno.test("a row broken between a closing bracket and the index after it goes on below, however far from the edge", () => {
  // AbiWord: a line too long for the page breaks before `[`, its rest back at the listing's edge.
  const prose = line("prose as wide as the page, from its left margin up to the right one", 72, 100, false);
  const column = [
    prose,
    line("more prose on the page, which ends at that same right margin, too", 72, 112, false),
  ];
  const row = line("output.contracts['test.sol']", 72 + 8 * CELL, 200);
  const rest = line("[contractName].evm.bytecode.object", 72, 212);
  markWrappedAtEdge(row, rest, [...column, row, rest], isCode);
  assert.equal(isWrappedAtEdge(rest), true);
  assert.equal(
    joinWrappedRow(row.spans[0]!.text, "[contractName].evm.bytecode.object"),
    "output.contracts['test.sol'][contractName].evm.bytecode.object",
  );
  // Where the index would have fitted after the row, a source line opens with it.
  const own = line("[a, b] = [b, a];", 72, 212);
  markWrappedAtEdge(row, own, [...column, row, own], isCode);
  assert.equal(isWrappedAtEdge(own), false);
});

Deno.test("a row broken between a method's name, drawn in pieces, and its call goes on below", () => {
  // AbiWord: the row reaches the margin, its name's `fi` ligature a span of its own; `()` opens the next row.
  const prose = line("prose as wide as the page, from its left margin up to the right one", 72, 100, false);
  const column = [
    prose,
    line("more prose on the page, which ends at that same right margin too", 72, 112, false),
  ];
  const head = "ipaddr.IPv4.parse('255.255.255.240').pre";
  const pieces = [head, "fi", "xLengthFromSubnetMask"];
  let x = 72;
  const spans = pieces.map((text) => {
    const span = line(text, x, 200).spans[0]!;
    x += text.length * CELL;
    return span;
  });
  const row: Line = { spans, x0: 72, x1: x, y: 200, size: 10, page: 1 };
  const rest = line("() == 28", 72, 212);
  markWrappedAtEdge(row, rest, [...column, row, rest], isCode);
  assert.equal(isWrappedAtEdge(rest), true);
  // A row of its own opening with a parenthesis after a name that ends no method: a source line.
  const plain = line("const total = count", 72, 200);
  const group = line("(a + b) * c;", 72, 212);
  markWrappedAtEdge(plain, group, [...column, plain, group], isCode);
  assert.equal(isWrappedAtEdge(group), false);
});
