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
});
