/** siteJson (src/stages.ts): the site's JSON, each field written out again only when it changed. */
import { expect, it } from 'vitest';
import { createStore } from '../src/cache/store.ts';
import { siteJson } from '../src/stages.ts';

it('is JSON.stringify(site) run after run, whichever fields changed, came or went', () => {
  const store = createStore();
  const services = [{ slug: 'web', html: '<p>Web</p>' }];
  const about = { html: '<p>Us</p>' };
  const runs: Array<Record<string, unknown>> = [
    { services, about, settings: { name: 'A "quoted" name' } },
    // The same objects, in a new site object and a new array.
    { services: [...services], about, settings: { name: 'A "quoted" name' } },
    // One service saved: another object at its place.
    { services: [{ slug: 'web', html: '<p>Sites</p>' }], about, settings: { name: 'B' } },
    // A field without JSON, then a field gone and one new.
    { services, about: undefined, settings: { name: 'B' } },
    { services, news: [{ slug: 'launch' }] },
    { services, about, news: [] },
  ];
  for (const site of runs) expect(siteJson(store, site)).toBe(JSON.stringify(site));
});
