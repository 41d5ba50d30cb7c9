/**
 * References that print the referenced thing's name with its number:
 * cleveref's `\cref` and `\Cref` (`fig. 2`, `Section 1.2`, `eq. (3)`) and
 * hyperref's `\autoref` (`Figure 2`, `section 1.2`, `Equation 3`). pandoc
 * 2.17's reader drops `\cref` and `\Cref` with what they print, and writes
 * `\autoref` as its label (`[fig:flow]`). Each is written as what it
 * prints, from the label's number and the counter that made it
 * (`_latex_counters.ts`), with the packages' default names (cleveref's
 * abbreviated and lower-case unless the source asks `capitalise` or
 * `noabbrev`). A label not counted stays as it is.
 *
 * @module
 */
import { outsideVerbatim } from "./_latex_generated.ts";

/** cleveref's default names, singular and plural, by counter. */
const CREF_NAMES: Record<string, [string, string]> = {
  equation: ["eq.", "eqs."],
  figure: ["fig.", "figs."],
  table: ["table", "tables"],
  chapter: ["chapter", "chapters"],
  section: ["section", "sections"],
  subsection: ["section", "sections"],
  subsubsection: ["section", "sections"],
  appendix: ["appendix", "appendices"],
};

/** The names cleveref's `noabbrev` option gives in place of the abbreviations. */
const UNABBREVIATED: Record<string, [string, string]> = {
  "eq.": ["equation", "equations"],
  "fig.": ["figure", "figures"],
};

/** hyperref's `\autoref` names (`\figureautorefname` …), by counter. */
const AUTOREF_NAMES: Record<string, string> = {
  equation: "Equation",
  figure: "Figure",
  table: "Table",
  chapter: "chapter",
  section: "section",
  subsection: "subsection",
  subsubsection: "subsubsection",
  appendix: "Appendix",
};

/** The options the source gives cleveref, in `\usepackage[…]{cleveref}` or the class's options. */
function cleverefOptions(text: string): string {
  const usepackage = /\\usepackage\s*\[([^\]]*)\]\s*\{cleveref\}/.exec(text)?.[1] ?? "";
  const documentclass = /\\documentclass\s*\[([^\]]*)\]/.exec(text)?.[1] ?? "";
  return `${usepackage},${documentclass}`;
}

/** Items joined as cleveref lists them: `1 and 2`, `1, 2 and 3`. */
function listed(items: readonly string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** First letter upper-case. */
function capitalised(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * `\cref`, `\Cref` and `\autoref` of counted labels written as what they print (see the module's note),
 * outside verbatim text.
 */
export function withNamedReferences(
  text: string,
  labels: ReadonlyMap<string, string>,
  kinds: ReadonlyMap<string, string>,
): string {
  const options = cleverefOptions(text);
  const capitalise = /\bcapitali[sz]e\b/.test(options);
  const abbreviated = !/\bnoabbrev\b/.test(options);
  const crefName = (kind: string, plural: boolean, upper: boolean) => {
    const names = CREF_NAMES[kind]!;
    const name = (!abbreviated && UNABBREVIATED[names[0]]) ? UNABBREVIATED[names[0]]! : names;
    const chosen = name[plural ? 1 : 0];
    return upper || capitalise ? capitalised(chosen) : chosen;
  };
  const printed = (command: string, keys: string[]): string | null => {
    const found = keys.map((key) => ({ number: labels.get(key), kind: kinds.get(key) ?? "" }));
    if (found.some(({ number, kind }) => number === undefined || !(kind in CREF_NAMES))) return null;
    if (command === "autoref") {
      return found.length === 1 ? `${AUTOREF_NAMES[found[0]!.kind]}~${found[0]!.number}` : null;
    }
    // Consecutive references of one name (a section's and a subsection's) share it, plural.
    const groups: Array<{ kind: string; numbers: string[] }> = [];
    for (const { number, kind } of found) {
      const shown = kind === "equation" ? `(${number})` : number!;
      const last = groups.at(-1);
      if (last && CREF_NAMES[last.kind]![0] === CREF_NAMES[kind]![0]) last.numbers.push(shown);
      else groups.push({ kind, numbers: [shown] });
    }
    return listed(
      groups.map((g, i) =>
        `${crefName(g.kind, g.numbers.length > 1, command === "Cref" && i === 0)}~${listed(g.numbers)}`
      ),
    );
  };
  return outsideVerbatim(
    text,
    (part) =>
      part.replace(/\\(cref|Cref|autoref)\*?\s*\{([^}]*)\}/g, (call, command: string, keys: string) => {
        const out = printed(command, keys.split(",").map((key) => key.trim()));
        return out === null ? call : out;
      }),
  );
}
