/**
 * One error shape for every problem a site can have: the import path for all of src/errors/.
 * The codes are listed here; each has its entry (title, message, hint, severity) in
 * errors/catalogue.ts. Thrown (or collected) as data at the edge, projected once (errors/projection.ts)
 * for the terminal, GitHub, JSON and the dev overlay. No I/O here.
 */

export type SiteErrorCode =
  | 'ContentMissing'
  | 'NewsSettingsMissing'
  | 'UnpublishedLink'
  | 'FileUnreadable'
  | 'FileEncoding'
  | 'FileTooLarge'
  | 'FrontmatterSyntax'
  | 'FrontmatterInvalid'
  | 'YamlSyntax'
  | 'YamlInvalid'
  | 'UnsafeKey'
  | 'RawHtmlRemoved'
  | 'MarkdownTooDeep'
  | 'MarkdownTooComplex'
  // Content advice (src/advice/rules.ts): warnings about the copy, never errors.
  | 'TitleLength'
  | 'DescriptionLength'
  | 'DuplicateTitle'
  | 'DuplicateDescription'
  | 'HeadingSkip'
  | 'SecondH1'
  | 'VagueLinkText'
  | 'AmbiguousLinkText'
  | 'AltMissing'
  | 'AltLength'
  | 'AltRedundant'
  | 'ImageFileSize'
  | 'ImageDimensions'
  | 'PlainEmail'
  | 'PlainPhone'
  | 'UnusedContent'
  | 'FileName'
  | 'MissingImage'
  | 'ImageAltMissing'
  | 'ExternalImage'
  | 'DuplicateOrder'
  | 'DuplicateSectionId'
  | 'SectionRepeated'
  | 'SectionEmpty'
  | 'DuplicateUrl'
  | 'DuplicateId'
  | 'BrokenLink'
  | 'BrokenAnchor'
  | 'MissingAsset'
  | 'CanonicalMismatch'
  | 'TemplateBuildFailed'
  | 'RenderFailed'
  | 'AssetBuildFailed'
  | 'ImageFailed'
  | 'UnsafeOutDir'
  | 'SymlinkOutside'
  | 'SymlinkBroken'
  | 'PublicFileType'
  | 'UnsafeSvg'
  | 'SvgMalformed'
  | 'UnsafeHtml'
  | 'WriteFailed'
  | 'OutputMissing'
  | 'PortBusy'
  | 'ListenFailed'
  | 'HostLimit'
  | 'UsageError'
  // content/redirects.yaml and the moved-page guard (src/redirects/).
  | 'RedirectInvalid'
  | 'PageGone'
  | 'SitemapUnreadable';

/** Errors fail the run; warnings do not, unless `--strict` makes them errors. */
export type Severity = 'error' | 'warning';

export { type AdviceCode, catalogue, describeCode, type ErrorData, type Facts } from './errors/catalogue.ts';
export {
  createError,
  restoreError,
  SiteError,
  SiteErrors,
  toSiteErrors,
  type ErrorPlace,
  type SiteErrorInit,
} from './errors/site-error.ts';
export {
  escapeControl,
  escapeLine,
  formatLocation,
  toInternalProblem,
  toProblem,
  type Problem,
  type ProjectionOptions,
} from './errors/projection.ts';
export {
  createCodeFrame,
  FRAME_WIDTH,
  formatCount,
  formatError,
  formatErrors,
  formatProblem,
} from './errors/format.ts';
