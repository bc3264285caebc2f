/** The dev server's messages on its event channel (src/dev/protocol.ts). */
import { describe, expect, it } from 'vitest';
import { formatMessage, type DevMessage } from '../../src/dev/protocol.ts';
import type { Problem } from '../../src/errors.ts';

const problem = (file: string, line?: number): Problem => ({
  code: 'DescriptionLength',
  severity: 'warning',
  title: 'Description length',
  message: `The description of ${file} is short.`,
  file,
  line,
  location: line === undefined ? file : `${file}:${line}:1`,
  hint: 'Write a "longer" one: 70 to 160 characters.',
});

describe('formatMessage', () => {
  it('writes a list of warnings as the JSON of the whole message, however often each problem is sent', () => {
    const kept = problem('content/pages/a.md', 3);
    const message: DevMessage = { type: 'warnings', warnings: [kept, problem('content/pages/b.md')] };
    expect(formatMessage(message)).toBe(`data: ${JSON.stringify(message)}\n\n`);
    const next: DevMessage = { type: 'warnings', warnings: [problem('content/pages/c.md', 1), kept] };
    expect(formatMessage(next)).toBe(`data: ${JSON.stringify(next)}\n\n`);
    expect(formatMessage({ type: 'warnings', warnings: [] })).toBe('data: {"type":"warnings","warnings":[]}\n\n');
  });
});
