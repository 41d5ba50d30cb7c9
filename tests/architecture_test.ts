/**
 * The shape of the code, as `deno info --json main.ts` measures it: no
 * import cycle between modules, and no two top-level folders that import each
 * other (the HTTP and MCP adapters sit side by side on lib/ and routes/).
 */
import assert from "node:assert/strict";

const ROOT = new URL("../", import.meta.url).href;

interface ModuleInfo {
  specifier: string;
  dependencies?: { code?: { specifier: string }; type?: { specifier: string } }[];
}

/** The project's own modules and the project modules each imports (code or types). */
async function importGraph(): Promise<Map<string, string[]>> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "main.ts"],
    cwd: new URL(ROOT),
    stdout: "piped",
    stderr: "inherit",
  }).output();
  assert.ok(output.success, "deno info failed");
  const { modules } = JSON.parse(new TextDecoder().decode(output.stdout)) as { modules: ModuleInfo[] };
  const graph = new Map<string, string[]>();
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

const graph = await importGraph();

Deno.test("the import graph covers the whole service, dynamic imports included", () => {
  for (
    const module of ["app.ts", "http/app.ts", "mcp/server.ts", "lib/local/mode.ts", "routes/_manifest.ts"]
  ) {
    assert.ok(graph.has(module), `${module} is reached from main.ts`);
  }
});

Deno.test("no module imports itself through others", () => {
  assert.deepEqual(cycles(graph), []);
});

Deno.test("no two top-level folders import each other, and the adapters never import each other", () => {
  const edges = new Set<string>();
  for (const [from, targets] of graph) {
    for (const target of targets) {
      if (topFolder(from) !== topFolder(target)) edges.add(`${topFolder(from)} -> ${topFolder(target)}`);
    }
  }
  const mutual = [...edges].filter((edge) => edges.has(edge.split(" -> ").reverse().join(" -> ")));
  assert.deepEqual(mutual, []);
  for (const forbidden of ["http -> mcp", "mcp -> http", "lib -> http", "lib -> mcp", "lib -> routes"]) {
    assert.ok(!edges.has(forbidden), forbidden);
  }
});

Deno.test("cycles() finds a circle and ignores a chain", () => {
  assert.deepEqual(cycles(new Map([["a", ["b"]], ["b", ["c"]], ["c", []]])), []);
  assert.deepEqual(cycles(new Map([["a", ["b"]], ["b", ["a"]]])), [["a", "b"]]);
});
