/**
 * A worker that runs one solc standard-JSON compilation. Compiling in a worker
 * that is terminated afterwards returns solc's large WebAssembly heap to the
 * system instead of keeping it for the life of the service.
 *
 * Once solc is loaded it posts `"ready"`; then the message in is the
 * standard-JSON input as a string, and the message out the output as a string.
 * (Announcing readiness matters: a message that arrives while solc is still
 * loading would find no handler and be lost.)
 *
 * @module
 */
/// <reference no-default-lib="true" />
/// <reference lib="deno.worker" />

const { default: solc } = await import("solc");

self.onmessage = function compile(event: MessageEvent<string>) {
  self.postMessage(solc.compile(event.data));
};
self.postMessage("ready");
