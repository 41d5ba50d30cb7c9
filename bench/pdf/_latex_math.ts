/**
 * Mathematics in the references made from LaTeX sources, written as the
 * characters the PDF prints rather than as the TeX that spells them. A PDF
 * holds the formula's glyphs (`ρ ≠ fn(p)`), never `\rho \neq \textrm{fn}(p)`;
 * a reference keeping the TeX counted every command as a word no reader of
 * the PDF can find, and no paragraph with a formula in it could match.
 *
 * @module
 */

/**
 * A pandoc Lua filter: each formula pandoc's TeX reader (texmath) can read is
 * written as the text of its MathML, token by token in the order MathML
 * lists them (a fraction's numerator before its denominator), run together
 * as TeX sets ordinary symbols, with a space around a relation, around a
 * binary operator that follows an operand (a sign opening a formula or a
 * bracket is no operator) and after a comma, where TeX puts its wider
 * spaces, and between two operator names (`lim inf`). A formula texmath cannot read
 * keeps its source, as before. A display's rows and cells (an alignment's
 * columns, a matrix's entries, a case's condition) stand a space apart, as the page sets them on lines and
 * columns of their own; so do the tokens either side of a space the source sets from a thick one (`\;`,
 * `\quad`) up, while a script's signs print close up, as TeX sets them. Labels (`\label{…}`) print nothing and go.
 * A radical prints its sign (`√`) before its radicand (a root's index before the sign), where MathML leaves
 * it to its element. An interjection between rows
 * (`\intertext{and}`) is the text it sets, before the number its row prints at its start under `leqno`.
 */
export const LATEX_MATH = `
local RELATIONS = { "=", "<", ">", "≠", "≤", "≥", "≈", "≡", "∼", "≃", "≅", "∝", "∈", "∉", "⊂", "⊃",
  "⊆", "⊇", "→", "←", "↔", "⇒", "⇐", "⇔", "↦", "≪", "≫", "≔" }
local BINARIES = { "+", "−", "-", "±", "∓", "⋅", "·", "×", "∗", "∘", "∪", "∩", "∧", "∨", "⊕", "⊗", "⊖", "⊙",
  "∖", "÷", "⋆" }
local relation, binary = {}, {}
for _, r in ipairs(RELATIONS) do relation[r] = true end
for _, b in ipairs(BINARIES) do binary[b] = true end
local MIN_GAP_EM = 0.25
-- What a following sign opens after, as a formula's start: a bracket, a radical's sign.
local OPENING = { ["("] = true, ["["] = true, ["{"] = true, ["⟨"] = true, ["√"] = true }
local function unescaped(s)
  return (s:gsub("&lt;", "<"):gsub("&gt;", ">"):gsub("&quot;", '"'):gsub("&#39;", "'"):gsub("&amp;", "&"))
end
-- MathML's elements whose children after the first are scripts (a subscript, a sum's limits).
local SCRIPTED = { msub = true, msup = true, msubsup = true, munder = true, mover = true, munderover = true }
-- Marks each token set in a script (\`<mo data-script>\`): TeX sets a script's signs close up, no space around them.
local function scriptsMarked(html)
  local open = {}
  return (html:gsub("<(/?)(m[a-z]+)([^>]*)>", function(closing, name, rest)
    if closing == "/" then
      table.remove(open)
      local parent = open[#open]
      if parent then parent.children = parent.children + 1 end
      return nil
    end
    if rest:sub(-1) == "/" then
      local parent = open[#open]
      if parent then parent.children = parent.children + 1 end
      return nil
    end
    local inScript = false
    for _, e in ipairs(open) do
      if SCRIPTED[e.name] and e.children > 0 then inScript = true end
    end
    open[#open + 1] = { name = name, children = 0 }
    if inScript and (name == "mo" or name == "mi" or name == "mn") then return "<" .. name .. " data-script" .. rest .. ">" end
    return nil
  end))
end
-- Where the MathML child starting at \`from\` ends (one element, its inner elements and all).
local function childEnd(html, from)
  local depth, at = 0, from
  repeat
    local s, e, closing, _, selfClosing = html:find("<(/?)(m[a-z]+)[^>]*(/?)>", at)
    if not s then return #html end
    if closing == "/" then depth = depth - 1 elseif selfClosing ~= "/" then depth = depth + 1 end
    at = e + 1
  until depth == 0
  return at - 1
end
-- A root with an index (\`\\sqrt[3]{x}\`) as the page sets it: the index raised before the sign, the radicand
-- after it; MathML lists the radicand first. The innermost (the last opened) first.
local function rootsInPrintedOrder(html)
  while true do
    local open, openEnd
    for s, e in html:gmatch("()<mroot[^>]*>()") do open, openEnd = s, e end
    if not open then return html end
    local baseEnd = childEnd(html, openEnd)
    local indexEnd = childEnd(html, baseEnd + 1)
    local closeEnd = select(2, html:find("</mroot>", indexEnd + 1, true))
    local base, index = html:sub(openEnd, baseEnd), html:sub(baseEnd + 1, indexEnd)
    html = html:sub(1, open - 1) .. "<mrow><msup><mrow></mrow>" .. index .. "</msup><mo>√</mo>" .. base ..
      "</mrow>" .. html:sub(closeEnd + 1)
  end
end
local function printed(m)
  local html = pandoc.write(pandoc.Pandoc({ pandoc.Plain({ m }) }), "html", { html_math_method = "mathml" })
  if not html:find("<math") then return nil end
  html = html:gsub("<annotation.-</annotation>", "")
  -- MathML draws a radical's sign from its element, texmath writes no character for it: the page prints \`√\`.
  html = rootsInPrintedOrder(html:gsub("(<msqrt[^>]*>)", "%1<mo>√</mo>"))
  -- A display's rows print on lines of their own and its cells (a matrix's entries, a case's condition)
  -- columns apart: the end of each stands a space from what follows.
  html = scriptsMarked(html:gsub("</mtd>", "<mcell></mcell>"))
  local out, after = {}, "start"
  for tag, attributes, text in html:gmatch("<(m[a-z]+)([^>]*)>([^<]*)</m[a-z]+>") do
    local token = unescaped(text)
    local script = attributes:find("data%-script") ~= nil
    -- An operator name after another (amsmath's lim inf, proj lim) stands a thin space apart.
    local word = tag == "mo" and token:match("^%a%a+$") ~= nil
    if word and after == "word" then token = " " .. token end
    if tag == "mcell" then
      out[#out + 1] = "\\1"
    elseif tag == "mspace" and (tonumber(attributes:match('width="([%d.]+)em"')) or 0) >= MIN_GAP_EM then
      -- A space the source sets (\\;, \\quad) is a gap the page prints between words.
      out[#out + 1] = " "
    elseif token == "" then
      -- A thinner one prints no character and leaves what it follows as it was.
    elseif script and tag == "mo" and (relation[token] or binary[token] or token == ",") then
      out[#out + 1] = token
      after = "opening"
    elseif tag == "mo" and relation[token] then
      out[#out + 1] = " " .. token .. " "
      after = "relation"
    elseif tag == "mo" and token == "," then
      out[#out + 1] = ", "
      after = "punctuation"
    elseif tag == "mo" and binary[token] and after == "ordinary" then
      out[#out + 1] = " " .. token .. " "
      after = "binary"
    else
      out[#out + 1] = token
      after = (tag == "mo" and (OPENING[token] or binary[token])) and "opening" or word and "word" or "ordinary"
    end
  end
  -- A cell's space before the bracket closing its matrix is none.
  local text = table.concat(out):gsub("\\1%s*([%)%]}|])", "%1"):gsub("\\1", " "):gsub("%s+", " "):gsub("^ ", ""):gsub(" $", "")
  return text
end
-- amsmath's interjection of text between a display's rows (\\intertext, \\shortintertext), which texmath
-- cannot read, as the text it sets, before the number a row opening with it prints under leqno.
local function interjected(tex)
  -- pandoc writes alignat's column count into the aligned display it makes of it, where it prints nothing.
  tex = tex:gsub("(\\\\begin{aligned})%s*{%d+}", "%1")
  tex = tex:gsub("(\\\\text%b{}%s*)\\\\short(intertext%b{})", "\\\\short%2 %1")
  tex = tex:gsub("(\\\\text%b{}%s*)\\\\(intertext%b{})", "\\\\%2 %1")
  return (tex:gsub("\\\\shortintertext(%b{})", "\\\\text%1\\\\text{ }"):gsub("\\\\intertext(%b{})", "\\\\text%1\\\\text{ }"))
end
return { {
  Math = function(m)
    m.text = interjected(m.text)
    local text = printed(m)
    if text and #text > 0 then return pandoc.Str(text) end
  end,
} }
`;
