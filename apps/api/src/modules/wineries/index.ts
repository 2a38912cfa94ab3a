// What other modules may use of wineries: eslint refuses imports of its files from another module.
export { getWineryDetail, listWineries } from './service';
