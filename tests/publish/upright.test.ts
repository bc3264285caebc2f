/** A phone photo stored sideways with an EXIF orientation, as a portfolio image, through a whole build. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { resolveConfig } from '../../src/config.ts';
import { copyProject } from '../helpers/project.ts';

describe('a portrait phone photo (EXIF orientation 6) as a portfolio image', () => {
  it('is shown upright: the <img> gives the upright size and every encoded file is upright', async () => {
    const project = await copyProject();
    try {
      // Stored 800x400 with the red half on the left; shown upright (400x800), red is on top.
      const red = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer();
      const photo = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#0000ff' } })
        .composite([{ input: red, left: 0, top: 0 }])
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
      await project.write('public/images/portfolio/phone.jpg', photo);
      await project.edit(
        'content/portfolio/ecommerce-platform.md',
        'image: /images/portfolio/ecommerce-platform.svg',
        'image: /images/portfolio/phone.jpg',
      );
      await buildSite(resolveConfig({ root: project.root }));

      const html = await project.read('dist/index.html');
      const picture = /<picture>(?:(?!<\/picture>)[\s\S])*?phone-(?:(?!<\/picture>)[\s\S])*<\/picture>/.exec(html)![0];
      expect(picture).toMatch(/<img src="\/assets\/images\/phone-400-[0-9a-f]{10}\.jpg"[^>]* width="400" height="800"/);
      const links = [...picture.matchAll(/\/assets\/images\/(phone-[\w-]+\.(?:avif|webp|jpg))/g)].map(
        (match) => match[1]!,
      );
      expect(new Set(links.map((link) => path.extname(link)))).toEqual(new Set(['.avif', '.webp', '.jpg']));
      for (const link of new Set(links)) {
        const image = sharp(await readFile(project.file(`dist/assets/images/${link}`)));
        const { width, height } = await image.metadata();
        const { data, info } = await image.clone().removeAlpha().raw().toBuffer({ resolveWithObject: true });
        const top = data.subarray(0, 3);
        const bottom = data.subarray((info.height - 1) * info.width * 3);
        expect({
          link,
          width,
          height,
          topIsRed: top[0]! > 200 && top[2]! < 60,
          bottomIsBlue: bottom[2]! > 200 && bottom[0]! < 60,
        }).toEqual({
          link,
          width: 400,
          height: 800,
          topIsRed: true,
          bottomIsBlue: true,
        });
      }
    } finally {
      await project.cleanup();
    }
  });
});
