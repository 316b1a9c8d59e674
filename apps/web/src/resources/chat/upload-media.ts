import type { UploadedMedia } from '@sapa/contracts';
import { api } from '../../lib/api-client';

/** Uploads one file (POST /chat/media, multipart field `file`). */
export function uploadMedia(file: File): Promise<UploadedMedia> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<UploadedMedia>('/chat/media', form);
}
