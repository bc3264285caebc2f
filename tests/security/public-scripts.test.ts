/** The CLI refuses scripted pages in public/ unless the build command opts in with --allow-scripts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, runCli, type TempProject } from '../helpers/project.ts';

describe('agency-site check with a scripted page in public/', () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await copyProject('agency-site-scripts-');
    await project.write(
      'public/promo.html',
      '<!DOCTYPE html>\n<title>Promo</title>\n<button onclick="steal()">Win</button>\n',
    );
  });
  afterAll(async () => {
    await project?.cleanup();
  });

  it('exits 1 with UnsafeHtml at the line, and 0 with --allow-scripts', async () => {
    const refused = await runCli(['check'], { cwd: project.root });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('public/promo.html:3:1 [UnsafeHtml]');
    expect(refused.stderr).toContain('--allow-scripts');
    const allowed = await runCli(['check', '--allow-scripts'], { cwd: project.root });
    expect(allowed.code, allowed.stderr).toBe(0);
  });
});
