/** The article module's own Indonesian texts (issue 23); the web keeps its screen texts beside its pages. */
export const ARTICLE_MESSAGES = {
  notFound: 'Artikel tidak ditemukan',
  slugTaken: 'Slug sudah dipakai artikel lain',
  coverUrlInvalid: 'Alamat gambar sampul tidak valid',
  bodyEmpty: 'Isi artikel masih kosong',
  deleted: 'Artikel dihapus',
  coverRequired: 'Pilih gambar sampul',
  coverType: 'Gambar harus berformat JPG, PNG, WebP atau GIF',
  coverTooLarge: 'Ukuran gambar maksimal 5 MB',
  coverUploadFailed: 'Gambar gagal diunggah, coba lagi',
  coverMissing: 'Gambar tidak ditemukan',
} as const;
