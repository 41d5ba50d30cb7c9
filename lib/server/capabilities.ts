/**
 * What this runtime can do, found out once at start: whether ffmpeg is
 * present *and* may be run (a locked-down `deno run` without `--allow-run`
 * has the binary but not the permission), and whether pdf.js can be loaded.
 * What cannot run is not sold: {@linkcode withheldOperations} names the
 * operations to leave out of every catalogue, with the reason their routes
 * answer instead.
 *
 * @module
 */

/** A capability an operation may need. */
export type CapabilityName = "ffmpeg" | "pdfjs";

/** Why a capability is missing. */
export type MissingReason =
  | "not_installed"
  | "not_permitted"
  | "not_executable"
  | "over_budget"
  | "failed";

/** Whether one capability is usable here, and why not. */
export type Capability =
  | { readonly ok: true; readonly detail: string }
  | { readonly ok: false; readonly reason: MissingReason; readonly detail: string };

/** Every capability, by name. */
export type Capabilities = Readonly<Record<CapabilityName, Capability>>;

/** The capability each operation needs, by operation id; operations not listed need none. */
export const OPERATION_NEEDS: Readonly<Record<string, CapabilityName>> = Object.freeze({
  normalize_audio: "ffmpeg",
  pdf_to_markdown: "pdfjs",
});

/** What a missing capability means for buyers. */
const FEATURE: Record<CapabilityName, string> = {
  ffmpeg: "Audio normalisation",
  pdfjs: "PDF conversion",
};

/**
 * The capability a `Deno.Command` failure stands for. Deno throws `NotFound`
 * for a missing binary, `PermissionDenied` when the OS refuses to execute it,
 * and `NotCapable` when the runtime was not granted `--allow-run`.
 */
export function commandFailure(error: unknown, command: string): Capability & { ok: false } {
  if (error instanceof Deno.errors.NotCapable) {
    return {
      ok: false,
      reason: "not_permitted",
      detail: `installed or not, "${command}" may not be run: the runtime lacks --allow-run`,
    };
  }
  if (error instanceof Deno.errors.NotFound) {
    return { ok: false, reason: "not_installed", detail: `"${command}" is not installed (not found)` };
  }
  if (error instanceof Deno.errors.PermissionDenied) {
    return {
      ok: false,
      reason: "not_executable",
      detail: `"${command}" exists but the system refused to execute it (file permissions)`,
    };
  }
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { ok: false, reason: "failed", detail: `"${command}" could not be started: ${message}` };
}

/** Runs `command -version` once, bounded by `timeoutMs`; the first line of its answer is the detail. */
export async function probeCommand(command: string, timeoutMs = 10_000): Promise<Capability> {
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(command, {
      args: ["-hide_banner", "-version"],
      stdin: "null",
      stdout: "piped",
      stderr: "null",
      clearEnv: true,
      env: {},
    }).spawn();
  } catch (error) {
    return commandFailure(error, command);
  }
  const timer = setTimeout(() => {
    try {
      child.kill("SIGKILL");
    } catch {
      // Already exited.
    }
  }, timeoutMs);
  try {
    const { success, code, stdout } = await child.output();
    const firstLine = new TextDecoder().decode(stdout).split("\n")[0]?.trim() ?? "";
    if (!success) {
      return { ok: false, reason: "failed", detail: `"${command} -version" exited with code ${code}` };
    }
    return { ok: true, detail: firstLine || `"${command}" runs` };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether pdf.js can be loaded: its module resolves and is readable. It is
 * not imported here, so a service that converts nothing never pays its memory.
 */
export async function probePdfJs(
  specifier: string = import.meta.resolve("pdfjs-dist/legacy/build/pdf.mjs"),
): Promise<Capability> {
  const url = new URL(specifier);
  if (url.protocol !== "file:") return { ok: true, detail: `pdf.js from ${url.protocol}` };
  try {
    const file = await Deno.open(url, { read: true });
    file.close();
    return { ok: true, detail: "pdf.js loadable" };
  } catch (error) {
    if (error instanceof Deno.errors.NotCapable) {
      return {
        ok: false,
        reason: "not_permitted",
        detail: "pdf.js may not be read: the runtime lacks --allow-read",
      };
    }
    if (error instanceof Deno.errors.NotFound) {
      return { ok: false, reason: "not_installed", detail: "pdf.js is not installed (run deno install)" };
    }
    return { ok: false, reason: "failed", detail: `pdf.js cannot be read: ${(error as Error).message}` };
  }
}

/** How to find out each capability; tests and other probes may stand in. */
export interface Probes {
  ffmpeg(): Promise<Capability>;
  pdfjs(): Promise<Capability>;
}

/** The probes of this runtime, with ffmpeg at `ffmpegPath`. */
export function runtimeProbes(ffmpegPath: string): Probes {
  return { ffmpeg: () => probeCommand(ffmpegPath), pdfjs: () => probePdfJs() };
}

/** Finds out every capability at once. */
export async function probeCapabilities(probes: Probes): Promise<Capabilities> {
  const [ffmpeg, pdfjs] = await Promise.all([probes.ffmpeg(), probes.pdfjs()]);
  return Object.freeze({ ffmpeg, pdfjs });
}

/** What an operator does about a missing capability, by capability and reason. */
const REMEDY: Record<CapabilityName, Partial<Record<MissingReason, string>>> = {
  ffmpeg: {
    not_installed:
      "install ffmpeg (Debian or Ubuntu: apt-get install -y ffmpeg; macOS: brew install ffmpeg) " +
      "or set FFMPEG_PATH to its executable, then restart",
    not_executable: "make FFMPEG_PATH name an executable ffmpeg, then restart",
    not_permitted: "grant --allow-run=ffmpeg (deno task start:host does), then restart",
    failed: "check that FFMPEG_PATH names a working ffmpeg, then restart",
  },
  pdfjs: {
    not_installed: "run deno install, then restart",
    not_permitted: "grant --allow-read, then restart",
  },
};

/** The reason an operation needing `need` is withheld, with what an operator can do about it. */
function withheldReason(need: CapabilityName, capability: Capability & { ok: false }): string {
  const remedy = REMEDY[need][capability.reason];
  return `${FEATURE[need]} is not offered on this server: ${capability.detail}${
    remedy ? `; to offer it, ${remedy}` : ""
  }`;
}

/**
 * The operations (by id) that cannot run here, with the reason their routes
 * give and what an operator can do about it: e.g. `normalize_audio` →
 * "Audio normalisation is not offered on this server: "ffmpeg" is not
 * installed (not found); to offer it, install ffmpeg (…) or set FFMPEG_PATH …".
 */
export function withheldOperations(capabilities: Capabilities): ReadonlyMap<string, string> {
  const withheld = new Map<string, string>();
  for (const [id, need] of Object.entries(OPERATION_NEEDS)) {
    const capability = capabilities[need];
    if (!capability.ok) withheld.set(id, withheldReason(need, capability));
  }
  return withheld;
}

/**
 * `capabilities`, with those whose work `MEMORY_BUDGET_MB` cannot hold (its
 * largest accepted upload came out as 0 bytes) marked missing, so that work
 * is not sold either.
 */
export function withinBudget(
  capabilities: Capabilities,
  largest: { readonly audioBytes: number; readonly pdfBytes: number },
  budgetMb: number,
): Capabilities {
  const over = (name: CapabilityName, bytes: number): Capability =>
    bytes > 0 || !capabilities[name].ok ? capabilities[name] : {
      ok: false,
      reason: "over_budget",
      detail: `MEMORY_BUDGET_MB=${budgetMb} holds no ${FEATURE[name].toLowerCase()} job: raise it`,
    };
  return { ffmpeg: over("ffmpeg", largest.audioBytes), pdfjs: over("pdfjs", largest.pdfBytes) };
}
