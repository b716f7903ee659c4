import type { ExtraAttribute } from '@plumbline/contracts';
import { Download, Percent, Search, ShieldCheck, ShieldX, Tags } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { SegmentedFilter } from '@/components/ui/segmented-filter';
import { StatCard } from '@/components/ui/stat-card';
import { useExtraAttributes } from '@/features/projects/attribute-queries';
import { formatNumber, formatPercent } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { fileDate, saveFile } from '@/lib/save-file';
import { AttributeDetailDialog } from './attribute-detail-dialog';
import { AttributeTable } from './attribute-table';
import {
  type AttributeSort,
  attributesCsv,
  type CoverageTab,
  DEFAULT_SORT,
  tabCounts,
  visibleAttributes,
} from './attribute-view';

export interface ExtraAttributesTabProps {
  projectId: string;
  fileId: string;
  versionId: string | null;
}

/**
 * Extra Attributes (spec 2 §2.1): every property the model version carries, how often, whether the
 * project's IDS already asks for it, and what to do about it (detail dialog).
 */
export function ExtraAttributesTab({ projectId, fileId, versionId }: ExtraAttributesTabProps) {
  const query = useExtraAttributes({ projectId, fileId, versionId });
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<CoverageTab>('all');
  const [sort, setSort] = useState<AttributeSort | null>(null);
  const t = useT('inspector');
  const [openId, setOpenId] = useState<string | null>(null);

  const attributes = query.data?.attributes ?? [];
  const rows = useMemo(
    () => visibleAttributes(attributes, tab, search, sort ?? DEFAULT_SORT),
    [attributes, tab, search, sort],
  );
  const counts = useMemo(() => tabCounts(attributes, search), [attributes, search]);
  const open = attributes.find((a) => a.id === openId) ?? null;
  const summary = query.data?.summary;

  if (query.isError) {
    return <Alert variant="destructive">{t('inspector.extra.loadFailed')}</Alert>;
  }

  function exportAnalysis(shown: ExtraAttribute[]) {
    if (shown.length === 0) {
      toast.error(t('inspector.extra.noData'), { description: t('inspector.extra.noMatch') });
      return;
    }
    saveFile(`extra-attributes-${fileDate()}.csv`, attributesCsv(t, shown), 'text/csv;charset=utf-8');
    toast.success(t('inspector.extra.exported'), {
      description: t('inspector.extra.exportedHint', { count: shown.length }),
    });
  }

  const loading = query.isPending;
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label={t('inspector.extra.total')}
          icon={Tags}
          loading={loading}
          value={formatNumber(summary?.total_attributes ?? 0)}
          hint={query.data ? t('inspector.extra.elements', { count: query.data.total_elements }) : undefined}
        />
        <StatCard
          label={t('inspector.extra.covered')}
          icon={ShieldCheck}
          loading={loading}
          value={formatNumber(summary?.covered ?? 0)}
        />
        <StatCard
          label={t('inspector.extra.notCovered')}
          icon={ShieldX}
          loading={loading}
          value={formatNumber(summary?.not_covered ?? 0)}
        />
        <StatCard
          label={t('inspector.extra.coverageRate')}
          icon={Percent}
          loading={loading}
          value={formatPercent(summary?.coverage_rate ?? 0, 1)}
        />
      </div>
      <Card className="p-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="relative w-full sm:max-w-sm">
            <Search className="absolute left-2.5 top-2.5 size-4 text-muted-foreground" aria-hidden="true" />
            <Input
              aria-label={t('inspector.extra.search')}
              placeholder={t('inspector.extra.searchPlaceholder')}
              className="pl-8"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <Button variant="outline" onClick={() => exportAnalysis(rows)} disabled={loading}>
            <Download /> {t('inspector.extra.exportAnalysis')}
          </Button>
        </div>
        <SegmentedFilter
          label={t('inspector.extra.coverage')}
          className="mt-4"
          value={tab}
          onChange={setTab}
          options={[
            { value: 'all', label: t('inspector.extra.tabOption', { tab: 'all', count: counts.all }) },
            {
              value: 'covered',
              label: t('inspector.extra.tabOption', { tab: 'covered', count: counts.covered }),
            },
            {
              value: 'not_covered',
              label: t('inspector.extra.tabOption', { tab: 'not_covered', count: counts.not_covered }),
            },
          ]}
        />
        <div className="mt-4">
          <AttributeTable
            rows={rows}
            loading={loading}
            sort={sort ?? DEFAULT_SORT}
            userSort={sort}
            onSort={setSort}
            onOpen={(a) => setOpenId(a.id)}
          />
        </div>
      </Card>
      {open && (
        <AttributeDetailDialog
          projectId={projectId}
          fileId={fileId}
          versionId={versionId}
          attribute={open}
          onClose={() => setOpenId(null)}
        />
      )}
    </div>
  );
}
