/**
 * The generated error tables against their sources. Every table names the
 * exact file it was read from and that file's SHA-256; here each table is
 * derived again, with the generator's own extractor, from every source this
 * machine holds without the network: the npm files `tasks/ensure_tools.ts`
 * fetches into the source cache before the tests run (so CI re-derives every
 * npm-sourced table), the repository files kept where
 * `tasks/generate_program_tables.ts` ran, and the `@solana-program/*` clients
 * Deno installs for the import map (these four must always be re-derived).
 * A table that differs from its source, or a source whose digest changed,
 * fails. Tables whose source is not on the machine are still held to the
 * list of sources and to well-formed, consistent rows.
 *
 * @module
 */
import assert from "node:assert/strict";
import { isAddress } from "@solana/addresses";
import {
  type ExtractOptions,
  type Row,
  sha256Hex,
  tableRows,
} from "../../../../tasks/program_tables/extract.ts";
import { localSource, parseSource } from "../../../../tasks/program_tables/local_sources.ts";
import { ERROR_SOURCES } from "../../../../tasks/program_tables/sources.ts";
import generated from "../../../../lib/solana/transaction/program_errors/generated.json" with {
  type: "json",
};
import denoJson from "../../../../deno.json" with { type: "json" };

interface RecordedTable {
  program: string;
  programName: string;
  source: string;
  sha256: string;
  extract: ExtractOptions;
  anchor: boolean;
  errors: Row[];
}

const TABLES = generated.tables as unknown as RecordedTable[];
const ROOT = new URL("../../../../", import.meta.url);

/** Packages the import map installs: their tables must be re-derivable everywhere, CI included. */
const INSTALLED = new Set(
  Object.values(denoJson.imports).flatMap((spec) => spec.match(/^npm:(@?[^@/]+(?:\/[^@/]+)?)@/)?.[1] ?? []),
);

Deno.test("the generated tables are exactly the ones the source list names, read the way it says", () => {
  const listed = ERROR_SOURCES.map((source) => ({
    program: source.program,
    source: `${source.origin}/${source.file}`,
    kind: source.kind,
    prefix: source.prefix,
    enumName: source.enumName,
    scope: source.scope,
  }));
  const recorded = TABLES.map((table) => ({
    program: table.program,
    source: table.source,
    kind: table.extract.kind,
    prefix: table.extract.prefix,
    enumName: table.extract.enumName,
    scope: table.extract.scope,
  }));
  assert.deepEqual(recorded, listed);
});

Deno.test("every table agrees with its source file wherever the file is on this machine", async () => {
  const rederived: string[] = [];
  for (const table of TABLES) {
    const ref = parseSource(table.source);
    assert.ok(ref, `${table.programName}: unreadable source ${table.source}`);
    const found = await localSource(ref, ROOT);
    if (!found) {
      assert.ok(
        !(ref.scheme === "npm" && INSTALLED.has(ref.name)),
        `${table.programName}: ${ref.name} is installed but not at ${ref.version}; regenerate the tables`,
      );
      continue;
    }
    assert.equal(await sha256Hex(found.bytes), table.sha256, `${table.programName}: ${table.source} changed`);
    const rows = tableRows(new TextDecoder().decode(found.bytes), table.extract);
    assert.deepEqual(table.errors, rows, `${table.programName} differs from ${table.source} (${found.from})`);
    rederived.push(table.programName);
  }
  // The import map's packages are on every machine: these can never be skipped.
  for (const name of ["SPL Token", "SPL Token-2022", "System Program", "Associated Token Account"]) {
    assert.ok(rederived.includes(name), `${name} was not derived again`);
  }
});

Deno.test("the tables cover at least 4,000 codes over 80 programs, with well-formed rows", () => {
  assert.ok(TABLES.length >= 80, `${TABLES.length} programs`);
  assert.ok(TABLES.reduce((sum, table) => sum + table.errors.length, 0) >= 4000);
  assert.equal(new Set(TABLES.map((table) => table.program)).size, TABLES.length, "a program has two tables");
  for (const table of TABLES) {
    assert.ok(isAddress(table.program), `${table.programName}: ${table.program} is not an address`);
    assert.match(table.sha256, /^[0-9a-f]{64}$/);
    const codes = table.errors.map(([code]) => code);
    assert.deepEqual(
      codes,
      [...new Set(codes)].sort((a, b) => a - b),
      `${table.programName}: codes unsorted or repeated`,
    );
    assert.ok(
      codes.every((code) => Number.isSafeInteger(code) && code >= 0 && code < 2 ** 32),
      table.programName,
    );
    // Anchor reserves codes below 6000 for the framework itself.
    if (table.anchor) {
      assert.ok(codes[0]! >= 6000, `${table.programName}: Anchor table with code ${codes[0]}`);
    }
    for (const [code, name, message] of table.errors) {
      assert.match(name, /^[A-Za-z_][A-Za-z0-9_]*$/, `${table.programName} ${code}`);
      assert.ok(message.trim().length > 0, `${table.programName} ${code} has no message`);
    }
  }
});

Deno.test("the programs the peers' tables cover have generated tables here", () => {
  const names = new Set(TABLES.map((table) => table.programName));
  for (
    const name of [
      "Serum DEX v3",
      "OpenBook v1 (Serum fork)",
      "OpenBook v2",
      "Phoenix",
      "Pyth Solana Receiver",
      "Switchboard v2",
      "Switchboard On-Demand",
      "MarginFi v2",
      "Kamino Lending",
      "Solend (Save)",
      "Drift Protocol v2",
      "Jupiter Perpetuals",
      "Metaplex Token Metadata",
      "Tensor Marketplace",
      "Squads Multisig v4",
      "Wormhole Receiver (Pyth)",
      "Vote Program",
    ]
  ) assert.ok(names.has(name), name);
});
