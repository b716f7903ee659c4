import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { FACET_TYPES, facetTypeLabel } from '@/lib/facet-labels';
import { useT } from '@/lib/i18n';
import type { RequirementFilters } from './requirement-view';

const CARDINALITIES = ['all', 'required', 'optional', 'prohibited'] as const;
const COMPLIANCES = ['all', 'passed', 'failed', 'no-data'] as const;

interface FilterBarProps {
  filters: RequirementFilters;
  onChange: (filters: RequirementFilters) => void;
}

/** Search plus type, cardinality and compliance filters of the Requirements table (spec 2 §2.1). */
export function RequirementFiltersBar({ filters, onChange }: FilterBarProps) {
  const t = useT('inspector', 'common');
  const set = (patch: Partial<RequirementFilters>) => onChange({ ...filters, ...patch });
  return (
    <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
      <div className="relative">
        <Search className="absolute left-2.5 top-2.5 size-4 text-muted-foreground" aria-hidden="true" />
        <Input
          aria-label={t('inspector.schema.search')}
          placeholder={t('inspector.schema.searchPlaceholder')}
          className="pl-8"
          value={filters.search}
          onChange={(e) => set({ search: e.target.value })}
        />
      </div>
      <Select value={filters.type} onValueChange={(v) => set({ type: v as RequirementFilters['type'] })}>
        <SelectTrigger aria-label={t('inspector.schema.type')}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="all">{t('inspector.schema.allTypes')}</SelectItem>
          {FACET_TYPES.map((value) => (
            <SelectItem key={value} value={value}>
              {facetTypeLabel(t, value)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select
        value={filters.cardinality}
        onValueChange={(v) => set({ cardinality: v as RequirementFilters['cardinality'] })}
      >
        <SelectTrigger aria-label={t('inspector.schema.cardinality')}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {CARDINALITIES.map((v) => (
            <SelectItem key={v} value={v}>
              {t('inspector.schema.cardinalityOption', { value: v })}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select
        value={filters.compliance}
        onValueChange={(v) => set({ compliance: v as RequirementFilters['compliance'] })}
      >
        <SelectTrigger aria-label={t('inspector.schema.compliance')}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {COMPLIANCES.map((v) => (
            <SelectItem key={v} value={v}>
              {t('inspector.schema.complianceOption', { value: v })}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
