// The decision records (docs/decisions/NNNN-short-title.md) and their index (docs/decisions/README.md):
// how a record's header is read, and the index line each record gets. `npx tsx scripts/decisions.ts`
// prints the index's table from the records; `--write` puts it into the index (decision 0211).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const decisionsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');
export const indexFile = join(decisionsDir, 'README.md');

export const AREAS = [
  'engine',
  'server',
  'web',
  'data',
  'ops',
  'docs',
  'billing',
  'auth',
  'i18n',
  'tests',
] as const;

/** accepted, proposed, retired (the thing it decided no longer exists) or superseded by NNNN. */
const STATUS = String.raw`accepted|proposed|retired|superseded by \d{4}`;
const TITLE_LINE = /^# (\d{4}): (\S.*\S|\S)$/;
const STATUS_LINE = new RegExp(
  String.raw`^Status: (${STATUS})\. Area: (${AREAS.join('|')})\. Date: (\d{4}-\d{2}-\d{2})\.$`,
);
const FILE_NAME = /^(\d{4})-[a-z0-9]+(-[a-z0-9]+)*\.md$/;
const INDEX_LINE = new RegExp(
  String.raw`^\| \[(\d{4})\]\(([^)]+)\) \| (.+) \| (${STATUS}) \| (${AREAS.join('|')}) \|$`,
);

export interface DecisionRecord {
  number: string;
  file: string;
  title: string;
  status: string;
  area: string;
  date: string;
}

/** A record's header, or the reason it is not in the one format. */
export function readRecordHeader(file: string, text: string): DecisionRecord | string {
  const name = FILE_NAME.exec(file);
  if (!name) return `${file}: the file name must be NNNN-short-title.md (lower case, digits and hyphens)`;
  const [first = '', blank1, second = '', blank2] = text.split('\n');
  const title = TITLE_LINE.exec(first);
  if (!title) return `${file}: the first line must be "# NNNN: Title", found "${first}"`;
  if (title[1] !== name[1]) return `${file}: the title's number ${title[1]} is not the file's ${name[1]}`;
  if (blank1 !== '') return `${file}: the second line must be blank`;
  const status = STATUS_LINE.exec(second);
  if (!status) {
    return `${file}: the third line must be "Status: <accepted|proposed|retired|superseded by NNNN>. Area: <${AREAS.join('|')}>. Date: YYYY-MM-DD.", found "${second}"`;
  }
  if (blank2 !== undefined && blank2 !== '') return `${file}: the line after the status line must be blank`;
  return {
    number: name[1] as string,
    file,
    title: title[2] as string,
    status: status[1] as string,
    area: status[2] as string,
    date: status[3] as string,
  };
}

export function recordFiles(): string[] {
  return readdirSync(decisionsDir)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .sort();
}

export function indexLineOf(record: Omit<DecisionRecord, 'date'>): string {
  return `| [${record.number}](${record.file}) | ${record.title} | ${record.status} | ${record.area} |`;
}

export interface IndexLine {
  line: number;
  number: string;
  file: string;
  title: string;
  status: string;
  area: string;
}

/** The index's record lines (those starting with "| ["), each parsed or with the reason it is not. */
export function readIndex(text: string): Array<IndexLine | string> {
  const out: Array<IndexLine | string> = [];
  text.split('\n').forEach((line, i) => {
    if (!line.startsWith('| [')) return;
    const m = INDEX_LINE.exec(line);
    if (!m) {
      out.push(`README.md line ${i + 1} is not "| [NNNN](file.md) | Title | status | area |": ${line}`);
      return;
    }
    out.push({
      line: i + 1,
      number: m[1] as string,
      file: m[2] as string,
      title: m[3] as string,
      status: m[4] as string,
      area: m[5] as string,
    });
  });
  return out;
}

const TABLE_START = '| Record | Title | Status | Area |';

/** The index with its table replaced by one line per record, in number order. */
export function renderIndex(current: string, records: DecisionRecord[]): string {
  const lines = current.split('\n');
  const start = lines.indexOf(TABLE_START);
  if (start < 0) throw new Error(`docs/decisions/README.md has no table starting "${TABLE_START}"`);
  let end = start + 2;
  while (end < lines.length && lines[end]?.startsWith('|')) end += 1;
  const rows = [...records].sort((a, b) => a.number.localeCompare(b.number)).map(indexLineOf);
  return [...lines.slice(0, start + 2), ...rows, ...lines.slice(end)].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const records: DecisionRecord[] = [];
  for (const file of recordFiles()) {
    const header = readRecordHeader(file, readFileSync(join(decisionsDir, file), 'utf8'));
    if (typeof header === 'string') {
      console.error(header);
      process.exitCode = 1;
    } else {
      records.push(header);
    }
  }
  if (process.argv.includes('--write')) {
    writeFileSync(indexFile, renderIndex(readFileSync(indexFile, 'utf8'), records));
  } else {
    for (const record of records) console.log(indexLineOf(record));
  }
}
