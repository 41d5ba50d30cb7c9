/**
 * Renders blocks as CommonMark/GFM: ATX headings, nested lists indented under
 * their parent's text, fenced code, pipe tables, block quotes, and page
 * markers as HTML comments.
 *
 * @module
 */
import type { Block } from "./types.ts";
import { greatest } from "./extremes.ts";
import { withAlertLabel } from "./alert_quotes.ts";

/**
 * Escapes what would make a paragraph's or a list item's start read as other
 * markup: a heading's marker (a `#` run alone too: an empty heading), a
 * quote's or an item's marker, or a bar (a delimiter `|x|` opening a line of
 * prose), which opens a table's row. An item's text is the start of a block
 * of its own: `- # comment` is a heading inside the item.
 */
function guardStart(text: string): string {
  return text.replace(/^(#{1,6}(?:\s|$)|>|\||[-+*]\s|\d{1,9}[.)]\s)/, "\\$1");
}

/** True for a block inside a block quote: a quote's paragraph, or a listing or list item quoted with it. */
function inQuote(block: Block): boolean {
  return block.kind === "quote" ||
    ((block.kind === "code" || block.kind === "list_item") && block.quoted === true);
}

/** A fence longer than any backtick run in the code. */
function fence(code: string): string {
  const longest = Math.max(2, greatest((code.match(/`{3,}/g) ?? []).map((r) => r.length)));
  return "`".repeat(longest + 1);
}

/** Renders a table; the first row is the header. */
function table(rows: readonly string[][]): string {
  const width = greatest(rows.map((r) => r.length));
  const cell = (c: string | undefined) => (c ?? "").replace(/\|/g, "\\|").replace(/\s+/g, " ").trim();
  const line = (r: readonly string[]) =>
    `| ${Array.from({ length: width }, (_, i) => cell(r[i])).join(" | ")} |`;
  const [head = [], ...body] = rows;
  return [line(head), `|${" --- |".repeat(width)}`, ...body.map(line)].join("\n");
}

/**
 * Renders blocks as Markdown.
 *
 * @example
 * ```ts
 * renderMarkdown([{ kind: "heading", level: 2, text: "Usage", page: 1 }]); // "## Usage\n"
 * ```
 */
export function renderMarkdown(blocks: readonly Block[]): string {
  const parts: string[] = [];
  /** Content indents of the open list items, by depth. */
  let indents: number[] = [];
  let previous: Block | undefined;
  /** Whether the current list's top-level items are numbered. */
  let rootOrdered: boolean | undefined;
  for (const block of blocks) {
    // An item's further paragraph stands under its text; anything else ends the list.
    const underItem = block.kind === "paragraph" && block.itemDepth !== undefined && indents.length > 0;
    if (block.kind !== "list_item" && !underItem) indents = [];
    let text: string;
    switch (block.kind) {
      case "heading":
        text = `${"#".repeat(block.level)} ${block.text}`;
        break;
      case "paragraph":
        // A line after a forced break must not open a heading, quote or item either.
        text = block.text.split("\n").map(guardStart).join("\n");
        if (underItem) {
          const depth = Math.min(block.itemDepth!, indents.length - 1);
          indents = indents.slice(0, depth + 1);
          text = `${" ".repeat(indents[depth]!)}${text}`;
        }
        break;
      case "quote":
        text = `> ${withAlertLabel(guardStart(block.text))}`;
        break;
      case "code": {
        const f = fence(block.text);
        text = `${f}\n${block.text}\n${f}`;
        if (block.quoted) text = text.split("\n").map((line) => line ? `> ${line}` : ">").join("\n");
        break;
      }
      case "table":
        text = table(block.rows);
        break;
      case "page_break":
        text = `<!-- page ${block.page} -->`;
        break;
      case "rule":
        text = "---";
        break;
      case "list_item": {
        const depth = Math.min(block.depth, indents.length);
        indents = indents.slice(0, depth);
        const indent = indents[depth - 1] ?? 0;
        // A task's box is part of its item's text: what the item holds stands under the text after `- `.
        const task = !block.ordered && /^- \[[ x]\]$/.test(block.marker);
        const marker = block.ordered || task ? block.marker : "-";
        indents.push(indent + (task ? 2 : marker.length + 1));
        text = `${block.quoted ? "> " : ""}${" ".repeat(indent)}${marker} ${guardStart(block.text)}`;
        break;
      }
    }
    const tight = block.kind === "list_item" && previous?.kind === "list_item" &&
      (block.depth > 0 || rootOrdered === block.ordered);
    if (block.kind === "list_item" && block.depth === 0) rootOrdered = block.ordered;
    // Paragraphs beside different rules of one page are two quotes.
    const sameQuote = inQuote(block) && previous !== undefined && inQuote(previous) &&
      !(block.kind === "quote" && block.opens) &&
      !(block.kind === "quote" && previous.kind === "quote" && block.bar !== undefined &&
        previous.bar !== undefined && block.page === previous.page && block.bar !== previous.bar);
    parts.push(sameQuote && !tight ? "\n>\n" : tight ? "\n" : parts.length ? "\n\n" : "", text);
    previous = block;
  }
  return parts.length ? `${parts.join("")}\n` : "";
}
