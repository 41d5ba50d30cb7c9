/**
 * Tools with binary input and output over MCP, paid end to end: a PDF sent
 * as base64 on `/mcp` (Solana) and an audio file normalised by the real
 * ffmpeg on `/alt/mcp` (EVM), whose result also comes as an MCP audio block.
 */
import assert from "node:assert/strict";
import type { Address } from "@solana/kit";
import { callPaidTool, callTool, connectMcp, paymentRequiredOf } from "../../lib/buyer/mcp_client.ts";
import { makeAudio } from "../_support/audio_material.ts";
import { textPdf } from "../_support/synthetic_pdf.ts";
import { fundedBuyer, startTestService } from "../_support/service.ts";

Deno.test("[e2e] MCP binary tools: base64 PDF in, audio in and out as an audio block, bad base64 free", async (t) => {
  const service = await startTestService();
  const solana = await connectMcp(`${service.base}/mcp`);
  const alt = await connectMcp(`${service.base}/alt/mcp`);
  try {
    const local = service.runtime.local!;
    const { buyer, client: payer } = await fundedBuyer(service);

    await t.step("pdf_to_markdown converts a base64 PDF and charges $0.0025 on Solana", async () => {
      const payTo = service.runtime.rails.solana.payTo as Address;
      const before = local.solana.usdcBalance(payTo);
      const pdf = textPdf([["Paid tools over MCP"], ["Second page text"]]).toBase64();
      const paid = await callPaidTool(solana, payer, "pdf_to_markdown", { pdf, pages: "2" });
      assert.equal(paid.result.isError, undefined, JSON.stringify(paid.result.content));
      const output = paid.result.structuredContent as { markdown: string; pages: number };
      assert.equal(output.pages, 2);
      assert.match(output.markdown, /Second page text/);
      assert.doesNotMatch(output.markdown, /Paid tools over MCP/);
      assert.equal(paid.settlement?.success, true);
      assert.equal(local.solana.usdcBalance(payTo) - before, 2500n);
    });

    await t.step("bytes that cannot succeed are refused before any payment is asked for", async () => {
      const notPdf = await callTool(solana, "pdf_to_markdown", {
        pdf: new TextEncoder().encode("hello").toBase64(),
      });
      assert.equal(notPdf.isError, true);
      assert.equal(paymentRequiredOf(notPdf), undefined);
      assert.match((notPdf.content[0] as { text: string }).text, /Not a PDF/);
      const noise = await callTool(alt, "normalize_audio", {
        audio: crypto.getRandomValues(new Uint8Array(4096)).toBase64(),
      });
      assert.equal(noise.isError, true);
      assert.equal(paymentRequiredOf(noise), undefined);
      assert.match((noise.content[0] as { text: string }).text, /Unsupported audio format/);
    });

    await t.step("invalid base64 is a tool error and the attached payment is not charged", async () => {
      const required = paymentRequiredOf(await callTool(solana, "pdf_to_markdown", { pdf: "JVBERi0" }))!;
      const payment = await payer.createPaymentPayload(required);
      const buyerBefore = local.solana.usdcBalance(buyer.solana.address);
      const result = await callTool(solana, "pdf_to_markdown", { pdf: "%PDF-1.7 not base64" }, payment);
      assert.equal(result.isError, true);
      assert.equal((result.content[0] as { text: string }).text, 'Invalid input: "pdf": not valid base64');
      assert.equal(local.solana.usdcBalance(buyer.solana.address), buyerBefore);
    });

    await t.step(
      "normalize_audio on /alt/mcp returns the audio as an MCP audio block, paid on EVM",
      async () => {
        const evmPayTo = service.runtime.rails.evm!.payTo as `0x${string}`;
        const before = await local.evm!.usdcBalance(evmPayTo);
        const wav = await makeAudio("speech", { seconds: 3, gainDb: -12 });
        const paid = await callPaidTool(alt, payer, "normalize_audio", {
          audio: wav.toBase64(),
          preset: "podcast",
        });
        assert.equal(paid.result.isError, undefined, JSON.stringify(paid.result.content).slice(0, 500));
        const output = paid.result.structuredContent as {
          audio: string;
          mimeType: string;
          output: { integratedLufs: number };
        };
        const [text, audio] = paid.result.content;
        assert.equal(audio?.type, "audio");
        assert.equal((audio as { data: string }).data, output.audio);
        assert.equal((audio as { mimeType: string }).mimeType, output.mimeType);
        assert.match(output.mimeType, /^audio\//);
        const bytes = Uint8Array.fromBase64(output.audio);
        assert.equal(new TextDecoder().decode(bytes.subarray(0, 4)), "RIFF");
        assert.ok(
          Math.abs(output.output.integratedLufs - -16) < 1,
          `output at ${output.output.integratedLufs} LUFS`,
        );
        // The text block is the same JSON, with the bytes left to the audio block.
        const json = JSON.parse((text as { text: string }).text);
        assert.deepEqual({ ...json, audio: output.audio }, output);
        assert.ok(json.audio.length < 100);
        assert.equal(paid.settlement?.network, "eip155:84532");
        assert.equal(await local.evm!.usdcBalance(evmPayTo) - before, 10_000n);
      },
    );
  } finally {
    await solana.close();
    await alt.close();
    await service.close();
  }
});
