/** Content bytes -> text. Binary, oversized or non-UTF-8 files are refused before anything parses them. */
import { createCodeFrame, createError } from '../errors.ts';

/** Content files are prose, not data dumps: anything bigger is a mistake. */
export const MAX_CONTENT_BYTES = 1024 * 1024;

/** The file's text without a byte order mark; throws a SiteError saying why the bytes are not text. */
export function decodeText(bytes: Uint8Array, file: string): string {
  if (bytes.length > MAX_CONTENT_BYTES) {
    throw createError('FileTooLarge', { bytes: bytes.length, limit: MAX_CONTENT_BYTES }, { file });
  }
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    throw createError('FileEncoding', { binary: true }, { file, ...positionOf(bytes, nul) });
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch (cause) {
    const position = positionOf(bytes, firstInvalidUtf8(bytes));
    const lossy = new TextDecoder('utf-8').decode(bytes);
    throw createError(
      'FileEncoding',
      { binary: false },
      { file, ...position, frame: createCodeFrame(lossy, position.line, position.column), cause },
    );
  }
}

/** 1-based line and column (in characters) of a byte offset. */
function positionOf(bytes: Uint8Array, offset: number): { line: number; column: number } {
  const before = bytes.subarray(0, offset);
  const lineStart = before.lastIndexOf(10) + 1;
  let line = 1;
  for (const byte of before) if (byte === 10) line++;
  const column = new TextDecoder('utf-8').decode(bytes.subarray(lineStart, offset)).length + 1;
  return { line, column };
}

/** Offset of the first byte that is not part of a valid UTF-8 character. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  // The longest prefix that decodes when an unfinished last character is held back...
  let low = 0;
  let high = bytes.length;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, middle), { stream: true });
      low = middle;
    } catch {
      high = middle;
    }
  }
  // ...ends either after a whole character, or inside one that the next byte breaks: point at its start.
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, low));
    return low;
  } catch {
    let start = low - 1;
    while (start > 0 && (bytes[start]! & 0xc0) === 0x80) start--;
    return start;
  }
}
