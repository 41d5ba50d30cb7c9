/**
 * The registry: every route file under `routes/`, each at the path its place
 * gives it (Fresh's convention): `routes/v1/token/[mint].ts` serves
 * `/v1/token/:mint`, `routes/.well-known/x402.ts` serves `/.well-known/x402`,
 * `routes/index.ts` serves `/`. A file exports either a paid operation
 * (`defineOperation`) or a free route (`defineRoute`) as its default.
 *
 * The list of files is the generated `routes/_manifest.ts` (`deno task
 * routes`); a test regenerates it and fails when it is stale.
 *
 * @module
 */
import type { AnyDeclaredOperation, AnyOperation } from "./define.ts";
import type { DeclaredRoute, FreeRoute, Registry } from "./registry_types.ts";

/** One route file: its place under `routes/` and its module. */
export interface RouteFile {
  /** Path relative to `routes/`, with `/` separators: `v1/token/[mint].ts`. */
  readonly file: string;
  readonly module: { readonly default?: unknown };
}

/**
 * The URL path a route file serves: `.ts` dropped, `index` the folder itself,
 * `[name]` a path parameter (`:name`).
 */
export function routePath(file: string): string {
  const segments = file.replace(/\.ts$/, "").split("/");
  if (segments.at(-1) === "index") segments.pop();
  const path = segments.map((segment) => {
    const param = segment.match(/^\[([A-Za-z_][A-Za-z0-9_]*)\]$/);
    return param ? `:${param[1]}` : segment;
  }).join("/");
  return `/${path}`;
}

/** Whether a file under `routes/` is a route file (not `_`-prefixed, not a test, TypeScript). */
export function isRouteFile(file: string): boolean {
  return file.endsWith(".ts") && !file.endsWith("_test.ts") &&
    file.split("/").every((segment) => !segment.startsWith("_"));
}

/**
 * Builds the registry from route files.
 *
 * @throws {TypeError} a file exports no declaration, two files serve the same
 * method and path, or two operations share an id
 */
export function buildRegistry(files: readonly RouteFile[]): Registry {
  const operations: AnyOperation[] = [];
  const routes: FreeRoute[] = [];
  const served = new Set<string>();
  const claim = (method: string, path: string, file: string) => {
    const key = `${method} ${path.replace(/:[^/]+/g, ":")}`;
    if (served.has(key)) {
      throw new TypeError(`Route file "${file}": ${key} is already served by another file`);
    }
    served.add(key);
  };
  for (const { file, module } of files) {
    const declared = module.default as AnyDeclaredOperation | DeclaredRoute | undefined;
    const path = routePath(file);
    if (declared?.kind === "operation") {
      if (operations.some((operation) => operation.id === declared.id)) {
        throw new TypeError(`Route file "${file}": operation id "${declared.id}" is used twice`);
      }
      claim(declared.method, path, file);
      operations.push({ ...declared, path });
    } else if (declared?.kind === "route") {
      for (const method of ["GET", "POST"] as const) if (declared[method]) claim(method, path, file);
      routes.push({ ...declared, path });
    } else {
      throw new TypeError(
        `Route file "${file}" exports no route: default-export defineOperation(...) or defineRoute(...)`,
      );
    }
  }
  return { operations, altOperations: operations.filter((operation) => operation.alt), routes };
}
