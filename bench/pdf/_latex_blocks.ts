/**
 * A pandoc Lua filter for the references made from LaTeX sources: blocks as
 * LaTeX prints them where pandoc's GitHub Markdown would write them otherwise.
 *
 * @module
 */

/**
 * Blocks as LaTeX sets them where GitHub Markdown would write them otherwise,
 * for LaTeX sources: a description list's item is its term with its
 * definition run on after it on one line (LaTeX's `description`), written as
 * a list item, where GitHub Markdown has no description list and would write
 * the term as a paragraph's first line; a display formula stands apart from
 * the text around it, a block of its own, where pandoc keeps it inside the
 * paragraph it was written in; code set close up to code (`\cn{sqrt}\texttt{[\beta]\{k\}}`) prints one
 * run of typewriter type, one code span, where pandoc writes two touching spans that read as two words.
 */
export const LATEX_BLOCKS = `
local function trimmed(inlines)
  while #inlines > 0 and (inlines[1].t == "Space" or inlines[1].t == "SoftBreak") do inlines:remove(1) end
  while #inlines > 0 and (inlines[#inlines].t == "Space" or inlines[#inlines].t == "SoftBreak") do
    inlines:remove(#inlines)
  end
  return inlines
end
local function is_display(inline) return inline.t == "Math" and inline.mathtype == "DisplayMath" end
return { {
  Inlines = function(inlines)
    for i = #inlines, 2, -1 do
      if inlines[i].t == "Code" and inlines[i - 1].t == "Code" then
        inlines[i - 1].text = inlines[i - 1].text .. inlines[i].text
        inlines:remove(i)
      end
    end
    return inlines
  end,
  DefinitionList = function(dl)
    local items = {}
    for _, entry in ipairs(dl.content) do
      local line = pandoc.Inlines(entry[1])
      local blocks = {}
      for d, definition in ipairs(entry[2]) do
        for b, block in ipairs(definition) do
          if d == 1 and b == 1 and (block.t == "Para" or block.t == "Plain") then
            line:insert(pandoc.Space())
            line:extend(block.content)
          else
            blocks[#blocks + 1] = block
          end
        end
      end
      table.insert(blocks, 1, pandoc.Para(line))
      items[#items + 1] = blocks
    end
    return pandoc.BulletList(items)
  end,
  Para = function(p)
    if not p.content:find_if(is_display) then return nil end
    local blocks, run = {}, pandoc.Inlines({})
    local function flush()
      run = trimmed(run)
      if #run > 0 then blocks[#blocks + 1] = pandoc.Para(run) end
      run = pandoc.Inlines({})
    end
    for _, inline in ipairs(p.content) do
      if is_display(inline) then
        flush()
        blocks[#blocks + 1] = pandoc.Para({ inline })
      else
        run:insert(inline)
      end
    end
    flush()
    return blocks
  end,
} }
`;
