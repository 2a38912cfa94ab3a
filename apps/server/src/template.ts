import { writePgliteTemplate } from '@podo/db';

/** Build step: the initialized-PGlite tarball that a brand-new DATA_DIR starts from. */
export const writeDatabaseTemplate = writePgliteTemplate;
