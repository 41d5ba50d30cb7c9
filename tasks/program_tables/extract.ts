/**
 * Reading error tables out of published files: the one place that knows how
 * each kind of source spells its errors. The generator uses it to build
 * `generated.json`, and the table test uses the very same functions to derive
 * the tables again from whatever sources are on the machine, so a table and
 * its source cannot drift apart unnoticed.
 *
 * Pure text in, rows out: no file or network access here.
 *
 * @module
 */

/** How a file holds its errors. */
export type Kind =
  /** An Anchor or Shank IDL as JSON (`errors: [{code, name, msg}]`). */
  | "anchor_json"
  /** An Anchor IDL inside JavaScript or a `.d.ts` type (the same objects, as a literal). */
  | "anchor_js"
  /** A Codama client: `PREFIX_ERROR__NAME = code` and `[PREFIX_ERROR__NAME]: "message"`. */
  | "codama"
  /** A Umi or Solita client: error classes registered with `….set(code, Class)`. */
  | "error_classes"
  /** An anchor-client-gen module: `class X extends Error { static code = 6000; name = "X"; msg = "…" }`. */
  | "anchor_client_gen"
  /** A Rust error enum: variants, explicit or positional discriminants, `#[error("…")]` or `Display` messages. */
  | "rust_enum";

/** What the extractor needs to know about a source besides its text. */
export interface ExtractOptions {
  kind: Kind;
  /** Codama's constant prefix, e.g. `WHIRLPOOL_ERROR__`. */
  prefix?: string;
  /** The Rust enum's name, e.g. `DexErrorCode`. */
  enumName?: string;
  /** Text just before the wanted IDL in a file that bundles several (its address or name). */
  scope?: string;
}

/** One error: custom code, name, message. */
export type Row = [code: number, name: string, message: string];

/** A number as generated code writes it: `6000`, `0x1770`, or minified `6e3`. */
const NUMBER = String.raw`0x[0-9a-fA-F]+|\d[\d.e]*`;

function unquote(text: string): string {
  return text.replace(/\\(["'`\\])/g, "$1").replace(/\\n/g, " ");
}

function pascal(constant: string): string {
  return constant.toLowerCase().replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
}

/** "InsufficientFunds" → "Insufficient funds": the message of an error its source left unworded. */
export function sentenceOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2");
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

function anchorJson(text: string): Row[] {
  return ((JSON.parse(text).errors ?? []) as Array<{ code: number; name: string; msg?: string }>)
    .map((error) => [error.code, error.name, error.msg ?? error.name]);
}

/** Where each `errors: [ … ]` array of a JavaScript or `.d.ts` IDL literal starts and ends. */
function errorArrays(text: string): Array<[start: number, end: number]> {
  const arrays: Array<[number, number]> = [];
  for (const m of text.matchAll(/["']?errors["']?\s*:\s*\[/g)) {
    let quote = "";
    for (let i = m.index + m[0].length; i < text.length; i++) {
      const c = text[i]!;
      if (quote) {
        if (c === "\\") i++;
        else if (c === quote) quote = "";
      } else if (c === '"' || c === "'" || c === "`") quote = c;
      else if (c === "]") {
        arrays.push([m.index, i]);
        break;
      }
    }
  }
  return arrays;
}

/**
 * Rows of the IDL's `errors` array: the only one in the file, or the first
 * after `scope` (the program's address or name) where a bundle holds several.
 */
function anchorJs(text: string, scope?: string): Row[] {
  const arrays = errorArrays(text);
  let chosen = arrays[0];
  if (scope !== undefined) {
    const at = text.indexOf(scope);
    if (at < 0) throw new Error(`scope ${scope} not in the file`);
    chosen = arrays.find(([start]) => start > at);
  } else if (arrays.length > 1) throw new Error(`${arrays.length} error arrays: name a scope`);
  if (!chosen) return [];
  const pattern =
    /["']?code["']?\s*:\s*([0-9.e]+)\s*[,;]\s*["']?name["']?\s*:\s*(["'`])(\w+)\2\s*(?:[,;]\s*["']?msg["']?\s*:\s*(["'`])((?:\\.|(?!\4).)*)\4)?/g;
  return [...text.slice(chosen[0], chosen[1]).matchAll(pattern)].map((m) => [
    Number(m[1]),
    m[3]!,
    unquote(m[5] ?? m[3]!),
  ]);
}

function codama(text: string, prefix: string): Row[] {
  const codes = new Map(
    [...text.matchAll(new RegExp(`(?:var |const |exports\\.)${prefix}(\\w+) = (${NUMBER});`, "g"))]
      .map((m) => [m[1]!, Number(m[2])]),
  );
  const messages = new Map(
    [...text.matchAll(
      new RegExp(`\\[(?:exports\\.)?${prefix}(\\w+)\\]: (["'\`])((?:\\\\.|(?!\\2).)*)\\2`, "g"),
    )]
      .map((m) => [m[1]!, unquote(m[3]!)]),
  );
  return [...codes].map((
    [constant, code],
  ) => [code, pascal(constant), messages.get(constant) ?? pascal(constant)]);
}

function errorClasses(text: string): Row[] {
  const classes = new Map<string, { name: string; message: string }>();
  for (const block of text.split(/\n(?:export )?class /).slice(1)) {
    const className = block.match(/^(\w+)/)?.[1];
    const message = block.match(/super\(\s*(["'])((?:\\.|(?!\1).)*)\1/)?.[2];
    const name = block.match(/(?:this\.)?name(?:: string)? = (["'])(\w+)\1/)?.[2];
    if (className && name) classes.set(className, { name, message: unquote(message ?? name) });
  }
  const registered = new RegExp(
    `(?:codeToErrorMap|createErrorFromCodeLookup)\\.set\\(\\s*(${NUMBER}),\\s*(?:\\(\\) => new )?(\\w+)`,
    "g",
  );
  return [...text.matchAll(registered)].flatMap((m) => {
    const found = classes.get(m[2]!);
    return found ? [[Number(m[1]), found.name, found.message] as Row] : [];
  });
}

function anchorClientGen(text: string): Row[] {
  return text.split(/\n(?:export )?class /).slice(1).flatMap((block) => {
    const code = block.match(new RegExp(`static (?:readonly )?code = (${NUMBER})`))?.[1];
    const name = block.match(/\bname = (["'])(\w+)\1/)?.[2];
    const message = block.match(/\bmsg = (["'])((?:\\.|(?!\1).)*)\1/)?.[2];
    return code && name ? [[Number(code), name, unquote(message ?? name)] as Row] : [];
  });
}

/** The body of `enum NAME { … }`, without comments. */
function enumBody(text: string, enumName: string): string {
  const start = text.search(new RegExp(`\\benum ${enumName}\\s*\\{`));
  if (start < 0) throw new Error(`no enum ${enumName}`);
  let depth = 0;
  const open = text.indexOf("{", start);
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{") depth++;
    if (text[i] === "}" && --depth === 0) {
      return text.slice(open + 1, i).replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/[^\n]*/g, "");
    }
  }
  throw new Error(`enum ${enumName} never closes`);
}

/** Messages a `Display` impl gives: `Self::Name => "…"` or `Enum::Name => write!(f, "…")`. */
function displayMessages(text: string, enumName: string): Map<string, string> {
  const arm = new RegExp(
    `(?:Self|${enumName})::(\\w+)(?:\\s*\\([^)]*\\)|\\s*\\{[^}]*\\})?\\s*=>\\s*\\{?\\s*(?:write!\\(\\s*f,\\s*|f\\.write_str\\()?"((?:\\\\.|[^"\\\\])*)"`,
    "g",
  );
  return new Map([...text.matchAll(arm)].map((m) => [m[1]!, unquote(m[2]!)]));
}

function rustEnum(text: string, enumName: string): Row[] {
  const body = enumBody(text, enumName);
  const display = displayMessages(text, enumName);
  const rows: Row[] = [];
  let next = 0;
  // Each variant: its attributes, its name, fields it may carry, and an explicit discriminant.
  const variant =
    /((?:#\[(?:"(?:\\.|[^"\\])*"|[^\]"])*\]\s*)*)([A-Z]\w*)\s*(?:\([^)]*\)|\{[^}]*\})?\s*(?:=\s*(0x[0-9a-fA-F]+|\d+))?\s*(?:,|$)/g;
  for (const m of body.matchAll(variant)) {
    const code = m[3] !== undefined ? Number(m[3]) : next;
    next = code + 1;
    const attribute = m[1]!.match(/#\[error\(\s*"((?:\\.|[^"\\])*)"/)?.[1];
    const name = m[2]!;
    rows.push([
      code,
      name,
      attribute !== undefined ? unquote(attribute) : display.get(name) ?? sentenceOf(name),
    ]);
  }
  return rows;
}

/**
 * The errors a source file declares, in the file's order (duplicates kept).
 *
 * @example
 * ```ts
 * rowsOf('{"errors":[{"code":6000,"name":"Stale","msg":"Price is stale"}]}', { kind: "anchor_json" });
 * // [[6000, "Stale", "Price is stale"]]
 * ```
 */
export function rowsOf(text: string, options: ExtractOptions): Row[] {
  switch (options.kind) {
    case "anchor_json":
      return anchorJson(text);
    case "anchor_js":
      return anchorJs(text, options.scope);
    case "codama":
      return codama(text, options.prefix ?? "");
    case "error_classes":
      return errorClasses(text);
    case "anchor_client_gen":
      return anchorClientGen(text);
    case "rust_enum":
      return rustEnum(text, options.enumName ?? "");
  }
}

/**
 * The table as `generated.json` keeps it: valid codes only, the first row of
 * each code, sorted by code.
 */
export function tableRows(text: string, options: ExtractOptions): Row[] {
  const seen = new Set<number>();
  return rowsOf(text, options)
    .filter(([code]) => Number.isSafeInteger(code) && code >= 0 && !seen.has(code) && seen.add(code))
    .map(([code, name, message]): Row => [code, name, message.trim() || sentenceOf(name)])
    .sort((a, b) => a[0] - b[0]);
}

/** Hex SHA-256 of bytes or text. */
export async function sha256Hex(data: Uint8Array | string): Promise<string> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
