import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useT } from '@/lib/i18n';
import { clampPage, PAGE_SIZE_OPTIONS, pageCount, pageRange } from './pagination';

export interface TablePaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  pageSizeOptions?: readonly number[];
}

/** 'Rows per page' selector with First / Previous / Next / Last (spec 2 §2.2). */
export function TablePagination({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
}: TablePaginationProps) {
  const t = useT('common');
  const current = clampPage(page, total, pageSize);
  const last = pageCount(total, pageSize) - 1;
  return (
    <nav
      aria-label={t('common.pagination.label')}
      className="flex flex-col gap-3 border-t border-border px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-center gap-2 text-muted-foreground">
        <span id="rows-per-page-label">{t('common.pagination.rowsPerPage')}</span>
        <Select value={String(pageSize)} onValueChange={(value) => onPageSizeChange(Number(value))}>
          <SelectTrigger className="h-8 w-20" aria-labelledby="rows-per-page-label">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {pageSizeOptions.map((size) => (
              <SelectItem key={size} value={String(size)}>
                {size}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex items-center gap-4">
        <span className="tabular-nums text-muted-foreground">
          {t('common.pagination.page', {
            page: current + 1,
            pages: last + 1,
            total,
            ...pageRange(current, total, pageSize),
          })}
        </span>
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            onClick={() => onPageChange(0)}
            disabled={current === 0}
            aria-label={t('common.pagination.first')}
          >
            <ChevronsLeft />
          </Button>
          <Button
            variant="outline"
            size="icon"
            onClick={() => onPageChange(current - 1)}
            disabled={current === 0}
            aria-label={t('common.pagination.previous')}
          >
            <ChevronLeft />
          </Button>
          <Button
            variant="outline"
            size="icon"
            onClick={() => onPageChange(current + 1)}
            disabled={current >= last}
            aria-label={t('common.pagination.next')}
          >
            <ChevronRight />
          </Button>
          <Button
            variant="outline"
            size="icon"
            onClick={() => onPageChange(last)}
            disabled={current >= last}
            aria-label={t('common.pagination.last')}
          >
            <ChevronsRight />
          </Button>
        </div>
      </div>
    </nav>
  );
}
