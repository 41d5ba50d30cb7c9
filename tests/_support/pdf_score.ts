/**
 * Scores a Markdown conversion against the Markdown it was rendered from:
 * headings (precision and recall by level), list items (bulleted, numbered,
 * nested at their depth), code blocks (recall and spurious ones), inline code,
 * links, table cells, block quotes, plain paragraphs (found whole), and a
 * normalised word-level text similarity. Paragraphs are compared without a
 * caption label a producer set before them (`CAPTION_LABEL`).
 *
 * @module
 */

/** What a Markdown document contains, normalised for comparison. */
export interface Parsed {
  headings: Array<{ level: number; text: string }>;
  listItems: string[];
  /** Items under a `-`, `*` or `+` marker. */
  bulletItems: string[];
  /** Items under a `1.` or `1)` marker. */
  numberedItems: string[];
  /** Items inside another item, as `depth|text` (depth 1 = first nesting). */
  nestedItems: string[];
  codeBlocks: string[];
  /** Inline code spans outside code blocks, with inner space collapsed. */
  inlineCode: string[];
  /** Block quotes, each as its normalised text. */
  quotes: string[];
  /** Paragraphs of plain text (not in a list, quote, table or heading), each as its normalised text. */
  paragraphs: string[];
  links: string[];
  tableCells: string[];
  words: string[];
}

/** Lower-case words without Markdown syntax or edge punctuation. */
function words(text: string): string[] {
  return text
    .replace(/\u00ad/g, "")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    // A link's text may hold escaped brackets (`[\[prop1\]](#prop1)`, a reference's label as a page prints it),
    // its address balanced parentheses (a DOI's `S0065-2156(08)70370-3`), as Markdown reads them.
    .replace(/\[((?:\\.|[^\]\\])*)\]\((?:[^()]|\([^()]*\))*\)/g, "$1")
    .replace(/<!--.*?-->/g, " ")
    // An emphasis mark inside a word joins its parts; an escaped one is text (`*c*enter` renders "center"),
    // and so does one before a word's apostrophe (`*fd*'s` renders "fd's").
    .replace(/(?<=[\p{L}\p{N}])\*+(?=[\p{L}\p{N}]|['\u2019]\p{L})/gu, "")
    .replace(/\\([\\`*_[\]#>|.-])/g, "$1")
    .replace(/[`*|]/g, " ")
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter(Boolean);
}

/** Normalised single-line text. */
function norm(text: string): string {
  return words(text).join(" ");
}

/** Normalises a URL for matching: no trailing slash, lower-case scheme and host. */
function normUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/$/, "")}${u.search}`.toLowerCase();
  } catch {
    return url.trim().toLowerCase();
  }
}

/** True when a line can be part of a plain paragraph: no block syntax opens it, and it is not set in. */
function isPlainLine(line: string): boolean {
  return !/^\s/.test(line) && !/^(#{1,6}\s|>|\||[-*+]\s|\d{1,9}[.)]\s|<!--)/.test(line);
}

/**
 * A caption's label as a producer sets it ("Figure 1:", "Table 2.3:", "Listing 1:", a journal's "Figure 1.",
 * "Fig. 2."): a word (or its abbreviation) and a number ending in a colon or a full stop. The number is the producer's count, which no source spells, so paragraphs are compared
 * without it, on both sides alike; the words still count in the text.
 */
const CAPTION_LABEL = /^\p{Lu}\p{Ll}+\.? \d+(?:\.\d+)*[:.] /u;

/** The plain paragraphs of some Markdown: blocks between blank lines, outside code, of plain lines only. */
function plainParagraphs(markdown: string): string[] {
  const paragraphs: string[] = [];
  let fence: string | null = null;
  let block: string[] = [];
  const flush = () => {
    const text = block.every(isPlainLine) ? norm(block.join(" ").replace(CAPTION_LABEL, "")) : "";
    if (text) paragraphs.push(text);
    block = [];
  };
  for (const line of markdown.split("\n")) {
    const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence !== null) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence)) fence = null;
    } else if (fenceMatch) {
      flush();
      fence = fenceMatch[1]!;
    } else if (line.trim()) block.push(line);
    else flush();
  }
  flush();
  return paragraphs;
}

/** Parses the parts of Markdown that are scored. */
export function parseMarkdown(markdown: string): Parsed {
  const parsed: Parsed = {
    headings: [],
    listItems: [],
    bulletItems: [],
    numberedItems: [],
    nestedItems: [],
    codeBlocks: [],
    inlineCode: [],
    quotes: [],
    paragraphs: plainParagraphs(markdown),
    links: [],
    tableCells: [],
    words: [],
  };
  const prose: string[] = [];
  let fence: string | null = null;
  let code: string[] = [];
  /** Content indents of the open list items. */
  let itemIndents: number[] = [];
  let quote: string[] = [];
  /** List items with their depth, and the one whose first paragraph is still open. */
  const items: Array<{ depth: number; numbered: boolean; text: string }> = [];
  let open: (typeof items)[number] | null = null;
  const endQuote = () => {
    const text = norm(quote.join(" "));
    if (text) parsed.quotes.push(text);
    quote = [];
  };
  for (const line of markdown.split("\n")) {
    if (fence === null && quote.length && !/^\s*>/.test(line)) endQuote();
    const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence !== null) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence)) {
        parsed.codeBlocks.push(code.join("\n").replace(/\s+/g, " ").trim());
        prose.push(code.join(" "));
        fence = null;
        code = [];
      } else code.push(line);
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      open = null;
      continue;
    }
    for (const span of line.matchAll(/(`+)(.+?)\1/g)) {
      parsed.inlineCode.push(span[2]!.replace(/\s+/g, " ").trim());
    }
    const quoted = /^\s*>\s?(.*)$/.exec(line);
    if (quoted) {
      open = null;
      // A fence's language name inside a quote is no text, as it is not outside one.
      const content = quoted[1]!.replace(/^([>\s]*)(`{3,}|~{3,}).*$/, "$1$2");
      quote.push(content.replace(/^[>\s]+/, ""));
      prose.push(content);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      open = null;
      parsed.headings.push({ level: heading[1]!.length, text: norm(heading[2]!) });
      prose.push(heading[2]!);
      continue;
    }
    const item = /^(\s*)([-*+]|\d{1,9}[.)])(\s+)(.*)$/.exec(line);
    if (!item && open && line.trim() && !/^\s*\|/.test(line)) {
      // A wrapped line of the item's first paragraph.
      open.text += ` ${line.trim()}`;
      prose.push(line);
      continue;
    }
    open = null;
    const indent = /^\s*/.exec(line)![0].length;
    while (itemIndents.length && indent < itemIndents[itemIndents.length - 1]! && line.trim()) {
      itemIndents.pop();
    }
    if (item) {
      open = { depth: itemIndents.length, numbered: /\d/.test(item[2]!), text: item[4]! };
      items.push(open);
      itemIndents.push(indent + item[2]!.length + item[3]!.length);
      prose.push(item[4]!);
      continue;
    }
    if (indent === 0 && line.trim()) itemIndents = [];
    if (/^\s*\|/.test(line)) {
      if (/^\s*\|[\s:|-]+\|\s*$/.test(line)) continue;
      for (const cell of line.trim().replace(/^\||\|$/g, "").split(/(?<!\\)\|/)) {
        const text = norm(cell);
        if (text) parsed.tableCells.push(text);
      }
      prose.push(line);
      continue;
    }
    prose.push(line);
  }
  if (quote.length) endQuote();
  for (const item of items) {
    const text = norm(item.text);
    parsed.listItems.push(text);
    (item.numbered ? parsed.numberedItems : parsed.bulletItems).push(text);
    if (item.depth > 0) parsed.nestedItems.push(`${item.depth}|${text}`);
  }
  for (const match of markdown.matchAll(/\[([^\]]+)\]\(([^)\s]+)\)/g)) {
    // Only links to addresses survive in a PDF; anchors within the document become page jumps.
    if (/^(https?:|mailto:|ftp:)/i.test(match[2]!)) parsed.links.push(normUrl(match[2]!));
  }
  parsed.words = words(prose.join("\n"));
  return parsed;
}

/** How many items of `expected` find a partner in `actual` (each partner used once). */
function matched(expected: readonly string[], actual: readonly string[]): number {
  const pool = new Map<string, number>();
  for (const a of actual) pool.set(a, (pool.get(a) ?? 0) + 1);
  let hits = 0;
  for (const e of expected) {
    const left = pool.get(e) ?? 0;
    if (left > 0) {
      hits++;
      pool.set(e, left - 1);
    }
  }
  return hits;
}

/** Word-level similarity: 1 − indel distance ÷ total length (the NID measure). */
export function textSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  let prev = new Int32Array(b.length + 1);
  let row = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      row[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!);
    }
    [prev, row] = [row, prev];
  }
  const lcs = prev[b.length]!;
  return (2 * lcs) / (a.length + b.length);
}

/** Counts for one score: matched out of a total. */
export interface Ratio {
  hit: number;
  of: number;
}

/** All scores of one conversion. */
export interface Scores {
  headingsPredicted: Ratio;
  headingsFound: Ratio;
  /** Recall of source headings at their exact level, by level 1–6. */
  headingsByLevel: Ratio[];
  listItems: Ratio;
  bulletItems: Ratio;
  numberedItems: Ratio;
  nestedItems: Ratio;
  codeBlocks: Ratio;
  /** Code blocks in the conversion that match none of the source's. */
  spuriousCodeBlocks: number;
  /** Headings in the conversion that match none of the source's (text and level). */
  falseHeadings: number;
  inlineCode: Ratio;
  quotes: Ratio;
  paragraphs: Ratio;
  links: Ratio;
  tableCells: Ratio;
  text: number;
}

/** Scores `actual` Markdown against the `source` it should reproduce. */
export function score(source: string, actual: string): Scores {
  const s = parseMarkdown(source);
  const a = parseMarkdown(actual);
  const key = (h: { level: number; text: string }) => `${h.level}|${h.text}`;
  const headingHits = matched(s.headings.map(key), a.headings.map(key));
  const codeHits = matched(s.codeBlocks, a.codeBlocks);
  const byLevel = [1, 2, 3, 4, 5, 6].map((level) => {
    const expected = s.headings.filter((h) => h.level === level).map(key);
    return { hit: matched(expected, a.headings.map(key)), of: expected.length };
  });
  return {
    headingsPredicted: { hit: headingHits, of: a.headings.length },
    headingsFound: { hit: headingHits, of: s.headings.length },
    headingsByLevel: byLevel,
    listItems: { hit: matched(s.listItems, a.listItems), of: s.listItems.length },
    bulletItems: { hit: matched(s.bulletItems, a.bulletItems), of: s.bulletItems.length },
    numberedItems: { hit: matched(s.numberedItems, a.numberedItems), of: s.numberedItems.length },
    nestedItems: { hit: matched(s.nestedItems, a.nestedItems), of: s.nestedItems.length },
    codeBlocks: { hit: codeHits, of: s.codeBlocks.length },
    spuriousCodeBlocks: a.codeBlocks.length - codeHits,
    falseHeadings: a.headings.length - headingHits,
    inlineCode: { hit: matched(s.inlineCode, a.inlineCode), of: s.inlineCode.length },
    quotes: { hit: matched(s.quotes, a.quotes), of: s.quotes.length },
    paragraphs: { hit: matched(s.paragraphs, a.paragraphs), of: s.paragraphs.length },
    links: { hit: matched(s.links, a.links), of: s.links.length },
    tableCells: { hit: matched(s.tableCells, a.tableCells), of: s.tableCells.length },
    text: textSimilarity(s.words, a.words),
  };
}
