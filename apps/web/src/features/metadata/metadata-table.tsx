import type { MetadataRow, MetadataSortKey } from '@plumbline/contracts';
import { Box, Info } from 'lucide-react';
import { SortableHeader } from '@/components/data-table/sortable-header';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
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

export function MetadataTable({ rows, sort, onSort, onShowDetails, onShowInViewer }: MetadataTableProps) {
  return (
    // Fixed column widths: the table fits its card at laptop widths; long cells truncate (full text
    // in their title) instead of pushing the value and actions out of view.
    <Table aria-label="Element Metadata" className="min-w-[52rem] table-fixed">
      <colgroup>
        <col className="w-[20%]" />
        <col className="w-[10%]" />
        <col className="w-[13%]" />
        <col className="w-[18%]" />
        <col className="w-[16%]" />
        <col className="w-[13%]" />
        <col className="w-24" />
      </colgroup>
      <TableHeader>
        <TableRow>
          {METADATA_COLUMNS.map((column) => (
            <SortableHeader
              key={column.key}
              label={column.label}
              direction={sort?.key === column.key ? sort.direction : false}
              onSort={() => onSort(column.key)}
            />
          ))}
          <TableHead className="text-right">ACTIONS</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell className="truncate font-mono text-xs" title={row.object_name ?? row.object_id}>
              {row.object_id}
            </TableCell>
            <TableCell className="truncate" title={row.category}>
              {row.category}
            </TableCell>
            <TableCell className="truncate font-mono text-xs" title={row.ifc_class}>
              {row.ifc_class}
            </TableCell>
            <TableCell className="truncate" title={row.property_set}>
              {row.property_set}
            </TableCell>
            <TableCell className="truncate" title={row.attribute}>
              {row.attribute}
            </TableCell>
            <TableCell className="truncate" title={row.value ?? ''}>
              {row.value ?? <span className="text-muted-foreground">—</span>}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap">
              {onShowInViewer && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Show ${row.object_id} in the 3D viewer`}
                  onClick={() => onShowInViewer(row)}
                >
                  <Box />
                </Button>
              )}
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Details of ${row.object_id}`}
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
