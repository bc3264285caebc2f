/** The entry npm's prepare step runs (src/bundle.js): the CMS preview of the shipped templates. */
import { installPreview } from './preview-bundle.ts';

await installPreview();
