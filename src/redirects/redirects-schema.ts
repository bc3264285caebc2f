/** The schema of content/redirects.yaml (src/redirects/redirects.ts resolves what it lists). */
import { z } from 'zod';
import { atMost, LIST_LIMITS, NO_CONTROL, NO_CONTROL_MESSAGE } from '../content/fields.ts';

/**
 * content/redirects.yaml: old paths that must keep working. The build writes _redirects
 * (Netlify, Cloudflare Pages) and a small page at each old path (src/redirects/).
 */
export const redirectsSchema = z
  .array(
    z
      .strictObject({
        from: z
          .string()
          .regex(
            /^\/(?!.*\/\/)(?!(?:.*\/)?\.)[\w\-.~/]*$/,
            'must be a path on this site such as /old-page: / then letters, digits, - _ . ~ and /, with no ? or #',
          )
          .refine(
            (value) => !/\.[^./]*$/.test(value) || /\.html?$/.test(value),
            'must be a page path such as /old-page or /old-page.html: a host serves a file with another ending as a download',
          )
          .describe('The old path on this site, such as /services/seo or /old-page.html: it must not be a page now.'),
        to: z
          .string()
          .regex(NO_CONTROL, NO_CONTROL_MESSAGE)
          .regex(
            /^(\/(?!\/)[^\s?]*|https?:\/\/[^\s/?#]+[^\s]*)$/,
            'must be a path on this site such as /terms or /#contact, or a full address starting with https://',
          )
          .describe(
            'Where visitors go instead: a page of this site (/terms, /#contact), a file of public/ (/images/x.png) or a full http(s) address.',
          ),
        status: z
          .union([z.literal(301), z.literal(302)], {
            error: 'must be 301 (moved for good, the default) or 302 (moved for now)',
          })
          .optional()
          .describe('301 when the page moved for good (the default), 302 when it will come back.'),
      })
      .describe('One old path and where it leads now.'),
  )
  .max(LIST_LIMITS.redirects, atMost(LIST_LIMITS.redirects, 'redirects'))
  .describe('Redirects from old paths to their new addresses.');
