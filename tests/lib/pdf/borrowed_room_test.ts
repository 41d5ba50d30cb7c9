/**
 * A PDF priced past its share of the memory budget but within that share
 * plus the audio jobs' ffmpeg room borrows that room: it never runs beside an
 * audio job, in either order, an audio job arriving meanwhile waits in its
 * slot (or, past the queue, is refused before any work), and the room goes
 * back only once the conversion's thread has exited. The budget is lowered
 * through the plan's own inputs so that a small PDF is such a conversion;
 * ffmpeg's processes are seen from `/proc`, not from our own bookkeeping.
 *
 * @module
 */
import assert from "node:assert/strict";
import { createAudioService } from "../../../lib/audio/mod.ts";
import { normalizeAudio } from "../../../lib/audio/normalize.ts";
import { borrowsRoom } from "../../../lib/pdf/admission.ts";
import { createPdfService } from "../../../lib/pdf/service.ts";
import { loadConfig } from "../../../lib/server/config/load.ts";
import { UnavailableError } from "../../../lib/shared/errors.ts";
import { RoomLoan } from "../../../lib/shared/room_loan.ts";
import { makeAudio } from "../../_support/audio_material.ts";
import { densePdf } from "../../_support/mixed_load.ts";
import { until } from "../../_support/until.ts";

const MB = 2 ** 20;

/**
 * The services of a host with ffmpeg whose plan gives one PDF conversion about
 * 103 MB and lends it 114 more. Its conversions have two minutes, not 20 s:
 * what is proven here is the order of the work, and the dense PDF's
 * conversion takes ~5 s alone but past 20 s on a machine whose cores are
 * taken by other work.
 */
function borrowingHost() {
  const config = loadConfig({
    SERVICE_MODE: "devnet",
    MEMORY_BUDGET_MB: "576",
    AUDIO_MAX_BYTES: String(2 * MB),
    AUDIO_QUEUE: "0",
    PDF_MAX_BYTES: String(8 * MB),
    PDF_TIME_BUDGET_MS: "120000",
    PAY_TO_SOLANA: "11111111111111111111111111111111",
    PAY_TO_EVM: "0x0000000000000000000000000000000000000001",
    PUBLIC_URL: "https://api.example.com",
  });
  const room = new RoomLoan();
  const pdf = createPdfService({ ...config.pdf, room });
  return { audio: createAudioService(config.audio, room), pdf, room };
}

/**
 * ffmpeg processes of this process, read from `/proc`, that were not there
 * when the module loaded: test files share the process, and one may leave an
 * ffmpeg it stopped still exiting.
 */
async function ffmpegChildren(): Promise<number> {
  const before = await ffmpegBefore;
  return [...await ffmpegPids()].filter((pid) => !before.has(pid)).length;
}

/** Process ids of this process's ffmpeg children now. */
async function ffmpegPids(): Promise<Set<string>> {
  const pids = new Set<string>();
  for await (const task of Deno.readDir("/proc/self/task")) {
    const children = await Deno.readTextFile(`/proc/self/task/${task.name}/children`).catch(() => "");
    for (const pid of children.split(/\s+/).filter(Boolean)) {
      const name = await Deno.readTextFile(`/proc/${pid}/comm`).catch(() => "");
      if (name.trim() === "ffmpeg") pids.add(pid);
    }
  }
  return pids;
}

const ffmpegBefore = ffmpegPids();

/**
 * Samples ffmpeg's processes every few milliseconds until `done` settles (or,
 * given a condition, while it holds); the most seen at once.
 */
async function mostFfmpegWhile(done: Promise<unknown> | (() => boolean)): Promise<number> {
  let settled = false;
  if (typeof done === "function") settled = !done();
  else done.then(() => settled = true, () => settled = true);
  let most = 0;
  const holds = () => typeof done === "function" ? done() : !settled;
  while (holds()) {
    const seen = await ffmpegChildren();
    // Reading /proc takes a while: what it saw counts only if the condition held all along (it held before).
    if (typeof done !== "function" || done()) most = Math.max(most, seen);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return most;
}

/** A small text-dense PDF this host converts only by borrowing, admitted; and an MP3 that ffmpeg must decode. */
async function material(host: ReturnType<typeof borrowingHost>) {
  const admitted = await host.pdf.admit(densePdf(400, 6 * MB));
  assert.ok(borrowsRoom(admitted.price.bytes, host.pdf.limits), `${admitted.price.bytes}`);
  assert.ok(admitted.price.bytes <= host.pdf.limits.borrowCostBytes!);
  const mp3 = await makeAudio("speech", { seconds: 20, format: "mp3" });
  return { pdf: admitted.bytes, mp3 };
}

Deno.test({
  name: "an audio job arriving during a borrowing conversion waits for it, and one past the queue is refused",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const host = borrowingHost();
    const { pdf, mp3 } = await material(host);
    const converting = host.pdf.gate.run(() => host.pdf.convert(pdf, {}));
    await until(() => host.room.lent, "the conversion to borrow the room");
    const normalizing = normalizeAudio(mp3, {}, { limits: host.audio.limits, gate: host.audio.gate });
    await until(() => host.audio.gate.load.running === 1, "the audio job to take its slot");
    // The slot is taken and the queue is empty: the next job gets the 503 the gate gives when audio is busy.
    await assert.rejects(
      normalizeAudio(mp3, {}, { limits: host.audio.limits, gate: host.audio.gate }),
      UnavailableError,
    );
    let audioDoneFirst = false;
    normalizing.then(() => audioDoneFirst = !host.room.lent, () => {});
    // While the room is lent no ffmpeg runs (it is given back before the conversion's promise settles).
    assert.equal(
      await mostFfmpegWhile(() => host.room.lent),
      0,
      "ffmpeg ran during the borrowing conversion",
    );
    const converted = await converting;
    // The conversion settles only once its thread has exited: no worker is left holding the borrowed heap.
    assert.equal(host.pdf.pool.stats.live, 0);
    assert.ok(converted.markdown.length > 1000);
    assert.equal(audioDoneFirst, false);
    assert.ok(await mostFfmpegWhile(normalizing) > 0, "the audio job ran ffmpeg once the room was back");
    const result = await normalizing;
    assert.ok(Math.abs(result.output.integratedLufs - result.target.i) < 1, JSON.stringify(result.output));
    await host.pdf.pool.close();
  },
});

Deno.test({
  name: "a borrowing conversion waits for a running audio job, and starts no thread before it ends",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const host = borrowingHost();
    const { pdf, mp3 } = await material(host);
    const normalizing = normalizeAudio(mp3, {}, { limits: host.audio.limits, gate: host.audio.gate });
    await until(() => host.room.users === 1, "the audio job to use the room");
    const converting = host.pdf.gate.run(() => host.pdf.convert(pdf, {}));
    // While the audio job uses the room, the conversion has no thread started (checked beside ffmpeg's sampling).
    let threadsDuringAudio = 0;
    const sampling = (async () => {
      while (host.room.users > 0) {
        threadsDuringAudio = Math.max(threadsDuringAudio, host.pdf.pool.stats.started);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    let convertedFirst = false;
    converting.then(() => convertedFirst = host.room.users > 0 || !audioDone, () => {});
    let audioDone = false;
    normalizing.finally(() => audioDone = true).catch(() => {});
    assert.ok(await mostFfmpegWhile(normalizing) > 0);
    await Promise.all([normalizing, sampling]);
    assert.equal(threadsDuringAudio, 0, "a conversion thread started while the audio job ran");
    const converted = await converting;
    assert.equal(convertedFirst, false);
    assert.ok(converted.markdown.length > 1000);
    assert.deepEqual([host.pdf.pool.stats.started, host.pdf.pool.stats.live], [1, 0]);
    await host.pdf.pool.close();
  },
});
