/**
 * Loading our own modules on first use, outside the start-up module graph.
 *
 * When a program starts, Deno reads and parses every module of its graph,
 * and that graph takes in the modules a literal `import("./x.ts")` names even
 * if that line never runs: they stay resident from the first second (about
 * 4–8 MB for the embedded chains, the MCP server or the transaction
 * diagnosis). A module imported through its URL is read only when the import
 * runs. Type checking still sees it through `typeof import("./x.ts")`, and so
 * does `deno info`.
 *
 * Only for our own modules: an npm package's files are not read at start
 * whatever form its import takes.
 *
 * @module
 */

/**
 * Imports the module at `url` (build it with `new URL("./x.ts", import.meta.url)`)
 * when called, not at start. Give its type as `typeof import("./x.ts")`.
 *
 * @example A product's face, loading its heavy part with the first call
 * ```ts
 * export function loadNormalizer(): Promise<typeof import("./normalize.ts")> {
 *   return importOnDemand<typeof import("./normalize.ts")>(new URL("./normalize.ts", import.meta.url));
 * }
 * ```
 */
export function importOnDemand<T>(url: URL): Promise<T> {
  return import(url.href) as Promise<T>;
}
