/**
 * natbib's author-year citations, as the page prints them. An author-year
 * bibliography style (the AAS journals', `plainnat`'s kin) gives each
 * `\bibitem` the label `Short(Year)Long`: natbib prints no label in the list
 * (the entry opens with its authors) and cites an entry by its authors and
 * year, `\citep{a}` as `(Lamport 1994)`, `\citet{a}` as `Lamport (1994)`,
 * consecutive entries of the same authors by their years (`Astropy
 * Collaboration et al. (2013, 2018)`). pandoc's reader drops such citations
 * (it keeps them for a citation processor) and would write the labels as
 * their raw text (`[Lamport(1994)Lamport]`).
 *
 * @module
 */

/** An author-year label: the short authors, the year, the long authors. */
export interface AuthorYear {
  short: string;
  year: string;
}

/** `Short(Year)Long`, natbib's author-year label (braces and ties as TeX reads them), or null. */
export function authorYear(label: string): AuthorYear | null {
  const bare = label.trim().replace(/^\{([\s\S]*)\}$/, "$1").replace(/~/g, " ").replace(/\s+/g, " ");
  const found = /^([^()]+?)\s*\(([^()]*)\)/.exec(bare);
  return found ? { short: found[1]!.trim(), year: found[2]!.trim() } : null;
}

/** Entries cited together, those of the same authors in a row merged: `A (2013, 2018)`. */
function grouped(entries: readonly AuthorYear[]): Array<{ short: string; years: string[] }> {
  const groups: Array<{ short: string; years: string[] }> = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    if (last && last.short === entry.short) last.years.push(entry.year);
    else groups.push({ short: entry.short, years: [entry.year] });
  }
  return groups;
}

/** natbib's citation commands with an optional pre- and post-note, and the keys. */
const NATBIB_CITATION =
  /\\(cite[tp]?|citeal[tp]|citeauthor|citeyear(?:par)?)\*?(?![a-zA-Z])\s*(?:\[([^\]]*)\]\s*)?(?:\[([^\]]*)\]\s*)?\{([^}]*)\}/g;

/** One citation as natbib prints it, or null where a key has no author-year label. */
function printed(
  command: string,
  keys: readonly string[],
  labels: ReadonlyMap<string, AuthorYear>,
  pre: string,
  post: string,
): string | null {
  const entries = keys.map((key) => labels.get(key));
  if (entries.some((entry) => entry === undefined)) return null;
  const groups = grouped(entries as AuthorYear[]);
  const years = (g: { years: string[] }) => g.years.join(", ");
  const notes = (inner: string) => `${pre ? `${pre} ` : ""}${inner}${post ? `, ${post}` : ""}`;
  switch (command) {
    case "citeauthor":
      return groups.map((g) => g.short).join("; ");
    case "citeyear":
      return groups.map(years).join("; ");
    case "citeyearpar":
      return `(${notes(groups.map(years).join("; "))})`;
    case "citep":
      return `(${notes(groups.map((g) => `${g.short} ${years(g)}`).join("; "))})`;
    case "citealp":
      return notes(groups.map((g) => `${g.short} ${years(g)}`).join("; "));
    case "citealt":
      return groups.map((g) => `${g.short} ${years(g)}`).join("; ");
    default: // \cite and \citet: the authors, the years in parentheses.
      return groups.map((g, i) =>
        `${g.short} (${i === 0 && pre ? `${pre} ` : ""}${years(g)}${
          i === groups.length - 1 && post ? `, ${post}` : ""
        })`
      ).join("; ");
  }
}

/**
 * The text's natbib citations of entries with author-year labels written as they print. With one
 * optional argument natbib takes it as the post-note; with two, the pre-note and the post-note.
 */
export function withAuthorYearCitations(text: string, labels: ReadonlyMap<string, AuthorYear>): string {
  return text.replace(
    NATBIB_CITATION,
    (call, command: string, first?: string, second?: string, keys = "") => {
      const [pre, post] = second === undefined ? ["", first ?? ""] : [first ?? "", second];
      const out = printed(
        command,
        keys.split(",").map((k: string) => k.trim()),
        labels,
        pre.trim(),
        post.trim(),
      );
      return out === null ? call : `{${out}}`;
    },
  );
}
