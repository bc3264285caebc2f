import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readImageSize } from '../../src/images/size.ts';

describe('readImageSize', () => {
  it('reads width and height attributes of an SVG', () => {
    expect(
      readImageSize(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"></svg>'), 'a.svg'),
    ).toEqual({ width: 800, height: 600 });
  });

  it('falls back to the viewBox of an SVG', () => {
    expect(readImageSize(Buffer.from('<svg viewBox="0 0 64 32"></svg>'), 'a.svg')).toEqual({ width: 64, height: 32 });
  });

  it('reads a PNG header', async () => {
    const png = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(readImageSize(png, 'share.png')).toEqual({ width: 1200, height: 630 });
  });

  it('reads an SVG sized width="100%" by its viewBox, not as 100x100', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%" viewBox="0 0 64 32"></svg>';
    expect(readImageSize(Buffer.from(svg), 'a.svg')).toEqual({ width: 64, height: 32 });
  });

  it('refuses an SVG sized in percent without a viewBox, so loading names the file', () => {
    expect(
      readImageSize(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%"></svg>'), 'a.svg'),
    ).toBeUndefined();
  });

  it('reports the upright size of a JPEG whose EXIF orientation turns it a quarter', async () => {
    const stored = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#7c3aed' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await sharp(stored).metadata()).toMatchObject({ width: 800, height: 400, orientation: 6 });
    expect(readImageSize(stored, 'portrait.jpg')).toEqual({ width: 400, height: 800 });
  });

  it('reads WebP and GIF files that sharp made', async () => {
    const base = sharp({ create: { width: 30, height: 20, channels: 3, background: '#123456' } });
    expect(readImageSize(await base.clone().webp().toBuffer(), 'a.webp')).toEqual({ width: 30, height: 20 });
    expect(readImageSize(await base.clone().gif().toBuffer(), 'a.gif')).toEqual({ width: 30, height: 20 });
  });

  it('reads the frame of a JPEG', () => {
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x01, 0x90, 0x03,
    ]);
    expect(readImageSize(jpeg, 'a.jpg')).toEqual({ width: 400, height: 300 });
  });

  it('says nothing for a file that is not the image it claims to be', () => {
    expect(readImageSize(Buffer.from('hello'), 'a.png')).toBeUndefined();
    expect(readImageSize(Buffer.from('<svg></svg>'), 'a.svg')).toBeUndefined();
    expect(readImageSize(Buffer.from('<svg viewBox="0 0 10 10"></svg>'), 'a.png')).toBeUndefined();
  });
});
