/**
 * What the service sells where, derived once from the registry and the
 * runtime's payment rails: the HTTP prefixes (plain paths paid on Solana,
 * `/alt` on the EVM chain) and the MCP endpoints with their tools. Both
 * adapters and every descriptor read this one value.
 *
 * @module
 */
import type { PaymentRail } from "../payments/rails.ts";
import type { AnyOperation } from "./define.ts";
import type { Registry } from "./registry.ts";

/** The operations sold under one HTTP prefix, paid on one rail. */
export interface SoldOn {
  prefix: "" | "/alt";
  rail: PaymentRail;
  operations: readonly AnyOperation[];
}

/** An MCP endpoint of the service, the rail it is paid on and the tools it lists. */
export interface McpEndpoint {
  path: "/mcp" | "/alt/mcp";
  chain: string;
  network: string;
  rail: PaymentRail;
  tools: readonly AnyOperation[];
}

/** What is sold where. */
export interface Catalog {
  readonly registry: Registry;
  readonly soldOn: readonly SoldOn[];
  readonly mcpEndpoints: readonly McpEndpoint[];
}

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
