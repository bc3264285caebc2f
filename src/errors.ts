/**
 * One error shape for every problem a site can have: the import path for all of src/errors/. The codes
 * are in errors/codes.ts, their entries in errors/catalogue.ts; errors are data, projected once
 * (errors/projection.ts) for the terminal, GitHub, JSON and the dev overlay. No I/O here.
 */

export type { Severity, SiteErrorCode } from './errors/codes.ts';

export { type AdviceCode, catalogue, describeCode, type ErrorData, type Facts } from './errors/catalogue.ts';
export {
  createError,
  SiteError,
  SiteErrors,
  toSiteErrors,
  type ErrorPlace,
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
