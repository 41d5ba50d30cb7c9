/**
 * Extracts the transaction-diagnosis evaluation corpus from recorded mainnet
 * data that public repositories keep: whole blocks in the ledger-storage
 * protobuf form, and whole or partial `getBlock` results and `getTransaction`
 * results kept as test fixtures. Each transaction becomes one case, reshaped
 * as the `getTransaction` result a node returns for it, with its source
 * (repository, path, commit) recorded; the sources are listed in
 * `diagnosis_corpus_sources.ts`. Labels are judged by hand and kept
 * apart, in `diagnosis_corpus_labels.json`, keyed by signature: failures of the
 * whole blocks get the label of their kind (`corpus_block_labels.ts`), the
 * others keep the label already written there.
 *
 * Every fourth case of the first sources (in signature order, fixed before any
 * tuning) is held out; cases of sources added later are held out by the
 * expert sample's hash rule, so that no earlier case changes part.
 *
 * Run: `deno run -A tasks/extract_diagnosis_corpus.ts <mirrors-dir>`, where
 * `<mirrors-dir>/<owner>+<name>/repo` is a bare git copy of each source.
 *
 * @module
 */

import { getBase58Decoder } from "@solana/kit";
import { KIND_LABELS, kindOf } from "./corpus_block_labels.ts";
import { isHeldOut } from "./make_expert_labels.ts";
import { transactionsOfStoredBlock } from "./storage_block.ts";
import { BLOCKS, LATER_SOURCES, type Source, SOURCES } from "./diagnosis_corpus_sources.ts";

const OUT = new URL("../tests/fixtures/solana/diagnosis_corpus.json", import.meta.url);
const LABELS = new URL("../tests/fixtures/solana/diagnosis_corpus_labels.json", import.meta.url);

type Json = Record<string, unknown>;

/**
 * From a whole block, fixed before any case was scored: every failure, at most
 * {@linkcode PER_KIND} of each kind (innermost program and failure line, first
 * in signature order), and every {@linkcode SUCCESS_STRIDE}th landed
 * transaction that is not a vote.
 */
const PER_KIND = 6;
const SUCCESS_STRIDE = 10;
const VOTE = "Vote111111111111111111111111111111111111111";

/** One corpus case. */
export interface CorpusCase {
  id: string;
  heldOut: boolean;
  source: { repo: string; path: string; commit: string };
  /** The `getTransaction` (json encoding) result. */
  response: Json;
  label: unknown;
}

async function git(dir: string, ...args: string[]): Promise<string> {
  const out = await new Deno.Command("git", { args: ["-C", dir, ...args], stdout: "piped" }).output();
  if (!out.success) throw new Error(`git ${args.join(" ")} failed in ${dir}`);
  return new TextDecoder().decode(out.stdout);
}

/** The responses in a file, whatever shape holds them. */
async function responsesIn(text: string, kind: Source["kind"]): Promise<unknown[]> {
  if (kind === "json") return [JSON.parse(text)];
  if (kind === "java_text_blocks") {
    return [...text.matchAll(/"""\s*\n([\s\S]*?)"""/g)].flatMap((match) => {
      try {
        return [JSON.parse(match[1]!.replaceAll("\\s", " "))];
      } catch {
        return [];
      }
    });
  }
  // A TypeScript module exporting one literal: drop its imports, shim the kit helpers, let Deno strip the types.
  const body = text.replace(/^import[\s\S]*?from\s+'[^']+';\s*$/gm, "");
  const shim = "const address = (x: string) => x; const blockhash = (x: string) => x; " +
    "const lamports = (x: bigint) => x;\n";
  const file = await Deno.makeTempFile({ suffix: ".ts" });
  try {
    await Deno.writeTextFile(file, shim + body);
    const module = await import(`file://${file}`);
    // Bigints become numbers, as they were on the wire.
    return Object.values(module).map((value) =>
      JSON.parse(JSON.stringify(value, (_key, v) => typeof v === "bigint" ? Number(v) : v))
    );
  } finally {
    await Deno.remove(file);
  }
}

/** The transactions of a response, each as a `getTransaction` result. */
function transactionsOf(response: unknown): Json[] {
  const result = ((response as Json)?.result ?? response) as Json | null;
  if (!result || typeof result !== "object" || Array.isArray(result)) return [];
  if (Array.isArray(result.transactions)) {
    return (result.transactions as Json[]).filter((tx) => tx.meta && tx.transaction).map((tx) => ({
      slot: typeof result.parentSlot === "number" ? result.parentSlot + 1 : null,
      blockTime: result.blockTime ?? null,
      ...(tx.version !== undefined ? { version: tx.version } : {}),
      transaction: tx.transaction,
      meta: tx.meta,
    }));
  }
  return result.meta && result.transaction ? [result] : [];
}

function signatureOf(tx: Json): string | null {
  const transaction = tx.transaction as Json | unknown[];
  if (Array.isArray(transaction)) {
    // Wire bytes: a one-byte signature count, then the signatures.
    if (transaction[1] !== "base64" || typeof transaction[0] !== "string") return null;
    const bytes = Uint8Array.from(atob(transaction[0]), (c) => c.charCodeAt(0));
    return getBase58Decoder().decode(bytes.subarray(1, 65));
  }
  const signatures = (transaction as Json).signatures;
  return Array.isArray(signatures) && typeof signatures[0] === "string" ? signatures[0] : null;
}

/** Fields explain reads; rewards, return data and the like are dropped. */
function trimmed(tx: Json): Json {
  const meta = tx.meta as Json;
  const keep = [
    "err",
    "fee",
    "computeUnitsConsumed",
    "logMessages",
    "innerInstructions",
    "loadedAddresses",
    "preBalances",
    "postBalances",
    "preTokenBalances",
    "postTokenBalances",
  ];
  return {
    slot: tx.slot ?? null,
    blockTime: tx.blockTime ?? null,
    ...(tx.version !== undefined ? { version: tx.version } : {}),
    transaction: tx.transaction,
    meta: Object.fromEntries(keep.filter((key) => key in meta).map((key) => [key, meta[key]])),
  };
}

/**
 * Whether a transaction is a vote: its account keys name the vote program, or,
 * for wire bytes, the vote program runs at the top level.
 */
function isVote(tx: Json): boolean {
  const message = (tx.transaction as Json).message as Json | undefined;
  if (message) return (message.accountKeys as string[]).includes(VOTE);
  return ((tx.meta as Json).logMessages as string[]).includes(`Program ${VOTE} invoke [1]`);
}

/** The cases a whole block gives, by the rule above, with the labels of their kind. */
function fromBlock(txs: Json[], source: CorpusCase["source"], labels: Record<string, unknown>) {
  const sorted = txs.map((tx) => ({ tx, id: signatureOf(tx)! })).sort((a, b) => a.id.localeCompare(b.id));
  const perKind = new Map<string, number>();
  const picked: Omit<CorpusCase, "heldOut">[] = [];
  let successes = 0;
  for (const { tx, id } of sorted) {
    const meta = tx.meta as Json;
    if (!Array.isArray(meta.logMessages) || isVote(tx)) continue;
    if (meta.err === null) {
      if (successes++ % SUCCESS_STRIDE === 0) picked.push({ id, source, response: trimmed(tx), label: null });
      continue;
    }
    const { program, key } = kindOf(meta.logMessages as string[], meta.err);
    const seen = perKind.get(key) ?? 0;
    perKind.set(key, seen + 1);
    if (seen >= PER_KIND) continue;
    const kind = KIND_LABELS[key];
    if (kind) labels[id] = { classes: kind.classes, program, cause: kind.cause, why: kind.why };
    picked.push({ id, source, response: trimmed(tx), label: labels[id] ?? null });
  }
  return picked;
}

async function main(mirrors: string) {
  const labels: Record<string, unknown> = JSON.parse(await Deno.readTextFile(LABELS).catch(() => "{}"));
  const found = new Map<string, Omit<CorpusCase, "heldOut">>();
  for (const source of BLOCKS) {
    const dir = `${mirrors}/${source.repo.replace("/", "+")}/repo`;
    const commit = (await git(dir, "rev-parse", "HEAD")).trim();
    const bytes = (await new Deno.Command("git", {
      args: ["-C", dir, "show", `${commit}:${source.path}`],
      stdout: "piped",
    }).output()).stdout;
    const txs = source.kind === "storage_block"
      ? transactionsOfStoredBlock(bytes, Number(source.path.match(/(\d+)(?:\.bincode)?$/)![1]))
      : transactionsOf(JSON.parse(new TextDecoder().decode(bytes)));
    for (const entry of fromBlock(txs, { repo: source.repo, path: source.path, commit }, labels)) {
      found.set(entry.id, entry);
    }
  }
  for (const source of SOURCES) {
    const dir = `${mirrors}/${source.repo.replace("/", "+")}/repo`;
    const commit = (await git(dir, "rev-parse", "HEAD")).trim();
    const text = await git(dir, "show", `${commit}:${source.path}`);
    for (const response of await responsesIn(text, source.kind)) {
      for (const tx of transactionsOf(response)) {
        const key = signatureOf(tx);
        if (!key) continue;
        if (found.has(key) || !Array.isArray((tx.meta as Json).logMessages)) continue;
        found.set(key, {
          id: key,
          source: { repo: source.repo, path: source.path, commit },
          response: trimmed(tx),
          label: labels[key] ?? null,
        });
      }
    }
  }
  const first = [...found.values()].filter((entry) => !LATER_SOURCES.has(entry.source.repo))
    .sort((a, b) => a.id.localeCompare(b.id));
  const firstHeldOut = new Set(first.filter((_, index) => index % 4 === 3).map((entry) => entry.id));
  const cases: CorpusCase[] = [];
  for (const entry of [...found.values()].sort((a, b) => a.id.localeCompare(b.id))) {
    const heldOut = LATER_SOURCES.has(entry.source.repo)
      ? await isHeldOut(entry.id)
      : firstHeldOut.has(entry.id);
    cases.push({ ...entry, heldOut });
  }
  await Deno.writeTextFile(OUT, JSON.stringify(cases, null, 1) + "\n");
  const kept = Object.fromEntries(Object.entries(labels).filter(([id]) => found.has(id)));
  await Deno.writeTextFile(LABELS, JSON.stringify(kept, null, 2) + "\n");
  const failures = cases.filter((entry) => (entry.response.meta as Json).err !== null);
  console.log(
    `${cases.length} cases (${failures.length} failures), ${cases.filter((c) => c.heldOut).length} held out`,
  );
  for (const entry of failures) {
    if (!entry.label) {
      console.log(`unlabelled failure: ${entry.id} ${JSON.stringify((entry.response.meta as Json).err)}`);
    }
  }
}

if (import.meta.main) await main(Deno.args[0] ?? "/work/.mirror");
