/** Makes the CLI bundle once before the workers start, so parallel CLI tests do not race to make it. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, [path.join(root, 'bin', 'agency-site.js'), '--version'], { stdio: 'ignore' });
}
