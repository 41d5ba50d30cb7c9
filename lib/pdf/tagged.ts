/**
 * Reads a tagged PDF's structure tree: for each marked-content id, the
 * heading level, list item, table cell or code block it belongs to.
 *
 * @module
 */
import type { Tag } from "./types.ts";

/** A structure tree node as pdf.js returns it. */
export interface StructNode {
  role?: string;
  type?: string;
  id?: string;
  children?: StructNode[];
}

/** Roles that start a block of their own. */
const BLOCK_ROLES = new Set([
  "P",
  "H",
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "Title",
  "LBody",
  "Lbl",
  "TD",
  "TH",
  "Code",
  "BlockQuote",
  "Caption",
  "TOCI",
  "Note",
]);

/** Mutable walk state: counters that give each element a unique id. */
interface Counters {
  next: number;
}

/** Context inherited down the tree. */
interface Context {
  tag: Tag;
  listDepth: number;
  table?: { id: number; rows: number };
  row?: { index: number; cells: number };
}

/**
 * Maps marked-content ids (`p2R_mc0`…) to what the structure tree says about them.
 * `startId` keeps block ids unique across pages.
 */
export function tagsFromStructTree(tree: StructNode | null, startId: number): {
  tags: Map<string, Tag>;
  nextId: number;
} {
  const tags = new Map<string, Tag>();
  const counters: Counters = { next: startId };
  if (tree) visit(tree, { tag: { block: counters.next++ }, listDepth: -1 }, counters, tags);
  return { tags, nextId: counters.next };
}

/** Walks one node, recording tags for its content leaves. */
function visit(node: StructNode, context: Context, counters: Counters, tags: Map<string, Tag>) {
  if (node.type === "content" && node.id) {
    tags.set(node.id, context.tag);
    return;
  }
  const role = node.role ?? "";
  const next: Context = { ...context, tag: { ...context.tag } };
  if (BLOCK_ROLES.has(role)) next.tag.block = counters.next++;
  const level = /^H([1-6])$/.exec(role);
  if (level) next.tag.heading = Number(level[1]);
  if (role === "Title") next.tag.heading = 1;
  if (role === "LI") {
    next.listDepth = context.listDepth + 1;
    next.tag.listItem = { id: counters.next++, depth: next.listDepth };
    delete next.tag.label;
  }
  if (role === "Lbl") next.tag.label = true;
  if (role === "Code") next.tag.code = true;
  if (role === "BlockQuote") next.tag.quote = true;
  if (role === "Table") next.table = { id: counters.next++, rows: 0 };
  if (role === "TR" && next.table) {
    next.row = { index: next.table.rows++, cells: 0 };
  }
  if ((role === "TD" || role === "TH") && next.table && next.row) {
    next.tag.cell = {
      table: next.table.id,
      row: next.row.index,
      column: next.row.cells++,
      header: role === "TH",
    };
  }
  for (const child of node.children ?? []) visit(child, next, counters, tags);
}
