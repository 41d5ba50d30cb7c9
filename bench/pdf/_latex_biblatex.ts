/**
 * The list of references biblatex prints, from the `.bbl` its run wrote (Biber's data: each entry's names,
 * fields, lists and verbatim fields), where a repository commits it: pandoc prints only the heading of
 * `\printbibliography`, and the list is most of a thesis' last pages. Each entry is written as a list item
 * in the order biblatex numbers them, after its label (`[1]`), in the shape of biblatex's standard styles:
 * names (initials where the source asks for `giveninits`), the title (an article's or a chapter's in
 * quotation marks), where it appeared, edition, version, place and publisher, date, pages, and its DOI,
 * URL (with the date visited), eprint, handle and notes. The words are the entry's; the punctuation
 * between them is the standard style's, which a document's own style may set otherwise.
 *
 * @module
 */
import { groupEnd } from "./_latex_generated.ts";

/** One person's name parts as Biber wrote them. */
interface Name {
  family: string;
  given: string;
  giveni: string;
  prefix: string;
}

/** One entry of the `.bbl`. */
export interface BibEntry {
  key: string;
  type: string;
  names: Map<string, Name[]>;
  fields: Map<string, string>;
  lists: Map<string, string[]>;
  verbs: Map<string, string>;
}

/** A `.bbl` field's text as LaTeX, Biber's markup (`\bibinitperiod`, `\bibrangedash`) written as it prints. */
function plain(text: string): string {
  return text
    .replace(/\\bibinitperiod\b\s*/g, ".")
    .replace(/\\bibinitdelim\b\s*/g, " ")
    .replace(/\\bibnamedelim[a-z]\b\s*/g, " ")
    .replace(/\\bibinithyphendelim\b\s*/g, ".-")
    .replace(/\\bibrangedash\b\s*/g, "–")
    .replace(/\\bibdatedash\b\s*/g, "–")
    .replace(/\\bibrangessep\b\s*/g, ", ")
    .replace(/^\{((?:[^{}]|\{[^{}]*\})*)\}$/, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** The value of `key={…}` in a name's parts, braces balanced. */
function part(text: string, key: string): string {
  const at = new RegExp(`(?:^|[\\s,{])${key}=\\{`).exec(text);
  if (!at) return "";
  const open = at.index + at[0].length - 1;
  const end = groupEnd(text, open);
  return end < 0 ? "" : text.slice(open + 1, end - 1);
}

/** The entries of the `.bbl`'s first entry list, in the order biblatex numbers them. */
export function bblEntries(bbl: string): BibEntry[] {
  const start = bbl.search(/\\datalist\[entry\]/);
  if (start < 0) return [];
  const end = bbl.indexOf("\\enddatalist", start);
  const list = bbl.slice(start, end < 0 ? undefined : end);
  const entries: BibEntry[] = [];
  for (const found of list.matchAll(/\\entry\{([^}]*)\}\{([^}]*)\}[\s\S]*?\\endentry/g)) {
    const body = found[0];
    const entry: BibEntry = {
      key: found[1]!,
      type: found[2]!,
      names: new Map(),
      fields: new Map(),
      lists: new Map(),
      verbs: new Map(),
    };
    for (const field of body.matchAll(/\\field\{([^}]*)\}(?=\{)/g)) {
      const open = field.index + field[0].length, close = groupEnd(body, open);
      if (close > 0) entry.fields.set(field[1]!, plain(body.slice(open + 1, close - 1)));
    }
    for (const verb of body.matchAll(/\\verb\{([^}]*)\}\s*\n\s*\\verb (.*)\n/g)) {
      entry.verbs.set(verb[1]!, verb[2]!.trim());
    }
    for (const group of body.matchAll(/\\(name|list)\{([^}]*)\}\{\d+\}(?:\{[^}]*\})?\{%?\n/g)) {
      const open = body.lastIndexOf("{", group.index + group[0].length - 1);
      const close = groupEnd(body, open);
      if (close < 0) continue;
      const inner = body.slice(open + 1, close - 1);
      if (group[1] === "list") {
        const items = [...inner.matchAll(/\{((?:[^{}]|\{[^{}]*\})*)\}%/g)].map((m) => plain(m[1]!));
        entry.lists.set(group[2]!, items);
      } else {
        const people = inner.split(/\{\{hash=/).slice(1).map((person) => ({
          family: plain(part(person, "family")),
          given: plain(part(person, "given")),
          giveni: plain(part(person, "giveni")),
          prefix: plain(part(person, "prefix")),
        }));
        entry.names.set(group[2]!, people);
      }
    }
    entries.push(entry);
  }
  return entries;
}

/** biblatex's names of eprint archives. */
const EPRINTS: Record<string, string> = {
  arxiv: "arXiv",
  hdl: "HDL",
  jstor: "JSTOR",
  pubmed: "PMID",
  googlebooks: "Google Books",
};

const MONTHS = [
  "Jan.",
  "Feb.",
  "Mar.",
  "Apr.",
  "May",
  "June",
  "July",
  "Aug.",
  "Sept.",
  "Oct.",
  "Nov.",
  "Dec.",
];

/** Items as biblatex lists them: "A", "A and B", "A, B, and C". */
function joined(each: readonly string[]): string {
  if (each.length <= 1) return each.join("");
  if (each.length === 2) return `${each[0]} and ${each[1]}`;
  return `${each.slice(0, -1).join(", ")}, and ${each.at(-1)}`;
}

/** Names as biblatex lists them, initials where asked. */
function names(people: readonly Name[], initials: boolean): string {
  return joined(
    people.map((p) => [initials ? p.giveni : p.given, p.prefix, p.family].filter(Boolean).join(" ")),
  );
}

/** An edition as printed: "3rd ed.", or the field as given. */
function edition(value: string): string {
  if (!/^\d+$/.test(value)) return value;
  const n = Number(value);
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] ?? "th";
  return `${n}${suffix} ed.`;
}

/**
 * An event's dates as biblatex prints them: "Oct. 15–20, 2017", "Oct. 30–Nov. 2, 2017", "Apr. 1965", or
 * "" where the entry gives none.
 */
function eventDate(f: (name: string) => string): string {
  const month = (n: string) => MONTHS[Number(n) - 1] ?? "";
  if (!f("eventyear")) return "";
  const start = [month(f("eventmonth")), f("eventday")].filter(Boolean).join(" ");
  const sameYear = !f("eventendyear") || f("eventendyear") === f("eventyear");
  const sameMonth = sameYear && (!f("eventendmonth") || f("eventendmonth") === f("eventmonth"));
  const end = !f("eventendday")
    ? ""
    : sameMonth
    ? f("eventendday")
    : [month(f("eventendmonth")), f("eventendday"), sameYear ? "" : `, ${f("eventendyear")}`].join(" ")
      .trim();
  const range = end ? `${start}–${end}` : start;
  return range ? `${range}, ${f("eventyear")}` : f("eventyear");
}

/** Entry types whose organization the standard styles print apart from the imprint (an online page's is in it). */
const OWN_ORGANIZATION = /^(manual|proceedings|inproceedings|mvproceedings)$/;

/** Titles set in quotation marks, the part of a larger work. */
const QUOTED = /^(article|inbook|incollection|inproceedings|thesis|phdthesis|mastersthesis|unpublished)$/;

/** One entry as biblatex's standard styles print it (see the module's note). */
export function printedEntry(entry: BibEntry, initials: boolean): string {
  const f = (name: string) => entry.fields.get(name) ?? "";
  const parts: string[] = [];
  const authors = entry.names.get("author");
  const editors = entry.names.get("editor");
  if (authors?.length) parts.push(names(authors, initials));
  else if (editors?.length) parts.push(`${names(editors, initials)}, ${editors.length > 1 ? "eds" : "ed"}`);
  const title = [f("title"), f("subtitle")].filter(Boolean).join(": ");
  if (title) parts.push(QUOTED.test(entry.type) ? `“${title}”` : title);
  const container = f("booktitle") || f("maintitle");
  // A conference's place and dates, in parentheses after its proceedings' title.
  const event = [f("venue"), eventDate(f)].filter(Boolean).join(", ");
  const held = event ? ` (${event})` : "";
  if (container && entry.type !== "article") parts.push(`In: ${container}${held}`);
  else if (held && title) parts.push(`${parts.pop()}${held}`);
  if (authors?.length && editors?.length) parts.push(`Ed. by ${names(editors, initials)}`);
  // A report's number goes with its type ("Technical Memorandum No. 12-1-58W"), another's with its series.
  const numbered = entry.type !== "article" && f("number");
  if (f("type")) {
    parts.push([f("type"), numbered && !f("series") ? f("number") : ""].filter(Boolean).join(" "));
  }
  if (f("edition")) parts.push(edition(f("edition")));
  if (f("series")) parts.push([f("series"), numbered].filter(Boolean).join(" "));
  else if (numbered && !f("type")) parts.push(f("number"));
  if (f("version")) parts.push(`Version ${f("version")}`);
  if (f("howpublished")) parts.push(f("howpublished"));
  const date = [MONTHS[Number(f("month")) - 1] ?? "", f("year")].filter(Boolean).join(" ");
  if (entry.type === "article") {
    const issue = [f("volume"), f("number")].filter(Boolean).join(".");
    const journal = [f("journaltitle"), issue].filter(Boolean).join(" ");
    parts.push(`${[journal, f("eid")].filter(Boolean).join(", ")}${date ? ` (${date})` : ""}`);
  } else {
    if (f("volume")) parts.push(`Vol. ${f("volume")}`);
    const list = (name: string) => joined(entry.lists.get(name) ?? []);
    // A manual's or proceedings' organization is a unit of its own, before the place, publisher and date.
    const apart = OWN_ORGANIZATION.test(entry.type);
    if (apart && list("organization")) parts.push(list("organization"));
    const publishers = [apart ? "" : list("organization"), list("institution"), list("publisher")].filter(
      Boolean,
    )
      .join(", ");
    const place = list("location");
    const imprint = [place && publishers ? `${place}: ${publishers}` : place || publishers, date].filter(
      Boolean,
    );
    if (imprint.length) parts.push(imprint.join(", "));
  }
  // A chapter and pages run on after what they are part of.
  const within = [
    f("chapter") ? `Chap. ${f("chapter")}` : "",
    f("pages") ? `${/[–,-]/.test(f("pages")) ? "pp." : "p."} ${f("pages")}` : "",
  ];
  if (within.some(Boolean)) parts.push(`${parts.pop() ?? ""}, ${within.filter(Boolean).join(", ")}`);
  if (f("isbn")) parts.push(`isbn: ${f("isbn")}`);
  const doi = entry.verbs.get("doi");
  if (doi) parts.push(`doi: ${escaped(doi)}`);
  const eprint = entry.verbs.get("eprint");
  const archive = f("eprinttype");
  if (eprint) parts.push(`${EPRINTS[archive.toLowerCase()] ?? (archive || "eprint")}: ${escaped(eprint)}`);
  const url = entry.verbs.get("url");
  if (url) {
    const visited = f("urlyear")
      ? ` (visited on ${[f("urlmonth"), f("urlday")].map((n) => n.padStart(2, "0")).join("/")}/${
        f("urlyear")
      })`
      : "";
    parts.push(`url: \\url{${url}}${visited}`);
  }
  if (f("note")) parts.push(f("note"));
  if (f("addendum")) parts.push(f("addendum"));
  return `${parts.map((p) => p.replace(/\.$/, "")).join(". ")}.`;
}

/**
 * The list of references a `.bbl` gives, as LaTeX list items labelled as biblatex's numeric styles number
 * them (`[1]`), or "" where it has none. `initials` follows the source's `giveninits` option.
 */
export function biblatexList(bbl: string, initials: boolean): string {
  const entries = bblEntries(bbl);
  if (entries.length === 0) return "";
  const items = entries.map((entry, i) => `\\item {[}${i + 1}{]} ${printedEntry(entry, initials)}`);
  return `\\begin{itemize}\n${items.join("\n")}\n\\end{itemize}`;
}

/** Verbatim text (a DOI, an eprint's number) written for pandoc's LaTeX reader: its special characters escaped. */
function escaped(text: string): string {
  return text.replace(/[&%$#_]/g, (c) => `\\${c}`).replace(/~/g, "\\textasciitilde{}");
}
