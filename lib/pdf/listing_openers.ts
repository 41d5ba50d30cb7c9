/**
 * Listings back to back where nothing on the page parts them. A producer
 * that leaves no space between paragraphs (AbiWord) leaves none between two
 * listings either and sets both on one grid, so they are read as one. What
 * still tells them apart is a line that only ever opens a listing, set at the
 * listing's left edge straight under a code line (no blank row between):
 *
 * - an interpreter line (`#!/usr/bin/env node`), which only a file's first
 *   line can be;
 * - a comment naming a file (`// index.js`, `# .env`, `<!-- index.html -->`),
 *   the heading README listings open with when they show one file each;
 * - a shell prompt (`$ node index.js`) under code no prompt opened: a
 *   terminal session shown after the code it runs. Later prompts of a
 *   session stay in it;
 * - a program's statement, or another manager's install of the same
 *   package, under a listing of one command; a program's import or
 *   declaration under a data file's listing (`lone_commands.ts`).
 *
 * A listing keeps such lines where a blank row stands before them (a file
 * comment after a blank line inside one listing) and in every document known
 * to space its paragraphs, where listings stand apart on their own. Where
 * none of its paragraphs plainly ends, whether it spaces them is unknown, and
 * such a line opens a listing all the same.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import { plainLineText } from "./inline.ts";
import { followsDataFile, followsLoneCommand } from "./lone_commands.ts";
import type { DocumentStats } from "./stats.ts";
import type { Line } from "./types.ts";
import { least } from "./extremes.ts";

/** An interpreter line: only a file's first line. */
const INTERPRETER = /^#!\//;

/**
 * A comment that only names a file (`// index.js`, `# app/backend/.env`, `<!-- index.html -->`, a CSS one).
 * A file's extension holds a letter: a comment of a number (`// 3.14159`) is a value shown, not a name.
 */
const FILE_NAME = String.raw`[\w./-]*\.\w*[A-Za-z]\w*`;
const FILE_COMMENT = new RegExp(
  String.raw`^(?:(?:\/\/|#)\s*${FILE_NAME}|<!--\s*${FILE_NAME}\s*-->|\/\*\s*${FILE_NAME}\s*\*\/)$`,
);

/** A shell prompt before a command. */
const PROMPT = /^\$ \S/;

/** Share of the code line step below which a row stands straight under the one before (no blank row). */
const NO_BLANK_ROW = 1.5;

/** How far (pt) a row's left edge may stand from the listing's and still be at it. */
const EDGE_SLACK = 1;

/**
 * Parts code drafts at the lines that open a listing (see the module
 * comment), where the document is not known to space its paragraphs.
 * Returns the drafts with each such listing in pieces.
 */
export function splitAtListingOpeners(drafts: readonly Draft[], stats: DocumentStats): Draft[] {
  if (stats.paragraphsSpaced === true) return [...drafts];
  return drafts.flatMap((draft) => draft.kind === "code" && !draft.quote ? split(draft, stats) : [draft]);
}

/** One code draft in the pieces its opening lines start. */
function split(draft: Draft, stats: DocumentStats): Draft[] {
  const pieces: Line[][] = [[draft.lines[0]!]];
  for (const line of draft.lines.slice(1)) {
    const piece = pieces.at(-1)!;
    if (opensListing(piece, line, stats)) pieces.push([line]);
    else piece.push(line);
  }
  if (pieces.length === 1) return [draft];
  return pieces.map((lines) => ({ ...draft, page: lines[0]!.page, lines }));
}

/** True when `line` opens a listing of its own after the code lines of `piece`. */
function opensListing(piece: readonly Line[], line: Line, stats: DocumentStats): boolean {
  const prev = piece.at(-1)!;
  if (prev.page !== line.page) return false;
  const dy = line.y - prev.y;
  if (dy <= 0 || dy > stats.codeLineGap(line.size) * NO_BLANK_ROW) return false;
  const left = least(piece.filter((l) => l.page === line.page).map((l) => l.x0));
  if (Math.abs(line.x0 - left) > EDGE_SLACK) return false;
  const text = plainLineText(line).trim();
  if (INTERPRETER.test(text) || FILE_COMMENT.test(text)) return true;
  if (piece.length === 1 && followsLoneCommand(plainLineText(prev).trim(), text)) return true;
  if (followsDataFile(plainLineText(piece[0]!).trim(), text)) return true;
  return PROMPT.test(text) && !piece.some((l) => PROMPT.test(plainLineText(l).trim()));
}
