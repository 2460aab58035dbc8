// The transfer's door for the repository's tools (scripts/: the blog CLI's `import` and `export`, the import
// benchmark), which the lint opens to scripts/ alone (eslint.config.mjs, TOOLS): the readers, the appliers onto a
// content folder or a Wix site, the export, and the records' port, each handed the stores the CLI opened itself. The
// server's import is index.ts's, over the site's own stores.

export { applyBundle, type ImportOptions } from './apply';
export { readSource, type SourceChoice } from './detect';
export { exportSite } from './export';
export { IMPORT_COLLECTIONS, importRecords, type ImportRecords, offeredPlanIds } from './records';
export { formatReport, type ImportReport } from './report';
export { emptyBundle, type Bundle, ImportError } from './types';
export { importIntoWixSite } from './wix-import';
