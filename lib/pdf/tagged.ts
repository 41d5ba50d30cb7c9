/**
 * Reads a tagged PDF's structure tree: for each marked-content id, the
 * heading level, list item, table cell or code block it belongs to, and
 * which content is an artifact (page furniture the tree files under
 * `Artifact`). Roles arrive mapped to standard ones (`struct_roles.ts`).
 *
 * @module
 */
import type { Tag } from "./types.ts";
import { OWN_HEADING_MARK } from "./struct_roles.ts";

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
  "FENote",
  "Aside",
  "Figure",
  "Formula",
]);

/**
 * Roles whose content is running text: `Code` inside one is inline code (a
 * word of the sentence or heading), not a listing of its own.
 */
const TEXT_ROLES = new Set([
  ...BLOCK_ROLES,
  "Span",
  "Link",
  "Em",
  "Strong",
  "Quote",
  "Reference",
  "BibEntry",
  "Sub",
]);
TEXT_ROLES.delete("Code");
TEXT_ROLES.delete("Figure");
TEXT_ROLES.delete("Formula");
TEXT_ROLES.delete("BlockQuote");
TEXT_ROLES.delete("LBody");

/** Roles of a note (a footnote, an endnote), whose `Lbl` is its number. */
const NOTE_ROLES = new Set(["Note", "FENote"]);

/** Roles that group a section: an `H` heading's level is how many enclose it. */
const SECTION_ROLES = new Set(["Sect"]);

/** Mutable walk state: counters that give each element a unique id, and the content left out. */
interface Counters {
  next: number;
  omitted: Set<string>;
}

/** Context inherited down the tree. */
interface Context {
  tag: Tag;
  listDepth: number;
  /** Contents lists (`TOC`) enclosing the node: a contents entry's depth is one less. */
  contentsDepth: number;
  /** Sections enclosing the node. */
  sections: number;
  /** Inside running text (a paragraph, heading, cell…). */
  inText: boolean;
  /** The role of the parent element. */
  parent: string;
  /** Inside an `Artifact` element, or a heading's `Lbl`: content left out. */
  omit: boolean;
  table?: { id: number; rows: number };
  row?: { index: number; cells: number };
  /**
   * The note around the node: its block, which its first paragraph keeps (its label opens that paragraph's
   * line), and whether its first content is still to come in a note with no `Lbl` (its mark, `1` or `∗`, is then
   * the first word of its text, as LaTeX's kernel tags some notes).
   */
  note?: { block: number; given: boolean; unlabelled: boolean };
}

/**
 * Maps marked-content ids (`p2R_mc0`…) to what the structure tree says about them.
 * `startId` keeps block ids unique across pages.
 */
export function tagsFromStructTree(tree: StructNode | null, startId: number): {
  tags: Map<string, Tag>;
  nextId: number;
  /**
   * Marked-content ids left out: under an `Artifact` element (page furniture)
   * or a heading's `Lbl` (the section number the producer put before it).
   */
  omitted: Set<string>;
} {
  const tags = new Map<string, Tag>();
  const counters: Counters = { next: startId, omitted: new Set() };
  const root: Context = {
    tag: { block: counters.next++ },
    listDepth: -1,
    contentsDepth: 0,
    sections: 0,
    inText: false,
    parent: "",
    omit: false,
  };
  if (tree) visit(tree, root, counters, tags);
  return { tags, nextId: counters.next, omitted: counters.omitted };
}

/**
 * The heading level a role gives: `H1`…`H6` (PDF 2.0 allows deeper `Hn`,
 * kept at 6), `Title` 1, and `H` the depth of the sections enclosing it.
 */
function headingLevel(role: string, sections: number): number | undefined {
  const level = /^H([1-9]\d*)$/.exec(role);
  if (level) return Math.min(6, Number(level[1]));
  if (role === "Title") return 1;
  if (role === "H") return Math.min(6, Math.max(1, sections));
  return undefined;
}

/**
 * The block a note's first paragraph keeps: the note's own, which its label
 * (its number, set on the paragraph's first line) is in, so the line is not
 * parted from the rest of the paragraph.
 */
function noteParagraph(role: string, context: Context): number | undefined {
  if (role !== "P" || !context.note || context.note.given) return undefined;
  context.note.given = true;
  return context.note.block;
}

/**
 * True for the first content of a note's first paragraph where the note has
 * no `Lbl`: its first word is its mark, which {@linkcode Tag.noteLabel} lets
 * the text writer take for the note's label when it is one (a number, a
 * symbol); once asked, the note has no lead left.
 */
function leadOfUnlabelledNote(context: Context): boolean {
  if (!context.note?.unlabelled || context.omit) return false;
  context.note.unlabelled = false;
  return true;
}

/** Walks one node, recording tags for its content leaves. */
function visit(
  node: StructNode,
  context: Context,
  counters: Counters,
  tags: Map<string, Tag>,
  beforeNote = false,
) {
  if (node.type === "content" && node.id) {
    if (context.omit) counters.omitted.add(node.id);
    else tags.set(node.id, leadOfUnlabelledNote(context) ? { ...context.tag, noteLabel: true } : context.tag);
    return;
  }
  const [role = "", own] = (node.role ?? "").split(OWN_HEADING_MARK);
  const next: Context = { ...context, tag: { ...context.tag }, parent: role };
  if (role === "Artifact" || (role === "Lbl" && context.tag.heading !== undefined)) next.omit = true;
  if (SECTION_ROLES.has(role)) next.sections = context.sections + 1;
  // Inline code or a formula is a word of its sentence; a label outside a list item is its element's.
  const inline = (/^(Code|Formula|Figure)$/.test(role) && context.inText) ||
    (role === "Lbl" && context.parent !== "LI");
  if (BLOCK_ROLES.has(role) && !inline) next.tag.block = noteParagraph(role, context) ?? counters.next++;
  if (NOTE_ROLES.has(role)) {
    const unlabelled = !(node.children ?? []).some((child) =>
      child.role?.split(OWN_HEADING_MARK)[0] === "Lbl"
    );
    next.note = { block: next.tag.block, given: false, unlabelled };
    next.tag.note = true;
  }
  if (TEXT_ROLES.has(role)) next.inText = true;
  const level = headingLevel(role, context.sections);
  if (level) next.tag.heading = level;
  if (level && own !== undefined) next.tag.ownHeading = true;
  if (role === "LI") {
    next.listDepth = context.listDepth + 1;
    next.tag.listItem = { id: counters.next++, depth: next.listDepth };
    delete next.tag.label;
  }
  // A contents list is a list of its entries, nested as its lists nest (`tagged_contents.ts`).
  if (role === "TOC") next.contentsDepth = context.contentsDepth + 1;
  if (role === "TOCI") {
    next.tag.listItem = { id: counters.next++, depth: Math.max(0, context.contentsDepth - 1) };
    next.tag.contents = true;
    delete next.tag.label;
  }
  if (role === "Lbl" && !inline) next.tag.label = true;
  if (role === "Lbl" && NOTE_ROLES.has(context.parent)) next.tag.noteLabel = true;
  // A note's mark in the text: the `Lbl` the note stands right after (LaTeX's tagging of `\footnote`).
  if (role === "Lbl" && beforeNote && context.inText) next.tag.noteRef = true;
  if (role === "Code" && !inline) next.tag.code = true;
  if (role === "Formula" && !inline) next.tag.formula = true;
  if (role === "BlockQuote") {
    next.tag.quote = true;
    next.tag.quoteId ??= counters.next++;
  }
  if (role === "P") next.tag.paragraph = true;
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
  const children = node.children ?? [];
  children.forEach((child, i) =>
    visit(child, next, counters, tags, NOTE_ROLES.has(children[i + 1]?.role ?? ""))
  );
}
