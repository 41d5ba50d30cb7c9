/**
 * Operations, independent of any transport: how a route file declares one
 * (paid or free), the registry of route files, what is sold where, and
 * "check, then run" with input parsing, JSON Schemas and the priced resource
 * that both the HTTP and the MCP adapter build on.
 *
 * @module
 */
export * from "./define.ts";
export * from "./input.ts";
export * from "./body.ts";
export * from "./json_upload.ts";
export * from "./run.ts";
export * from "./schemas.ts";
export * from "./resource.ts";
export * from "./envelope.ts";
export * from "./binary_output.ts";
export * from "./accept.ts";
export * from "./free_route.ts";
export * from "./registry.ts";
export * from "./registry_types.ts";
export * from "./catalog.ts";
export * from "./sold_at.ts";
