/**
 * Audits the real-world corpus' references against what their PDFs print,
 * independently of the converter: the PDF's own words (`pdftotext`, the
 * page's text as Poppler extracts it, page heads and numbers included)
 * against the reference's words (its Markdown's text, markup left out). A
 * reference is meant to be what the PDF prints, so each printed word it
 * lacks, and each word it holds that the PDF does not print, is a fault of
 * the reference or a limit of the extraction; the runs of unmatched words say
 * which.
 *
 *     deno run -A bench/pdf/audit_references.ts [--all] [--runs N] [NAME...]
 *
 * By default the documents whose reference is built from a LaTeX source;
 * `--all` audits every document. For a held-out document only one aggregate
 * figure is printed (the words' F1), never the words.
 *
 * @module
 */
import { REAL_DOCUMENTS, realPdfUrl, realSourceUrl } from "../../tests/_support/pdf_real_corpus.ts";
import { runCommand } from "./_run.ts";

/** The words of a text, lower-cased, as letters and digits, a line-end hyphen joined. */
export function auditWords(text: string): string[] {
  return text.normalize("NFKC")
    .replace(/(\p{Ll})-\s*\n\s*(\p{Ll})/gu, "$1$2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** A reference's text without its Markdown markup: link targets, emphasis marks, table rules. */
export function markdownText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<(https?:[^>]*)>/g, "$1")
    .replace(/^\s*\|?(?:\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*$/gm, " ");
}

/** How two word sequences differ, as bags and as runs. */
export interface WordAudit {
  printed: number;
  reference: number;
  /** Printed words the reference lacks (counting repeats). */
  missing: number;
  /** Reference words the PDF does not print (counting repeats). */
  extra: number;
  /** Harmonic mean of the shares of each side's words the other holds. */
  f1: number;
  /** Longest runs of printed words no three-word window of the reference holds. */
  missingRuns: string[];
  /** Longest runs of reference words no three-word window of the PDF holds. */
  extraRuns: string[];
}

/** How many of `from`'s words (counting repeats) `to` lacks. */
function unmatchedCount(from: readonly string[], to: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const w of to) counts.set(w, (counts.get(w) ?? 0) + 1);
  let unmatched = 0;
  for (const w of from) {
    const n = counts.get(w) ?? 0;
    if (n > 0) counts.set(w, n - 1);
    else unmatched++;
  }
  return unmatched;
}

/** Runs of `from` whose words lie in no three-word window that `to` also holds, longest first. */
function unmatchedRuns(from: readonly string[], to: readonly string[], count: number): string[] {
  const windows = new Set<string>();
  for (let i = 0; i + 2 < to.length; i++) windows.add(`${to[i]} ${to[i + 1]} ${to[i + 2]}`);
  const covered = new Array<boolean>(from.length).fill(false);
  for (let i = 0; i + 2 < from.length; i++) {
    if (windows.has(`${from[i]} ${from[i + 1]} ${from[i + 2]}`)) {
      covered[i] = covered[i + 1] = covered[i + 2] = true;
    }
  }
  const runs: string[][] = [];
  let run: string[] = [];
  for (const [i, word] of from.entries()) {
    if (!covered[i]) run.push(word);
    else if (run.length) (runs.push(run), run = []);
  }
  if (run.length) runs.push(run);
  return runs.sort((a, b) => b.length - a.length).slice(0, count).map((r) =>
    `(${r.length}) ${r.slice(0, 24).join(" ")}${r.length > 24 ? " …" : ""}`
  );
}

/** Compares the PDF's words with the reference's. */
export function auditReference(
  printed: readonly string[],
  reference: readonly string[],
  runs = 8,
): WordAudit {
  const missing = unmatchedCount(printed, reference);
  const extra = unmatchedCount(reference, printed);
  const recall = printed.length ? 1 - missing / printed.length : 1;
  const precision = reference.length ? 1 - extra / reference.length : 1;
  return {
    printed: printed.length,
    reference: reference.length,
    missing,
    extra,
    f1: recall + precision > 0 ? (2 * recall * precision) / (recall + precision) : 0,
    missingRuns: unmatchedRuns(printed, reference, runs),
    extraRuns: unmatchedRuns(reference, printed, runs),
  };
}

/** The words a PDF prints, as `pdftotext` reads them in reading order. */
async function printedWords(pdf: URL): Promise<string[]> {
  const text = new TextDecoder().decode(await runCommand("pdftotext", ["-enc", "UTF-8", pdf.pathname, "-"]));
  return auditWords(text);
}

if (import.meta.main) {
  const all = Deno.args.includes("--all");
  const runsAt = Deno.args.indexOf("--runs");
  const runs = runsAt >= 0 ? Number(Deno.args[runsAt + 1]) : 8;
  const names = Deno.args.filter((a, i) => !a.startsWith("--") && i !== runsAt + 1);
  const chosen = REAL_DOCUMENTS.filter((d) =>
    names.length ? names.includes(d.name) : all || d.format === "latex"
  );
  for (const doc of chosen) {
    const reference = auditWords(markdownText(await Deno.readTextFile(realSourceUrl(doc.name))));
    const audit = auditReference(await printedWords(realPdfUrl(doc.name)), reference, runs);
    if (doc.heldOut) {
      console.log(`${doc.name} (held out): words F1 ${audit.f1.toFixed(3)}`);
      continue;
    }
    console.log(
      `${doc.name}: words F1 ${
        audit.f1.toFixed(3)
      }; printed ${audit.printed}, reference ${audit.reference}; ` +
        `printed but missing ${audit.missing}, in the reference but not printed ${audit.extra}`,
    );
    console.log("  printed, not in the reference:");
    for (const run of audit.missingRuns) console.log(`    ${run}`);
    console.log("  in the reference, not printed:");
    for (const run of audit.extraRuns) console.log(`    ${run}`);
  }
}
