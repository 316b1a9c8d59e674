import type { ContactImport, ImportState, StartImportBody } from '@sapa/contracts';
import { api } from '../../../lib/api-client';
import { downloadApiFile, safeFileName } from '../../../lib/api-download';
import { baseName } from '../contact-format';

const BASE = '/group/excel/contact';
const importPath = (id: string, rest = '') => `${BASE}/${encodeURIComponent(id)}${rest}`;

/** The largest file the server reads (spec: 10 MB). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_ACCEPT =
  '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/** States in which the server is still working on the import. */
export function isImportActive(state: ImportState): boolean {
  return state === 'queued' || state === 'running';
}

/** POST /group/excel/contact (multipart `file`): the server reads the header and first rows. */
export function uploadImportFile(file: File): Promise<ContactImport> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<ContactImport>(BASE, form);
}

/** POST /group/excel/contact/{id}/start: the mapping and the target group; the import is queued. */
export function startImport(id: string, body: StartImportBody): Promise<ContactImport> {
  return api.post<ContactImport>(importPath(id, '/start'), body);
}

/** GET /group/excel/contact/{id}: its progress. */
export function fetchImport(id: string, signal?: AbortSignal): Promise<ContactImport> {
  return api.get<ContactImport>(importPath(id), undefined, signal);
}

/** POST /group/excel/contact/{id}/cancel. */
export function cancelImport(id: string): Promise<ContactImport> {
  return api.post<ContactImport>(importPath(id, '/cancel'));
}

/** GET /group/excel/contact/{id}/refused: the refused rows with their reason, as '<file> - ditolak.xlsx'. */
export function downloadRefused(item: Pick<ContactImport, '_id' | 'fileName'>): Promise<void> {
  const name = `${safeFileName(baseName(item.fileName), 'impor')} - ditolak.xlsx`;
  return downloadApiFile(importPath(item._id, '/refused'), name);
}
