/**
 * The strings of contact groups, group contacts, the Excel import and conversation contacts (spec §7
 * 'Groups and contacts'), shared by the server's answers and the Kontak screens. Kept out of the main
 * catalogue so the login page does not carry them.
 */
export const CONTACT_MESSAGES = {
  groupNameInvalid: 'Nama grup tidak valid',
  groupNameTooLong: 'Nama grup maksimal {max} karakter',
  groupNameTaken: 'Nama grup sudah digunakan',
  groupNotFound: 'Grup tidak ditemukan',
  groupCreated: 'Grup berhasil ditambahkan',
  groupUpdated: 'Grup berhasil diubah',
  groupDeleted: 'Grup berhasil dihapus',
  contactNameInvalid: 'Nama tidak valid',
  contactNameTooLong: 'Nama maksimal {max} karakter',
  phoneInvalid: 'Nomor Telepon tidak valid',
  phoneTaken: 'Nomor Telepon sudah ada di grup ini',
  valueTooLong: 'Isi kolom maksimal {max} karakter',
  unknownColumn: 'Kolom "{name}" tidak ada di grup ini',
  contactNotFound: 'Kontak tidak ditemukan',
  contactsRequired: 'Tambahkan minimal satu kontak',
  contactsTooMany: 'Maksimal {max} kontak sekaligus',
  contactIdsRequired: 'Pilih minimal satu kontak',
  contactsAdded: '{count} kontak berhasil ditambahkan',
  contactUpdated: 'Kontak berhasil diubah',
  contactsDeleted: '{count} kontak berhasil dihapus',
  columnNameInvalid: 'Nama kolom tidak valid',
  columnNameTooLong: 'Nama kolom maksimal {max} karakter',
  columnNameTaken: 'Nama kolom sudah digunakan',
  columnNameReserved: 'Nama kolom tidak boleh "Nama" atau "Nomor Telepon"',
  columnNotFound: 'Kolom tidak ditemukan',
  columnsTooMany: 'Maksimal {max} kolom per grup',
  columnAdded: 'Kolom berhasil ditambahkan',
  columnRenamed: 'Kolom berhasil diubah',
  columnDeleted: 'Kolom berhasil dihapus',
  ownerOnly: 'Hanya pemilik akun yang dapat mengubah kontak dan grup',
  // import
  importFileRequired: 'Pilih berkas Excel (.xlsx) atau CSV',
  importFileType: 'Berkas harus berformat Excel (.xlsx) atau CSV',
  importFileCorrupt: 'Berkas tidak dapat dibaca. Pastikan berkas Excel (.xlsx) atau CSV tidak rusak',
  importFileEmpty: 'Berkas tidak berisi data. Baris pertama harus berisi judul kolom',
  importTooManyRows: 'Maksimal {max} baris per impor',
  importTooLarge: 'Ukuran berkas maksimal 10 MB',
  importContentTooLarge:
    'Isi berkas terlalu besar untuk dibaca. Bagi data ke beberapa berkas, lalu impor satu per satu',
  importNotFound: 'Impor tidak ditemukan',
  importNotReady: 'Impor ini sudah dijalankan',
  importNotRunning: 'Impor ini sudah selesai',
  importMappingLength: 'Pemetaan kolom tidak sesuai dengan berkas',
  importNeedsPhone: 'Pilih satu kolom sebagai Nomor Telepon',
  importNeedsName: 'Pilih satu kolom sebagai Nama',
  importDuplicateTarget: 'Setiap kolom tujuan hanya boleh dipilih sekali',
  importGroupRequired: 'Pilih grup tujuan atau isi nama grup baru',
  importNoRefused: 'Tidak ada baris yang ditolak',
  importFailed: 'Impor gagal. Silakan coba lagi',
  refusedNameEmpty: 'Nama kosong',
  refusedPhoneEmpty: 'Nomor Telepon kosong',
  refusedPhoneInvalid: 'Nomor Telepon tidak valid',
  refusedValueTooLong: 'Isi kolom terlalu panjang',
} as const;

export type ContactMessageKey = keyof typeof CONTACT_MESSAGES;

/** A contact string with its `{placeholders}` filled. */
export function contactMessage(key: ContactMessageKey, vars: Record<string, string | number> = {}): string {
  return CONTACT_MESSAGES[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}
