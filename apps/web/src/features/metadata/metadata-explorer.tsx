import type { MetadataFilterKey, MetadataRow } from '@plumbline/contracts';
import { Download, Search } from 'lucide-react';
import { needsPaging } from '@/components/data-table/pagination';
import { TablePagination } from '@/components/data-table/table-pagination';
import { FilterPanel } from '@/components/filter-panel/filter-panel';
import { clearSection, toggleSelected } from '@/components/filter-panel/filter-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useT } from '@/lib/i18n';
import { ElementDetailsDialog } from './element-details-dialog';
import {
  cycleSort,
  type ExplorerState,
  METADATA_PAGE_SIZE_OPTIONS,
  withFilters,
  withPageSize,
  withRange,
  withSearch,
} from './explorer-state';
import { MetadataTable } from './metadata-table';
import { useNumericRange } from './numeric-range';
import { useMetadataFacets, useMetadataPage, type VersionAddress } from './queries';
import { useDebouncedSearch } from './use-debounced-search';
import { useExplorerState } from './use-explorer-state';
import { useMetadataExport } from './use-metadata-export';

export interface MetadataExplorerProps {
  address: VersionAddress;
  /** When set (the 3D viewer is open), rows get a 'show in viewer' action. */
  onShowInViewer?: ((row: MetadataRow) => void) | undefined;
  /** The element whose details dialog is open (also opened by a pick in the 3D viewer). */
  details: number | null;
  onDetailsChange: (viewerDbId: number | null) => void;
}

/** Element Metadata: search, filter panel, export, the paged table and the details dialog (spec 2 §2.5). */
export function MetadataExplorer({
  address,
  onShowInViewer,
  details,
  onDetailsChange,
}: MetadataExplorerProps) {
  const t = useT('metadata');
  const [state, setState] = useExplorerState(address);
  const update = (change: (s: ExplorerState) => ExplorerState) => setState((s) => change(s));
  const [searchText, setSearchText] = useDebouncedSearch(state.search, (text) =>
    update((s) => withSearch(s, text)),
  );
  const page = useMetadataPage(address, state);
  const facets = useMetadataFacets(address, state);
  const numericRange = useNumericRange(facets.data?.numeric_properties ?? [], state.range, (range) =>
    update((s) => withRange(s, range)),
  );
  const exporter = useMetadataExport(address, state);
  const total = page.data?.total ?? 0;
  // A frequent search term is counted up to a bound: the server then says "more than" (issue 34).
  const exact = page.data?.total_exact ?? true;
  const pagedTotal = exact ? total : (page.data?.total_pages ?? 1) * state.pageSize;
  const selected = state.filters as Record<string, string[]>;
  const setSelected = (next: Record<string, string[]>) =>
    update((s) => withFilters(s, next as Partial<Record<MetadataFilterKey, string[]>>));

  const exportLabel = (format: 'csv' | 'xlsx') =>
    exporter.busy === format
      ? t('metadata.exporting')
      : exporter.secondsLeft > 0
        ? t('metadata.cooldown', { format: format.toUpperCase(), seconds: exporter.secondsLeft })
        : t('metadata.export', { format: format.toUpperCase() });

  return (
    <div className="grid gap-4 lg:grid-cols-[16rem_1fr]">
      <Card className="h-fit p-4">
        {facets.isPending ? (
          <Skeleton className="h-64" />
        ) : facets.isError ? (
          <p className="text-sm text-destructive">{errorMessage(facets.error)}</p>
        ) : (
          <FilterPanel
            // The server names its sections and the empty level in English: named here in the page's language.
            sections={facets.data.sections.map((section) => ({
              ...section,
              title: t('metadata.filter.section', { key: section.key, title: section.title }),
              options:
                section.key === 'level'
                  ? section.options.map((o) =>
                      o.key === '' ? { ...o, label: t('metadata.filter.noLevel') } : o,
                    )
                  : section.options,
            }))}
            selected={selected}
            onToggle={(section, option) => setSelected(toggleSelected(selected, section, option))}
            onClearSection={(section) => setSelected(clearSection(selected, section))}
            onClearAll={() => {
              setSelected({});
              update((s) => withRange(s, null));
            }}
            beforeRanges={numericRange.chooser}
            ranges={numericRange.ranges}
            selectedRanges={numericRange.selectedRanges}
            onRangeChange={numericRange.onRangeChange}
          />
        )}
      </Card>
      <Card className="min-w-0">
        <div className="flex flex-wrap items-center gap-2 border-b border-border p-4">
          <div className="relative min-w-56 flex-1">
            <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden="true" />
            <Input
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder={t('metadata.searchPlaceholder')}
              aria-label={t('metadata.search')}
              className="pl-8"
            />
          </div>
          <span className="text-sm text-muted-foreground tabular-nums" data-testid="metadata-total">
            {page.data ? t('metadata.rows', { exact: exact ? 'yes' : 'no', count: total }) : ''}
          </span>
          {(['csv', 'xlsx'] as const).map((format) => (
            <Button
              key={format}
              variant="outline"
              size="sm"
              disabled={exporter.busy !== null}
              onClick={() => exporter.run(format, total, exact)}
              aria-label={t('metadata.export', { format: format.toUpperCase() })}
            >
              <Download />
              {exportLabel(format)}
            </Button>
          ))}
        </div>
        {page.isPending ? (
          <div className="space-y-2 p-4">
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
          </div>
        ) : page.isError ? (
          <EmptyState title={t('metadata.loadFailed')} description={errorMessage(page.error)} />
        ) : page.data.rows.length === 0 ? (
          <EmptyState title={t('metadata.noRows')} description={t('metadata.noRowsHint')} />
        ) : (
          <>
            <MetadataTable
              rows={page.data.rows}
              sort={state.sort}
              onSort={(key) => update((s) => cycleSort(s, key))}
              onShowDetails={(row) => onDetailsChange(row.viewer_db_id)}
              onShowInViewer={onShowInViewer}
            />
            {needsPaging(pagedTotal, state.pageSize) && (
              <TablePagination
                page={page.data.page - 1}
                pageSize={state.pageSize}
                total={pagedTotal}
                pageSizeOptions={METADATA_PAGE_SIZE_OPTIONS}
                onPageChange={(next) => update((s) => ({ ...s, page: next + 1 }))}
                onPageSizeChange={(size) => update((s) => withPageSize(s, size))}
              />
            )}
          </>
        )}
      </Card>
      <ElementDetailsDialog address={address} viewerDbId={details} onClose={() => onDetailsChange(null)} />
    </div>
  );
}
