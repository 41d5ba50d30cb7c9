import assert from "node:assert/strict";
import { DirectPort, handOver } from "../../../lib/pdf/direct_port.ts";

Deno.test("handOver() copies plain messages deeply, equal to what structuredClone gives", () => {
  const message = {
    sourceName: "api",
    callbackId: 3,
    data: { rotate: 0, ref: { num: 12, gen: 0 }, view: [0, 0, 612, 792], missing: undefined, none: null },
    rect: new Float32Array([1.5, 2, 3, 4]),
    flags: [true, false, 7n],
  };
  const copy = handOver(message) as typeof message;
  assert.deepEqual(copy, structuredClone(message));
  assert.notEqual(copy.data, message.data);
  assert.notEqual(copy.data.view, message.data.view);
  assert.notEqual(copy.rect, message.rect);
  assert.ok(copy.rect instanceof Float32Array);
  message.data.view[2] = 0;
  assert.equal(copy.data.view[2], 612, "the copy does not change with the original");
});

Deno.test("handOver() copies only a typed array's own elements, not the whole buffer it views", () => {
  const buffer = new Uint8Array([9, 9, 1, 2, 3, 9]);
  const copy = handOver({ color: buffer.subarray(2, 5) }) as { color: Uint8Array };
  assert.deepEqual([...copy.color], [1, 2, 3]);
  assert.equal(copy.color.buffer.byteLength, 3);
});

Deno.test("handOver() leaves what is not plain data to structuredClone", () => {
  class Ref {
    constructor(readonly num: number, readonly gen: number) {}
  }
  const map = handOver({ data: new Map([["a", [1]]]) }) as { data: Map<string, number[]> };
  assert.ok(map.data instanceof Map);
  assert.deepEqual(map.data.get("a"), [1]);
  const ref = handOver({ ref: new Ref(4, 0) }) as { ref: unknown };
  assert.deepEqual(ref.ref, { num: 4, gen: 0 }, "a class instance arrives as structuredClone makes it");
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  const copy = handOver(cyclic) as Record<string, unknown>;
  assert.equal(copy.self, copy, "a cycle survives");
  const holey = handOver({ list: [1, , 3] }) as { list: number[] };
  assert.ok(!(1 in holey.list), "a hole stays a hole");
  const odd = handOver(JSON.parse('{"__proto__": {"x": 1}}')) as Record<string, unknown>;
  assert.ok(Object.hasOwn(odd, "__proto__"), "a key named __proto__ stays a key");
  assert.throws(() => handOver({ f: () => 1 }), { name: "DataCloneError" });
});

Deno.test("handOver() copies class instances itself, as structuredClone would, and leaves maps and dates to it", () => {
  class Ref {
    constructor(readonly num: number, readonly gen: number) {}
    toString() {
      return `${this.num}R${this.gen}`;
    }
  }
  class BorderStyle {
    width = 1;
    dashArray = [3];
  }
  const message = {
    callbackId: 4,
    data: [{ ref: new Ref(7, 0), borderStyle: new BorderStyle(), color: new Uint8ClampedArray([0, 0, 255]) }],
  };
  const native = globalThis.structuredClone;
  const cloned: unknown[] = [];
  globalThis.structuredClone = ((value: unknown, options?: StructuredSerializeOptions) => {
    cloned.push(value);
    return native(value, options);
  }) as typeof structuredClone;
  try {
    const copy = handOver(message) as typeof message;
    assert.deepStrictEqual(
      copy,
      native(message),
      "plain objects, prototypes included, as structuredClone makes them",
    );
    assert.equal(Object.getPrototypeOf(copy.data[0]!.ref), Object.prototype);
    assert.notEqual(copy.data[0]!.borderStyle.dashArray, message.data[0]!.borderStyle.dashArray);
    assert.equal(cloned.length, 0, "no structuredClone call");
    const dated = handOver({ at: new Date(0), seen: new Set([1]) }) as { at: Date; seen: Set<number> };
    assert.ok(dated.at instanceof Date && dated.seen instanceof Set);
    assert.equal(cloned.length, 1, "a date and a set go to structuredClone");
  } finally {
    globalThis.structuredClone = native;
  }
});

Deno.test("handOver() passes a transferred buffer on, leaving the sender's copy detached", () => {
  const data = new Uint8Array([1, 2, 3]);
  const copy = handOver({ data }, [data.buffer]) as { data: Uint8Array };
  assert.deepEqual([...copy.data], [1, 2, 3]);
  assert.equal(data.byteLength, 0);
});

Deno.test("a DirectPort delivers a copy to its listeners on a later microtask", async () => {
  const port = new DirectPort();
  const sent = { items: [{ str: "a" }], styles: {} };
  const received = new Promise<unknown>((resolve) =>
    port.addEventListener("message", (event) => resolve(event.data))
  );
  let delivered = false;
  void received.then(() => delivered = true);
  port.postMessage({ chunk: sent });
  assert.equal(delivered, false, "delivery is asynchronous");
  const data = await received as { chunk: typeof sent };
  assert.notEqual(data.chunk, sent);
  assert.equal(data.chunk.items, sent.items, "a text chunk's items are handed over as they are");
});

/** A chain `depth` objects deep, each `{ level, color, items: [next] }`, all sharing one colour. */
function chain(depth: number) {
  type Node = { level: number; color: Uint8ClampedArray; items: Node[] };
  const color = new Uint8ClampedArray(3);
  const root: Node = { level: 0, color, items: [] };
  let last = root;
  for (let level = 1; level < depth; level++) {
    const node = { level, color, items: [] };
    last.items.push(node);
    last = node;
  }
  return root;
}

Deno.test("handOver() copies data nested past structuredClone's reach, and leaves a cycle to it", () => {
  const deep = { callbackId: 1, data: [chain(20_000)] };
  // structuredClone itself runs out of stack on this.
  assert.throws(() => structuredClone(deep), RangeError);
  const copy = handOver(deep) as typeof deep;
  let node = copy.data[0]!, source = deep.data[0]!, levels = 1;
  for (; node.items.length > 0; levels++) {
    assert.notEqual(node, source);
    assert.notEqual(node.color, source.color);
    assert.deepEqual(Object.keys(node), ["level", "color", "items"]);
    node = node.items[0]!;
    source = source.items[0]!;
  }
  assert.equal(levels, 20_000);
  assert.equal(node.level, 19_999);
  const looped = chain(40);
  let end = looped;
  while (end.items[0]) end = end.items[0];
  end.items.push(looped);
  const cyclic = handOver({ data: looped }) as { data: typeof looped };
  let back = cyclic.data;
  for (let i = 0; i < 40; i++) back = back.items[0]!;
  assert.equal(back, cyclic.data, "the cycle is kept, as structuredClone keeps it");
});
