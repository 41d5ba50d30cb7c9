/**
 * Real headless Chromium (Debian's `chromium`) driven over the DevTools
 * protocol: open a page, run script in it, answer bindings it calls, take
 * screenshots, and collect its console errors and uncaught exceptions.
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
  /**
   * Navigates to `url` and resolves once that document (not an earlier one
   * still loading) has fired its load event.
   */
  navigate(url: string): Promise<void>;
  /** Resolves when an event named `method` matching `accept` arrives. */
  waitFor(method: string, accept?: (params: Record<string, unknown>) => boolean): Promise<CdpEvent["params"]>;
  /** Calls `handle` for every event. */
  on(handle: (event: CdpEvent) => void): void;
  /** A PNG of the viewport. */
  screenshot(): Promise<Uint8Array>;
  /** Errors seen so far: console errors (CSP violations among them), failed loads and uncaught exceptions. */
  errors: string[];
}

/** Whether Debian's `chromium` is installed (`tasks/ensure_tools.ts` installs it when it can). */
export async function chromiumInstalled(): Promise<boolean> {
  try {
    const { success } = await new Deno.Command("chromium", {
      args: ["--version"],
      stdout: "null",
      stderr: "null",
    })
      .output();
    return success;
  } catch {
    return false;
  }
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
  const devTools = devToolsEndpoint(child.stderr);
  let page: BrowserPage & { socket: WebSocket };
  try {
    const { endpoint } = await devTools;
    page = await connectPage(await pageTarget(new URL(endpoint).port));
  } catch (error) {
    await stop(child, devTools);
    await removeProfile(profile);
    throw error;
  }
  return {
    page,
    async close() {
      const closed = page.socket.readyState === WebSocket.CLOSED
        ? Promise.resolve()
        : new Promise((resolve) => page.socket.addEventListener("close", resolve, { once: true }));
      page.socket.close();
      await stop(child, devTools);
      await closed;
      await removeProfile(profile);
    },
  };
}

/** How long a first launch (cold disk and font caches) may take to list its blank page. */
const PAGE_LISTED_MS = 30_000;

/**
 * The WebSocket URL of the blank page. Chromium announces DevTools before it
 * has always listed its first page, notably on a first launch, so the list
 * is read again until the page shows up.
 */
async function pageTarget(port: string): Promise<string> {
  const deadline = Date.now() + PAGE_LISTED_MS;
  let listed: unknown = [];
  while (true) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/list`);
      listed = await response.json();
      const targets = listed as { type: string; webSocketDebuggerUrl?: string }[];
      const page = targets.find((t) => t.type === "page" && t.webSocketDebuggerUrl);
      if (page) return page.webSocketDebuggerUrl!;
    } catch (error) {
      listed = String(error);
    }
    if (Date.now() > deadline) {
      throw new Error(`chromium listed no page within ${PAGE_LISTED_MS} ms: ${JSON.stringify(listed)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How long Chromium's helper processes may keep writing into the profile after the browser exits. */
const PROFILE_RELEASE_MS = 15_000;

/**
 * Removes the profile directory. Chromium's helper processes (crash handler,
 * zygote) may still write into it for a moment after the browser exits, so a
 * failed removal is retried; a directory still there after that is left in
 * the temp folder with a warning, as it proves nothing about the page.
 */
async function removeProfile(profile: string): Promise<void> {
  const deadline = Date.now() + PROFILE_RELEASE_MS;
  while (true) {
    try {
      return await Deno.remove(profile, { recursive: true });
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return;
      if (Date.now() > deadline) {
        console.warn(`left chromium's profile ${profile} behind: ${error}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** How long Chromium may take to exit after SIGTERM before it is killed. */
const EXIT_MS = 10_000;

/** Ends Chromium (SIGKILL if SIGTERM is not enough) and waits for its stderr to be drained. */
async function stop(child: Deno.ChildProcess, devTools: Promise<{ drained: Promise<void> }>): Promise<void> {
  child.kill("SIGTERM");
  let timer: ReturnType<typeof setTimeout> | undefined;
  const exited = await Promise.race([
    child.status.then(() => true),
    new Promise<false>((resolve) => timer = setTimeout(() => resolve(false), EXIT_MS)),
  ]);
  clearTimeout(timer);
  if (!exited) child.kill("SIGKILL");
  await child.status;
  await devTools.then(({ drained }) => drained, () => {});
}

/**
 * Reads Chromium's stderr until it names its DevTools WebSocket; `drained`
 * settles once the rest of it has been read to its end.
 */
async function devToolsEndpoint(
  stderr: ReadableStream<Uint8Array>,
): Promise<{ endpoint: string; drained: Promise<void> }> {
  const reader = stderr.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  while (true) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`chromium exited before DevTools was ready:\n${seen}`);
    seen += value;
    const match = seen.match(/DevTools listening on (ws:\/\/\S+)/);
    if (match) {
      const drained = (async () => {
        while (!(await reader.read()).done) { /* drain */ }
      })();
      return { endpoint: match[1]!, drained };
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
    async screenshot() {
      const { data } = await page.send("Page.captureScreenshot", { format: "png" });
      return Uint8Array.from(atob(String(data)), (c) => c.charCodeAt(0));
    },
    on(handle: (event: CdpEvent) => void) {
      listeners.push(handle);
    },
    async navigate(url: string) {
      const loaded = new Set<unknown>();
      const seen = ({ method, params }: CdpEvent) => {
        if (method === "Page.lifecycleEvent" && params.name === "load") loaded.add(params.loaderId);
      };
      listeners.push(seen);
      try {
        const { loaderId, errorText } = await page.send("Page.navigate", { url });
        if (errorText) throw new Error(`navigating to ${url} failed: ${errorText}`);
        if (loaded.has(loaderId)) return;
        await page.waitFor(
          "Page.lifecycleEvent",
          (params) => params.name === "load" && params.loaderId === loaderId,
        );
      } finally {
        listeners.splice(listeners.indexOf(seen), 1);
      }
    },
  };
  await page.send("Runtime.enable");
  await page.send("Log.enable");
  await page.send("Page.enable");
  await page.send("Page.setLifecycleEventsEnabled", { enabled: true });
  return page;
}
