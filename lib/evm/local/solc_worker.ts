/**
 * A worker that runs one solc standard-JSON compilation. Compiling in a worker
 * that is terminated afterwards returns solc's large WebAssembly heap to the
 * system instead of keeping it for the life of the service.
 *
 * Message in: the standard-JSON input as a string. Message out: the output as a string.
 *
 * @module
 */
/// <reference no-default-lib="true" />
/// <reference lib="deno.worker" />

const { default: solc } = await import("solc");

self.onmessage = function compile(event: MessageEvent<string>) {
  self.postMessage(solc.compile(event.data));
};
