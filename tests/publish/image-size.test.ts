import { describe, expect, it } from 'vitest';
import { readImageSize } from '../../src/publish/image-size.ts';

describe('readImageSize', () => {
  it('reads width and height attributes of an SVG', () => {
    expect(readImageSize(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"></svg>'), 'a.svg')).toEqual({ width: 800, height: 600 });
  });

  it('falls back to the viewBox of an SVG', () => {
    expect(readImageSize(Buffer.from('<svg viewBox="0 0 64 32"></svg>'), 'a.svg')).toEqual({ width: 64, height: 32 });
  });

  it('reads a PNG header', () => {
    const png = Buffer.alloc(24);
    Buffer.from([0x89, 0x50, 0x4e, 0x47]).copy(png, 0);
    png.writeUInt32BE(1200, 16);
    png.writeUInt32BE(630, 20);
    expect(readImageSize(png, 'share.png')).toEqual({ width: 1200, height: 630 });
  });

  it('reads the frame of a JPEG', () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x01, 0x90, 0x03]);
    expect(readImageSize(jpeg, 'a.jpg')).toEqual({ width: 400, height: 300 });
  });

  it('says nothing for a file that is not the image it claims to be', () => {
    expect(readImageSize(Buffer.from('hello'), 'a.png')).toBeUndefined();
    expect(readImageSize(Buffer.from('<svg></svg>'), 'a.svg')).toBeUndefined();
  });
});
