import { z } from 'zod';

/** spec §3 media objects. `url` is where the file is served; thumbnails are small data: URLs. */
export const imageMedia = z.object({
  url: z.string(),
  thumbnail: z.string().nullable(),
  mimetype: z.string(),
});
export const videoMedia = z.object({
  url: z.string(),
  thumbnail: z.string().nullable(),
  duration: z.number().int(),
  mimetype: z.string(),
});
export const audioMedia = z.object({ url: z.string(), duration: z.number().int(), mimetype: z.string() });
/** size in kB: bytes/1000 rounded (spec §9). */
export const documentMedia = z.object({
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  mimetype: z.string(),
});
export const locationMedia = z.object({
  latitude: z.number(),
  longitude: z.number(),
  name: z.string(),
  address: z.string(),
  thumbnail: z.string().nullable(),
});
export const contactMedia = z.object({ name: z.string(), dial: z.string(), phoneNumber: z.string() });
export const stickerMedia = z.object({ url: z.string() });

export type ImageMedia = z.infer<typeof imageMedia>;
export type VideoMedia = z.infer<typeof videoMedia>;
export type AudioMedia = z.infer<typeof audioMedia>;
export type DocumentMedia = z.infer<typeof documentMedia>;
export type LocationMedia = z.infer<typeof locationMedia>;
export type ContactMedia = z.infer<typeof contactMedia>;
export type StickerMedia = z.infer<typeof stickerMedia>;

/** The media object of a message or template, under the key of its type (spec §3). */
export const mediaFields = {
  image: imageMedia.optional(),
  video: videoMedia.optional(),
  audio: audioMedia.optional(),
  document: documentMedia.optional(),
  location: locationMedia.optional(),
  contact: contactMedia.optional(),
  sticker: stickerMedia.optional(),
};
/** The media object under its type's key, as messages, quotes and templates carry it. */
export interface MediaFields {
  image?: ImageMedia;
  video?: VideoMedia;
  audio?: AudioMedia;
  document?: DocumentMedia;
  location?: LocationMedia;
  contact?: ContactMedia;
  sticker?: StickerMedia;
}
export const MEDIA_KEYS = ['image', 'video', 'audio', 'document', 'location', 'contact', 'sticker'] as const;
export type MediaKey = (typeof MEDIA_KEYS)[number];
export type MediaObject =
  ImageMedia | VideoMedia | AudioMedia | DocumentMedia | LocationMedia | ContactMedia | StickerMedia;
export function isMediaKey(type: string): type is MediaKey {
  return (MEDIA_KEYS as readonly string[]).includes(type);
}

/** POST /chat/media answers where the file is and what the server found in it. */
export const uploadedMedia = z.object({
  url: z.string(),
  name: z.string(),
  mimetype: z.string(),
  /** bytes */
  size: z.number().int(),
  thumbnail: z.string().nullable(),
  /** rounded seconds for audio and video */
  duration: z.number().int().nullable(),
});
export type UploadedMedia = z.infer<typeof uploadedMedia>;
