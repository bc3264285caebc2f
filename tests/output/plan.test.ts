/** planOutput: the output's files, every path once, and no path both a file and a folder (src/output/plan.ts). */
import { describe, expect, it } from 'vitest';
import { SiteErrors } from '../../src/errors.ts';
import { planOutput, type OutputFile } from '../../src/output/plan.ts';

const file = (path: string): OutputFile => ({ path, contents: path });

describe('planOutput', () => {
  it('lays the groups out one after the other, each path once', () => {
    const plan = planOutput([[file('index.html'), file('about.html')], [file('assets/site.css')]]);
    expect(plan.planned.map((planned) => planned.path)).toEqual(['index.html', 'about.html', 'assets/site.css']);
    expect([...plan.paths]).toEqual(['index.html', 'about.html', 'assets/site.css']);
  });

  it('refuses a path two groups write, and a file named like a folder of another', () => {
    const clashOf = (groups: OutputFile[][]) => {
      try {
        planOutput(groups);
      } catch (error) {
        expect(error).toBeInstanceOf(SiteErrors);
        return (error as SiteErrors).errors.map((each) => each.message);
      }
      throw new Error('planOutput passed a clash');
    };
    expect(clashOf([[file('about.html')], [file('about.html')]])).toEqual([expect.stringContaining('about.html')]);
    expect(clashOf([[file('assets')], [file('assets/site.css')]])).toEqual([expect.stringContaining('assets')]);
  });
});
