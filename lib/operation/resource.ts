/**
 * The priced resource of an operation: what a payment requirement describes,
 * the same on every transport but for its URL and discovery extensions.
 *
 * @module
 */
import type { PricedResource } from "../payments/mod.ts";
import type { AnyOperation } from "./define.ts";

/** The resource a buyer pays for when calling `operation` at `url`. */
export function pricedResource(
  operation: AnyOperation,
  url: string,
  extensions: Record<string, unknown>,
): PricedResource {
  return {
    url,
    description: `${operation.title}: ${operation.summary}`,
    mimeType: "application/json",
    price: operation.price,
    operation: operation.id,
    extensions,
    ...(operation.verifyInSettlement ? { verifyInSettlement: true } : {}),
  };
}
