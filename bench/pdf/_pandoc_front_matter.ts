/**
 * What pandoc's LaTeX prints before a Markdown source's body, written into
 * its reference: the title block and the contents list. A source's metadata
 * title and a contents page (`--toc`, or `toc: true` in its metadata) print
 * lines no Markdown body spells; a reference that is the body alone counts
 * every one against the converter. What pandoc was given decides it, as its
 * LaTeX template does.
 *
 * The title block: pandoc's own template prints it (`\maketitle`) wherever
 * the metadata has a title; Eisvogel's only on its title page (`titlepage`);
 * another template's is not known, so none is written. Its lines — title,
 * subtitle, authors (Eisvogel's on one line, after commas), date — are
 * paragraphs, as the converter writes a title block (`lib/pdf/title_block.ts`).
 *
 * The contents: whether (`--toc`, the `toc` metadata or variable), how deep
 * (`--toc-depth`, or the `toc-depth` metadata or variable on LaTeX's scale,
 * one deeper with chapters), their numbers (`--number-sections`,
 * `numbersections`, to `secnumdepth`) and their title (`toc-title`, else
 * LaTeX's "Contents"). The entries are written as a LaTeX reference's are
 * (`_latex_lists.ts`): each — its number, a space, its heading's text, no
 * page — an item of a bulleted list nested by level; the title before them as
 * a line of text, as the converter writes an untagged contents page's title
 * row (`lib/pdf/contents_page.ts`: no heading of the document). Unlisted
 * headings (`.unlisted`) are left out, unnumbered ones (`{-}`) listed without
 * a number. Both open the body, the title block first.
 *
 * Where the options come from: the call of pandoc in the repository's build
 * script for the source ({@linkcode pandocCall}), or the renderings' own
 * options (`eisvogel_set.ts`); {@linkcode frontMatterArguments} keeps those
 * that decide the front matter, for the reference's pandoc run, whose filter
 * ({@linkcode FRONT_MATTER}) reads them back from pandoc's writer options.
 *
 * @module
 */

/** Options that take their value as the next argument. */
const WITH_VALUE = new Set(["--toc-depth", "--top-level-division", "-V", "--variable", "-M", "--metadata"]);
/** Options that decide the contents list, with or without a value. */
const DECIDING = new Set([
  "--toc",
  "--table-of-contents",
  "-N",
  "--number-sections",
  ...WITH_VALUE,
]);

/**
 * The options among pandoc's `args` that decide the front matter the LaTeX
 * prints, in the `--name=value` form a reference's pandoc run is given. The
 * template (which would make the run standalone) is passed as the variable
 * `pandoc-template`, its file's name without folder or extension.
 */
export function frontMatterArguments(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const eq = arg.indexOf("=");
    const name = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    if (name === "--template") {
      const path = eq > 0 ? arg.slice(eq + 1) : args[++i] ?? "";
      out.push(`--variable=pandoc-template=${path.replace(/^.*\//, "").replace(/\.[^.]*$/, "")}`);
    }
    if (!DECIDING.has(name)) continue;
    if (!WITH_VALUE.has(name) || eq > 0) out.push(arg);
    else if (i + 1 < args.length) out.push(`${name.startsWith("--") ? name : longName(name)}=${args[++i]}`);
  }
  return out;
}

function longName(short: string): string {
  return short === "-V" ? "--variable" : "--metadata";
}

/** A shell command's words, quotes taken off (no expansion: `\${X}` stays as written). */
function shellWords(command: string): string[] {
  const words: string[] = [];
  for (const found of command.matchAll(/(?:"(?:[^"\\]|\\.)*"|'[^']*'|[^\s"']+)+/g)) {
    words.push(found[0].replace(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g, (_, double, single) => double ?? single));
  }
  return words;
}

/**
 * pandoc's arguments where `script` (a shell or batch file, a makefile) runs
 * pandoc on the file named `source` (reads it: not its output), continued lines
 * (`\`, `^`) joined; or undefined where it runs none on it.
 */
export function pandocCall(script: string, source: string): string[] | undefined {
  const lines = script.replace(/[\\^][ \t]*\r?\n/g, " ").split(/\r?\n/);
  for (const line of lines) {
    if (/^\s*(#|rem\b|::)/i.test(line)) continue;
    const words = shellWords(line);
    const at = words.findIndex((w) => /(^|\/)pandoc(\.exe)?$/.test(w));
    const read = words.filter((w, k) =>
      k > at && !/^(-o|--output)$/.test(words[k - 1]!) && !w.startsWith("--output=")
    );
    if (at >= 0 && read.some((w) => w === source || w.endsWith(`/${source}`))) {
      return words.slice(at + 1);
    }
  }
  return undefined;
}

/**
 * Lua functions the contents lists' filters share: `entry_text`, a heading's
 * text as an entry writes it (no notes, images or links), and `nest`, the
 * entries as bulleted items nested by level.
 */
export const CONTENTS_ENTRIES = `local function entry_text(header)
  local plain = pandoc.walk_block(pandoc.Plain(header.content), {
    Note = function() return {} end,
    Image = function() return {} end,
    Link = function(l) return l.content end,
  })
  return plain.content
end

-- The items from entry i on whose depth is at least depth; an entry a level or more below the one above
-- it is an item of a list inside that one's item, level with the entries after it at its own depth.
local function nest(entries, i, depth)
  local items = {}
  while i <= #entries and entries[i].depth >= depth do
    local item = { pandoc.Para(entries[i].inlines) }
    local own = entries[i].depth
    i = i + 1
    if i <= #entries and entries[i].depth > own then
      local sub
      sub, i = nest(entries, i, own + 1)
      item[#item + 1] = pandoc.BulletList(sub)
    end
    items[#items + 1] = item
  end
  return items, i
end
`;

/**
 * The Lua filter writing the contents list (see the module's note), from
 * `PANDOC_WRITER_OPTIONS` and the document's metadata. Run last, on headings
 * as the other filters left them.
 */
export const FRONT_MATTER = `
local CHAPTER_CLASSES = { book = true, memoir = true, report = true, scrbook = true, scrreprt = true }

local function given(meta, name)
  if meta[name] ~= nil then return meta[name] end
  return PANDOC_WRITER_OPTIONS.variables[name]
end

local function truthy(value)
  if value == nil or value == false then return false end
  if value == true then return true end
  return pandoc.utils.stringify(value) ~= ""
end

local function number_of(value)
  if value == nil then return nil end
  return tonumber(pandoc.utils.stringify(value))
end

${CONTENTS_ENTRIES}
local function text_of(value)
  return value == nil and "" or pandoc.utils.stringify(value)
end

local function title_block(meta)
  local template = PANDOC_WRITER_OPTIONS.variables["pandoc-template"]
  template = template and text_of(template)
  local prints
  if template == nil then prints = true
  elseif template:match("eisvogel") then prints = truthy(given(meta, "titlepage"))
  else prints = false end
  if not prints or text_of(meta.title) == "" then return {} end
  local authors = {}
  if meta.author ~= nil then
    local list = pandoc.utils.type(meta.author) == "List" and meta.author or { meta.author }
    for _, author in ipairs(list) do authors[#authors + 1] = text_of(author) end
  end
  if template ~= nil then authors = { table.concat(authors, ", ") } end
  local lines = { text_of(meta.title), text_of(meta.subtitle), table.unpack(authors) }
  lines[#lines + 1] = text_of(meta.date)
  local blocks = {}
  for _, line in ipairs(lines) do
    if line ~= "" then blocks[#blocks + 1] = pandoc.Para({ pandoc.Str(line) }) end
  end
  return blocks
end

local function contents_list(doc)
  local options = PANDOC_WRITER_OPTIONS
  local meta = doc.meta
  if not (options.table_of_contents or truthy(given(meta, "toc"))) then return {} end
  local class = pandoc.utils.stringify(given(meta, "documentclass") or "")
  local division = tostring(options.top_level_division)
  local chapters = (division:match("chapter") or division:match("part") or CHAPTER_CLASSES[class]) and 1 or 0
  local latex_depth = number_of(given(meta, "toc-depth"))
  local depth = latex_depth and latex_depth + chapters or options.toc_depth
  local numbered = options.number_sections or truthy(given(meta, "numbersections"))
  local numbered_depth = (number_of(given(meta, "secnumdepth")) or 5) + chapters
  local counters = {}
  local entries = {}
  local top = math.huge
  pandoc.walk_block(pandoc.Div(doc.blocks), {
    Header = function(h)
      local unnumbered = h.classes:includes("unnumbered")
      if numbered and not unnumbered then
        counters[h.level] = (counters[h.level] or 0) + 1
        for deeper = h.level + 1, 6 do counters[deeper] = nil end
      end
      if h.level > depth or h.classes:includes("unlisted") then return nil end
      local inlines = entry_text(h)
      if numbered and not unnumbered and h.level <= numbered_depth then
        local parts = {}
        for level = 1, h.level do parts[#parts + 1] = tostring(counters[level] or 0) end
        inlines = { pandoc.Str(table.concat(parts, ".")), pandoc.Space(), table.unpack(inlines) }
      end
      entries[#entries + 1] = { level = h.level, inlines = inlines }
      top = math.min(top, h.level)
    end,
  })
  for _, e in ipairs(entries) do e.depth = e.level - top end
  local title = given(meta, "toc-title")
  local contents = { pandoc.Para({ pandoc.Str(title and pandoc.utils.stringify(title) or "Contents") }) }
  if #entries > 0 then contents[2] = pandoc.BulletList((nest(entries, 1, 0))) end
  return contents
end

function Pandoc(doc)
  local front = title_block(doc.meta)
  for _, block in ipairs(contents_list(doc)) do front[#front + 1] = block end
  if #front == 0 then return nil end
  for _, block in ipairs(doc.blocks) do front[#front + 1] = block end
  doc.blocks = front
  return doc
end
`;
