/**
 * git's "racy" rule: a file whose modification time is not clearly older than the moment it was read may
 * have changed again within the same tick of the filesystem's clock, keeping its time. Linux's file clock
 * lags by at most a scheduler tick, so 50 ms is safe; whole seconds mean a coarse filesystem (FAT: two).
 */
const FINE_TICK = 50_000_000n;
const COARSE_TICK = 2_000_000_000n;

/** The wall clock now, in ns since the epoch, as file times count. */
export function clockNs(now = Date.now()): bigint {
  return BigInt(now) * 1_000_000n;
}

/** True when a file with this time may have changed unseen after `readAt` (ns since the epoch). */
export function isRacy(mtimeNs: bigint, readAt: bigint): boolean {
  const tick = mtimeNs % 1_000_000_000n === 0n ? COARSE_TICK : FINE_TICK;
  return mtimeNs >= readAt - tick;
}

/** isRacy for a time read as milliseconds with their fraction (fs.Stats' mtimeMs: to a quarter of a microsecond). */
export function isRacyMs(mtimeMs: number, readAt: bigint): boolean {
  return racyJudge(readAt)(mtimeMs);
}

/**
 * isRacyMs against one `readAt`, for a walk of thousands of files: the limits are worked out once,
 * and each time is compared as a number with them (a comparison of a number with a BigInt is
 * exact), where isRacy made four BigInts a file.
 */
export function racyJudge(readAt: bigint): (mtimeMs: number) => boolean {
  const fine = readAt - FINE_TICK;
  const coarse = readAt - COARSE_TICK;
  return (mtimeMs) => {
    // A whole number of ns (a double this large has no fraction), as isRacy takes it.
    const mtimeNs = Math.floor(mtimeMs * 1e6);
    return mtimeNs >= (mtimeNs % 1e9 === 0 ? coarse : fine);
  };
}
