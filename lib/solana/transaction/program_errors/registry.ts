/**
 * Known programs: their names, their error tables, and which are runtime
 * builtins (which matters for the default compute-unit limit).
 *
 * Two kinds of table: curated ones (typed here, with a failure class per code
 * where the code says more than "the program refused") and generated ones
 * (`generated.json`, read by `tasks/generate_program_tables.ts` from the IDLs
 * and error modules programs publish in their npm packages and from the Rust
 * error enums in their repositories: names and messages, no classes). For a program with both, curated codes win and the generated
 * table fills the codes it lacks.
 *
 * @module
 */
import { ASSOCIATED_TOKEN_ERRORS } from "./associated_token.ts";
import { JUPITER_V6_ERRORS } from "./jupiter.ts";
import { ORCA_WHIRLPOOL_ERRORS } from "./orca_whirlpool.ts";
import { PUMP_FUN_ERRORS } from "./pump_fun.ts";
import { RAYDIUM_AMM_V4_ERRORS, RAYDIUM_CLMM_ERRORS, RAYDIUM_CPMM_ERRORS } from "./raydium.ts";
import { TOKEN_2022_ERRORS, TOKEN_ERRORS } from "./spl_token.ts";
import { SYSTEM_ERRORS } from "./system.ts";
import type { ProgramErrorInfo, ProgramErrorTable } from "./types.ts";
import generated from "./generated.json" with { type: "json" };

/** The Compute Budget program's address. */
export const COMPUTE_BUDGET_PROGRAM = "ComputeBudget111111111111111111111111111111";

const TABLES: readonly ProgramErrorTable[] = [
  SYSTEM_ERRORS,
  TOKEN_ERRORS,
  TOKEN_2022_ERRORS,
  ASSOCIATED_TOKEN_ERRORS,
  JUPITER_V6_ERRORS,
  RAYDIUM_AMM_V4_ERRORS,
  RAYDIUM_CPMM_ERRORS,
  RAYDIUM_CLMM_ERRORS,
  ORCA_WHIRLPOOL_ERRORS,
  PUMP_FUN_ERRORS,
];

/** A table read from a published IDL or error module, as `generated.json` holds it. */
interface GeneratedTable {
  program: string;
  programName: string;
  /** Where it was read: `npm:<package>@<version>/<file>` or `github:<owner>/<repo>@<commit>/<file>`. */
  source: string;
  /** SHA-256 of the exact source file. */
  sha256: string;
  anchor: boolean;
  errors: Array<[code: number, name: string, message: string]>;
}

/** Curated tables, each filled out with the generated codes it lacks; then the generated-only tables. */
function allTables(): Map<string, ProgramErrorTable> {
  const byProgram = new Map(TABLES.map((table) => [table.program, table]));
  for (const table of generated.tables as unknown as GeneratedTable[]) {
    const errors: Record<number, ProgramErrorInfo> = {};
    for (const [code, name, message] of table.errors) errors[code] = { name, message };
    const curated = byProgram.get(table.program);
    byProgram.set(
      table.program,
      curated ? { ...curated, errors: { ...errors, ...curated.errors } } : {
        program: table.program,
        programName: table.programName,
        errors,
        anchor: table.anchor,
        confidence: "high",
      },
    );
  }
  return byProgram;
}

const TABLE_BY_PROGRAM = allTables();

const GENERATED_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  generated.names.map((entry) => [entry.program, entry.programName]),
);

/** Runtime builtins (and precompiles), budgeted 3,000 compute units each by default. */
const BUILTINS: Readonly<Record<string, string>> = {
  "11111111111111111111111111111111": "System Program",
  [COMPUTE_BUDGET_PROGRAM]: "Compute Budget Program",
  "Vote111111111111111111111111111111111111111": "Vote Program",
  "BPFLoader1111111111111111111111111111111111": "BPF Loader v1",
  "BPFLoader2111111111111111111111111111111111": "BPF Loader v2",
  "BPFLoaderUpgradeab1e11111111111111111111111": "BPF Upgradeable Loader",
  "LoaderV411111111111111111111111111111111111": "Loader v4",
  "ZkE1Gama1Proof11111111111111111111111111111": "ZK ElGamal Proof Program",
  "Ed25519SigVerify111111111111111111111111111": "Ed25519 Signature Verification",
  "KeccakSecp256k11111111111111111111111111111": "Secp256k1 Signature Verification",
  "Secp256r1SigVerify1111111111111111111111111": "Secp256r1 Signature Verification",
};

const OTHER_NAMES: Readonly<Record<string, string>> = {
  "Stake11111111111111111111111111111111111111": "Stake Program",
  "Config1111111111111111111111111111111111111": "Config Program",
  "AddressLookupTab1e1111111111111111111111111": "Address Lookup Table Program",
  "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr": "Memo Program",
  "Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo": "Memo Program v1",
};

/** The error table of `program`, if it is one of the known programs. */
export function errorTableOf(program: string): ProgramErrorTable | undefined {
  return TABLE_BY_PROGRAM.get(program);
}

/** A human name for `program`, or `null` when it is not a known program. */
export function programNameOf(program: string): string | null {
  return TABLE_BY_PROGRAM.get(program)?.programName ?? BUILTINS[program] ?? OTHER_NAMES[program] ??
    GENERATED_NAMES[program] ?? null;
}

/** Whether `program` is a runtime builtin or precompile. */
export function isBuiltinProgram(program: string): boolean {
  return program in BUILTINS;
}
