import type { OverviewChanges } from '@plumbline/contracts';
import { useT } from '@/lib/i18n';

/**
 * Per file and specification, what the latest version changed since the one before (issue 30): the
 * server's figures of the Changes view's default pair, waivers applied as there (decision 0370); the
 * sentence is the catalogue's.
 */
export function ChangesSince({ changes }: { changes: readonly OverviewChanges[] }) {
  const t = useT('overview');
  return (
    <div className="space-y-4 px-6 pb-6">
      {changes.map((file) => (
        <section key={file.file_id} aria-label={t('overview.changes.fileLabel', { file: file.file_name })}>
          <h3 className="text-sm font-medium">
            {t('overview.changes.file', {
              file: file.file_name,
              from: file.from_version.version_number,
              to: file.to_version.version_number,
            })}
          </h3>
          <ul className="mt-1 space-y-1 text-sm">
            {file.specifications.map((spec) => (
              <li key={spec.key} className="flex flex-wrap justify-between gap-x-4">
                <span>{spec.name}</span>
                <span className="tabular-nums text-muted-foreground" data-since={spec.key}>
                  {spec.compared
                    ? t('overview.changes.since', {
                        version: file.from_version.version_number,
                        new: spec.new,
                        resolved: spec.resolved,
                        waived: spec.waived,
                      })
                    : t('overview.changes.notCompared', { version: file.from_version.version_number })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
