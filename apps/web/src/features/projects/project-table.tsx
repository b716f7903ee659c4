import type { Project } from '@plumbline/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { clampPage, DEFAULT_PAGE_SIZE, needsPaging, pageSlice } from '@/components/data-table/pagination';
import { TablePagination } from '@/components/data-table/table-pagination';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useT } from '@/lib/i18n';
import { PROJECT_TABLE_COLUMNS, ProjectRow } from './project-row';
import { EXPAND_FILES_PARAM } from './selection-params';

export interface ProjectTableProps {
  /** Already filtered by the search box. */
  projects: readonly Project[];
  /** Changing the search resets paging to the first page. */
  query: string;
  onEdit: (project: Project) => void;
  editBlockedReason: (project: Project) => string | undefined;
}

/** The 'Project List' rows with paging and one expandable row at a time (spec 2 §2.2). */
export function ProjectTable({ projects, query, onEdit, editBlockedReason }: ProjectTableProps) {
  const t = useT('projects');
  // The page belongs to the search it was chosen for: a new search starts at the first page.
  const [paging, setPaging] = useState({ page: 0, query });
  const page = paging.query === query ? paging.page : 0;
  const setPage = (next: number) => setPaging({ page: next, query });
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get(EXPAND_FILES_PARAM);
  const [expandedId, setExpandedId] = useState<string | null>(requested);

  // `?expand=` (the Overview's IDS prompt): that project's files open, scrolled to its IDS files.
  useEffect(() => {
    if (!requested) return;
    setExpandedId(requested);
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(EXPAND_FILES_PARAM);
        return next;
      },
      { replace: true },
    );
    requestAnimationFrame(() =>
      document.getElementById(`ids-files-${requested}`)?.scrollIntoView({ block: 'center' }),
    );
  }, [requested, setSearchParams]);

  const current = clampPage(page, projects.length, pageSize);
  const rows = pageSlice(projects, current, pageSize);

  return (
    <>
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {PROJECT_TABLE_COLUMNS.map((column) => (
              <TableHead key={column} scope="col">
                {t(column)}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((project) => (
            <ProjectRow
              key={project.id}
              project={project}
              expanded={expandedId === project.id}
              onToggle={() => setExpandedId((id) => (id === project.id ? null : project.id))}
              onEdit={() => onEdit(project)}
              editBlockedReason={editBlockedReason(project)}
            />
          ))}
        </TableBody>
      </Table>
      {needsPaging(projects.length, pageSize) && (
        <TablePagination
          page={current}
          pageSize={pageSize}
          total={projects.length}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(0);
          }}
        />
      )}
    </>
  );
}
