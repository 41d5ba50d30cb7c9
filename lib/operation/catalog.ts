/**
 * What the service sells where, derived once from the registry and the
 * runtime's payment rails: the HTTP prefixes (plain paths paid on Solana,
 * `/alt` on the EVM chain) and the MCP endpoints with their tools. Both
 * adapters and every descriptor read this one value.
 *
 * @module
 */
import type { PaymentRail } from "../payments/rails.ts";
import type { Catalog, Registry } from "./registry_types.ts";

/** The catalog of `registry` on `rails` (the EVM rail is absent when the alternate chain is off). */
export function catalogOf(
  registry: Registry,
  rails: { readonly solana: PaymentRail; readonly evm?: PaymentRail },
): Catalog {
  const { solana, evm } = rails;
  const { operations, altOperations } = registry;
  return {
    registry,
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
