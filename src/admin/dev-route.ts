/**
 * The local backend's door in the dev server: POST <base>admin/api/v1, from this server's own pages only.
 * The Origin must be present (a browser always sends it on a POST; isAllowedOrigin alone lets a missing one
 * through) and be this very server, and the body JSON, which no other site can send without a CORS preflight
 * that is never granted; the Host was already checked against DNS rebinding.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAllowedOrigin } from '../dev/host-check.ts';
import type { ResolvedConfig } from '../config.ts';
import { createLocalBackend } from './local-backend.ts';
import { createSaveReview } from './save-review.ts';
import { ADMIN } from './admin-page.ts';

export const LOCAL_BACKEND_PATH = 'api/v1';

/** A route of the dev server: true when it answered the request. */
export type DevRoute = (request: IncomingMessage, response: ServerResponse, pathname: string) => boolean;

/** With `config`, each save is judged by the build before it is written (src/admin/save-review.ts). */
export function createAdminRoute(options: {
  root: string;
  base: string;
  host: string;
  config?: ResolvedConfig;
}): DevRoute {
  const review = options.config ? createSaveReview(options.config) : undefined;
  const backend = createLocalBackend(options.root, review);
  const endpoint = `${options.base}${ADMIN.folder}/${LOCAL_BACKEND_PATH}`;
  const refuse = (response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    response.end(JSON.stringify({ error: message }));
  };
  let warming = false;
  const route: DevRoute = (request, response, pathname) => {
    // The first save is judged as fast as the next: the verdict's two builds start when an editor
    // opens /admin/, not in every dev session (a developer who never opens the CMS pays nothing).
    if (!warming && pathname.startsWith(`${options.base}${ADMIN.folder}/`)) {
      warming = true;
      review?.warm().catch(() => undefined);
    }
    if (pathname !== endpoint) return false;
    const origin = request.headers.origin;
    if (request.method !== 'POST') {
      refuse(response, 405, 'The local backend answers POST only.', { allow: 'POST' });
    } else if (
      origin === undefined ||
      origin !== `http://${request.headers.host}` ||
      !isAllowedOrigin(origin, options.host)
    ) {
      refuse(response, 403, 'The local backend answers the pages of this dev server only.');
    } else if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
      refuse(response, 415, 'The local backend takes JSON.');
    } else {
      backend.handle(request, response).catch(() => {
        if (!response.headersSent) refuse(response, 500, 'The local backend failed.');
        else response.end();
      });
    }
    return true;
  };
  return route;
}

/** Whether an output path is the admin's page, which the dev client must not reload under an editor. */
export function isAdminFile(relative: string): boolean {
  return relative.startsWith(`${ADMIN.folder}/`);
}
