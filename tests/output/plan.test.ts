/** planOutput: the output's files, every path once, and no path both a file and a folder (src/output/plan.ts). */
import { describe, expect, it } from 'vitest';
import { SiteErrors } from '../../src/errors.ts';
import { planOutput, type OutputFile } from '../../src/output/plan.ts';

const file = (path: string): OutputFile => ({ path, contents: path });

describe('planOutput', () => {
  it("takes the last plan's paths while each file is the same or has the same path, and checks any other plan anew", () => {
    const pages = [file('index.html'), file('about.html')];
    const first = planOutput([pages, [file('assets/site.css')]]);
    expect([...first.paths]).toEqual(['index.html', 'about.html', 'assets/site.css']);
    // about.html saved again: another object, the same path.
    const next = planOutput([[pages[0]!, file('about.html')], [file('assets/site.css')]], first);
    expect(next.paths).toBe(first.paths);
    // about.html became assets.html and a folder of the same name holds the stylesheet: no carrying.
    expect(() => planOutput([[pages[0]!, file('assets')], [file('assets/site.css')]], next)).toThrow(SiteErrors);
    const renamed = planOutput([[pages[0]!, file('contact.html')], [file('assets/site.css')]], next);
    expect([...renamed.paths]).toEqual(['index.html', 'contact.html', 'assets/site.css']);
  });

  it('plans, run after run, the files a first plan would: a file saved, renamed, added or removed in any group', () => {
    const pages = [file('index.html'), file('a.html'), file('b.html')];
    const assets = [file('assets/site.css')];
    const runs: OutputFile[][][] = [
      [pages, assets],
      // a.html saved: another object at its place.
      [[pages[0]!, file('a.html'), pages[2]!], assets],
      // The stylesheet renamed (the same number of files), then saved again.
      [[pages[0]!, file('a.html'), pages[2]!], [file('assets/site-2.css')]],
      [[pages[0]!, file('a.html'), pages[2]!], [file('assets/site-2.css')]],
      // As many pages, two swapped.
      [[pages[0]!, pages[2]!, file('a.html')], [file('assets/site-2.css')]],
      // One more, then one less.
      [[...pages, file('c.html')], assets],
      [[pages[0]!, file('c.html')], assets],
    ];
    let last: ReturnType<typeof planOutput> | undefined;
    for (const groups of runs) {
      const plan = planOutput(groups, last);
      const first = planOutput(groups);
      expect(plan.planned).toEqual(first.planned);
      // The same objects, at the same places.
      expect(plan.planned.every((planned, index) => planned === first.planned[index])).toBe(true);
      expect([...plan.paths].sort()).toEqual([...first.paths].sort());
      last = plan;
    }
    // A renamed file that clashes with another group's folder is found though the plan before had none.
    expect(() => planOutput([[pages[0]!, file('assets'), pages[2]!], assets], last)).toThrow(SiteErrors);
  });
});
