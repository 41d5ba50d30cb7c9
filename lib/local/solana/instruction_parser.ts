/**
 * `jsonParsed` instructions: the common System, SPL Token / Token-2022,
 * Associated Token Account and Memo instructions parsed as a validator
 * parses them; everything else "partially decoded" (program id, account
 * addresses, base58 data), which is also what a validator sends for
 * programs it has no parser for.
 *
 * @module
 */
import { getBase58Decoder } from "@solana/kit";
import type { Address } from "@solana/kit";
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM, uiTokenAmount } from "./token_accounts.ts";

const SYSTEM_PROGRAM = "11111111111111111111111111111111";
const ASSOCIATED_TOKEN_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";
const MEMO_PROGRAMS = new Set([
  "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr",
  "Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo",
]);

/** An instruction to render: program, accounts and data resolved against a key list. */
export interface InstructionToParse {
  programId: Address;
  accounts: Address[];
  data: Uint8Array;
  stackHeight: number | null;
}

type Parsed = { program: string; parsed: unknown };

/** Renders an instruction in `jsonParsed` form. */
export function parseInstruction(instruction: InstructionToParse): Record<string, unknown> {
  const { programId, stackHeight } = instruction;
  const parsed = parseKnown(instruction);
  if (parsed) return { parsed: parsed.parsed, program: parsed.program, programId, stackHeight };
  return {
    accounts: instruction.accounts,
    data: getBase58Decoder().decode(instruction.data),
    programId,
    stackHeight,
  };
}

function parseKnown(instruction: InstructionToParse): Parsed | null {
  const { programId } = instruction;
  if (MEMO_PROGRAMS.has(programId)) {
    const text = decodeUtf8(instruction.data);
    return text === null ? null : { program: "spl-memo", parsed: text };
  }
  if (programId === SYSTEM_PROGRAM) return parseSystem(instruction);
  if (programId === TOKEN_PROGRAM || programId === TOKEN_2022_PROGRAM) return parseToken(instruction);
  if (programId === ASSOCIATED_TOKEN_PROGRAM) return parseAssociatedToken(instruction);
  return null;
}

function parseSystem({ accounts: [a, b, c], data }: InstructionToParse): Parsed | null {
  if (data.length < 4) return null;
  const view = viewOf(data);
  const kind = view.getUint32(0, true);
  const info = (type: string, fields: Record<string, unknown>) => ({
    program: "system",
    parsed: { info: fields, type },
  });
  if (kind === 0 && data.length >= 52 && a && b) {
    return info("createAccount", {
      lamports: Number(view.getBigUint64(4, true)),
      newAccount: b,
      owner: getBase58Decoder().decode(data.subarray(20, 52)),
      source: a,
      space: Number(view.getBigUint64(12, true)),
    });
  }
  if (kind === 2 && data.length >= 12 && a && b) {
    return info("transfer", { destination: b, lamports: Number(view.getBigUint64(4, true)), source: a });
  }
  if (kind === 4 && a && b && c) {
    return info("advanceNonce", { nonceAccount: a, nonceAuthority: c, recentBlockhashesSysvar: b });
  }
  return null;
}

function parseToken({ programId, accounts: [a, b, c, d], data }: InstructionToParse): Parsed | null {
  const program = programId === TOKEN_2022_PROGRAM ? "spl-token-2022" : "spl-token";
  const info = (type: string, fields: Record<string, unknown>) => ({
    program,
    parsed: { info: fields, type },
  });
  const view = viewOf(data);
  if (data[0] === 3 && data.length >= 9 && a && b && c) {
    return info("transfer", {
      amount: view.getBigUint64(1, true).toString(),
      authority: c,
      destination: b,
      source: a,
    });
  }
  if (data[0] === 7 && data.length >= 9 && a && b && c) {
    return info("mintTo", {
      account: b,
      amount: view.getBigUint64(1, true).toString(),
      mint: a,
      mintAuthority: c,
    });
  }
  if (data[0] === 12 && data.length >= 10 && a && b && c && d) {
    const amount = view.getBigUint64(1, true);
    return info("transferChecked", {
      authority: d,
      destination: c,
      mint: b,
      source: a,
      tokenAmount: uiTokenAmount(amount, data[9] ?? 0),
    });
  }
  return null;
}

function parseAssociatedToken({ accounts, data }: InstructionToParse): Parsed | null {
  const [source, account, wallet, mint, systemProgram, tokenProgram] = accounts;
  const kind = data.length === 0 ? 0 : data[0];
  if ((kind !== 0 && kind !== 1) || !tokenProgram) return null;
  return {
    program: "spl-associated-token-account",
    parsed: {
      info: { account, mint, source, systemProgram, tokenProgram, wallet },
      type: kind === 0 ? "create" : "createIdempotent",
    },
  };
}

function decodeUtf8(data: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    return null;
  }
}

function viewOf(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}
