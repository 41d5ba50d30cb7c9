/**
 * BibTeX's list for a LaTeX source whose repository commits the database
 * (`.bib`) but not the `.bbl` BibTeX made of it: the list is written the way
 * LaTeX and BibTeX make it, from an `.aux` holding what LaTeX's run would
 * (each cited key in the order the text cites it, the style, the databases),
 * and put where `\bibliography{…}` stands. The reference then prints the list
 * under its heading and each citation as its label, as LaTeX does with a
 * `thebibliography` list (`_latex_generated.ts`). Without the database, or
 * where BibTeX writes nothing, the source stays as it is, but for a paper
 * printed here, whose page then holds no list either.
 *
 * @module
 */

/** `\bibliography{a,b}`: the databases. */
const BIBLIOGRAPHY = /\\bibliography\s*\{([^}]*)\}/;

/** A citation command (`\cite`, `\citep`, `\nocite`, starred, with optional notes) and its keys. */
const CITATION = /\\(?:no)?cite[a-zA-Z]*\*?\s*(?:\[[^\]]*\]\s*){0,2}\{([^}]*)\}/g;

/** The keys a text cites, each once, in the order it first cites them. */
export function citedKeys(text: string): string[] {
  const body = text.replace(/(?<!\\)%.*$/gm, "");
  const keys = [...body.matchAll(CITATION)].flatMap((m) => m[1]!.split(",").map((k) => k.trim()));
  return [...new Set(keys.filter(Boolean))];
}

/** The databases `\bibliography{…}` names, or none. */
export function bibliographyDatabases(text: string): string[] {
  const names = BIBLIOGRAPHY.exec(text.replace(/(?<!\\)%.*$/gm, ""))?.[1] ?? "";
  return names.split(",").map((name) => name.trim()).filter(Boolean);
}

/** The `.aux` lines BibTeX reads: the citations, the style (`\bibliographystyle`, `plain` if none), the databases. */
export function bibtexAux(text: string): string {
  const style = /\\bibliographystyle\s*\{([^}]*)\}/.exec(text)?.[1]?.trim() || "plain";
  return [
    "\\relax",
    ...citedKeys(text).map((key) => `\\citation{${key}}`),
    `\\bibstyle{${style}}`,
    `\\bibdata{${bibliographyDatabases(text).join(",")}}`,
    "",
  ].join("\n");
}

/**
 * `text` with `\bibliography{…}` replaced by the list BibTeX writes from
 * `databases` (file name without `.bib` → content), run in `work`; `text`
 * unchanged where it names no database, one is missing, or BibTeX writes no list.
 * With `printedHere` (the PDF was made here, by this BibTeX), a list BibTeX
 * does not write (its style is not installed) is one the page does not print,
 * nor its heading: `\bibliography{…}` is dropped.
 */
export async function withBibtexList(
  text: string,
  databases: ReadonlyMap<string, string>,
  work: string,
  { printedHere = false } = {},
): Promise<string> {
  const names = bibliographyDatabases(text);
  if (names.length === 0 || names.some((name) => !databases.get(name))) return text;
  const dir = await Deno.makeTempDir({ dir: work });
  for (const name of names) await Deno.writeTextFile(`${dir}/${name}.bib`, databases.get(name)!);
  await Deno.writeTextFile(`${dir}/job.aux`, bibtexAux(text));
  // BibTeX exits non-zero on a warning (an entry without a year, say) and still writes the list.
  await new Deno.Command("bibtex", { args: ["job"], cwd: dir, stdout: "null", stderr: "null" }).output();
  const list = await Deno.readTextFile(`${dir}/job.bbl`).catch(() => "");
  if (!list.includes("\\begin{thebibliography}")) return printedHere ? text.replace(BIBLIOGRAPHY, "") : text;
  // `\newblock` parts an entry's blocks by a space (LaTeX's default list); pandoc, which does not know it,
  // would take the block after it for its argument and drop both.
  return text.replace(BIBLIOGRAPHY, () => list.replace(/\\newblock\b\s*/g, " "));
}

/**
 * A pandoc Lua filter writing each URL in a labelled bibliography entry (a
 * list item opening with `[1]`) without its scheme, as a class that prints
 * them so does; a URL elsewhere in the text stays as written.
 */
export const BIBLIOGRAPHY_URLS_WITHOUT_SCHEME = `
local function without_scheme(link)
  local text = pandoc.utils.stringify(link.content)
  local shown = text:gsub("^https?://", "")
  if shown ~= text then link.content = { pandoc.Str(shown) } end
  return link
end
return { {
  BulletList = function(list)
    for i, item in ipairs(list.content) do
      if item[1] and pandoc.utils.stringify(item[1]):match("^%[%d+%]") then
        list.content[i] = pandoc.walk_block(pandoc.Div(item), { Link = without_scheme }).content
      end
    end
    return list
  end,
} }
`;
