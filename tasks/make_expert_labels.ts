/**
 * Writes the expert-labelled sample of failures
 * (`tests/fixtures/solana/expert_labels.json`): every failure in the
 * evaluation corpus, in signature order, each with what an expert would tell
 * its sender (the ruling of its kind in `expert_rulings.ts`, plus the numbers
 * its own record fixes). The held-out quarter is fixed by a rule stated
 * before any scoring: a failure is held out when the first byte of the
 * SHA-256 of its signature (UTF-8) is divisible by 4. Nothing is ever tuned
 * on it.
 *
 * Run: `deno run -A tasks/make_expert_labels.ts`
 *
 * @module
 */
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from "@solana/kit";
import { kindOf } from "./corpus_block_labels.ts";
import { RULINGS } from "./expert_rulings.ts";
import { numbersFromRecord } from "./record_numbers.ts";
import type { AcceptedAnswer } from "./expert_rulings.ts";

const CORPUS = new URL("../tests/fixtures/solana/diagnosis_corpus.json", import.meta.url);
const OUT = new URL("../tests/fixtures/solana/expert_labels.json", import.meta.url);

/** The held-out rule, as written into the file. */
export const HELD_OUT_RULE = "sha256(utf8(signature))[0] % 4 == 0";

/** One labelled failure. */
export interface ExpertLabel {
  signature: string;
  program: string | null;
  kind: string;
  heldOut: boolean;
  accept: AcceptedAnswer[];
  /** Dotted `nextAction` paths that must be present; a value fixes it, `null` asks only for presence. */
  numbers: Record<string, string | number | null>;
  /** A case-insensitive pattern the answer's reason must match, where the record states the cause in words. */
  reasonMentions: string | null;
  why: string;
}

/** The label file. */
export interface ExpertLabelFile {
  heldOutRule: string;
  note: string;
  labels: ExpertLabel[];
}

/** Whether a signature falls in the held-out quarter. */
export async function isHeldOut(signature: string): Promise<boolean> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(signature)));
  return digest[0]! % 4 === 0;
}

interface CorpusEntry {
  id: string;
  response: {
    meta: {
      err: unknown;
      logMessages?: string[];
      loadedAddresses?: { writable: string[]; readonly: string[] };
    };
    /** Decoded (`json`), or wire bytes (`[base64, "base64"]`) as a whole block may keep them. */
    transaction: { message?: RecordedMessage } | [string, string];
  };
}

/** A recorded message, as much of it as the labels read. */
export interface RecordedMessage {
  accountKeys?: (string | { pubkey: string })[];
  instructions?: { accounts?: number[]; programIdIndex?: number; data?: string }[];
}

/** The message of a recorded transaction in the `json` shape, decoding wire bytes when that is how it was kept. */
export function messageOf(entry: Pick<CorpusEntry, "response">): RecordedMessage | undefined {
  const transaction = entry.response.transaction;
  if (!Array.isArray(transaction)) return transaction.message;
  const bytes = getBase64Encoder().encode(transaction[0]);
  const compiled = getCompiledTransactionMessageDecoder().decode(
    getTransactionDecoder().decode(bytes).messageBytes,
  );
  // Recorded blocks predate v1 messages, whose instructions are laid out apart.
  if (compiled.version === 1) return undefined;
  const base58 = getBase58Decoder();
  return {
    accountKeys: [...compiled.staticAccounts],
    instructions: compiled.instructions.map((instruction) => ({
      programIdIndex: instruction.programAddressIndex,
      accounts: [...(instruction.accountIndices ?? [])],
      data: base58.decode(instruction.data ?? new Uint8Array()),
    })),
  };
}

/**
 * The accounts, program and data of the top-level instruction an
 * `InstructionError` names, loaded addresses included.
 */
function failingInstruction(entry: CorpusEntry, message: RecordedMessage | undefined, accountKeys: string[]) {
  const index = (entry.response.meta.err as { InstructionError?: [number, unknown] })?.InstructionError?.[0];
  const loaded = entry.response.meta.loadedAddresses;
  const keys = [...accountKeys, ...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])];
  const instruction = index === undefined ? undefined : message?.instructions?.[index];
  const program = instruction?.programIdIndex === undefined ? undefined : keys[instruction.programIdIndex];
  return {
    failingAccounts: (instruction?.accounts ?? []).map((position) => keys[position]!),
    failingInstruction: program && instruction?.data !== undefined
      ? { program, data: new Uint8Array(getBase58Encoder().encode(instruction.data)) }
      : null,
  };
}

/** Builds the label file from the corpus: what the task writes, and what the test checks the file against. */
export async function buildExpertLabels(): Promise<ExpertLabelFile> {
  const corpus: CorpusEntry[] = JSON.parse(await Deno.readTextFile(CORPUS));
  const failures = corpus.filter((entry) =>
    entry.response.meta.err !== null && entry.response.meta.err !== undefined
  )
    .sort((a, b) => a.id.localeCompare(b.id));
  const labels: ExpertLabel[] = [];
  for (const entry of failures) {
    const logs = entry.response.meta.logMessages ?? [];
    const { program, key } = kindOf(logs, entry.response.meta.err);
    const ruling = RULINGS[key];
    if (!ruling) throw new Error(`no ruling for kind ${key} (${entry.id})`);
    const message = messageOf(entry);
    const accountKeys = (message?.accountKeys ?? []).map((k) => typeof k === "string" ? k : k.pubkey);
    const numbers: Record<string, string | number | null> = Object.fromEntries(
      (ruling.requires ?? []).map((path) => [path, null]),
    );
    const failing = failingInstruction(entry, message, accountKeys);
    Object.assign(
      numbers,
      numbersFromRecord(program, { logs, err: entry.response.meta.err, accountKeys, ...failing }),
    );
    labels.push({
      signature: entry.id,
      program,
      kind: key,
      heldOut: await isHeldOut(entry.id),
      accept: ruling.accept,
      numbers,
      reasonMentions: ruling.reasonMentions ?? null,
      why: ruling.why,
    });
  }
  const programs = new Set(labels.map((label) => label.program).filter(Boolean));
  const unraised = labels.filter((label) => label.program === null).length;
  const file: ExpertLabelFile = {
    heldOutRule: HELD_OUT_RULE,
    note: "Every failure of diagnosis_corpus.json, judged from its logs, error and balances (see " +
      `tasks/expert_rulings.ts). The corpus's failures come from ${programs.size} programs (and ${unraised} ` +
      "transaction errors no program raised)" +
      (programs.size < 40 ? ", fewer than 40: the sample holds every program the corpus offers." : "."),
    labels,
  };
  return file;
}

async function main() {
  const file = await buildExpertLabels();
  const { labels } = file;
  const programs = new Set(labels.map((label) => label.program).filter(Boolean));
  await Deno.writeTextFile(OUT, JSON.stringify(file, null, 2) + "\n");
  console.log(
    `${labels.length} failures, ${programs.size} programs, ${
      labels.filter((l) => l.heldOut).length
    } held out`,
  );
}

if (import.meta.main) await main();
