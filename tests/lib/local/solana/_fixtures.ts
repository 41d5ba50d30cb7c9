/**
 * Shared set-up for the local chain tests: signed transactions against the
 * chain's current blockhash, a JSON-RPC call helper and a loopback HTTP
 * server for the dispatcher.
 *
 * @module
 */
import {
  appendTransactionMessageInstructions,
  type Blockhash,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Transaction,
} from "@solana/kit";
import { getTransferCheckedInstruction } from "@solana-program/token";
import type { LocalSolana } from "../../../../lib/local/solana/local_solana.ts";
import { LOCAL_USDC_DECIMALS, LOCAL_USDC_MINT, usdcAccountOf } from "../../../../lib/local/solana/usdc.ts";

/** A funded wallet. */
export async function fundedWallet(
  local: LocalSolana,
  amounts: { lamports?: bigint; usdc?: bigint } = { lamports: 1_000_000_000n },
): Promise<KeyPairSigner> {
  const wallet = await generateKeyPairSigner();
  await local.fund(wallet.address, amounts);
  return wallet;
}

/** Signs `instructions` with `payer` against the chain's latest (or a given) blockhash. */
export async function signedTransaction(
  local: LocalSolana,
  payer: KeyPairSigner,
  instructions: Instruction[],
  options: { version?: 0 | "legacy"; blockhash?: string } = {},
): Promise<Transaction> {
  const latest = local.chain.latestBlockhash();
  const lifetime = {
    blockhash: (options.blockhash ?? latest.blockhash) as Blockhash,
    lastValidBlockHeight: latest.lastValidBlockHeight,
  };
  return await pipe(
    createTransactionMessage({ version: options.version ?? 0 }),
    (message) => setTransactionMessageFeePayerSigner(payer, message),
    (message) => setTransactionMessageLifetimeUsingBlockhash(lifetime, message),
    (message) => appendTransactionMessageInstructions(instructions, message),
    (message) => signTransactionMessageWithSigners(message),
  );
}

/** A USDC TransferChecked from `from`'s associated token account to `to`'s. */
export function usdcTransfer(from: KeyPairSigner, to: string, amount: bigint): Instruction {
  return getTransferCheckedInstruction({
    source: usdcAccountOf(from.address),
    mint: LOCAL_USDC_MINT,
    destination: usdcAccountOf(to as KeyPairSigner["address"]),
    authority: from,
    amount,
    decimals: LOCAL_USDC_DECIMALS,
  });
}

/** A Memo instruction. */
export function memo(text: string): Instruction {
  return {
    programAddress: "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr" as Instruction["programAddress"],
    data: new TextEncoder().encode(text),
  };
}

/** Base64 wire form of a transaction. */
export function wire(transaction: Transaction): string {
  return getBase64EncodedWireTransaction(transaction);
}

/** The raw JSON-RPC response of one call. */
export async function rpc(local: LocalSolana, method: string, params: unknown[] = []): Promise<RpcReply> {
  return await local.handleRpc({ jsonrpc: "2.0", id: 1, method, params }) as RpcReply;
}

/** A JSON-RPC response. */
export interface RpcReply {
  jsonrpc: string;
  id: unknown;
  // deno-lint-ignore no-explicit-any
  result?: any;
  error?: { code: number; message: string; data?: unknown };
}

/** Serves the dispatcher on a loopback port, as the service's `POST /local/solana` does. */
export function serveLoopback(local: LocalSolana): { url: string; close(): Promise<void> } {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return Response.json({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error" }, id: null });
    }
    return Response.json(await local.handleRpc(body));
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/`,
    close: () => server.shutdown(),
  };
}
