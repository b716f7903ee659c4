/** Reporters: pure functions from a `CheckReport` to console text, JSON, HTML or a BCF 3.0 archive. */
export { type BcfReport, type BcfReportOptions, buildBcfReport, DEFAULT_MAX_BCF_TOPICS } from './bcf';
export { type ConsoleReportOptions, formatConsoleReport } from './console';
export { type HtmlReportOptions, renderHtmlReport } from './html';
export { formatJsonReport, JSON_REPORT_VERSION, type JsonReport, toJsonReport } from './json';
export { type ReportSummary, summarize } from './summary';
