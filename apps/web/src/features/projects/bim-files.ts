import type { BimFile } from '@plumbline/contracts';
import { t } from '@/lib/i18n';

/**
 * A file's processing status in the page's language (`common.fileStatus`; the dashboard loads the
 * `common` catalogue before its first view).
 */
export function bimFileStatusText(status: BimFile['status']): string {
  return t('common.fileStatus', { status });
}
