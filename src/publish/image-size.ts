/** Intrinsic width and height of the image formats the site accepts, read from the bytes. */

export interface Size {
  width: number;
  height: number;
}

export function readImageSize(bytes: Buffer, file: string): Size | undefined {
  const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  if (ext === 'svg') return readSvgSize(bytes.toString('utf8'));
  if (ext === 'png' && bytes.length >= 24 && bytes.toString('latin1', 1, 4) === 'PNG') {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (ext === 'gif' && bytes.length >= 10 && bytes.toString('latin1', 0, 3) === 'GIF') {
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if ((ext === 'jpg' || ext === 'jpeg') && bytes[0] === 0xff && bytes[1] === 0xd8) return readJpegSize(bytes);
  if (ext === 'webp' && bytes.toString('latin1', 8, 12) === 'WEBP') return readWebpSize(bytes);
  return undefined;
}

function readSvgSize(svg: string): Size | undefined {
  const tag = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!tag) return undefined;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  const width = Number.parseFloat(attr('width') ?? '');
  const height = Number.parseFloat(attr('height') ?? '');
  if (width > 0 && height > 0) return { width: Math.round(width), height: Math.round(height) };
  const box = attr('viewBox')?.trim().split(/[\s,]+/).map(Number);
  if (box && box.length === 4 && box[2]! > 0 && box[3]! > 0) return { width: Math.round(box[2]!), height: Math.round(box[3]!) };
  return undefined;
}

function readJpegSize(bytes: Buffer): Size | undefined {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    const length = bytes.readUInt16BE(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  return undefined;
}

function readWebpSize(bytes: Buffer): Size | undefined {
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return undefined;
}
