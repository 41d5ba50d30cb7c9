import assert from "node:assert/strict";
import { declaredDurationSeconds, sniffContainer } from "../../../lib/audio/containers.ts";
import { InvalidInputError } from "../../../lib/shared/errors.ts";
import { ffmpeg, makeAudio } from "../../_support/audio_material.ts";

const text = (value: string) => new TextEncoder().encode(value);

/** Deterministic pseudo-random bytes (xorshift32). */
function noise(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return bytes;
}

Deno.test("sniffContainer() recognises every format ffmpeg encodes for us", async () => {
  const expected = { wav: "wav", wav24: "wav", flac: "flac", mp3: "mp3", opus: "ogg", m4a: "mp4" } as const;
  for (const [format, kind] of Object.entries(expected)) {
    const bytes = await makeAudio("speech", { seconds: 1, format: format as keyof typeof expected });
    assert.equal(sniffContainer(bytes), kind, format);
  }
});

Deno.test("sniffContainer() recognises AIFF, ADTS AAC and WebM made by ffmpeg", async () => {
  const cases = [
    ["aiff", ["-c:a", "pcm_s16be", "-f", "aiff"]],
    ["aac", ["-c:a", "aac", "-f", "adts"]],
    ["matroska", ["-c:a", "libopus", "-f", "webm"]],
  ] as const;
  for (const [kind, codec] of cases) {
    const run = await ffmpeg(["-f", "lavfi", "-i", "sine=f=440:d=1:sample_rate=48000", ...codec, "pipe:1"]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(sniffContainer(run.stdout), kind);
  }
});

Deno.test("sniffContainer() sees through an ID3 tag to FLAC and MP3 frames", async () => {
  const mp3 = await makeAudio("music", { seconds: 1, format: "mp3" });
  assert.equal(String.fromCharCode(...mp3.subarray(0, 3)), "ID3");
  assert.equal(sniffContainer(mp3), "mp3");
  const flac = await makeAudio("music", { seconds: 1, format: "flac" });
  const tagged = new Uint8Array([...text("ID3"), 4, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, ...flac]);
  assert.equal(sniffContainer(tagged), "flac");
});

Deno.test("sniffContainer() refuses playlists, concat lists, file references, video containers and noise", () => {
  const hostile: Record<string, Uint8Array> = {
    hls: text("#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:10.0,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n"),
    ffconcat: text("ffconcat version 1.0\nfile '/etc/passwd'\nfile 'file:///etc/shadow'\n"),
    fileUrls: text("file:///etc/passwd\nfile:///etc/hostname\n"),
    id3ThenPlaylist: new Uint8Array([
      ...text("ID3"),
      4,
      0,
      0,
      0,
      0,
      0,
      ...text("#EXTM3U\nfile:///etc/passwd\n"),
    ]),
    avi: new Uint8Array([...text("RIFF"), 0, 1, 0, 0, ...text("AVI LIST"), ...text("GAB2\0#EXTM3U\n")]),
    sdp: text("v=0\no=- 0 0 IN IP4 127.0.0.1\nm=audio 5004 RTP/AVP 0\n"),
    html: text("<!doctype html><title>x</title>"),
  };
  for (let seed = 1; seed <= 200; seed++) hostile[`noise${seed}`] = noise(4096, seed);
  for (const [name, bytes] of Object.entries(hostile)) {
    assert.throws(() => sniffContainer(bytes), (error) => {
      assert.ok(error instanceof InvalidInputError, name);
      assert.match(error.message, /^Unsupported audio format: expected WAV/);
      return true;
    });
  }
});

Deno.test("sniffContainer() refuses an empty body with its own message", () => {
  assert.throws(
    () => sniffContainer(new Uint8Array()),
    /^InvalidInputError: Invalid audio: the body is empty$/,
  );
});

Deno.test("declaredDurationSeconds() reads WAV and FLAC headers written with sizes", async () => {
  // Written to a file, ffmpeg fills in the sizes a pipe would leave open.
  for (const [format, suffix] of [["wav", ".wav"], ["flac", ".flac"]] as const) {
    const path = await Deno.makeTempFile({ suffix });
    try {
      const run = await ffmpeg(["-f", "lavfi", "-i", "sine=d=2.5:sample_rate=44100", "-y", path]);
      assert.equal(run.code, 0, run.stderr);
      const bytes = await Deno.readFile(path);
      assert.equal(declaredDurationSeconds(bytes, format), 2.5);
    } finally {
      await Deno.remove(path);
    }
  }
});

Deno.test("declaredDurationSeconds() declines streamed headers and other containers", async () => {
  const streamedWav = await makeAudio("speech", { seconds: 1, format: "wav" });
  assert.equal(declaredDurationSeconds(streamedWav, "wav"), undefined);
  const mp3 = await makeAudio("speech", { seconds: 1, format: "mp3" });
  assert.equal(declaredDurationSeconds(mp3, "mp3"), undefined);
  assert.equal(declaredDurationSeconds(text("RIFF"), "wav"), undefined);
});
