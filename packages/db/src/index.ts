export * from './client';
export * from './schema/index';
export { seedDemoData, DEMO_ACCOUNTS, DEMO_STAFF } from './seed';
export { seedCatalog, planCatalog, wineImageUrl, wineryImageUrl, type CatalogSeedOptions } from './catalog-seed/index';
export { refreshCatalogDerived, productSearch, winerySearch, countrySearchNames, rowsOf } from './catalog-derived';
export { seedCommerceDemo } from './commerce-seed';
export { seedDocuments, DEFAULT_DOCUMENTS } from './documents/index';
export { seedContentDemo } from './content/index';
export { countryNamesOf, syncCountryNames } from './country-names';
