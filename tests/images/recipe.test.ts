import { describe, expect, it } from 'vitest';
import { loadSharp, makeImage } from '../../src/images/recipe.ts';

describe('makeImage', () => {
  it('renders an SVG drawn far larger than the size wanted (density under 1), where sharp refused it', async () => {
    const sharp = await loadSharp();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="5000" height="5000"><rect width="5000" height="5000" fill="red"/></svg>',
    );
    const png = await makeImage(sharp, {
      input: svg,
      density: (72 * 40) / 5000,
      resize: { width: 40, height: 40, fit: 'fill' },
      format: 'png',
      options: {},
    });
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([40, 40]);
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
  });
});
