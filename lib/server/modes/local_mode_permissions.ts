/**
 * Whether this process may run local mode: its embedded Solana chain is
 * LiteSVM, a native library Deno loads through FFI, and its embedded EVM
 * chain is Anvil, a program it runs. Under `--deny-ffi` or without those
 * permissions (`deno task start:locked`, `start:host`) local mode would
 * crash while loading LiteSVM with an npm error that names neither; it is
 * refused at start instead, with what to do.
 *
 * @module
 */

/** Why local mode cannot start with this process's permissions, or undefined when it can (or `mode` is not local). */
export function localModePermissionRefusal(mode: string): string | undefined {
  if (mode !== "local") return undefined;
  const missing = [
    Deno.permissions.querySync({ name: "ffi" }).state !== "granted" &&
    "--allow-ffi (LiteSVM, the embedded Solana chain, is a native library)",
    Deno.permissions.querySync({ name: "run" }).state !== "granted" &&
    "--allow-run (Anvil, the embedded EVM chain, is a program)",
  ].filter((entry): entry is string => typeof entry === "string");
  if (missing.length === 0) return undefined;
  return `Local mode cannot start with these permissions: it needs ${missing.join(" and ")}. ` +
    "Run it with `deno task start` (all permissions, on your own machine). The locked-down tasks " +
    "(`start:locked`, `start:host`) serve devnet or mainnet: set SERVICE_MODE=devnet or SERVICE_MODE=mainnet " +
    "and the variables that mode needs.";
}
