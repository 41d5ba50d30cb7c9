/**
 * Paragraphs made only of inline code, one after another: quotes of a command
 * each (`> `npm install thing``), wrapped in a narrow column. Their rows
 * stand at prose's line step within a paragraph and a paragraph's space
 * apart, which the page cut read as one listing with blank lines. Where a
 * document sets its code at a line step of its own and no two rows of the
 * draft stand at it, the draft is split at the paragraph spaces into
 * paragraphs of inline code (`proseSpacedCodeToText` then finds nothing
 * left to do with them).
 *
 * @module
 */
import { atProseLineStep } from "./code_lines.ts";
import { type Draft, shadeOf } from "./draft.ts";
import type { DocumentStats } from "./stats.ts";

/** Fewest and most line steps of prose a paragraph's space spans, baseline to baseline. */
const PARAGRAPH_STEPS = [1.3, 3] as const;

/** How `line` stands below the row before it in a code draft: at prose's line step, a paragraph's space below, or otherwise. */
function spacing(draft: Draft, k: number, stats: DocumentStats): "line" | "paragraph" | "other" {
  const prev = draft.lines[k - 1]!, line = draft.lines[k]!;
  const dy = line.y - prev.y;
  if (line.page !== prev.page || dy <= 0) return "other";
  if (atProseLineStep(dy, stats.bodySize, line.size, stats)) return "line";
  const step = stats.lineGap(stats.bodySize);
  return dy >= step * PARAGRAPH_STEPS[0] && dy <= step * PARAGRAPH_STEPS[1] ? "paragraph" : "other";
}

/**
 * Splits each code draft on no shading whose rows stand only at prose's
 * line step or a paragraph's space apart, both found, into paragraphs, in a
 * document that spaces its paragraphs.
 */
export function splitCodeParagraphRuns(drafts: Draft[], stats: DocumentStats): Draft[] {
  // Only a document that spaces its paragraphs shows a paragraph's space (AbiWord's listings keep a
  // grid a point off prose's step, and a blank line of theirs is two rows).
  if (stats.paragraphsSpaced !== true) return drafts;
  const out: Draft[] = [];
  for (const draft of drafts) {
    if (draft.kind !== "code" || draft.lines.length < 3 || draft.lines.some(fromListing)) {
      out.push(draft);
      continue;
    }
    const kinds = draft.lines.slice(1).map((_, k) => spacing(draft, k + 1, stats));
    if (!kinds.includes("line") || !kinds.includes("paragraph") || kinds.includes("other")) {
      out.push(draft);
      continue;
    }
    let piece: Draft = { kind: "text", page: draft.page, lines: [draft.lines[0]!] };
    kinds.forEach((kind, k) => {
      const line = draft.lines[k + 1]!;
      if (kind === "line") return void piece.lines.push(line);
      out.push(piece);
      piece = { kind: "text", page: line.page, lines: [line] };
    });
    out.push(piece);
  }
  return out;
}

/** True when a row sits on a listing's shading or the structure tree tags it as code. */
function fromListing(line: Draft["lines"][number]): boolean {
  return shadeOf(line) !== undefined || line.spans.some((s) => s.tag?.code);
}
