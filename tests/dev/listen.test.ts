import { createServer, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../src/errors.ts';
import { listen } from '../../src/dev/listen.ts';

const close = (server: Server) => new Promise((done) => server.close(done));

describe('listen', () => {
  it('reports a port and its neighbours all in use as PortBusy with a hint, not as a bug', async () => {
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const busy = (blocker.address() as { port: number }).port;
    const server = createServer();
    try {
      const error = await listen(server, '127.0.0.1', busy, 1).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(SiteError);
      expect(error).toMatchObject({
        code: 'PortBusy',
        message: `The port ${busy} on 127.0.0.1 is in use, so the server cannot start.`,
        hint: expect.stringContaining('--port'),
      });
    } finally {
      await close(blocker);
    }
  });

  it('reports an address that is not of this machine as ListenFailed, naming --host', async () => {
    // 192.0.2.1 is reserved for documentation (RFC 5737): no machine has it.
    const error = await listen(createServer(), '192.0.2.1', 0).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SiteError);
    expect(error).toMatchObject({
      code: 'ListenFailed',
      message: expect.stringContaining('192.0.2.1'),
      hint: expect.stringContaining('--host'),
    });
    expect((error as SiteError).cause).toMatchObject({ code: 'EADDRNOTAVAIL' });
  });
});
