/**
 * A wrapped row of code joined again to the row it continues: straight on
 * where an engine broke the source line inside a token (the line-breaking
 * rules' opportunities code meets most: after a hyphen or slash in a word or
 * path, before a parenthesis, bracket, port or query), with a space where
 * it broke at a space, which it does not draw. Which rows are wrapped is
 * told apart (`code_row_gaps.ts`, `code_edge_wraps.ts`).
 *
 * @module
 */
import { brokenBeforeQuery } from "./code_address_breaks.ts";
import { brokenAfterCompactKey } from "./code_key_breaks.ts";

/**
 * A wrapped row's text joined to the row it continues. Straight on where an
 * HTML engine breaks code without a space (the line-breaking rules'
 * opportunities code meets most): after a hyphen or slash inside a word or
 * path (`cross-` `env`, `https://` `host`; not a `//` opening a comment nor
 * an abbreviation's `w/`),
 * after an option's dashes before its name (`-` `f .env`, `--` `six'`), after `!` before what it
 * negates, after a backslash inside a token before a quote (`{\\"module\\` `":1}`), before a brace after `$` or `.`
 * (`${`, `*.{`), before a parenthesis after `$`, a closing one or a method's name (`$(`, `)(`, `.f` `()`),
 * before a bracket after a
 * closing one (`][`, `)[`), before an address's port (`http://localhost:` `3000`) or the number after
 * a name's colon inside a string (`'solana:` `5eykt…'`, no space: UAX #14 breaks there), after a slash
 * opening a path inside a string still open (`"POST /` `graphql"`), after an address's `?` before its
 * query (`'/probably.php?` `extra=params'`, or an address with its scheme anywhere,
 * {@linkcode brokenBeforeQuery}), before a value after a compact JSON key's colon
 * (`"pid":` `657`, {@linkcode brokenAfterCompactKey}). After a space
 * otherwise: the space it broke at, which it does not draw. Where the page
 * tells whether the row broke at a space (`spaced`: it draws the space, or
 * draws none where it draws those it breaks at, `line_end_spaces.ts`), that
 * decides.
 */
export function joinWrappedRow(row: string, rest: string, spaced?: boolean): string {
  if (spaced !== undefined) return spaced ? `${row} ${rest}` : row + rest;
  // A slash after a word of a letter or two standing alone is an abbreviation's (`w/` `white`).
  const inWord = /\S[-/]$/.test(row) && !/(^|\s)(\/|\w{1,2})\/$/.test(row);
  // An option's name is a word standing alone (`-f .env`); `a -` `b.c` is a subtraction.
  const option = /(^|\s)--?$/.test(row) && /^\w[\w-]*(\s|['"=]|$)/.test(rest);
  const brace = /[$.]$/.test(row) && rest.startsWith("{");
  // Or a method's name after its object's dot (`.prefixLengthFromSubnetMask` `()`).
  const call = (/[$)]$/.test(row) || /\.[A-Za-z_$][\w$]*$/.test(row)) && rest.startsWith("(");
  // Between a closing bracket and an opening one (`a[b]` `[c]`, `f()` `[0]`): one token's brackets.
  const index = /[\])]$/.test(row) && rest.startsWith("[");
  const escape = /\S\\$/.test(row) && ESCAPED_QUOTE.test(rest);
  // An address's port after its host (`http://localhost:` `3000/mcp`).
  // Or a name's colon before its number inside a string still open (`'eip155:` `8453'`).
  const port = (URL_HOST.test(row) || (/\w:$/.test(row) && insideString(row))) && /^\d/.test(rest);
  // A path opening inside a string still open (`request("POST /` `graphql")`): no division there.
  const path = /\s\/$/.test(row) && /^\w/.test(rest) && insideString(row);
  // A query after an address's `?` or opening a string, inside a string holding no space
  // (`'/probably.php?` `extra=params'`, `'?` `a=b'`).
  const query = (QUERY_OPEN.test(row) && /^\w/.test(rest) && insideString(row)) ||
    brokenBeforeQuery(row, rest);
  const key = brokenAfterCompactKey(row, rest);
  return inWord || option || brace || call || index || escape || port || path || query || key ||
      row.endsWith("!")
    ? row + rest
    : `${row} ${rest}`;
}

/**
 * A row ending in a string of no space that a `?` ends: an address before its query, or a query string
 * opening with its `?` (`qs.parse('?` `a=b')`).
 */
const QUERY_OPEN = /["'][^\s"']*\?$/;

/** A row ending in an address's host and the colon before its port. */
const URL_HOST = /\w:\/\/[^\s/]+:$/;

/** True when `row` leaves a string open: an odd number of double or of single quotes. */
export function insideString(row: string): boolean {
  return [/"/g, /'/g].some((quote) => (row.match(quote)?.length ?? 0) % 2 === 1);
}

/** The rest of a row broken after a backslash inside a string: the quote it escapes, escaped again or not. */
export const ESCAPED_QUOTE = /^\\?["']/;
