// What other modules may use of wines: eslint refuses imports of its files from another module.
export { countMap, countryName, fallbackLang, getCounts, getLookups, loc, locOrNull } from './catalog-cache';
export { and, searchCondition, toPgQuery, tradePriceSql } from './product-sql';
export { cachedAnswer, serveCached } from './response-cache';
export { displayName, getProductDetail, listProducts, pageInfo, resolveProductQuery } from './service';
