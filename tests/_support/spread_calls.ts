/**
 * Finds spread arguments in calls (`f(...xs)`, `a.push(...xs)`) in TypeScript
 * source: each passes one argument per element, and past about 120,000 the
 * call throws `RangeError`. Spreads in array and object literals, and rest
 * parameters, are no calls and are not reported. A reading by brackets, not a
 * parser: comments, strings, template literals and regular expressions are
 * blanked first (a template's `${…}` with it).
 *
 * @module
 */

/** One spread argument: its line, and the callee with that argument alone (`xs.splice(...ys)` for `xs.splice(i, 0, ...ys)`). */
export type SpreadCall = { line: number; call: string };

/** The spread arguments of calls in `source`, in order. */
export function spreadCalls(source: string): SpreadCall[] {
  const code = blankNonCode(source);
  const found: SpreadCall[] = [];
  for (let at = code.indexOf("..."); at >= 0; at = code.indexOf("...", at + 3)) {
    const open = enclosingOpen(code, at);
    if (open < 0 || code[open] !== "(" || !/[\w$)\]]/.test(before(code, open))) continue;
    if (isParameterList(code, open)) continue;
    const callee = code.slice(0, open).match(/[\w$.!?\])]*$/)![0];
    const end = argumentEnd(code, at + 3);
    found.push({
      line: source.slice(0, at).split("\n").length,
      call: `${callee}(${code.slice(at, end).replace(/\s+/g, " ").trim()})`,
    });
  }
  return found;
}

/** True when the brackets opened at `open` hold a function's parameters (`function f(...args): T {`, `(...a) =>`). */
function isParameterList(code: string, open: number): boolean {
  const after = code.slice(closeOf(code, open) + 1).trimStart();
  if (after.startsWith("=>") || after.startsWith("{")) return true;
  return after.startsWith(":") && /\bfunction\*?\s*[\w$]*\s*(<[^()]*>)?\s*$/.test(code.slice(0, open));
}

function before(code: string, at: number): string {
  const text = code.slice(0, at).trimEnd();
  return text.at(-1) ?? "";
}

function enclosingOpen(code: string, at: number): number {
  let depth = 0;
  for (let k = at - 1; k >= 0; k--) {
    const c = code[k]!;
    if (")]}".includes(c)) depth++;
    else if ("([{".includes(c)) {
      if (depth === 0) return k;
      depth--;
    }
  }
  return -1;
}

function closeOf(code: string, open: number): number {
  let depth = 0;
  for (let k = open; k < code.length; k++) {
    if ("([{".includes(code[k]!)) depth++;
    else if (")]}".includes(code[k]!) && --depth === 0) return k;
  }
  return code.length;
}

function argumentEnd(code: string, from: number): number {
  let depth = 0;
  for (let k = from; k < code.length; k++) {
    const c = code[k]!;
    if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) {
      if (depth === 0) return k;
      depth--;
    } else if (c === "," && depth === 0) return k;
  }
  return code.length;
}

/** `source` with comments, strings, templates and regular expressions turned to spaces (line breaks kept). */
function blankNonCode(source: string): string {
  const out = [...source];
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== "\n") out[k] = " ";
  };
  let k = 0;
  while (k < source.length) {
    const c = source[k]!, next = source[k + 1];
    let end = k + 1;
    if (c === "/" && next === "/") end = lineEnd(source, k);
    else if (c === "/" && next === "*") end = source.indexOf("*/", k + 2) + 2 || source.length;
    else if (c === '"' || c === "'" || c === "`") end = quotedEnd(source, k, c);
    else if (
      c === "/" && /(^|[(,=:[!&|?{};+\-*%<>~^]|\breturn)\s*$/.test(source.slice(Math.max(0, k - 12), k))
    ) {
      end = regexEnd(source, k);
    } else {
      k++;
      continue;
    }
    blank(k, end);
    k = end;
  }
  return out.join("");
}

function lineEnd(source: string, from: number): number {
  const end = source.indexOf("\n", from);
  return end < 0 ? source.length : end;
}

function quotedEnd(source: string, from: number, quote: string): number {
  let depth = 0;
  for (let k = from + 1; k < source.length; k++) {
    const c = source[k]!;
    if (c === "\\") k++;
    else if (quote === "`" && c === "$" && source[k + 1] === "{") depth++;
    else if (quote === "`" && c === "}" && depth > 0) depth--;
    else if (c === quote && depth === 0) return k + 1;
  }
  return source.length;
}

function regexEnd(source: string, from: number): number {
  let inClass = false;
  for (let k = from + 1; k < source.length; k++) {
    const c = source[k]!;
    if (c === "\\") k++;
    else if (c === "[") inClass = true;
    else if (c === "]") inClass = false;
    else if (c === "/" && !inClass) return k + 1;
    else if (c === "\n") return k;
  }
  return source.length;
}
