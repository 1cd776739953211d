import { createRequire } from 'node:module';
import type ExcelJS from 'exceljs';

const require = createRequire(import.meta.url);
let loaded: typeof ExcelJS | undefined;

/** exceljs, loaded on first use: it is the largest module of the server and most starts never touch a sheet. */
export const excel = (): typeof ExcelJS => {
  loaded ??= require('exceljs') as typeof ExcelJS;
  return loaded;
};
