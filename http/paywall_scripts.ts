/**
 * The scripts of the 402 page, inline so the page needs nothing from
 * elsewhere. Each is plain browser JavaScript run once when the page loads:
 * one reads the requirement from the page and repeats the request with a
 * signed payment; one per rail gets that payment signed by the person's
 * wallet.
 *
 * @module
 */

/** The script of the page for a requirement on `network`. */
export function paywallScript(network: string): string {
  const rail = network.startsWith("eip155:") ? EVM_WALLET : SOLANA_WALLET;
  return `(() => {${SEND_PAYMENT}${rail}})();`;
}

/**
 * What both rails share: the requirement, the status line, base64, and
 * `send(payment)`, which repeats the page's request with the payment in
 * `PAYMENT-SIGNATURE` and shows the answer (and the settlement's
 * transaction, from `PAYMENT-RESPONSE`).
 */
const SEND_PAYMENT = `
  const required = JSON.parse(document.getElementById("payment-required").textContent);
  const offer = required.accepts[0];
  const button = document.getElementById("pay");
  const status = document.getElementById("status");
  const output = document.getElementById("result");
  const receipt = document.getElementById("receipt");
  const say = (text) => { status.textContent = text; };
  const toBase64 = (bytes) => { let text = ""; for (const b of bytes) text += String.fromCharCode(b); return btoa(text); };
  const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  async function send(payment) {
    say("Paying…");
    const response = await fetch(location.href, {
      headers: { Accept: "application/json", "PAYMENT-SIGNATURE": toBase64(new TextEncoder().encode(JSON.stringify(payment))) },
    });
    const body = await response.text();
    say(response.ok ? "Paid. The result:" : "Not charged: the call answered " + response.status + ".");
    const settled = response.headers.get("PAYMENT-RESPONSE");
    if (response.ok && settled) {
      const settlement = JSON.parse(new TextDecoder().decode(fromBase64(settled)));
      receipt.textContent = "Settled on " + settlement.network + " in transaction " + settlement.transaction + ".";
      receipt.dataset.transaction = settlement.transaction;
      receipt.hidden = false;
    }
    output.hidden = false;
    try { output.textContent = JSON.stringify(JSON.parse(body), null, 2); } catch { output.textContent = body; }
  }
  button.addEventListener("click", () => {
    button.disabled = true;
    pay().catch((error) => say("Payment not sent: " + (error && error.message ? error.message : error)))
      .finally(() => { button.disabled = false; });
  });
`;

/**
 * The EVM rail: an EIP-1193 wallet (\`window.ethereum\`) switches to the
 * chain and signs the EIP-3009 \`TransferWithAuthorization\` (EIP-712 domain
 * from the requirement's \`extra\`).
 */
const EVM_WALLET = `
  const hex = (bytes) => "0x" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  async function pay() {
    const wallet = window.ethereum;
    if (!wallet) { say("No browser wallet found: install one that supports EIP-1193 (e.g. MetaMask)."); return; }
    const chainId = Number(offer.network.split(":")[1]);
    const [from] = await wallet.request({ method: "eth_requestAccounts" });
    await wallet.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x" + chainId.toString(16) }] });
    const now = Math.floor(Date.now() / 1000);
    const authorization = {
      from, to: offer.payTo, value: offer.amount,
      validAfter: String(now - 600), validBefore: String(now + offer.maxTimeoutSeconds),
      nonce: hex(crypto.getRandomValues(new Uint8Array(32))),
    };
    const typedData = {
      types: {
        EIP712Domain: [
          { name: "name", type: "string" }, { name: "version", type: "string" },
          { name: "chainId", type: "uint256" }, { name: "verifyingContract", type: "address" },
        ],
        TransferWithAuthorization: [
          { name: "from", type: "address" }, { name: "to", type: "address" }, { name: "value", type: "uint256" },
          { name: "validAfter", type: "uint256" }, { name: "validBefore", type: "uint256" },
          { name: "nonce", type: "bytes32" },
        ],
      },
      primaryType: "TransferWithAuthorization",
      domain: { name: offer.extra.name, version: offer.extra.version, chainId, verifyingContract: offer.asset },
      message: authorization,
    };
    say("Sign the USDC authorization in your wallet…");
    const signature = await wallet.request({ method: "eth_signTypedData_v4", params: [from, JSON.stringify(typedData)] });
    await send({ x402Version: required.x402Version, resource: required.resource, accepted: offer,
      payload: { signature, authorization } });
  }
`;

/**
 * The Solana rail: wallets announce themselves through the Wallet Standard
 * (\`wallet-standard:register-wallet\` events, and the page's
 * \`wallet-standard:app-ready\` for those already loaded); the chosen one
 * connects, the service builds the unsigned \`exact\` transaction for its
 * account (\`data-build\` of the button), the wallet signs it with
 * \`solana:signTransaction\`, and the page sends it.
 */
const SOLANA_WALLET = `
  const CHAINS = {
    "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp": "solana:mainnet",
    "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1": "solana:devnet",
    "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z": "solana:testnet",
  };
  const chain = CHAINS[offer.network];
  const picker = document.getElementById("wallet");
  const wallets = [];
  const usable = (wallet) => Boolean(wallet && wallet.features && wallet.features["standard:connect"] &&
    wallet.features["solana:signTransaction"]);
  function list() {
    picker.replaceChildren(...wallets.map((wallet, index) => new Option(wallet.name, String(index))));
    picker.hidden = wallets.length < 2;
  }
  function register(...added) {
    for (const wallet of added) if (usable(wallet) && !wallets.includes(wallet)) wallets.push(wallet);
    list();
    return () => {
      for (const wallet of added) if (wallets.includes(wallet)) wallets.splice(wallets.indexOf(wallet), 1);
      list();
    };
  }
  const api = Object.freeze({ register, get: () => [...wallets], on: () => () => {} });
  window.addEventListener("wallet-standard:register-wallet", (event) => event.detail(api));
  window.dispatchEvent(new CustomEvent("wallet-standard:app-ready", { detail: api }));
  async function pay() {
    const wallet = wallets[Number(picker.value || 0)];
    if (!wallet) {
      say(window.solana || (window.phantom && window.phantom.solana)
        ? "Your Solana wallet does not announce itself through the Wallet Standard: update it, or pay with an x402 client (below)."
        : "No Solana wallet found: install one that supports the Wallet Standard (e.g. Phantom, Solflare, Backpack), or pay with an x402 client (below).");
      return;
    }
    say("Connecting " + wallet.name + "…");
    const { accounts } = await wallet.features["standard:connect"].connect();
    const account = accounts.find((a) => !chain || !a.chains || a.chains.includes(chain)) || accounts[0];
    if (!account) { say("Payment not sent: " + wallet.name + " shared no account."); return; }
    say("Preparing the payment from " + account.address + "…");
    const built = await fetch(button.dataset.build, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ resource: required.resource.url, payer: account.address }),
    });
    const answer = await built.json();
    if (!built.ok) { say("Payment not sent: " + answer.error); return; }
    say("Approve the USDC payment in " + wallet.name + "…");
    const [signed] = await wallet.features["solana:signTransaction"].signTransaction(
      { account, transaction: fromBase64(answer.transaction), ...(chain ? { chain } : {}) },
    );
    await send({ x402Version: required.x402Version, resource: required.resource, accepted: answer.accepted,
      payload: { transaction: toBase64(signed.signedTransaction) } });
  }
`;
