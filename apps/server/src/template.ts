import {
  migrateDatabase,
  seedCatalog,
  seedCommerceDemo,
  seedContentDemo,
  seedDemoData,
  seedDocuments,
  writePgliteTemplate,
} from '@podo/db';

/**
 * Build step: the PGlite tarballs a brand-new DATA_DIR starts from (decision 002), both already migrated:
 * `pglite-template.tar.gz` without data, `pglite-demo-template.tar.gz` with the demo accounts and wine catalogue
 * (DEMO_DATA=true, the default). The server still migrates and seeds on top, which is a no-op on a current template.
 */
export async function writeDatabaseTemplates(dist: string): Promise<void> {
  await writePgliteTemplate(`${dist}/pglite-template.tar.gz`, async (h) => {
    await migrateDatabase(h);
    await seedDocuments(h.db);
  });
  await writePgliteTemplate(`${dist}/pglite-demo-template.tar.gz`, async (h) => {
    await migrateDatabase(h);
    await seedDocuments(h.db);
    await seedDemoData(h.db);
    await seedCatalog(h.db);
    await seedCommerceDemo(h.db);
    await seedContentDemo(h.db);
  });
}
