/** Lower-case letters and digits only: 'Fire rating' and 'FireRating' compare equal. */
export function squash(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Lower case with German umlauts written out and other accents dropped, so word patterns (ASCII
 * `\b`) match 'Türen' as 'tueren', 'fenêtres' as 'fenetres' and 'geïsoleerd' as 'geisoleerd';
 * typographic apostrophes become plain ones ('s’appliquent' → "s'appliquent").
 */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/œ/g, 'oe')
    .replace(/’/g, "'")
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}
