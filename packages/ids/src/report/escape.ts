/**
 * Escaping for the HTML and XML reporters. Everything that came from the model or the IDS (names,
 * reasons, values) passes through here before it is written into markup.
 */

// Characters XML 1.0 forbids outright (C0 controls except tab, LF, CR; lone surrogates; U+FFFE/F).
// A parser rejects the whole document on one of them, so they are replaced, not escaped.
const notXmlChar =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text safe inside an XML element or a double- or single-quoted attribute. */
export function escapeXml(text: string): string {
  return text
    .replace(notXmlChar, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Text safe inside HTML element content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replace(notXmlChar, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
