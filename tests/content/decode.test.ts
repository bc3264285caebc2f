import { describe, expect, it } from 'vitest';
import { SiteError } from '../../src/errors.ts';
import { decodeText, MAX_CONTENT_BYTES } from '../../src/content/decode.ts';

function refusal(bytes: Uint8Array): SiteError {
  try {
    decodeText(bytes, 'content/x.md');
  } catch (thrown) {
    if (thrown instanceof SiteError) return thrown;
    throw thrown;
  }
  throw new Error('expected the bytes to be refused');
}

describe('decodeText', () => {
  it('returns the text without a byte order mark', () => {
    expect(decodeText(Buffer.from('\uFEFFtitle: Café\n'), 'x')).toBe('title: Café\n');
  });

  it('points at a character saved as Latin-1, counting columns in characters', () => {
    const error = refusal(Buffer.concat([Buffer.from('a\nÉté: caf'), Buffer.from([0xe9]), Buffer.from(' au lait\n')]));
    expect([error.code, error.line, error.column]).toEqual(['FileEncoding', 2, 9]);
    expect(error.frame).toContain('> 2 | Été: caf\uFFFD au lait');
  });

  it('points at a character cut short at the end of the file', () => {
    const error = refusal(Buffer.concat([Buffer.from('ok\nab'), Buffer.from([0xe2, 0x82])]));
    expect([error.line, error.column]).toEqual([2, 3]);
  });

  it('refuses binary files at the first NUL byte', () => {
    const error = refusal(Buffer.from('GIF89a\n\x01\x00\x02'));
    expect([error.code, error.line, error.column]).toEqual(['FileEncoding', 2, 2]);
  });

  it('refuses files over the size limit before decoding them', () => {
    expect(refusal(new Uint8Array(MAX_CONTENT_BYTES + 1)).code).toBe('FileTooLarge');
  });
});
