/** Posts need the words of /news (site.yaml's news block): without it there is nothing to title the list with. */
import { createError, SiteErrors } from '../errors.ts';
import type { Site } from '../content/kinds.ts';

export function requireNewsSettings(site: Pick<Site, 'settings' | 'news'>): void {
  if (site.news.length > 0 && !site.settings.news) {
    throw new SiteErrors([
      createError('NewsSettingsMissing', { posts: site.news.length }, { file: 'content/site.yaml' }),
    ]);
  }
}
