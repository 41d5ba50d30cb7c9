/**
 * Real headless Chromium (Debian's `chromium`) driven over the DevTools
 * protocol: open a page, run script in it, answer bindings it calls, and
 * collect its console errors and uncaught exceptions.
 */

/** A DevTools event. */
interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
}

/** One page of a running Chromium. */
export interface BrowserPage {
  /** Sends a DevTools command and resolves to its result. */
  send(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Evaluates `expression` in the page and resolves to its (JSON) value. */
  evaluate<T = unknown>(expression: string): Promise<T>;
  /** Resolves when an event named `method` matching `accept` arrives. */
  waitFor(method: string, accept?: (params: Record<string, unknown>) => boolean): Promise<CdpEvent["params"]>;
  /** Calls `handle` for every event. */
  on(handle: (event: CdpEvent) => void): void;
  /** Errors seen so far: console errors, failed loads and uncaught exceptions. */
  errors: string[];
}

/** A running Chromium. */
export interface Browser {
  page: BrowserPage;
  close(): Promise<void>;
}

/** Launches headless Chromium with one blank page. Always `close()` it. */
export async function launchChromium(): Promise<Browser> {
  const profile = await Deno.makeTempDir({ prefix: "chromium-profile-" });
  const child = new Deno.Command("chromium", {
    args: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const endpoint = await devToolsEndpoint(child.stderr);
  const port = new URL(endpoint).port;
  const targets: { type: string; webSocketDebuggerUrl: string }[] =
    await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const target = targets.find((t) => t.type === "page")!;
  const page = await connectPage(target.webSocketDebuggerUrl);
  return {
    page,
    async close() {
      page.socket.close();
      child.kill("SIGTERM");
      await child.status;
      await removeProfile(profile);
    },
  };
}

/**
 * Removes the profile directory. Chromium's helper processes (crash handler,
 * zygote) may still write into it for a moment after the browser exits, so a
 * "directory not empty" is retried for up to two seconds.
 */
async function removeProfile(profile: string): Promise<void> {
  for (let attempt = 0;; attempt++) {
    try {
      return await Deno.remove(profile, { recursive: true });
    } catch (error) {
      if (attempt >= 20 || !String(error).includes("os error 39")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Reads Chromium's stderr until it names its DevTools WebSocket, then keeps draining it. */
async function devToolsEndpoint(stderr: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stderr.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  while (true) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`chromium exited before DevTools was ready:\n${seen}`);
    seen += value;
    const match = seen.match(/DevTools listening on (ws:\/\/\S+)/);
    if (match) {
      (async () => {
        while (!(await reader.read()).done) { /* drain */ }
      })();
      return match[1]!;
    }
  }
}

async function connectPage(url: string): Promise<BrowserPage & { socket: WebSocket }> {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (v: Record<string, unknown>) => void; reject: (e: Error) => void }
  >();
  const listeners: ((event: CdpEvent) => void)[] = [];
  const errors: string[] = [];
  socket.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.id !== undefined) {
      const waiter = pending.get(data.id)!;
      pending.delete(data.id);
      if (data.error) waiter.reject(new Error(JSON.stringify(data.error)));
      else waiter.resolve(data.result);
      return;
    }
    for (const listen of [...listeners]) listen(data);
  };
  listeners.push(({ method, params }) => {
    if (method === "Runtime.exceptionThrown") {
      errors.push(`exception: ${JSON.stringify(params.exceptionDetails as Record<string, unknown>)}`);
    }
    if (method === "Runtime.consoleAPICalled" && (params.type === "error" || params.type === "assert")) {
      errors.push(`console.${params.type}: ${JSON.stringify(params.args)}`);
    }
    if (method === "Log.entryAdded") {
      const entry = params.entry as { level: string; text: string; url?: string; source: string };
      if (entry.level === "error") errors.push(`log (${entry.source}): ${entry.text} ${entry.url ?? ""}`);
    }
  });
  const page = {
    socket,
    errors,
    send(method: string, params: Record<string, unknown> = {}) {
      const id = nextId++;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise<Record<string, unknown>>((resolve, reject) => pending.set(id, { resolve, reject }));
    },
    async evaluate<T>(expression: string): Promise<T> {
      const result = await page.send("Runtime.evaluate", {
        expression,
        returnByValue: true,
        awaitPromise: true,
      });
      if (result.exceptionDetails) throw new Error(JSON.stringify(result.exceptionDetails));
      return (result.result as { value: T }).value;
    },
    waitFor(method: string, accept: (params: Record<string, unknown>) => boolean = () => true) {
      return new Promise<Record<string, unknown>>((resolve) => {
        const listen = (event: CdpEvent) => {
          if (event.method !== method || !accept(event.params)) return;
          listeners.splice(listeners.indexOf(listen), 1);
          resolve(event.params);
        };
        listeners.push(listen);
      });
    },
    on(handle: (event: CdpEvent) => void) {
      listeners.push(handle);
    },
  };
  await page.send("Runtime.enable");
  await page.send("Log.enable");
  await page.send("Page.enable");
  return page;
}
