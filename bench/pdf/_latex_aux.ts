/**
 * Cross-references and citations in the references made from LaTeX sources,
 * written as the numbers the PDF prints. pandoc writes `\ref{sec:flow}` as
 * the label (`[sec:flow]`) and a `\cite` as nothing, where the PDF prints
 * `1.4` and `[6, 7]`: no paragraph holding either could match. The numbers
 * are not in the source; LaTeX reads them from the files its last run wrote
 * beside it, the job's `.aux` (`\newlabel`, and `\bibcite` for BibTeX) and
 * `.bbl` (biblatex's entries in the order they are numbered). Where a
 * repository commits those files with the source, the reference reads them
 * as LaTeX does; where it does not, references stay as pandoc writes them.
 *
 * @module
 */

/** What LaTeX's last run wrote beside the source, as far as the references' numbers go. */
export interface AuxFiles {
  /** The job's `.aux`, or "" where none is committed. */
  aux: string;
  /** The job's `.bbl`, or "" where none is committed. */
  bbl: string;
}

/** The numbers references print, by label, and how citations print. */
export interface PrintedNumbers {
  /** `\newlabel{key}{{number}{page}…}`: the number `\ref{key}` prints. */
  labels: Map<string, string>;
  /** The same lines' second group: the page `\pageref{key}` prints. */
  pages: Map<string, string>;
  /** A cited entry's number, by key; empty for a style that prints no numbers (author–year). */
  citations: Map<string, number>;
  /** Runs of three or more numbers in one citation print as a range (`1–5`), the numbers sorted. */
  compress: boolean;
}

/** A `\newlabel` line's key and number (the first group of its value), and its page (the second). */
const NEW_LABEL = /^\\newlabel\{([^}]+)\}\{\{([^{}]*)\}(?:\{([^{}]*)\})?/gm;

/** BibTeX's `\bibcite{key}{label}` in the `.aux`. */
const BIBCITE = /^\\bibcite\{([^}]+)\}\{([^{}]*)\}/gm;

/** The options of `\usepackage[…]{biblatex}`. */
const BIBLATEX_OPTIONS = /\\usepackage\s*\[([^\]]*)\]\s*\{biblatex\}/;

/** biblatex styles that print numbers. */
const NUMERIC_STYLE = /numeric|ieee|phys|nature|chem|science|vancouver|trad-/;

/** The keys of biblatex's first entry list in the `.bbl`, in the order they are numbered. */
function bblKeys(bbl: string): string[] {
  const start = bbl.search(/\\datalist\[entry\]/);
  if (start < 0) return [];
  const end = bbl.indexOf("\\enddatalist", start);
  const list = bbl.slice(start, end < 0 ? undefined : end);
  return [...list.matchAll(/\\entry\{([^}]+)\}/g)].map((m) => m[1]!);
}

/**
 * The numbers a document's references print, from its source (the bibliography
 * package's options) and the files LaTeX wrote beside it.
 */
export function printedNumbers(source: string, files: AuxFiles): PrintedNumbers {
  const newLabels = [...files.aux.matchAll(NEW_LABEL)];
  const labels = new Map(newLabels.map((m) => [m[1]!, m[2]!.trim()] as const));
  const pages = new Map(newLabels.filter((m) => m[3]?.trim()).map((m) => [m[1]!, m[3]!.trim()] as const));
  const citations = new Map<string, number>();
  const biblatex = BIBLATEX_OPTIONS.exec(source);
  const style = biblatex
    ? /(?:^|,)\s*(?:cite)?style\s*=\s*([\w-]+)/.exec(biblatex[1]!)?.[1] ?? "numeric"
    : "";
  if (biblatex && NUMERIC_STYLE.test(style)) {
    bblKeys(files.bbl).forEach((key, i) => citations.set(key, i + 1));
  }
  if (!biblatex) {
    for (const [, key, label] of files.aux.matchAll(BIBCITE)) {
      if (/^\d+$/.test(label!)) citations.set(key!, Number(label));
    }
  }
  const compress = biblatex
    ? /comp/.test(style)
    : /\\usepackage\s*\[[^\]]*compress[^\]]*\]\s*\{natbib\}/.test(source);
  return { labels, pages, citations, compress };
}

/**
 * `\pageref{key}` written as the page the `.aux` gives the label, which the
 * PDF prints (`see the note on page 12`): pandoc drops the command and what
 * it prints. A label the `.aux` does not hold stays as it is.
 */
export function withPageReferences(text: string, pages: ReadonlyMap<string, string>): string {
  return text.replace(/\\pageref\*?\s*\{([^}]*)\}/g, (call, key: string) => pages.get(key.trim()) ?? call);
}

/** A Lua string literal. */
function lua(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\n/g, "\\n")}"`;
}

/**
 * A pandoc Lua filter writing each `\ref` and `\eqref` pandoc
 * read as a link to its label as the number the label prints (`\eqref` in
 * parentheses), and each citation of numbered entries as its numbers in
 * brackets, as LaTeX's numeric styles print them (`[6, 7]`, `[1–5]` where
 * they compress). A label or key the files do not hold stays as pandoc
 * writes it.
 */
export function printedReferencesFilter(numbers: PrintedNumbers): string {
  const labels = [...numbers.labels].map(([key, n]) => `[${lua(key)}] = ${lua(n)}`).join(",\n  ");
  const citations = [...numbers.citations].map(([key, n]) => `[${lua(key)}] = ${n}`).join(",\n  ");
  return `
local labels = {
  ${labels}
}
local citations = {
  ${citations}
}
local compress = ${numbers.compress}
local function cited(ns)
  if compress then table.sort(ns) end
  local out, i = {}, 1
  while i <= #ns do
    local j = i
    while compress and j < #ns and ns[j + 1] == ns[j] + 1 do j = j + 1 end
    if j - i >= 2 then out[#out + 1] = ns[i] .. "–" .. ns[j]; i = j + 1
    else out[#out + 1] = tostring(ns[i]); i = i + 1 end
  end
  return "[" .. table.concat(out, ", ") .. "]"
end
return { {
  Link = function(l)
    local kind, key = l.attributes["reference-type"], l.attributes["reference"]
    local n = key and labels[key]
    if not n then return nil end
    if kind == "ref" then return pandoc.Str(n) end
    if kind == "eqref" then return pandoc.Str("(" .. n .. ")") end
  end,
  Cite = function(c)
    local ns = {}
    for _, citation in ipairs(c.citations) do
      local n = citations[citation.id]
      if not n then return nil end
      ns[#ns + 1] = n
    end
    if #ns > 0 then return pandoc.Str(cited(ns)) end
  end,
} }
`;
}
