/**
 * Reads a document's outline (bookmarks) into a flat list of entries with
 * their levels and the places they point at, which name the document's
 * headings (`outline_map.ts`). What cannot be read is said in warnings, not
 * dropped silently: without the outline, headings set at body size are
 * found from the type alone, or not at all.
 *
 * @module
 */
import type { PDFDocumentProxy } from "./load.ts";
import type { OutlineEntry } from "./types.ts";

/** Most outline entries reported. */
const OUTLINE_LIMIT = 2000;

/**
 * Deepest outline level read: deeper entries are left out, with a warning.
 * Markdown has six heading levels; the deepest outline of the corpora nests
 * six; a chain of entries each the child of the one before runs to any depth.
 */
export const OUTLINE_DEPTH = 32;

/** The outline as read, and what could not be read of it. */
export interface OutlineRead {
  /** Entries in document order, flattened. */
  outline: OutlineEntry[];
  /** One sentence per loss: unreadable, entries that lead nowhere, too deep, too long. */
  warnings: string[];
}

/**
 * The document's outline, flattened: empty, with a warning, when pdf.js
 * cannot read it; entries deeper than {@linkcode OUTLINE_DEPTH} levels or
 * past {@linkcode OUTLINE_LIMIT} left out, and entries whose destination
 * leads to no page counted, each with a warning.
 */
export async function readDocumentOutline(doc: PDFDocumentProxy): Promise<OutlineRead> {
  const warnings: string[] = [];
  try {
    const outline = await readOutline(doc, warnings);
    return { outline, warnings };
  } catch (error) {
    const reason = error instanceof Error && error.message ? ` (${error.message})` : "";
    warnings.push(
      `The outline (bookmarks) could not be read${reason}: headings are found from the type alone`,
    );
    return { outline: [], warnings };
  }
}

/** An outline node as pdf.js returns it (fields used here). */
interface OutlineNode {
  title: string;
  dest: string | unknown[] | null;
  items: OutlineNode[];
}

/** Characters some producers write into bookmark titles as HTML entities. */
const ENTITIES: Record<string, string> = { nbsp: " ", amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** A bookmark title with the HTML entities a producer left in it decoded (rst2pdf writes `&nbsp;`). */
function decodeEntities(title: string): string {
  return title.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? entity;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/**
 * Flattens the outline, resolving each entry's page where possible; says in
 * `warnings` which entries were left out or lead to no page.
 */
async function readOutline(doc: PDFDocumentProxy, warnings: string[]): Promise<OutlineEntry[]> {
  const roots = (await doc.getOutline()) as OutlineNode[] | null;
  const entries: OutlineEntry[] = [];
  // The limit counts the entries reported (titled ones); untitled ones are kept up to as many again.
  let titled = 0, unplaced = 0, tooMany = false, tooDeep = false;
  const walk = async (nodes: OutlineNode[], level: number) => {
    if (nodes.length > 0 && level > OUTLINE_DEPTH) {
      tooDeep = true;
      return;
    }
    for (const node of nodes) {
      if (titled >= OUTLINE_LIMIT || entries.length >= 2 * OUTLINE_LIMIT) {
        tooMany = true;
        return;
      }
      const entry: OutlineEntry = { title: decodeEntities(node.title).replace(/\s+/g, " ").trim(), level };
      const target = await destination(doc, node.dest).catch(() => undefined);
      if (target?.page !== undefined) entry.page = target.page;
      if (target?.top !== undefined) entry.top = target.top;
      if (target?.left !== undefined) entry.left = target.left;
      // An entry with no title still names its heading's place (see `untitled_entries.ts`).
      if (entry.title || entry.top !== undefined) entries.push(entry);
      if (entry.title) titled++;
      // A titled entry whose destination leads to no page places no heading.
      if (entry.title && node.dest != null && entry.page === undefined) unplaced++;
      await walk(node.items ?? [], level + 1);
    }
  };
  await walk(roots ?? [], 1);
  if (unplaced > 0) {
    warnings.push(
      unplaced === 1
        ? "1 outline entry leads to no page of the document: its heading is found from the type alone"
        : `${unplaced} outline entries lead to no page of the document: their headings are found from the type alone`,
    );
  }
  if (tooDeep) {
    warnings.push(
      `The outline nests deeper than ${OUTLINE_DEPTH} levels: its entries below that are left out`,
    );
  }
  if (tooMany) {
    warnings.push(
      `The outline has more than ${OUTLINE_LIMIT} entries: those after the first ${OUTLINE_LIMIT} are left out`,
    );
  }
  return entries;
}

/**
 * Where in a destination's array its top is, by fit type: `[page, /XYZ left
 * top zoom]`, `[page, /FitH top]`, `[page, /FitR left bottom right top]`.
 */
const TOP_AT: Record<string, number> = { XYZ: 3, FitH: 2, FitBH: 2, FitR: 5 };
/** Where in a destination's array its left edge is, by fit type: `[page, /XYZ left top zoom]`, `[page, /FitV left]`. */
const LEFT_AT: Record<string, number> = { XYZ: 2, FitV: 2, FitBV: 2, FitR: 2 };

/** The 1-based page an outline destination points to, and the top it shows. */
async function destination(
  doc: PDFDocumentProxy,
  dest: OutlineNode["dest"],
): Promise<{ page?: number; top?: number; left?: number }> {
  const explicit = typeof dest === "string" ? await doc.getDestination(dest) : dest;
  const ref = explicit?.[0];
  if (ref === undefined || ref === null) return {};
  const fit = (explicit![1] as { name?: string } | null)?.name ?? "";
  const top = explicit![TOP_AT[fit] ?? -1], left = explicit![LEFT_AT[fit] ?? -1];
  const page = typeof ref === "number"
    ? ref + 1
    : (await doc.getPageIndex(ref as Parameters<PDFDocumentProxy["getPageIndex"]>[0])) + 1;
  return {
    page,
    ...(typeof top === "number" && Number.isFinite(top) ? { top } : {}),
    ...(typeof left === "number" && Number.isFinite(left) ? { left } : {}),
  };
}
