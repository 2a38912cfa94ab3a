// What other modules may use of pdf: eslint refuses imports of its files from another module.
export { fontFile, fontObject } from './fonts';
