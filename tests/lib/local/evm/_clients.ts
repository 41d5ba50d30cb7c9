/**
 * Shared test helpers for the local EVM chain: viem clients on a running
 * chain, throwaway wallets holding ether, and EIP-3009 signatures.
 *
 * @module
 */
import {
  type Account,
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  parseEther,
  toHex,
} from "viem";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { LOCAL_EVM_CHAIN_ID, LOCAL_EVM_USDC } from "../../../../lib/local/evm/chain.ts";

/** EIP-3009 typed-data definitions, written from the standard. */
export const EIP3009_TYPES = {
  TransferWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
  ReceiveWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
  CancelAuthorization: [
    { name: "authorizer", type: "address" },
    { name: "nonce", type: "bytes32" },
  ],
} as const;

/** The EIP-712 domain the local USDC must use. */
export const USDC_DOMAIN = {
  name: "USDC",
  version: "2",
  chainId: LOCAL_EVM_CHAIN_ID,
  verifyingContract: LOCAL_EVM_USDC,
} as const;

/** viem clients on the chain at `rpcUrl`. */
export function connect(rpcUrl: string) {
  const chain = defineChain({
    id: LOCAL_EVM_CHAIN_ID,
    name: "Local test chain",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const transport = http(rpcUrl, { retryCount: 0 });
  return {
    chain,
    publicClient: createPublicClient({ chain, transport, pollingInterval: 20 }),
    testClient: createTestClient({ chain, transport, mode: "anvil" }),
    /** A wallet client for `account`, which is given 10 ether first. */
    async wallet(account: Account) {
      await createTestClient({ chain, transport, mode: "anvil" }).setBalance({
        address: account.address,
        value: parseEther("10"),
      });
      return createWalletClient({ chain, transport, account, pollingInterval: 20 });
    },
  };
}

/** A fresh throwaway account. */
export function newAccount(): PrivateKeyAccount {
  return privateKeyToAccount(generatePrivateKey());
}

/** A random 32-byte EIP-3009 nonce. */
export function randomNonce(): Hex {
  return toHex(crypto.getRandomValues(new Uint8Array(32)));
}

/** The fields of a transfer or receive authorization. */
export interface Authorization {
  from: Address;
  to: Address;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
}

/** An authorization from `from` to `to` valid from ten minutes ago for one hour. */
export function authorization(from: Address, to: Address, value: bigint): Authorization {
  const now = BigInt(Math.floor(Date.now() / 1000));
  return { from, to, value, validAfter: now - 600n, validBefore: now + 3600n, nonce: randomNonce() };
}

/** Signs `auth` with `signer` as a TransferWithAuthorization (or ReceiveWithAuthorization). */
export function signAuthorization(
  signer: PrivateKeyAccount,
  auth: Authorization,
  primaryType: "TransferWithAuthorization" | "ReceiveWithAuthorization" = "TransferWithAuthorization",
): Promise<Hex> {
  return signer.signTypedData({ domain: USDC_DOMAIN, types: EIP3009_TYPES, primaryType, message: auth });
}
