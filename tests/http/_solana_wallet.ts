/**
 * A Solana wallet for a page under test, announced through the Wallet
 * Standard as a real wallet extension does (a `wallet-standard:register-wallet`
 * event, and an answer to the page's `wallet-standard:app-ready`). Its key is
 * an Ed25519 key generated here and imported into the page, which signs with
 * WebCrypto: the signature is the browser's own. It records the features the
 * page called in `window.__testWallet.calls`.
 */
import { type Address, getAddressFromPublicKey } from "@solana/kit";
import { Buffer } from "node:buffer";

/** The wallet's address and the script that installs it in a page. */
export interface SolanaTestWallet {
  address: Address;
  /** For `Page.addScriptToEvaluateOnNewDocument`: runs before the page's own scripts. */
  script: string;
}

/** A new wallet with a fresh key. */
export async function solanaTestWallet(): Promise<SolanaTestWallet> {
  const keys = await crypto.subtle.generateKey({ name: "Ed25519" }, true, [
    "sign",
    "verify",
  ]) as CryptoKeyPair;
  const address = await getAddressFromPublicKey(keys.publicKey);
  const publicKey = new Uint8Array(await crypto.subtle.exportKey("raw", keys.publicKey));
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey("pkcs8", keys.privateKey));
  return { address, script: walletScript(address, publicKey, pkcs8) };
}

function walletScript(address: string, publicKey: Uint8Array, pkcs8: Uint8Array): string {
  return `(() => {
  const ADDRESS = ${JSON.stringify(address)};
  const PUBLIC_KEY = new Uint8Array(${JSON.stringify([...publicKey])});
  const key = crypto.subtle.importKey(
    "pkcs8", Uint8Array.from(atob(${
    JSON.stringify(Buffer.from(pkcs8).toString("base64"))
  }), (c) => c.charCodeAt(0)),
    { name: "Ed25519" }, false, ["sign"],
  );
  const calls = [];
  window.__testWallet = { calls };
  /** A compact-u16 at \`offset\`: [value, bytes it takes]. */
  const shortVec = (bytes, offset) => {
    let value = 0;
    for (let size = 0; ; size++) {
      const byte = bytes[offset + size];
      value |= (byte & 0x7f) << (7 * size);
      if (!(byte & 0x80)) return [value, size + 1];
    }
  };
  /** Signs a wire transaction in the signature slot of this wallet's key. */
  async function sign(transaction) {
    const bytes = new Uint8Array(transaction);
    const [slots, slotsSize] = shortVec(bytes, 0);
    const message = bytes.subarray(slotsSize + 64 * slots);
    let at = message[0] & 0x80 ? 1 : 0;
    const signers = message[at];
    at += 3;
    const [, keysSize] = shortVec(message, at);
    at += keysSize;
    for (let index = 0; index < signers; index++) {
      const candidate = message.subarray(at + 32 * index, at + 32 * (index + 1));
      if (!candidate.every((byte, i) => byte === PUBLIC_KEY[i])) continue;
      const signature = await crypto.subtle.sign("Ed25519", await key, message);
      bytes.set(new Uint8Array(signature), slotsSize + 64 * index);
      return { signedTransaction: bytes };
    }
    throw new Error("This wallet is not a signer of the transaction");
  }
  const account = Object.freeze({
    address: ADDRESS, publicKey: PUBLIC_KEY, chains: ["solana:devnet"], features: ["solana:signTransaction"],
  });
  const wallet = {
    version: "1.0.0",
    name: "Test Wallet",
    icon: "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=",
    chains: ["solana:devnet"],
    accounts: [],
    features: {
      "standard:connect": {
        version: "1.0.0",
        connect: async () => {
          calls.push("connect");
          wallet.accounts = [account];
          return { accounts: wallet.accounts };
        },
      },
      "solana:signTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signTransaction: async (...inputs) => {
          calls.push("signTransaction");
          return await Promise.all(inputs.map((input) => {
            if (input.account.address !== ADDRESS) throw new Error("Unknown account");
            return sign(input.transaction);
          }));
        },
      },
    },
  };
  const register = ({ register }) => register(wallet);
  window.dispatchEvent(new CustomEvent("wallet-standard:register-wallet", { detail: register }));
  window.addEventListener("wallet-standard:app-ready", ({ detail }) => register(detail));
})();`;
}
