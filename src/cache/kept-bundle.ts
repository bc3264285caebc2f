/**
 * esbuild's bundles of templates/ kept in the disk cache by what they are made from: their folder's
 * listing (a file added there can change what an import resolves to), the project's place and the bytes
 * of every input the last bundle named. A single build with the disk cache whose templates did not change never
 * loads esbuild.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { asciiJson, textOf } from './disk.ts';
import { jsonCodec, type Codec, type Store } from './store.ts';

export async function keepBundleOnDisk<T extends { inputs: string[] }>(
  store: Store,
  name: string,
  place: { root: string; folder: string },
  make: () => Promise<T>,
  codec: Codec<T>,
): Promise<T> {
  const last = store.peek(`${name}-inputs`, place.root, jsonCodec as Codec<string[]>);
  const lastKey = last && (await inputsKey(place, last));
  const kept = lastKey ? store.peek(name, lastKey, codec) : undefined;
  if (kept !== undefined) return kept;
  const bundle = await make();
  const key = await inputsKey(place, bundle.inputs);
  if (key) {
    store.keep(name, key, bundle, codec);
    store.keep(`${name}-inputs`, place.root, bundle.inputs, jsonCodec as Codec<string[]>);
  }
  return bundle;
}

/** undefined when an input cannot be read (gone): then nothing is taken from the cache. */
async function inputsKey(
  place: { root: string; folder: string },
  inputs: readonly string[],
): Promise<string | undefined> {
  const hash = createHash('sha256');
  try {
    const names = (await readdir(place.folder, { recursive: true })).map(String).sort();
    hash.update(`${place.root}\0${place.folder}\0${names.join('\0')}\0`);
    for (const input of inputs) {
      const bytes = await readFile(input);
      hash.update(`${input}\0${bytes.byteLength}\0`).update(bytes);
    }
  } catch {
    return undefined;
  }
  return hash.digest('base64url');
}

/** A value of strings and byte arrays: the JSON of the rest on one line, then the bytes in order. */
export function bytesJsonCodec<T>(): Codec<T> {
  return {
    encode(value) {
      const buffers: Uint8Array[] = [];
      const json = asciiJson(value, function (this: unknown, key: string, item: unknown) {
        // The value before toJSON: a Buffer would have become an array of numbers.
        const raw = (this as Record<string, unknown>)[key];
        if (!(raw instanceof Uint8Array)) return item;
        buffers.push(raw);
        return { [MARK]: raw.byteLength };
      });
      return Buffer.concat([Buffer.from(`${json}\n`), ...buffers]);
    },
    decode(bytes) {
      const end = bytes.indexOf(10);
      let offset = end + 1;
      return JSON.parse(textOf(bytes, 0, end), (_key, item: unknown) => {
        if (!isBytesMark(item)) return item;
        const slice = bytes.subarray(offset, offset + item[MARK]);
        offset += item[MARK];
        return slice;
      }) as T;
    },
  };
}

/** Stands for a byte array in the JSON line; no key of the bundles' own data begins with NUL. */
const MARK = '\0bytes';

function isBytesMark(item: unknown): item is { [MARK]: number } {
  return typeof item === 'object' && item !== null && typeof (item as Record<string, unknown>)[MARK] === 'number';
}
