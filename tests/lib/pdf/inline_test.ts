import assert from "node:assert/strict";
import { inlineMarkdown } from "../../../lib/pdf/inline.ts";
import { escapeInline } from "../../../lib/pdf/inline_render.ts";
import type { FontStyle, Line, Span } from "../../../lib/pdf/types.ts";

const body: FontStyle = { name: "Serif", bold: false, italic: false, monospace: false };
const mono: FontStyle = { name: "Mono", bold: false, italic: false, monospace: true };

/** A span at `x` on baseline `y`, 6 pt per character. */
function span(text: string, x: number, y: number, extra: Partial<Span> = {}): Span {
  return { text, x, y, width: text.length * 6, size: 12, font: body, ...extra };
}

/** A line of spans. */
function line(...spans: Span[]): Line {
  const last = spans[spans.length - 1]!;
  return { spans, x0: spans[0]!.x, x1: last.x + last.width, y: spans[0]!.y, size: 12, page: 1 };
}

Deno.test("inlineMarkdown() joins lines, spacing words by their gaps and removing line-end hyphens", () => {
  const text = inlineMarkdown([
    line(span("A hyphen", 72, 100), span("ated", 72 + 8 * 6 + 4, 100)),
    line(span("word and an ex-", 72, 114)),
    line(span("pert", 72, 128)),
  ]);
  assert.equal(text, "A hyphen ated word and an expert");
});

Deno.test("inlineMarkdown() wraps linked and monospace runs and escapes Markdown characters", () => {
  const text = inlineMarkdown([
    line(
      span("See", 72, 100),
      span("the guide", 98, 100, { link: "https://example.org/a b" }),
      span("and", 160, 100),
      span("run()", 184, 100, { font: mono }),
      span("*now*", 220, 100),
    ),
  ]);
  assert.equal(text, "See [the guide](https://example.org/a%20b) and `run()` \\*now\\*");
});

Deno.test("escapeInline() escapes underscores only at word edges", () => {
  assert.equal(escapeInline("snake_case _x_"), "snake_case \\_x\\_");
});

Deno.test("inlineMarkdown() spaces words set over each other, and not the abutting pieces of one word", () => {
  // A justified line of code whose words were measured in other metrics than drawn: `Promise<string`
  // ends at 84, `|` starts 9 pt inside it.
  const text = inlineMarkdown([
    line(
      span("Promise<string", 0, 100, { font: mono }),
      span("|", 75, 100, { font: mono }),
      span("d", 100, 100),
    ),
  ]);
  assert.equal(text, "`Promise<string |` d");
  // Pieces of one word overlapping by less than half an em stay one word.
  assert.equal(inlineMarkdown([line(span("exam", 72, 100), span("ple", 72 + 24 - 3, 100))]), "example");
});

Deno.test("inlineMarkdown() keeps a letter raised into its neighbour in one word (the LaTeX logo)", () => {
  // LaTeX's logo: "L", a small "A" raised and kerned 0.36 em back under the L's arm, then "TEX" on the
  // baseline. The kern is more than half the small letter's em, but the letters are one word.
  const lead = span("the L", 72, 100, { width: 28, size: 10 });
  const a = span("A", 72 + 28 - 3.6, 97.8, { width: 5, size: 7 });
  const rest = span("TEX Project", 72 + 28 - 3.6 + 5 - 1.5, 100, { size: 10 });
  assert.equal(inlineMarkdown([line(lead, a, rest)]), "the LATEX Project");
});

Deno.test("inlineMarkdown() writes a link that spells its URL broken over lines as the URL", () => {
  const url = "https://github.com/NormanDunbar/miner-clipart";
  const text = inlineMarkdown([
    line(span("from", 72, 100), span("https://github.", 104, 100, { link: url })),
    line(span("com/NormanDunbar/miner-", 72, 114, { link: url })),
    line(span("clipart).", 72, 128, { link: url })),
  ]);
  assert.equal(text, `from [${url}).](${url})`);
  // A link's own words stay as they are.
  const named = inlineMarkdown([line(span("the", 72, 100), span("guide", 98, 100, { link: url }))]);
  assert.equal(named, `the [guide](${url})`);
});

Deno.test("inlineMarkdown() joins a word broken at a hyphen before a capital: the typesetter's hyphen goes, a compound's stays", () => {
  const words = Object.assign((w: string) => ["typescript", "with"].includes(w.toLowerCase()), {});
  const broken = (head: string, tail: string) =>
    inlineMarkdown([line(span(head, 72, 100)), line(span(tail, 72, 114))], { words });
  // The document writes TypeScript whole elsewhere and never Type-Script: TeX hyphenated it.
  assert.equal(broken("With Type-", "Script, developers"), "With TypeScript, developers");
  // A compound of two capitalised words keeps its hyphen, without a space.
  assert.equal(broken("the Anglo-", "Saxon kings"), "the Anglo-Saxon kings");
});

Deno.test("inlineMarkdown() keeps a hyphen ending a line before a file name's rest, unless the document writes the word whole", () => {
  const joined = (head: string, tail: string) =>
    inlineMarkdown([line(span(head, 72, 100)), line(span(tail, 72, 114))]);
  assert.equal(
    joined("It is similar to package-", "lock.json in NPM."),
    "It is similar to package-lock.json in NPM.",
  );
  assert.equal(joined("an ex-", "ample of it."), "an example of it.");
  // groff hyphenates a word before a slash: the document writing the word whole tells.
  const words = (w: string) => w.toLowerCase() === "options";
  const broken = inlineMarkdown([line(span("Op-", 72, 100)), line(span("tions/flags passed", 72, 114))], {
    words,
  });
  assert.equal(broken, "Options/flags passed");
});

Deno.test("inlineMarkdown() keeps a hyphen ending a line before a word that goes on with a hyphen of its own", () => {
  const joined = (
    head: string,
    tail: string,
    words: (w: string) => boolean = (w) => ["and", "to"].includes(w),
  ) => inlineMarkdown([line(span(head, 72, 100)), line(span(tail, 72, 114))], { words });
  assert.equal(joined("a chicken-", "and-egg problem"), "a chicken-and-egg problem");
  assert.equal(joined("for right-", "to-left scripts"), "for right-to-left scripts");
  // A word broken by the typesetter before a compound's first hyphen goes on joined where the document writes it so.
  assert.equal(
    joined("a co-", "operative-minded team", (w) => w === "cooperative"),
    "a cooperative-minded team",
  );
  assert.equal(joined("an ex-", "ample of it."), "an example of it.");
  // troff hyphenates a compound's part: the document writing the compound whole with the part joined tells.
  assert.equal(joined("an isomor-", "phic-ws client"), "an isomorphic-ws client");
});

Deno.test("inlineMarkdown() writes a URL in typewriter type broken over lines as the URL, in a code span", () => {
  const url = "http://mirror.ctan.org/tex-archive/fonts/amsfonts/doc/amsfndoc.pdf";
  const text = inlineMarkdown([
    line(span("package", 72, 100), span("http:", 122, 100, { link: url, font: mono })),
    line(
      span("//mirror.ctan.org/tex-archive/fonts/amsfonts/doc/amsfndoc.pdf", 72, 114, {
        link: url,
        font: mono,
      }),
    ),
  ]);
  assert.equal(text, `package [\`${url}\`](${url})`);
  // Code in a link that is no URL stays as it is.
  const named = inlineMarkdown([line(span("run", 72, 100, { link: url, font: mono }), span("now", 98, 100))]);
  assert.equal(named, `[\`run\`](${url}) now`);
});

Deno.test("inlineMarkdown() runs a URL written out and broken after a slash on into its path", () => {
  const text = inlineMarkdown([
    line(span("Visit https://example.com/a/long/url/that/keeps/going/", 72, 100)),
    line(span("ever/index.html for more.", 72, 114)),
    line(span("Or see https://example.com/", 72, 128)),
    line(span("docs. A word after a slash stays apart.", 72, 142)),
  ]);
  assert.equal(
    text,
    "Visit https://example.com/a/long/url/that/keeps/going/ever/index.html for more. Or see " +
      "https://example.com/ docs. A word after a slash stays apart.",
  );
});

Deno.test("inlineMarkdown() runs a path or pair broken after its slash on without a space, not an abbreviation's", () => {
  const text = inlineMarkdown([
    line(span("errors (see nodejs/", 72, 100)),
    line(span("node#31481), stats and/", 72, 114)),
    line(span("or contents of", 72, 128), span("text/", 72 + 15 * 6, 128, { font: mono })),
    line(span("plain", 72, 142, { font: mono }), span("bodies, w/", 72 + 6 * 6, 142)),
    line(span("white text, Node.js/", 72, 156)),
    line(span("zlib.", 72, 170)),
  ]);
  assert.equal(
    text,
    "errors (see nodejs/node#31481), stats and/or contents of `text/plain` bodies, w/ white text, Node.js/zlib.",
  );
});

Deno.test("inlineMarkdown() joins inline code and a word its hyphen joins, broken after the hyphen", () => {
  const text = inlineMarkdown([
    line(span("bounds the number of", 72, 100), span("&", 200, 100, { font: mono }), span("-", 206, 100)),
    line(span("delimited parameters", 72, 114)),
  ]);
  assert.equal(text, "bounds the number of `&`-delimited parameters");
  // A dash set apart after the code is no hyphen.
  const dash = inlineMarkdown([
    line(span("run", 72, 100, { font: mono }), span("-", 100, 100)),
    line(span("then wait", 72, 114)),
  ]);
  assert.equal(dash, "`run` - then wait");
});

Deno.test("inlineMarkdown() joins a token of code broken inside it, too wide for any line, without a space", () => {
  // 6 pt a character: the token is 42 characters, 252 pt, and the lines are at most 186 pt wide.
  const text = inlineMarkdown([
    line(span("The function, given a", 72, 100), span("tells", 72 + 22 * 6, 100)),
    line(span("ipaddr.IPv4.isValidFourPartDeci", 72, 114, { font: mono })),
    line(span("mal(string)", 72, 128, { font: mono }), span("validates it.", 72 + 12 * 6, 128)),
  ]);
  assert.equal(
    text,
    "The function, given a tells `ipaddr.IPv4.isValidFourPartDecimal(string)` validates it.",
  );
  // Code that would have fitted on a line of its own was broken at a space, as was code after a short line.
  const spaced = inlineMarkdown([
    line(span("Install it with a command of the form", 72, 100)),
    line(span("usual, that is to say", 72, 114), span("npm", 72 + 22 * 6, 114, { font: mono })),
    line(span("install", 72, 128, { font: mono }), span("and wait.", 72 + 8 * 6, 128)),
    line(span("new", 72, 142, { font: mono })),
    line(span("Parser(onNewLine?).parse(src)", 72, 156, { font: mono })),
  ]);
  assert.equal(
    spaced,
    "Install it with a command of the form usual, that is to say `npm install` and wait. `new Parser(onNewLine?).parse(src)`",
  );
});

Deno.test("inlineMarkdown() joins inline code broken after the dashes it opens with", () => {
  // LuaTeX breaks inline code at its hyphens: `--pager="less -R"` ends one line at `--`, after prose.
  const text = inlineMarkdown([
    line(span("arguments (e.g.", 72, 100), span("--", 180, 100, { font: mono })),
    line(span('pager="less -R"', 72, 114, { font: mono }), span(").", 162, 114)),
  ]);
  assert.equal(text, 'arguments (e.g. `--pager="less -R"`).');
  // Dashes that are a word of code inside a span (`fd --` `node`) are not the span's opening.
  const inside = inlineMarkdown([
    line(span("run", 72, 100), span("fd --", 100, 100, { font: mono })),
    line(span("node", 72, 114, { font: mono }), span("after it.", 110, 114)),
  ]);
  assert.equal(inside, "run `fd -- node` after it.");
});

Deno.test("inlineMarkdown() runs a host name broken after one of its dots on into its path", () => {
  const joined = (head: string, tail: string) =>
    inlineMarkdown([line(span(head, 72, 100)), line(span(tail, 72, 114))]);
  assert.equal(
    joined("September 2020. latex-project.", "org/publications/indexbyyear/2020"),
    "September 2020. latex-project.org/publications/indexbyyear/2020",
  );
  const mono = (text: string, y: number) => span(text, 72, y, { font: { ...body, monospace: true } });
  assert.equal(
    inlineMarkdown([line(mono("latex-project.", 100)), line(mono("org/publications/", 114))]),
    "`latex-project.org/publications/`",
  );
  // A sentence's full stop before a word stays a sentence's end.
  assert.equal(
    joined("It ends the project.", "org charts follow."),
    "It ends the project. org charts follow.",
  );
});

Deno.test("inlineMarkdown() runs a range broken after its en dash on without a space", () => {
  const joined = (head: string, tail: string) =>
    inlineMarkdown([line(span(head, 72, 100)), line(span(tail, 72, 114))]);
  assert.equal(joined("Brazil, Oct. 15–", "20, 2017)."), "Brazil, Oct. 15–20, 2017).");
  // A dash set apart by spaces is a sentence's: the line after is a word of its own.
  assert.equal(joined("the dash –", "20 of them"), "the dash – 20 of them");
});

Deno.test("inlineMarkdown() runs a word broken at its hyphen after a digit on, the hyphen kept", () => {
  const joined = (head: string, tail: string) =>
    inlineMarkdown([line(span(head, 72, 100)), line(span(tail, 72, 114))]);
  assert.equal(joined("or later for utf-8-", "validate) that"), "or later for utf-8-validate) that");
  // A hyphen after a letter stays the typesetter's to judge; a number alone before a hyphen is no word.
  assert.equal(joined("an ex-", "pert"), "an expert");
  assert.equal(joined("pages 10-", "and more"), "pages 10- and more");
});

Deno.test("inlineMarkdown() reads a line ending in one long token in time linear in its length", () => {
  // Matched from each letter on, a token of 400,000 letters took minutes; read back from its end, at once.
  const token = "a".repeat(400_000);
  const text = inlineMarkdown([line(span(token, 72, 100)), line(span("and more", 72, 114))]);
  assert.equal(text, `${token} and more`);
});
