/** Reporters: pure functions from a `CheckReport` to console text, JSON, HTML or a BCF 2.1/3.0 archive. */
export {
  BCF_VERSIONS,
  type BcfArchiveCounts,
  type BcfGrouping,
  type BcfReport,
  type BcfReportOptions,
  type BcfVersion,
  buildBcfReport,
  DEFAULT_BCF_VERSION,
  DEFAULT_MAX_BCF_TOPICS,
  MAX_BCF_TOPICS,
  writeBcfReport,
} from './bcf';
export { type BcfIdentity, specificationKey } from './bcf-identity';
export { type ConsoleReportOptions, formatConsoleReport } from './console';
export { type HtmlReportOptions, htmlReportChunks, renderHtmlReport, writeHtmlReport } from './html';
export { formatJsonReport, JSON_REPORT_VERSION, type JsonReport, toJsonReport } from './json';
export { type ReportSummary, summarize } from './summary';
export {
  elementReasons,
  facetText,
  failureText,
  type IdsMessageId,
  idsWords,
  specificationReasonOf,
  specificationReasonText,
  valueText,
  type Words,
} from './words';
