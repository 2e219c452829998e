import ExcelJS from 'exceljs';
import type { AgreementsResponse } from '#shared/contracts/profit-sharing.ts';
import {
  AGREEMENTS_EXPORT_HEADER,
  AGREEMENTS_EXPORT_USD_COLUMNS,
  agreementsExportRows,
} from './agreements-export.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Dollars with cents, negatives in parentheses, as a spreadsheet's accounting users read them. */
const USD_FORMAT = '"$"#,##0.00;[Red]("$"#,##0.00)';

/**
 * The XLSX of a level's agreements: the CSV's columns and rows (`agreementsExportRows`), amounts as
 * numbers in a currency format, the header row frozen and filtered.
 */
export async function agreementsXlsx(answer: AgreementsResponse): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(`Profit Sharing ${answer.year}`, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.addRow([...AGREEMENTS_EXPORT_HEADER]).font = { bold: true };
  for (const cells of agreementsExportRows(answer)) sheet.addRow(cells);
  AGREEMENTS_EXPORT_HEADER.forEach((name, index) => {
    const column = sheet.getColumn(index + 1);
    column.width = Math.min(40, Math.max(12, name.length + 2));
    if (AGREEMENTS_EXPORT_USD_COLUMNS.includes(index)) column.numFmt = USD_FORMAT;
  });
  sheet.getRow(1).numFmt = '@';
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: AGREEMENTS_EXPORT_HEADER.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
