/**
 * A worker thread that allocates until its heap ceiling stops it, for the
 * test that shows such a thread dies alone.
 *
 * @module
 */
import { isMainThread } from "node:worker_threads";

if (!isMainThread) {
  const held: number[][] = [];
  for (;;) held.push(new Array(1000).fill(held.length));
}
