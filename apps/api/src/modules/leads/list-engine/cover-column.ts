// Each lead's cover photo as its list JSON shows it, and the price guide's sampling step.
import { coverPhotos } from '@dealerleads/shared';
import type { JsonBytes } from '../../../lib/json-bytes';
import type { SnapshotReader, SnapshotWriter } from './lead-list-snapshot';

/**
 * Each lead's `"photos"` property as its list JSON shows it (the cover alone, `coverPhotos`), kept only for leads that
 * have a cover: most have none, and each cover is its own value, so a code per value would buy nothing.
 */
export class CoverColumn {
  private static readonly NONE = Buffer.from(',"photos":[]');
  private readonly covers = new Map<number, string>();
  private readonly json = new Map<number, Buffer>();

  set(id: number, cover: string | null): void {
    if (cover === null) {
      this.clear(id);
    } else if (this.covers.get(id) !== cover) {
      this.covers.set(id, cover);
      this.json.set(id, Buffer.from(`,"photos":${JSON.stringify(coverPhotos(cover))}`));
    }
  }

  clear(id: number): void {
    this.covers.delete(id);
    this.json.delete(id);
  }

  writeJson(id: number, out: JsonBytes): void {
    out.bytes(this.json.get(id) ?? CoverColumn.NONE);
  }

  /** Roughly: each cover's text and JSON, and its entries in the two maps. */
  get bytes(): number {
    let bytes = 0;
    for (const json of this.json.values()) bytes += 2 * json.length + 64;
    return bytes;
  }

  async save(out: SnapshotWriter): Promise<void> {
    await out.json([...this.covers]);
  }

  async restore(input: SnapshotReader): Promise<void> {
    for (const [id, cover] of await input.json<[number, string][]>()) this.set(id, cover);
  }
}

/**
 * Every how many leads of a year the price guide takes one (ascending ids), so a year gives at most `cap`: percentiles of
 * a few hundred are as good as of thousands, and a popular model's million-lead year costs no more than a rare one's.
 */
export function sampleStep(count: number, cap: number): number {
  return Math.max(1, Math.ceil(count / cap));
}
