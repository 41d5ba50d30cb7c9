/**
 * Tables pandoc's LaTeX reader (2.17) drops whole: a `tabular*` (its width
 * argument), and a column specification with inter-column material
 * (`@{\hspace*{1.5em}}`, `!{…}`, `@{\extracolsep{\fill}}`), column
 * decorations (`>{…}`, `<{…}`) or a package's column types (`X`, siunitx'
 * `S`, dcolumn's `d{3.2}`) or its own (`\newcolumntype{X}{ccc}`), in the
 * table's own specification or a `\multicolumn`'s. They print the same cells; written as a plain `tabular`
 * whose columns are `l`, `c`, `r` or `p{…}`, the table is read and its cells
 * kept.
 *
 * @module
 */
import { groupEnd } from "./_latex_generated.ts";

/**
 * A column specification as pandoc reads one: its `l`, `c`, `r` and `p{…}` columns, a column type the
 * document defines (`types`, by `\newcolumntype`) as the columns it stands for, a package's as `l`.
 */
export function readableColumns(spec: string, types: ReadonlyMap<string, string> = new Map()): string {
  let out = "";
  for (let i = 0; i < spec.length; i++) {
    const c = spec[i]!;
    const group = spec[i + 1] === "{" ? groupEnd(spec, i + 1) : -1;
    if (types.has(c)) out += readableColumns(types.get(c)!);
    else if ("@!<>".includes(c) && group > 0) i = group - 1;
    else if ("pmb".includes(c) && group > 0) (out += `p${spec.slice(i + 1, group)}`, i = group - 1);
    else if ("lcr".includes(c)) out += c;
    else if ("XSdD".includes(c)) {
      out += "l";
      if (group > 0) i = group - 1;
    } else if (c === "*" && group > 0) {
      const second = spec[group] === "{" ? groupEnd(spec, group) : -1;
      if (second < 0) continue;
      out += readableColumns(spec.slice(group + 1, second - 1), types).repeat(
        Number(spec.slice(i + 2, group - 1)) || 1,
      );
      i = second - 1;
    }
  }
  return out;
}

/** The argument group opening at or after `from` (spaces skipped), as its bounds, or null. */
function groupAt(text: string, from: number): { open: number; end: number } | null {
  const open = text.slice(from).search(/\S/) + from;
  if (text[open] !== "{") return null;
  const end = groupEnd(text, open);
  return end < 0 ? null : { open, end };
}

/**
 * The source's `tabular*` as `tabular`, and every `tabular`'s, `longtable`'s and `\multicolumn`'s column
 * specification as pandoc reads one (see the module's note).
 */
export function withReadableTabulars(text: string): string {
  const types = new Map<string, string>();
  for (const found of text.matchAll(/\\newcolumntype\s*\{(\w)\}\s*(?=\{)/g)) {
    const spec = groupAt(text, found.index + found[0].length);
    if (spec) types.set(found[1]!, text.slice(spec.open + 1, spec.end - 1));
  }
  const opening = /\\begin\{(tabular\*?|longtable)\}\s*(?:\[[^\]]*\]\s*)?|\\multicolumn\s*\{[^}]*\}\s*/g;
  let out = "";
  let last = 0;
  for (const found of text.matchAll(opening)) {
    if (found.index < last) continue;
    let at = found.index + found[0].length;
    let head = found[0];
    if (found[1] === "tabular*") {
      const width = groupAt(text, at);
      if (!width) continue;
      at = width.end;
      head = "\\begin{tabular}";
    }
    const spec = groupAt(text, at);
    if (!spec) continue;
    out += `${text.slice(last, found.index)}${head}{${
      readableColumns(text.slice(spec.open + 1, spec.end - 1), types)
    }}`;
    last = spec.end;
  }
  return (out + text.slice(last)).replace(/\\end\{tabular\*\}/g, "\\end{tabular}");
}

/** The opening of an AAS journals' deluxetable, with its column specification. */
const DELUXE_OPENING = /\\begin\{((?:split)?deluxetable\*?)\}\s*(?:\[[^\]]*\]\s*)?(?=\{)/g;

/**
 * The AAS journals' deluxetables without their column specifications: pandoc reads the environment as its
 * content and wrote the specification (`cchlDlc`) as the first words of the table's text, which the page
 * does not print.
 */
export function withoutDeluxeColumnSpecs(text: string): string {
  let out = "";
  let last = 0;
  for (const found of text.matchAll(DELUXE_OPENING)) {
    if (found.index < last) continue;
    const spec = groupAt(text, found.index + found[0].length);
    if (!spec) continue;
    out += `${text.slice(last, found.index)}\\begin{${found[1]}}`;
    last = spec.end;
  }
  return out + text.slice(last);
}
