/**
 * Account and token RPC methods of the local chain: `getAccountInfo`,
 * `getMultipleAccounts`, `getBalance`, `getTokenAccountBalance`,
 * `getTokenSupply`, `getTokenLargestAccounts`, `getMinimumBalanceForRentExemption`.
 *
 * @module
 */
import type { Address, EncodedAccount } from "@solana/kit";
import { accountEncodingOptions, type AccountLookup, encodeAccount } from "./account_encoding.ts";
import type { LocalChain } from "./chain.ts";
import { invalidParams } from "./rpc_error.ts";
import {
  addressParam,
  checkContext,
  configParam,
  listParam,
  type MethodContext,
  requireParams,
  responseContext,
  type RpcMethod,
} from "./rpc_params.ts";
import { isTokenProgram, parseMint, parseTokenAccount, uiTokenAmount } from "./token_accounts.ts";

const MAX_MULTIPLE_ACCOUNTS = 100;
const NUM_LARGEST_ACCOUNTS = 20;

function lookupOf(chain: LocalChain): AccountLookup {
  return (address: Address) => chain.account(address);
}

function getAccountInfo(params: unknown[], { chain }: MethodContext) {
  requireParams(params, 1);
  const address = addressParam(params[0]);
  const config = configParam(params[1]);
  checkContext(config, chain);
  const options = accountEncodingOptions(config, "binary");
  const account = chain.account(address);
  return {
    context: responseContext(chain),
    value: account.exists ? encodeAccount(account, options, lookupOf(chain)) : null,
  };
}

function getMultipleAccounts(params: unknown[], { chain }: MethodContext) {
  requireParams(params, 1);
  const addresses = listParam(params[0], MAX_MULTIPLE_ACCOUNTS).map(addressParam);
  const config = configParam(params[1]);
  checkContext(config, chain);
  const options = accountEncodingOptions(config, "base64");
  return {
    context: responseContext(chain),
    value: addresses.map((address) => {
      const account = chain.account(address);
      return account.exists ? encodeAccount(account, options, lookupOf(chain)) : null;
    }),
  };
}

function getBalance(params: unknown[], { chain }: MethodContext) {
  requireParams(params, 1);
  const address = addressParam(params[0]);
  checkContext(configParam(params[1]), chain);
  const account = chain.account(address);
  return { context: responseContext(chain), value: account.exists ? Number(account.lamports) : 0 };
}

function getTokenAccountBalance(params: unknown[], { chain }: MethodContext) {
  requireParams(params, 1);
  const address = addressParam(params[0]);
  checkContext(configParam(params[1]), chain);
  const account = chain.account(address);
  if (!account.exists) throw invalidParams("Invalid param: could not find account");
  const token = parseTokenAccount(account);
  if (!token) throw invalidParams("Invalid param: not a Token account");
  const decimals = mintOf(chain, token.mint).decimals;
  return { context: responseContext(chain), value: uiTokenAmount(token.amount, decimals) };
}

function getTokenSupply(params: unknown[], { chain }: MethodContext) {
  requireParams(params, 1);
  const address = addressParam(params[0]);
  checkContext(configParam(params[1]), chain);
  const mint = mintOf(chain, address);
  return { context: responseContext(chain), value: uiTokenAmount(mint.supply, mint.decimals) };
}

function getTokenLargestAccounts(params: unknown[], { chain }: MethodContext) {
  requireParams(params, 1);
  const address = addressParam(params[0]);
  checkContext(configParam(params[1]), chain);
  const mint = mintOf(chain, address);
  const holders = chain.svm.getProgramAccounts(mint.programId)
    .map((account: EncodedAccount) => ({ address: account.address, token: parseTokenAccount(account) }))
    .filter((entry) => entry.token?.mint === address)
    .sort((a, b) => compareDescending(a.token?.amount ?? 0n, b.token?.amount ?? 0n))
    .slice(0, NUM_LARGEST_ACCOUNTS);
  return {
    context: responseContext(chain),
    value: holders.map(({ address, token }) => ({
      address,
      ...uiTokenAmount(token?.amount ?? 0n, mint.decimals),
    })),
  };
}

function getMinimumBalanceForRentExemption(params: unknown[], { chain }: MethodContext) {
  const size = params[0] ?? 0;
  if (typeof size !== "number" || !Number.isSafeInteger(size) || size < 0) {
    throw invalidParams("Invalid params: invalid type: expected usize.");
  }
  checkContext(configParam(params[1]), chain);
  return Number(chain.svm.minimumBalanceForRentExemption(BigInt(size)));
}

function mintOf(chain: LocalChain, address: Address) {
  const account = chain.account(address);
  const mint = account.exists && isTokenProgram(account.programAddress) ? parseMint(account) : null;
  if (!mint) throw invalidParams("Invalid param: not a Token mint");
  return mint;
}

function compareDescending(a: bigint, b: bigint): number {
  return a === b ? 0 : a > b ? -1 : 1;
}

/** The account methods by name. */
export const ACCOUNT_METHODS: Record<string, RpcMethod> = {
  getAccountInfo,
  getMultipleAccounts,
  getBalance,
  getTokenAccountBalance,
  getTokenSupply,
  getTokenLargestAccounts,
  getMinimumBalanceForRentExemption,
};
