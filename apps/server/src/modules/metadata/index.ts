// The metadata module as other modules see it: only what they use. Everything else in modules/metadata/
// is the module's own; other modules import this file, never those (.dependency-cruiser.cjs).
export { derivedFunctionalGroup, primaryBimCategory } from './bim-category';
/** The explorer's rows of a version as one Parquet file (processing writes it; decision 0274). */
export { writeExplorerFile } from './columnar/write';
/** Where explorer rows are read (decisions 0273, 0274): the assistant reads property rows through it. */
export type { ExplorerStore, ExplorerVersion } from './explorer-store';
export { createExplorerStore } from './explorer-store-factory';
export { createExportCooldown } from './export-cooldown';
/** The CSV field writer with the formula guard, for every CSV export (audit trail too). */
export { csvField } from './export-writers';
export { createSqlExplorerStore as createSqlOnlyExplorerStore } from './sql-store';
