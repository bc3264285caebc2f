/** The entry npm's prepare step runs (src/bundle.js): the CMS preview of the shipped templates, config.yml's collections. */
import { installCmsCollections } from './cms-config.ts';
import { installPreview } from './preview-bundle.ts';

installCmsCollections();
await installPreview();
