/**
 * Which operation a URL of this service sells: the reverse of mounting, so a
 * helper route can price a resource the way its own route does, from the
 * catalog alone, never from what a caller says the price is.
 *
 * @module
 */
import type { AnyOperation } from "./define.ts";
import type { Catalog, SoldOn } from "./registry_types.ts";

/** An operation and where it is sold. */
export interface SoldOperation {
  operation: AnyOperation;
  soldOn: SoldOn;
}

/**
 * The operation that answers `method url` on this service, whose public base
 * URL is `baseUrl`; `undefined` for a URL elsewhere or a path nothing sells.
 */
export function soldOperationAt(
  catalog: Catalog,
  baseUrl: string,
  method: "GET" | "POST",
  url: URL,
): SoldOperation | undefined {
  const base = new URL(baseUrl);
  const root = base.pathname.replace(/\/$/, "");
  if (url.origin !== base.origin || !url.pathname.startsWith(root + "/")) return undefined;
  const path = url.pathname.slice(root.length);
  for (const soldOn of catalog.soldOn) {
    for (const operation of soldOn.operations) {
      if (operation.method === method && pathPattern(soldOn.prefix + operation.path).test(path)) {
        return { operation, soldOn };
      }
    }
  }
  return undefined;
}

/** `/v1/token/:mint` → a pattern matching one non-empty segment per parameter. */
function pathPattern(path: string): RegExp {
  const escaped = path.split("/").map((segment) =>
    segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
  );
  return new RegExp(`^${escaped.join("/")}$`);
}
