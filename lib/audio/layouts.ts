/**
 * ffmpeg's named channel layouts: their channels in order, how many there
 * are, and each channel's BS.1770 weight.
 *
 * @module
 */

/** Channel order of ffmpeg's named layouts. */
const LAYOUT_NAMES: Record<string, string[]> = {
  mono: ["FC"],
  stereo: ["FL", "FR"],
  "3.0": ["FL", "FR", "FC"],
  "2.1": ["FL", "FR", "LFE"],
  "3.0(back)": ["FL", "FR", "BC"],
  "4.0": ["FL", "FR", "FC", "BC"],
  quad: ["FL", "FR", "BL", "BR"],
  "quad(side)": ["FL", "FR", "SL", "SR"],
  "3.1": ["FL", "FR", "FC", "LFE"],
  "5.0": ["FL", "FR", "FC", "BL", "BR"],
  "5.0(side)": ["FL", "FR", "FC", "SL", "SR"],
  "4.1": ["FL", "FR", "FC", "LFE", "BC"],
  "5.1": ["FL", "FR", "FC", "LFE", "BL", "BR"],
  "5.1(side)": ["FL", "FR", "FC", "LFE", "SL", "SR"],
  "6.0": ["FL", "FR", "FC", "BC", "SL", "SR"],
  "6.0(front)": ["FL", "FR", "FLC", "FRC", "SL", "SR"],
  hexagonal: ["FL", "FR", "FC", "BL", "BR", "BC"],
  "6.1": ["FL", "FR", "FC", "LFE", "BC", "SL", "SR"],
  "6.1(back)": ["FL", "FR", "FC", "LFE", "BL", "BR", "BC"],
  "6.1(front)": ["FL", "FR", "LFE", "FLC", "FRC", "SL", "SR"],
  "7.0": ["FL", "FR", "FC", "BL", "BR", "SL", "SR"],
  "7.0(front)": ["FL", "FR", "FC", "FLC", "FRC", "SL", "SR"],
  "7.1": ["FL", "FR", "FC", "LFE", "BL", "BR", "SL", "SR"],
  "7.1(wide)": ["FL", "FR", "FC", "LFE", "BL", "BR", "FLC", "FRC"],
  "7.1(wide-side)": ["FL", "FR", "FC", "LFE", "FLC", "FRC", "SL", "SR"],
  octagonal: ["FL", "FR", "FC", "BL", "BR", "BC", "SL", "SR"],
};

/** Channels of a named layout, or `undefined` for a name ffmpeg does not use. */
export function layoutChannels(layout: string): number | undefined {
  return LAYOUT_NAMES[layout]?.length;
}

/** Channel weights of a named layout: 0 for LFE, 1.41 for side and back channels, 1 otherwise. */
export function channelWeights(layout: string, channels: number): number[] {
  const names = LAYOUT_NAMES[layout];
  return Array.from({ length: channels }, (_, c) => {
    const name = names?.[c];
    if (name === "LFE") return 0;
    return name && /^(S|B|T?B)[LRC]$/.test(name) ? 1.41 : 1;
  });
}

/** WAV speaker-mask bits, in order (`WAVEFORMATEXTENSIBLE`'s `dwChannelMask`). */
const MASK_BITS = ["FL", "FR", "FC", "LFE", "BL", "BR", "FLC", "FRC", "BC", "SL", "SR"];

/** ffmpeg's default layout for a channel count it is told nothing more about. */
const DEFAULT_LAYOUTS = ["", "mono", "stereo", "2.1", "4.0", "5.0", "5.1", "6.1", "7.1"];

/** ffmpeg's default layout for `channels` channels it could not name (`undefined` past 8). */
export function defaultLayout(channels: number): string | undefined {
  return DEFAULT_LAYOUTS[channels] || undefined;
}

/**
 * The layout ffmpeg reads from a WAV speaker mask: the named layout with
 * exactly those speakers, or the default for the channel count when the mask
 * is 0 (no mask); `undefined` when the mask names no layout or disagrees with
 * the channel count.
 */
export function layoutOfMask(mask: number, channels: number): string | undefined {
  if (mask === 0) return defaultLayout(channels);
  const speakers = MASK_BITS.filter((_, bit) => (mask >>> bit) & 1);
  if (mask >>> MASK_BITS.length || speakers.length !== channels) return undefined;
  const wanted = speakers.join(" ");
  return Object.keys(LAYOUT_NAMES).find((name) => LAYOUT_NAMES[name]!.join(" ") === wanted);
}
