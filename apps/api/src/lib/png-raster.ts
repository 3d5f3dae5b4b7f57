import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

/**
 * SVG to PNG in-process (docs/decisions/052-link-previews.md): resvg compiled to WebAssembly
 * (@resvg/resvg-wasm, no binary fetched at install, nothing from the network at run time) with
 * the DejaVu Sans faces of the dejavu-fonts-ttf package (no system fonts are read, so every
 * machine draws the same pixels). The SVG names the family `FONT_FAMILY`.
 *
 * A render is synchronous (~100 ms for 1200 × 630 on one core): callers keep what they rendered
 * (PngMemo) and bound how often a client may make them render.
 */
export const FONT_FAMILY = 'DejaVu Sans';

const require = createRequire(import.meta.url);
const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'];

let ready: Promise<Uint8Array[]> | undefined;

/** Loads the WebAssembly module and the fonts once per process. */
function load(): Promise<Uint8Array[]> {
  ready ??= (async () => {
    await initWasm(fs.readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
    const fontDir = path.join(
      path.dirname(require.resolve('dejavu-fonts-ttf/package.json')),
      'ttf',
    );
    return FONT_FILES.map((file) => new Uint8Array(fs.readFileSync(path.join(fontDir, file))));
  })();
  // A failed load (a missing file) is tried again by the next render, not kept.
  ready.catch(() => {
    ready = undefined;
  });
  return ready;
}

/** The PNG of `svg`, at the size the SVG says. */
export async function svgToPng(svg: string): Promise<Buffer> {
  const fontBuffers = await load();
  const resvg = new Resvg(svg, {
    font: { fontBuffers, defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY },
    fitTo: { mode: 'original' },
  });
  try {
    const image = resvg.render();
    try {
      return Buffer.from(image.asPng());
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

/**
 * The last `max` PNGs made, by a key that names what they show (an ETag): a second request for
 * the same picture is not drawn again. Least recently used first out.
 */
export class PngMemo {
  private readonly entries = new Map<string, Promise<Buffer>>();

  constructor(private readonly max: number) {}

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string, draw: () => Promise<Buffer>): Promise<Buffer> {
    const found = this.entries.get(key);
    if (found) {
      // Most recently used goes to the end of the Map's order.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found;
    }
    if (this.max <= 0) return draw();
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    const value = draw();
    this.entries.set(key, value);
    value.catch(() => this.entries.delete(key));
    return value;
  }
}
