/** html-validate's settings for the built pages: the real site's (html-validity.test.ts) and single pages'. */
import type { ConfigData } from 'html-validate';

/**
 * The recommended preset, with three rules told the style React's server renderer writes. None
 * is switched off: each still fails markup that mixes styles or breaks the spec.
 */
export const HTML_VALIDATE_CONFIG: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // react-dom/server closes every void element as <meta/>; the spec allows the slash and ignores it.
    'void-style': ['error', { style: 'selfclose' }],
    // React writes some attribute names in camelCase (charSet, srcSet, fetchPriority) and cannot
    // be told otherwise; HTML attribute names are case-insensitive. UPPERCASE is still an error.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // React writes boolean attributes as defer="" (the spec's empty-string form).
    'attribute-boolean-style': ['error', { style: 'empty' }],
  },
};
