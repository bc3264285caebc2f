/**
 * Results of asynchronous steps whose keys may stand for what is on disk: a key made by diskKeyOf
 * (from stamps of files, never from a watcher's counts, which start again in every session) is
 * kept in the disk cache as JSON; any other only in memory, as store.step keeps it.
 */
import { jsonCodec, type Codec, type Store } from './store.ts';

const ON_DISK = 'disk ';

/** A key that says what it is made from on disk, so that its result may outlive the process. */
export function diskKeyOf(stamp: string): string {
  return `${ON_DISK}${stamp}`;
}

export async function keepResult<T>(store: Store, name: string, key: string, make: () => Promise<T>): Promise<T> {
  if (!key.startsWith(ON_DISK)) return store.step(name, key, make);
  const codec = jsonCodec as Codec<T>;
  const kept = store.peek(name, key, codec);
  if (kept !== undefined) return kept;
  // Kept once made: a rejected step (a problem in public/) is not kept.
  return store.keep(name, key, await make(), codec);
}
