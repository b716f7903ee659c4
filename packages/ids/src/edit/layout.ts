/**
 * How inserted XML is laid out so that it looks like its neighbours: their indentation, indent step
 * and line breaks. Every scan here walks back over one line's leading whitespace only.
 */

/** The whitespace between the start of the line and `offset`, or null when other text precedes it. */
export function lineIndent(text: string, offset: number): string | null {
  let i = offset;
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
  if (i > 0 && text[i - 1] !== '\n' && text[i - 1] !== '\r') return null;
  return text.slice(i, offset);
}

/** The line break the file uses (that of its first line). */
export function lineBreak(text: string): string {
  const lf = text.indexOf('\n');
  if (lf > 0 && text[lf - 1] === '\r') return '\r\n';
  if (lf < 0 && text.includes('\r')) return '\r';
  return '\n';
}

/** One indentation step: what a child's indent adds to its parent's, else two spaces (or a tab). */
export function indentStep(parent: string | null, child: string | null): string {
  if (parent !== null && child !== null && child.length > parent.length && child.startsWith(parent))
    return child.slice(parent.length);
  return parent?.includes('\t') ? '\t' : '  ';
}

/**
 * Re-lays out XML written with two spaces a level (the writer's layout): each line gets `indent`
 * plus one `step` per level, and lines are joined with `newline`. A line break inside a text value
 * is not a layout line (the next line does not start with a tag, as `<` in text is escaped), so it
 * stays exactly as written. With an empty `newline` the XML comes out on one line.
 */
export function relayout(xml: string, indent: string, step: string, newline: string): string {
  const lines: string[] = [];
  for (const line of xml.replace(/\n$/, '').split('\n')) {
    const tag = /^( *)</.exec(line);
    if (tag === null && lines.length > 0) {
      lines[lines.length - 1] += `\n${line}`;
      continue;
    }
    const depth = Math.floor((tag?.[1]?.length ?? 0) / 2);
    const body = line.slice(tag?.[1]?.length ?? 0);
    lines.push(newline === '' ? body : indent + step.repeat(depth) + body);
  }
  return lines.map((line) => line + newline).join('');
}
