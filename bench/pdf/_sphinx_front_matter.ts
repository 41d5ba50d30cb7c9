/**
 * What Sphinx's LaTeX builder prints before an reStructuredText source's
 * body, written into its reference: the title block's author and date lines
 * and the contents list. The source spells neither: the author is the
 * project's (`conf.py`: the `latex_documents` entry for the source, whose
 * fourth field is a string or the `author` variable), the date is the build's
 * (Sphinx's `today`, else the day it ran, written by its default `today_fmt`,
 * `%b %d, %Y`), and the contents (`\sphinxtableofcontents`) list the
 * sections under the document's title, numbered, as LaTeX's article and
 * report classes do to a depth of three. A reference that is the body alone
 * counts every one of those lines against the converter.
 *
 * The title itself is the source's first heading, which the reference
 * already holds. The entries are written as a LaTeX reference's are
 * (`_pandoc_front_matter.ts`): each — its number, a space, its heading's
 * text — an item of a bulleted list nested by level, after the title
 * "Contents" as a line of text.
 *
 * @module
 */
import { CONTENTS_ENTRIES } from "./_pandoc_front_matter.ts";

/** What `conf.py` says of the LaTeX document made from one source. */
export interface SphinxLatexDocument {
  title: string;
  author: string;
  /** Sphinx's `today` where `conf.py` sets it; else the build's day decides the date. */
  today?: string;
}

/** A Python string literal's text (single or double quotes, no escapes read but `\'`, `\"`). */
function pythonString(literal: string): string | undefined {
  const found = /^\s*[rRuU]?(['"])((?:\\.|(?!\1).)*)\1\s*$/.exec(literal);
  return found?.[2]?.replace(/\\(['"\\])/g, "$1");
}

/** The string a top-level assignment in `conf.py` gives a name (`author = '…'`), if a literal. */
function assigned(conf: string, name: string): string | undefined {
  const line = new RegExp(`^${name}\\s*=\\s*(.+)$`, "m").exec(conf)?.[1];
  return line === undefined ? undefined : pythonString(line.replace(/\s+#.*$/, ""));
}

/**
 * The `latex_documents` entry of `conf.py` whose start document is
 * `startdoc` (the source's path without `.rst`): its title and author, a
 * variable's value where it names one. Undefined where none is found.
 */
export function sphinxLatexDocument(conf: string, startdoc: string): SphinxLatexDocument | undefined {
  for (const entry of conf.matchAll(/\(\s*(['"])([^'"]+)\1\s*,([^()]*)\)/g)) {
    if (entry[2] !== startdoc) continue;
    const fields = [...entry[3]!.matchAll(/[rRuU]?(['"])(?:\\.|(?!\1).)*\1|[A-Za-z_]\w*/g)].map((f) => f[0]);
    const value = (field: string | undefined) =>
      field === undefined ? undefined : pythonString(field) ?? assigned(conf, field);
    const title = value(fields[1]), author = value(fields[2]);
    if (title === undefined || author === undefined) return undefined;
    const today = assigned(conf, "today");
    return today ? { title, author, today } : { title, author };
  }
  return undefined;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A day as Sphinx's default `today_fmt` writes it (`%b %d, %Y`: "Feb 26, 2022"). */
export function sphinxDate(isoDay: string): string {
  const [year, month, day] = isoDay.split("-");
  return `${MONTHS[Number(month) - 1]} ${day}, ${year}`;
}

/**
 * The pandoc Lua filter writing the author and date lines and the contents
 * list before the body, from the metadata `sphinx-author` and `sphinx-date`.
 * The body's first heading is the title; the headings under it are listed.
 */
export const SPHINX_FRONT_MATTER = `
local DEPTH = 3

${CONTENTS_ENTRIES}
function Pandoc(doc)
  local author = pandoc.utils.stringify(doc.meta["sphinx-author"] or "")
  if author == "" then return nil end
  local title_level, counters, entries = nil, {}, {}
  for _, block in ipairs(doc.blocks) do
    if block.t == "Header" then
      if title_level == nil then
        title_level = block.level
      elseif block.level > title_level and block.level - title_level <= DEPTH then
        local depth = block.level - title_level
        counters[depth] = (counters[depth] or 0) + 1
        for deeper = depth + 1, 6 do counters[deeper] = nil end
        local parts = {}
        for d = 1, depth do parts[#parts + 1] = tostring(counters[d] or 0) end
        local inlines = { pandoc.Str(table.concat(parts, ".")), pandoc.Space(), table.unpack(entry_text(block)) }
        entries[#entries + 1] = { depth = depth - 1, inlines = inlines }
      end
    end
  end
  local front = { pandoc.Para({ pandoc.Str(author) }) }
  local date = pandoc.utils.stringify(doc.meta["sphinx-date"] or "")
  if date ~= "" then front[#front + 1] = pandoc.Para({ pandoc.Str(date) }) end
  front[#front + 1] = pandoc.Para({ pandoc.Str("Contents") })
  if #entries > 0 then front[#front + 1] = pandoc.BulletList((nest(entries, 1, 0))) end
  -- After the title heading, as the page prints them.
  local blocks, placed = {}, false
  for _, block in ipairs(doc.blocks) do
    blocks[#blocks + 1] = block
    if not placed and block.t == "Header" then
      for _, f in ipairs(front) do blocks[#blocks + 1] = f end
      placed = true
    end
  end
  doc.blocks = blocks
  return doc
end
`;
