/**
 * A throwaway PostgreSQL server for tests: Debian's `postgresql` binaries
 * (found by `lib/server/postgres_binaries.ts`, installed by
 * `tasks/ensure_tools.ts`), a cluster made by `initdb` in a temporary folder,
 * listening on 127.0.0.1 only, on a free port, with no Unix socket. PostgreSQL
 * refuses to run as root: when the tests are root, the cluster belongs to the
 * `postgres` system user the package creates, and its commands run through
 * `runuser`. The server can be stopped and started again on the same folder
 * and port (a database outage and its end), and is removed at the end.
 *
 * Tests that need it skip, saying why, only where it cannot be had: not
 * installed and not root (CI is root, and installs it).
 *
 * @module
 */
import { postgresBinaries } from "../../lib/server/postgres_binaries.ts";

/**
 * Why tests that need PostgreSQL must skip here, or `undefined` when they
 * run. Root without it is not a reason: `tasks/ensure_tools.ts` installs it,
 * and a test that then finds none fails.
 */
export function postgresSkipReason(): string | undefined {
  if (postgresBinaries() || Deno.uid() === 0) return undefined;
  return "PostgreSQL is not installed (sudo apt-get install -y postgresql, or run the tests as root through " +
    "`deno task test`, which installs it)";
}

/** A running throwaway PostgreSQL server. */
export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  readonly url: string;
  readonly port: number;
  /** Stops the server (fast shutdown: open connections are cut); its data stays. */
  stop(): Promise<void>;
  /** Starts the stopped server again, on the same data and port. */
  start(): Promise<void>;
  /** Runs SQL through `psql`, returning its unaligned output. */
  sql(statement: string): Promise<string>;
  /** Stops the server and removes its data. */
  close(): Promise<void>;
}

/** The system user that owns the cluster when the tests run as root. */
const SERVICE_USER = "postgres";

/** Starts a fresh server; throws, saying why, when PostgreSQL is not installed. */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinaries();
  if (!bin) {
    throw new Error(
      "PostgreSQL is not installed under /usr/lib/postgresql/<version>/bin: run `deno task test` " +
        "(tasks/ensure_tools.ts installs Debian's postgresql as root)",
    );
  }
  const asRoot = Deno.uid() === 0;
  // Under /tmp when root: the postgres user must reach the folder, wherever TMPDIR points.
  const dir = await Deno.makeTempDir({ prefix: "pg-", ...(asRoot ? { dir: "/tmp" } : {}) });
  const data = `${dir}/data`;
  if (asRoot) await Deno.chown(dir, ...await userIds(SERVICE_USER));
  const run = (tool: string, args: string[]) =>
    command(
      asRoot ? "runuser" : `${bin}/${tool}`,
      asRoot ? ["-u", SERVICE_USER, "--", `${bin}/${tool}`, ...args] : args,
    );
  await run("initdb", [
    "-D",
    data,
    "-U",
    "postgres",
    "--auth=trust",
    "--no-sync",
    "-E",
    "UTF8",
    "--no-locale",
  ]);
  const port = unusedPort();
  // Durability is not under test: the server never syncs to disk, which makes it start and write fast.
  const options = [
    `-h 127.0.0.1 -p ${port} -k ''`,
    "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200",
  ].join(" ");
  const start = () =>
    run("pg_ctl", ["-D", data, "-l", `${data}/server.log`, "-o", options, "-w", "-t", "30", "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]);
  let running = false;
  try {
    await start();
    running = true;
  } catch (error) {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async sql(statement) {
      return await run("psql", [
        "-h",
        "127.0.0.1",
        "-p",
        String(port),
        "-U",
        "postgres",
        "-AtXq",
        "-c",
        statement,
      ]);
    },
    async close() {
      if (running) await stop().catch(() => {});
      running = false;
      await Deno.remove(dir, { recursive: true });
    },
  };
}

/** Runs a command to its end; its standard output, or an error carrying what it said. */
async function command(name: string, args: string[]): Promise<string> {
  const output = await new Deno.Command(name, { args, stdout: "piped", stderr: "piped", stdin: "null" })
    .output();
  const said = new TextDecoder().decode(output.stdout);
  if (!output.success) {
    throw new Error(`${name} ${args.join(" ")} failed: ${new TextDecoder().decode(output.stderr)}${said}`);
  }
  return said;
}

/** The user and group ids of a system user. */
async function userIds(user: string): Promise<[number, number]> {
  const [uid, gid] = await Promise.all([command("id", ["-u", user]), command("id", ["-g", user])]);
  return [Number(uid.trim()), Number(gid.trim())];
}

/** A loopback port nothing listens on now. */
function unusedPort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  listener.close();
  return listener.addr.port;
}
