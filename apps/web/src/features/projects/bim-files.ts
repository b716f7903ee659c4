import type { BimFile } from '@plumbline/contracts';

export const BIM_FILE_STATUS_LABEL: Record<BimFile['status'], string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};
