/** The budget of bodies in flight: reservations add up, refuse past the limit, and give back once. */
import assert from "node:assert/strict";
import { BodyBudget } from "../../../lib/server/body_budget.ts";
import { createDrain } from "../../../lib/server/drain.ts";

Deno.test("BodyBudget reserves up to its limit and gives each reservation back once", () => {
  const budget = new BodyBudget(100);
  const first = budget.tryReserve(60)!;
  assert.ok(first);
  assert.equal(budget.tryReserve(41), undefined, "over the limit: refused");
  const second = budget.tryReserve(40)!;
  assert.equal(budget.inFlight, 100);
  first();
  first();
  assert.equal(budget.inFlight, 40, "a second release changes nothing");
  second();
  assert.equal(budget.inFlight, 0);
  assert.equal(budget.tryReserve(101), undefined, "a body larger than the whole budget never fits");
});

Deno.test("createDrain() starts once and aborts work at the deadline", async () => {
  const drain = createDrain();
  assert.equal(drain.draining, false);
  const heard = new Promise<void>((resolve) => drain.onStart(resolve));
  drain.start();
  await heard;
  assert.equal(drain.draining, true);
  assert.equal(drain.deadline.aborted, false);
  drain.abortWork();
  assert.equal(drain.deadline.aborted, true);
});

Deno.test("a growing reservation holds what a chunked body sent, a step at a time, and gives it all back", () => {
  const budget = new BodyBudget(100);
  const chunked = budget.tryReserveGrowing(10, 10)!;
  assert.equal(budget.inFlight, 10, "a step up front, not the largest body");
  assert.ok(chunked.grow(8));
  assert.equal(budget.inFlight, 10);
  assert.ok(chunked.grow(25));
  assert.equal(budget.inFlight, 25, "grown by what arrived past the reservation");
  assert.ok(chunked.grow(27));
  assert.equal(budget.inFlight, 35, "grown at least a step");
  const other = budget.tryReserve(60)!;
  assert.equal(chunked.grow(50), false, "refused once the budget is full");
  other();
  chunked.release();
  chunked.release();
  assert.equal(budget.inFlight, 0);
  assert.equal(new BodyBudget(5).tryReserveGrowing(10, 10), undefined);
});
