import assert from "node:assert/strict";
import type { Draft } from "../../../lib/pdf/draft.ts";
import { quoteFlushAlerts } from "../../../lib/pdf/flush_alerts.ts";
import { withAlertLabel } from "../../../lib/pdf/alert_quotes.ts";
import { type DocumentStats, documentStats } from "../../../lib/pdf/stats.ts";
import type { FontStyle, Line } from "../../../lib/pdf/types.ts";

const serif: FontStyle = { name: "DejaVuSerif", bold: false, italic: false, monospace: false };
const mono: FontStyle = { name: "DejaVuSansMono", bold: false, italic: false, monospace: true };
const MARGIN = 72;

/** A line at `x` on the page's `row`th baseline. */
function line(text: string, row: number, x = MARGIN, font = serif): Line {
  const span = { text, x, y: 100 + row * 14, width: text.length * 5, size: 10, font };
  return { spans: [span], x0: x, x1: x + span.width, y: span.y, size: 10, page: 1 };
}

/** A paragraph of the given lines. */
function text(...lines: Line[]): Draft {
  return { kind: "text", page: 1, lines };
}

/** The stats of a page holding the drafts' lines, its margin at {@linkcode MARGIN}. */
function statsOf(drafts: readonly Draft[]): DocumentStats {
  const lines = drafts.flatMap((d) => d.lines);
  return { ...documentStats([{ page: 1, width: 612, height: 792, lines }]), pageMargin: () => MARGIN };
}

/** The drafts read as Markdown-like strings: `>` before a quote, `|` before one opening its own. */
function read(drafts: readonly Draft[]): string[] {
  return drafts.map((d) =>
    `${d.quoteStart ? "|" : ""}${d.quote ? "> " : ""}${d.lines.map((l) => l.spans[0]!.text).join(" ")}`
  );
}

Deno.test("a paragraph flush with the margin opening with an alert's label is its quote", () => {
  const drafts = [
    text(line("[!WARNING] A sensor outside its limits ten times", 0), line("is taken off the log.", 1)),
    text(line("For example, a log holding [!NOTE] in a line", 3)),
    text(line("[!TIP] Set in from the margin, a list item's text", 5, MARGIN + 18)),
  ];
  assert.deepEqual(read(quoteFlushAlerts(drafts, statsOf(drafts))), [
    "> [!WARNING] A sensor outside its limits ten times is taken off the log.",
    "For example, a log holding [!NOTE] in a line",
    "[!TIP] Set in from the margin, a list item's text",
  ]);
});

Deno.test("an alert's last line leading into a listing outside it is a paragraph of its own", () => {
  const listing: Draft = { kind: "code", page: 1, lines: [line('read("boiler");', 3, MARGIN, mono)] };
  const drafts = [
    text(
      line("[!NOTE] Values are rounded to two places before", 0),
      line("they are written.", 1),
      line("Example:", 2),
    ),
    listing,
  ];
  assert.deepEqual(read(quoteFlushAlerts(drafts, statsOf(drafts))), [
    "> [!NOTE] Values are rounded to two places before they are written.",
    "Example:",
    'read("boiler");',
  ]);
  // Within a sentence, or over no listing, the colon's line stays in the alert.
  const within = [text(line("[!NOTE] Install it with", 0), line("either manager:", 1)), listing];
  assert.deepEqual(read(quoteFlushAlerts(within, statsOf(within))).slice(0, 1), [
    "> [!NOTE] Install it with either manager:",
  ]);
});

Deno.test("an alert right after a quote opens a quote of its own", () => {
  const drafts = [
    { ...text(line("A quote set apart by space.", 0)), quote: true },
    text(line("[!TIP] Keep it short.", 2)),
  ];
  assert.deepEqual(read(quoteFlushAlerts(drafts, statsOf(drafts))), [
    "> A quote set apart by space.",
    "|> [!TIP] Keep it short.",
  ]);
});

Deno.test("an alert's label opening a quote is written unescaped, as GitHub reads it", () => {
  assert.equal(withAlertLabel("\\[!NOTE\\] Values are rounded."), "[!NOTE] Values are rounded.");
  assert.equal(withAlertLabel("See \\[!NOTE\\] below."), "See \\[!NOTE\\] below.");
});
