/**
 * What the service sells where, derived once from the registry and the
 * runtime's payment rails: the HTTP prefixes (plain paths paid on Solana,
 * `/alt` on the EVM chain) and the MCP endpoints with their tools. Both
 * adapters and every descriptor read this one value.
 *
 * @module
 */
import type { PaymentRail } from "../payments/mod.ts";
import type { AnyOperation } from "./define.ts";
import type { Catalog, Registry } from "./registry_types.ts";

/**
 * The catalog of `registry` on `rails` (the EVM rail is absent when the
 * alternate chain is off). Operations named in `withheld` (id → reason)
 * cannot run on this runtime: they are sold nowhere, and listed with their
 * reason so their routes can say why.
 */
export function catalogOf(
  registry: Registry,
  rails: { readonly solana: PaymentRail; readonly evm?: PaymentRail },
  withheld: ReadonlyMap<string, string> = new Map(),
): Catalog {
  const { solana, evm } = rails;
  const sold = (list: readonly AnyOperation[]) => list.filter((operation) => !withheld.has(operation.id));
  const operations = sold(registry.operations);
  const altOperations = sold(registry.altOperations);
  const unavailable = (prefix: "" | "/alt", list: readonly AnyOperation[]) =>
    list.filter((operation) => withheld.has(operation.id))
      .map((operation) => ({ prefix, operation, reason: withheld.get(operation.id)! }));
  return {
    registry,
    withheld: [
      ...unavailable("", registry.operations),
      ...(evm ? unavailable("/alt", registry.altOperations) : []),
    ],
    soldOn: [
      { prefix: "", rail: solana, operations },
      ...(evm ? [{ prefix: "/alt" as const, rail: evm, operations: altOperations }] : []),
    ],
    mcpEndpoints: [
      { path: "/mcp", chain: solana.label, network: solana.network, rail: solana, tools: operations },
      ...(evm
        ? [{
          path: "/alt/mcp" as const,
          chain: evm.label,
          network: evm.network,
          rail: evm,
          tools: altOperations,
        }]
        : []),
    ],
  };
}
