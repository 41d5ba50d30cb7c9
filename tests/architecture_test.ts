/**
 * The shape of the code, as `deno info --json` measures it from the service's
 * entry (`main.ts`) and the paying client's (`tasks/pay.ts`): no import cycle
 * between modules, no two top-level folders that import each other (the HTTP
 * and MCP adapters sit side by side on lib/ and routes/), and lib/ is a house
 * of rooms: no two of its folders import each other (type imports included),
 * nothing lies loose at its root but faces, and a product is reached from
 * outside only through its face (`mod.ts`).
 */
import assert from "node:assert/strict";

const ROOT = new URL("../", import.meta.url).href;

interface ModuleInfo {
  specifier: string;
  dependencies?: { code?: { specifier: string }; type?: { specifier: string } }[];
}

/** The entry modules the graph is read from: the service, and the paying client the tasks use. */
const ENTRIES = ["main.ts", "tasks/pay.ts"];

/** The project's own modules reached from `entry` and the project modules each imports (code or types). */
async function importGraph(
  entry: string,
  graph = new Map<string, string[]>(),
): Promise<Map<string, string[]>> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", entry],
    cwd: new URL(ROOT),
    stdout: "piped",
    stderr: "inherit",
  }).output();
  assert.ok(output.success, "deno info failed");
  const { modules } = JSON.parse(new TextDecoder().decode(output.stdout)) as { modules: ModuleInfo[] };
  for (const module of modules) {
    if (!module.specifier.startsWith(ROOT)) continue;
    const targets = (module.dependencies ?? [])
      .flatMap((dependency) => [dependency.code?.specifier, dependency.type?.specifier])
      .filter((target): target is string => target !== undefined && target.startsWith(ROOT));
    graph.set(module.specifier.slice(ROOT.length), targets.map((target) => target.slice(ROOT.length)));
  }
  return graph;
}

/** Strongly connected components of more than one module (or a module importing itself). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

function topFolder(path: string): string {
  return path.includes("/") ? path.split("/")[0]! : path;
}

/** The room of lib/ a module lives in (`lib/pdf/pool.ts` → `lib/pdf`); undefined outside lib/ or at its root. */
function room(path: string): string | undefined {
  const parts = path.split("/");
  return parts[0] === "lib" && parts.length > 2 ? `lib/${parts[1]}` : undefined;
}

/** The arrows `from -> to` between the groups `groupOf` puts modules in (modules it leaves out are skipped). */
function groupEdges(
  graph: Map<string, string[]>,
  groupOf: (path: string) => string | undefined,
): Set<string> {
  const edges = new Set<string>();
  for (const [from, targets] of graph) {
    for (const target of targets) {
      const [a, b] = [groupOf(from), groupOf(target)];
      if (a !== undefined && b !== undefined && a !== b) edges.add(`${a} -> ${b}`);
    }
  }
  return edges;
}

/** The arrows whose reverse is an arrow too. */
function mutual(edges: Set<string>): string[] {
  return [...edges].filter((edge) => edges.has(edge.split(" -> ").reverse().join(" -> "))).sort();
}

/** Rooms anyone may reach into: the wiring and the leaf utilities. Every other room is a product with a face. */
const OPEN_ROOMS = new Set(["lib/server", "lib/shared"]);

/** The imports that reach into a product from outside it past its faces (`mod.ts`, one per folder). */
function faceBypasses(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [from, targets] of graph) {
    for (const target of targets) {
      const product = room(target);
      if (product === undefined || OPEN_ROOMS.has(product) || room(from) === product) continue;
      if (!target.endsWith("/mod.ts")) found.push(`${from} -> ${target}`);
    }
  }
  return found.sort();
}

const graph = new Map<string, string[]>();
for (const entry of ENTRIES) await importGraph(entry, graph);

Deno.test("the import graph covers the whole service, dynamic imports included", () => {
  for (
    const module of [
      "app.ts",
      "http/app.ts",
      "mcp/server.ts",
      "lib/server/modes/local_mode.ts",
      "routes/_manifest.ts",
    ]
  ) {
    assert.ok(graph.has(module), `${module} is reached from main.ts`);
  }
});

Deno.test("no module imports itself through others", () => {
  assert.deepEqual(cycles(graph), []);
});

Deno.test("no two top-level folders import each other, and the adapters never import each other", () => {
  const edges = groupEdges(graph, topFolder);
  assert.deepEqual(mutual(edges), []);
  for (const forbidden of ["http -> mcp", "mcp -> http", "lib -> http", "lib -> mcp", "lib -> routes"]) {
    assert.ok(!edges.has(forbidden), forbidden);
  }
});

Deno.test("cycles() finds a circle and ignores a chain", () => {
  assert.deepEqual(cycles(new Map([["a", ["b"]], ["b", ["c"]], ["c", []]])), []);
  assert.deepEqual(cycles(new Map([["a", ["b"]], ["b", ["a"]]])), [["a", "b"]]);
});

Deno.test("no two rooms of lib/ import each other, type imports included", () => {
  const edges = groupEdges(graph, room);
  assert.ok(edges.has("lib/server -> lib/pdf") && edges.has("lib/pdf -> lib/shared"), "the rooms are seen");
  assert.deepEqual(mutual(edges), []);
});

Deno.test("nothing lies at the lib/ root but faces", async () => {
  const loose: string[] = [];
  for await (const entry of Deno.readDir(new URL("lib/", ROOT))) {
    if (entry.isFile && entry.name !== "mod.ts") loose.push(`lib/${entry.name}`);
  }
  for (const module of graph.keys()) {
    if (module.startsWith("lib/") && room(module) === undefined && module !== "lib/mod.ts") {
      loose.push(module);
    }
  }
  assert.deepEqual([...new Set(loose)].sort(), []);
});

Deno.test("groupEdges() and mutual() find two rooms importing each other, not a one-way arrow", () => {
  const oneWay = new Map([["lib/a/x.ts", ["lib/b/y.ts", "lib/a/z.ts"]], ["lib/b/y.ts", []], ["main.ts", [
    "lib/a/x.ts",
  ]]]);
  assert.deepEqual([...groupEdges(oneWay, room)], ["lib/a -> lib/b"]);
  assert.deepEqual(mutual(groupEdges(oneWay, room)), []);
  const twoWay = new Map([["lib/a/x.ts", ["lib/b/y.ts"]], ["lib/b/y.ts", ["lib/a/z.ts"]]]);
  assert.deepEqual(mutual(groupEdges(twoWay, room)), ["lib/a -> lib/b", "lib/b -> lib/a"]);
});

Deno.test("outsiders reach a product only through its face, and every product has one", async () => {
  assert.deepEqual(faceBypasses(graph), []);
  for await (const entry of Deno.readDir(new URL("lib/", ROOT))) {
    if (!entry.isDirectory || OPEN_ROOMS.has(`lib/${entry.name}`)) continue;
    assert.ok(graph.has(`lib/${entry.name}/mod.ts`), `lib/${entry.name}/mod.ts is the face the service uses`);
  }
});

Deno.test("faceBypasses() finds an import past a face, from an adapter or another room", () => {
  const modules = new Map([
    ["routes/a.ts", ["lib/pdf/mod.ts", "lib/shared/log.ts", "lib/server/runtime.ts"]],
    ["lib/pdf/mod.ts", ["lib/pdf/check.ts"]],
    ["lib/solana/token/inspect.ts", ["lib/solana/rpc.ts", "lib/solana/transaction/mod.ts"]],
  ]);
  assert.deepEqual(faceBypasses(modules), []);
  modules.set("routes/b.ts", ["lib/pdf/check.ts"]);
  modules.set("lib/server/services.ts", ["lib/audio/service.ts"]);
  assert.deepEqual(faceBypasses(modules), [
    "lib/server/services.ts -> lib/audio/service.ts",
    "routes/b.ts -> lib/pdf/check.ts",
  ]);
});
