import type { MetadataRow, MetadataSortKey } from '@plumbline/contracts';
import { Box, Info } from 'lucide-react';
import { SortableHeader } from '@/components/data-table/sortable-header';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useT } from '@/lib/i18n';
import type { ExplorerState } from './explorer-state';

/** The Element Metadata columns, exactly as spec 2 §2.5 names them (ACTIONS is not sortable). */
export const METADATA_COLUMNS: Array<{
  key: MetadataSortKey;
  label: string;
  value: (row: MetadataRow) => string;
}> = [
  { key: 'object_id', label: 'OBJECT ID', value: (r) => r.object_id },
  { key: 'category', label: 'CATEGORY', value: (r) => r.category },
  { key: 'ifc_class', label: 'IFC CLASS', value: (r) => r.ifc_class },
  { key: 'property_set', label: 'PROPERTY SET', value: (r) => r.property_set },
  { key: 'attribute', label: 'ATTRIBUTE', value: (r) => r.attribute },
  { key: 'value', label: 'VALUE', value: (r) => r.value ?? '' },
];

export interface MetadataTableProps {
  rows: MetadataRow[];
  sort: ExplorerState['sort'];
  onSort: (key: MetadataSortKey) => void;
  onShowDetails: (row: MetadataRow) => void;
  /** Shown only when the 3D viewer is open: highlights the row's element there. */
  onShowInViewer?: ((row: MetadataRow) => void) | undefined;
}

/** A cell's text on one line up to its column's cap, cut with an ellipsis; the full text on hover. */
function Clipped({ max, full, children }: { max: string; full: string; children: React.ReactNode }) {
  return (
    <span className={`block truncate ${max}`} title={full}>
      {children}
    </span>
  );
}

export function MetadataTable({ rows, sort, onSort, onShowDetails, onShowInViewer }: MetadataTableProps) {
  const t = useT('metadata');
  return (
    // Column widths follow what the columns hold (issue 17): the 22-character GlobalId takes only its
    // own width, the value the most, attribute and property set what their names need; the table fits
    // its card at 1440 px and a longer cell ends in an ellipsis with its full text on hover.
    <Table aria-label={t('metadata.table.label')} className="min-w-[52rem] table-fixed">
      <colgroup>
        <col className="w-[12%]" />
        <col className="w-[14%]" />
        <col className="w-[12%]" />
        <col className="w-[14%]" />
        <col className="w-[24%]" />
        <col className="w-[24%]" />
        <col className="w-24" />
      </colgroup>
      <TableHeader>
        <TableRow>
          {METADATA_COLUMNS.map((column) => (
            <SortableHeader
              key={column.key}
              label={t('metadata.table.column', { column: column.key })}
              direction={sort?.key === column.key ? sort.direction : false}
              onSort={() => onSort(column.key)}
            />
          ))}
          <TableHead className="text-right">{t('metadata.table.actions')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell className="font-mono text-xs">
              <Clipped
                max="max-w-full"
                full={row.object_name ? `${row.object_name} (${row.object_id})` : row.object_id}
              >
                {row.object_id}
              </Clipped>
            </TableCell>
            <TableCell>
              <Clipped max="max-w-full" full={row.category}>
                {row.category}
              </Clipped>
            </TableCell>
            <TableCell className="font-mono text-xs">
              <Clipped max="max-w-full" full={row.ifc_class}>
                {row.ifc_class}
              </Clipped>
            </TableCell>
            <TableCell>
              <Clipped max="max-w-full" full={row.property_set}>
                {row.property_set}
              </Clipped>
            </TableCell>
            <TableCell>
              <Clipped max="max-w-full" full={row.attribute}>
                {row.attribute}
              </Clipped>
            </TableCell>
            <TableCell>
              <Clipped max="max-w-full" full={row.value ?? ''}>
                {row.value ?? <span className="text-muted-foreground">—</span>}
              </Clipped>
            </TableCell>
            <TableCell className="text-right whitespace-nowrap">
              {onShowInViewer && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('metadata.table.showInViewer', { id: row.object_id })}
                  onClick={() => onShowInViewer(row)}
                >
                  <Box />
                </Button>
              )}
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('metadata.table.details', { id: row.object_id })}
                onClick={() => onShowDetails(row)}
              >
                <Info />
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
