/**
 * The 402 page for people, in a real headless Chromium against the real
 * service in local mode: it renders, shows the call, its price and network,
 * logs no console error, and a browser wallet pays from it on both rails: on
 * Solana a Wallet Standard wallet whose key lives in the page (WebCrypto
 * Ed25519) signs the transaction the service builds, on Base an EIP-1193
 * provider whose signatures come from a real key; both settle on the embedded
 * chains. Agents keep the JSON 402; both are `Cache-Control: no-store`, a
 * paid answer is `private`.
 */
import assert from "node:assert/strict";
import type { Address, Signature } from "@solana/kit";
import { fundFromFaucet, throwawayBuyer } from "../../lib/buyer/paying_client.ts";
import { fundedBuyer, startTestService } from "../_support/service.ts";
import { launchChromium } from "./_chromium.ts";
import { solanaTestWallet } from "./_solana_wallet.ts";

const FEES = "/v1/fees/priority";
const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/** A test wallet in the page: `window.ethereum` forwards each request to the test through a binding. */
const INJECTED_WALLET = `(() => {
  const waiting = new Map();
  let next = 0;
  window.__walletReply = (id, result) => { waiting.get(id)(result); waiting.delete(id); };
  window.ethereum = {
    request: ({ method, params }) => new Promise((resolve) => {
      const id = ++next;
      waiting.set(id, resolve);
      window.__walletRequest(JSON.stringify({ id, method, params }));
    }),
  };
})();`;

Deno.test("[e2e] paid routes: JSON 402 for agents, no-store on 402s, private on paid answers", async () => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  try {
    for (const accept of [undefined, "application/json", "*/*"]) {
      const response = await fetch(service.base + FEES, { headers: accept ? { Accept: accept } : {} });
      assert.equal(response.status, 402);
      assert.match(response.headers.get("content-type")!, /^application\/json/);
      assert.equal(response.headers.get("cache-control"), "no-store");
      assert.ok(response.headers.get("payment-required"));
      assert.ok((await response.json()).payment);
    }
    const { client } = await fundedBuyer(service);
    const { wrapFetchWithPayment } = await import("@x402/fetch");
    const paid = await wrapFetchWithPayment(fetch, client)(service.base + FEES);
    assert.equal(paid.status, 200, await paid.clone().text());
    assert.ok(paid.headers.get("payment-response"));
    assert.equal(paid.headers.get("cache-control"), "private");
    await paid.body?.cancel();
    const refused = await fetch(service.base + FEES, { headers: { "PAYMENT-SIGNATURE": btoa("{}") } });
    assert.equal(refused.status, 402);
    assert.equal(refused.headers.get("cache-control"), "no-store");
    await refused.body?.cancel();
  } finally {
    await service.close();
  }
});

Deno.test("[e2e] a browser gets a 402 page that shows the call and its price and pays with a wallet", async (t) => {
  const service = await startTestService();
  const browser = await launchChromium();
  try {
    const { page } = browser;
    const open = (path: string) => page.navigate(service.base + path);
    /** The status line once the page shows a result (or says why it has none). */
    const paidStatus = () =>
      page.evaluate<string>(`new Promise((resolve) => {
        const check = () => document.getElementById("result").hidden && !/^Payment not sent/.test(status())
          ? setTimeout(check, 50)
          : resolve(status());
        const status = () => document.getElementById("status").textContent;
        check();
      })`);
    /** Errors other than the page's own 402 status, which Chromium logs as a failed load. */
    const pageErrors = () => page.errors.filter((error) => !/status of 402 \(Payment Required\)/.test(error));

    await t.step(
      "an HTML request without payment gets the page, with the requirement still in the header",
      async () => {
        const response = await fetch(service.base + FEES, { headers: { Accept: BROWSER_ACCEPT } });
        assert.equal(response.status, 402);
        assert.match(response.headers.get("content-type")!, /^text\/html/);
        assert.equal(response.headers.get("cache-control"), "no-store");
        assert.ok(response.headers.get("payment-required"));
        await response.body?.cancel();
      },
    );

    await t.step("the Solana page renders the call, price and network without console errors", async () => {
      await open(FEES);
      const shown = await page.evaluate<
        { [key in "title" | "heading" | "price" | "network" | "description" | "text"]: string }
      >(`({
        title: document.title,
        heading: document.querySelector("h1").textContent,
        price: document.getElementById("price").textContent,
        network: document.getElementById("network").textContent,
        description: document.getElementById("description").textContent,
        text: document.body.innerText,
      })`);
      assert.equal(shown.heading, "Solana priority fees");
      assert.match(shown.title, /Payment required/);
      assert.match(shown.price, /^\$0\.002 in USDC/);
      assert.match(shown.network, /local Solana chain \(solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1\)/);
      assert.match(shown.description, /prioritization fees/);
      assert.match(shown.text, /task pay GET/);
      await page.evaluate(`document.getElementById("pay").click()`);
      assert.match(
        await page.evaluate<string>(`document.getElementById("status").textContent`),
        /No Solana wallet found/,
      );
      assert.deepEqual(pageErrors(), []);
    });

    await t.step("the Solana page pays with a Wallet Standard wallet and shows the result", async () => {
      const wallet = await solanaTestWallet();
      const funded = await fetch(`${service.base}/local/faucet`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ address: wallet.address, usdc: "1" }),
      });
      assert.equal(funded.status, 200, await funded.clone().text());
      await funded.body?.cancel();
      const local = service.runtime.local!;
      const payTo = service.runtime.rails.solana.payTo as Address;
      const before = {
        buyer: local.solana.usdcBalance(wallet.address),
        payTo: local.solana.usdcBalance(payTo),
      };
      await page.send("Page.addScriptToEvaluateOnNewDocument", { source: wallet.script });
      await open(FEES);
      // Wallets that load after the page announce themselves with an event; one that cannot sign is left out.
      const offered = await page.evaluate<{ hidden: boolean; names: string[] }>(`(() => {
        const later = (name, features) => window.dispatchEvent(new CustomEvent("wallet-standard:register-wallet", {
          detail: ({ register }) => register({ version: "1.0.0", name, icon: "", chains: ["solana:devnet"],
            accounts: [], features }),
        }));
        const connect = { version: "1.0.0", connect: async () => ({ accounts: [] }) };
        later("Late Wallet", { "standard:connect": connect, "solana:signTransaction": { version: "1.0.0" } });
        later("Sign-and-send Wallet", { "standard:connect": connect, "solana:signAndSendTransaction": {} });
        const picker = document.getElementById("wallet");
        return { hidden: picker.hidden, names: [...picker.options].map((option) => option.text) };
      })()`);
      assert.deepEqual(offered, { hidden: false, names: ["Test Wallet", "Late Wallet"] });
      await page.evaluate(`document.getElementById("pay").click()`);
      assert.equal(await paidStatus(), "Paid. The result:");
      assert.deepEqual(await page.evaluate(`window.__testWallet.calls`), ["connect", "signTransaction"]);
      const result = JSON.parse(await page.evaluate<string>(`document.getElementById("result").textContent`));
      assert.ok(result.recommended ?? result.levels, JSON.stringify(result).slice(0, 300));
      assert.equal(before.buyer - local.solana.usdcBalance(wallet.address), 2000n);
      assert.equal(local.solana.usdcBalance(payTo) - before.payTo, 2000n);
      const signature = await page.evaluate<string>(`document.getElementById("receipt").dataset.transaction`);
      const rpc = await service.runtime.services.solana.kitRpc();
      const { value: [settled] } = await rpc.getSignatureStatuses([signature as Signature]).send();
      assert.equal(settled?.err, null, `transaction ${signature} landed without error`);
      assert.deepEqual(pageErrors(), []);
    });

    await t.step("the Base page pays with the browser wallet and shows the result", async () => {
      const buyer = await throwawayBuyer();
      await fundFromFaucet(service.base, buyer, "1");
      const evm = service.runtime.local!.evm!;
      const payTo = service.runtime.rails.evm!.payTo as `0x${string}`;
      const before = await evm.usdcBalance(payTo);
      const signed: string[] = [];
      await page.send("Runtime.addBinding", { name: "__walletRequest" });
      await page.send("Page.addScriptToEvaluateOnNewDocument", { source: INJECTED_WALLET });
      page.on(async ({ method, params }) => {
        if (method !== "Runtime.bindingCalled" || params.name !== "__walletRequest") return;
        const request = JSON.parse(String(params.payload));
        let result: unknown = null;
        if (request.method === "eth_requestAccounts") result = [buyer.evm.address];
        if (request.method === "eth_signTypedData_v4") {
          const typed = JSON.parse(request.params[1]);
          delete typed.types.EIP712Domain;
          result = await buyer.evm.signTypedData(typed);
        }
        signed.push(request.method);
        await page.send("Runtime.evaluate", {
          expression: `window.__walletReply(${request.id}, ${JSON.stringify(result)})`,
        });
      });
      await open(`/alt${FEES}`);
      assert.match(await page.evaluate<string>(`document.getElementById("price").textContent`), /^\$0\.002/);
      assert.match(
        await page.evaluate<string>(`document.getElementById("network").textContent`),
        /eip155:84532/,
      );
      await page.evaluate(`document.getElementById("pay").click()`);
      assert.equal(await paidStatus(), "Paid. The result:");
      assert.deepEqual(signed, ["eth_requestAccounts", "wallet_switchEthereumChain", "eth_signTypedData_v4"]);
      const result = JSON.parse(await page.evaluate<string>(`document.getElementById("result").textContent`));
      assert.ok(result.recommended ?? result.levels, JSON.stringify(result).slice(0, 300));
      assert.equal((await evm.usdcBalance(payTo)) - before, 2000n);
      assert.deepEqual(pageErrors(), []);
    });
  } finally {
    await browser.close();
    await service.close();
  }
});
