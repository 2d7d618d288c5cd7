export { searchTable, normalize, type TableSearch, type TableMatch } from "./search-table";
export { TABLE_LOADERS, type FiscalTableName } from "./load-tables";
export { searchCompanyTable, FISCAL_TABLE_NAMES } from "./company-table";
export { cestNcmMismatch } from "./cest-ncm";
export { ibsCbsClassFlags, ibsCbsCstDefers, type IbsCbsClassFlags } from "./ibscbs-flags";
