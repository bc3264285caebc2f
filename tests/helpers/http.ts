/** Test helpers for the dev and preview servers: raw requests and the dev reload channel. */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import net from 'node:net';
import type { DevMessage } from '../../src/dev/protocol.ts';
import { DEV_PATHS } from '../../src/dev/protocol.ts';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends the request line exactly as written (fetch and URL would clean up `..` and `%2e`
 * before the server ever saw them).
 */
export function rawRequest(origin: string, target: string, method = 'GET'): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(`${method} ${target} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`);
  });
}

export interface EventChannel {
  /** Every message received so far. */
  messages: DevMessage[];
  /** The next message not yet taken that matches (skipping the others), waiting for it if needed. */
  next<T extends DevMessage['type']>(type: T | T[], timeoutMs?: number): Promise<Extract<DevMessage, { type: T }>>;
  close(): void;
}

/** `page`: the path of the page the connection stands for, as the dev client names it. */
export function connectEvents(origin: string, page?: string): Promise<EventChannel> {
  return new Promise((resolve, reject) => {
    const messages: DevMessage[] = [];
    let taken = 0;
    let wake: (() => void) | undefined;
    const url = new URL(DEV_PATHS.events, origin);
    if (page !== undefined) url.searchParams.set('page', page);
    const req = httpRequest(url, (response: IncomingMessage) => {
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) messages.push(JSON.parse(data.slice(6)) as DevMessage);
        }
        wake?.();
      });
      resolve({
        messages,
        async next(type, timeoutMs = 10_000) {
          const types = Array.isArray(type) ? type : [type];
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            while (taken < messages.length) {
              const message = messages[taken++]!;
              if ((types as string[]).includes(message.type)) return message as never;
            }
            if (Date.now() > deadline)
              throw new Error(`no ${types.join('/')} message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`);
            await new Promise<void>((done) => {
              wake = done;
              setTimeout(done, 50);
            });
          }
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Polls until `read` returns something `accept` takes; returns it. For states reached asynchronously. */
export async function waitFor<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T;
  do {
    last = await read();
    if (accept(last)) return last;
    await new Promise((done) => setTimeout(done, 25));
  } while (Date.now() < deadline);
  throw new Error(`condition not met within ${timeoutMs} ms; last value: ${String(last).slice(0, 300)}`);
}
