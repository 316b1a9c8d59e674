/**
 * The strings of chat labels (spec §7 'Labels'), shared by the server (400/404/409 answers) and the
 * Pengaturan > Label screen. Kept out of the main catalogue so the login page does not carry them.
 */
export const LABEL_MESSAGES = {
  nameInvalid: 'Nama label tidak valid',
  nameTooLong: 'Nama label maksimal {max} karakter',
  colorInvalid: 'Warna label tidak valid',
  nameTaken: 'Nama label sudah digunakan',
  notFound: 'Label tidak ditemukan',
  idsTooMany: 'Maksimal {max} label sekaligus',
  created: 'Label berhasil ditambahkan',
  updated: 'Label berhasil diubah',
  deleted: 'Label berhasil dihapus',
  ownerOnly: 'Hanya pemilik akun yang dapat menambah, mengubah atau menghapus label',
  empty: 'Anda belum menambahkan Label',
  emptyHint: 'Label berwarna membantu tim mengelompokkan percakapan, misalnya "Pesanan baru" atau "VIP".',
  searchEmpty: 'Label tidak ditemukan',
  total: '{count} percakapan',
  deleteTitle: 'Hapus Label',
  deleteBody: 'Label "{name}" akan dihapus.',
  deleteUsed: 'Label ini akan dilepas dari {count} percakapan.',
  deleteUnused: 'Label ini belum dipakai di percakapan mana pun.',
} as const;

export type LabelMessageKey = keyof typeof LABEL_MESSAGES;

/** A label string with its `{placeholders}` filled. */
export function labelMessage(key: LabelMessageKey, vars: Record<string, string | number> = {}): string {
  return LABEL_MESSAGES[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}
