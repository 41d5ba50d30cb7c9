/**
 * The idle keeper hands back the item kept last, retires what stays idle
 * past its time (and only that), forgets what it is told ended, and hands
 * everything over at once.
 */
import assert from "node:assert/strict";
import { IdleKeeper } from "../../../lib/shared/idle_keeper.ts";
import { until } from "../../_support/until.ts";

interface Item {
  name: string;
  dead?: boolean;
}

/** A keeper of `idleMs` and the items it retired, in order. */
function keeper(idleMs: number): { idle: IdleKeeper<Item>; retired: string[] } {
  const retired: string[] = [];
  return { idle: new IdleKeeper<Item>({ idleMs, retire: (item) => retired.push(item.name) }), retired };
}

Deno.test("IdleKeeper hands back the item kept last, passing over the unusable", () => {
  const { idle, retired } = keeper(60_000);
  const [a, b, c] = [{ name: "a" }, { name: "b" }, { name: "c", dead: true }];
  idle.keep(a);
  idle.keep(b);
  idle.keep(c);
  assert.equal(idle.size, 3);
  assert.equal(idle.take((item) => !item.dead), b, "the dead one kept last is passed over");
  assert.equal(idle.size, 1, "and forgotten");
  assert.equal(idle.take(), a);
  assert.equal(idle.take(), undefined);
  assert.deepEqual(retired, [], "nothing taken is retired");
});

Deno.test("IdleKeeper retires an item idle past its time, never one taken or dropped", async () => {
  const { idle, retired } = keeper(30);
  const [taken, dropped, left] = [{ name: "taken" }, { name: "dropped" }, { name: "left" }];
  idle.keep(left);
  idle.keep(dropped);
  idle.keep(taken);
  assert.equal(idle.take(), taken);
  assert.equal(idle.drop(dropped), true);
  assert.equal(idle.drop(dropped), false, "an item not kept is not dropped twice");
  await until(() => retired.length > 0, "the idle item to be retired");
  assert.deepEqual(retired, ["left"]);
  assert.equal(idle.size, 0, "a retired item is no longer kept");
  // Wait past the others' time: they were never to be retired.
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.deepEqual(retired, ["left"]);
});

Deno.test("IdleKeeper keeps an item kept again from its new time, once", async () => {
  const { idle, retired } = keeper(40);
  const item = { name: "again" };
  idle.keep(item);
  idle.keep(item);
  assert.equal(idle.size, 1);
  await until(() => retired.length > 0, "the item to be retired");
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.deepEqual(retired, ["again"], "retired once");
});

Deno.test("IdleKeeper.takeAll() hands over every item, oldest first, and retires none", async () => {
  const { idle, retired } = keeper(20);
  idle.keep({ name: "a" });
  idle.keep({ name: "b" });
  assert.deepEqual(idle.takeAll().map((item) => item.name), ["a", "b"]);
  assert.equal(idle.size, 0);
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(retired, []);
});
