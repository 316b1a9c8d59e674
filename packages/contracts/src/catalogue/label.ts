/** Chat labels (spec §7 'Labels'): the server's 400/404/409 answers and Pengaturan > Label. */
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
