/**
 * Indonesian strings that only the Kontak screens use; the API's messages (shared with the server)
 * are CONTACT_MESSAGES in the contracts.
 */
export const CONTACT_TEXT = {
  // common
  save: 'Simpan',
  cancel: 'Batal',
  close: 'Tutup',
  delete: 'Hapus',
  edit: 'Ubah',
  retry: 'Coba Lagi',
  loadMore: 'Lebih Banyak',
  clearSearch: 'Hapus pencarian',
  notFoundBody: 'Coba kata kunci lain atau hapus pencarian.',
  exportExcel: 'Ekspor Excel',
  importExcel: 'Impor Excel',
  colName: 'Nama',
  colPhone: 'Nomor Telepon',
  colActions: 'Aksi',

  // Kontak > Broadcast (groups)
  groupsHeading: 'Grup Kontak',
  groupsDescription:
    'Kelompokkan kontak ke dalam grup, lalu pilih grup sebagai penerima saat mengirim broadcast.',
  addGroup: 'Tambah Grup',
  editGroup: 'Ubah Nama Grup',
  renameGroup: 'Ubah nama',
  deleteGroupTitle: 'Hapus Grup',
  deleteGroupBody: 'Grup "{name}" dan {count} kontak di dalamnya akan dihapus.',
  groupSearchLabel: 'Cari grup',
  groupSearchPlaceholder: 'Cari nama grup',
  groupsEmpty: 'Belum ada grup kontak',
  groupsEmptyHint:
    'Buat grup untuk mengelompokkan pelanggan, misalnya "Pelanggan Setia", lalu tambahkan kontak satu per satu atau impor dari Excel.',
  groupsEmptyAgent: 'Pemilik akun belum membuat grup kontak.',
  groupsNotFound: 'Grup tidak ditemukan',
  groupsLoadFailed: 'Daftar grup gagal dimuat.',
  groupsLoading: 'Memuat grup kontak',
  groupsList: 'Daftar grup kontak',
  groupContacts: '{count} kontak',
  groupNoColumns: 'Tanpa kolom tambahan',
  groupColumns: 'Kolom: {names}',
  groupUpdatedAt: 'Diperbarui {date}',
  groupMenu: 'Aksi grup {name}',
  groupNameLabel: 'Nama grup',
  groupNamePlaceholder: 'Contoh: Pelanggan Setia',

  // group detail
  backToGroups: 'Kembali ke Grup Kontak',
  addContact: 'Tambah Kontak',
  editContact: 'Ubah Kontak',
  manageColumns: 'Kelola Kolom',
  contactSearchLabel: 'Cari kontak',
  contactSearchPlaceholder: 'Cari nama atau nomor telepon',
  contactsEmpty: 'Belum ada kontak di grup ini',
  contactsEmptyHint: 'Tambahkan kontak satu per satu, atau impor sekaligus dari berkas Excel atau CSV.',
  contactsEmptyAgent: 'Pemilik akun belum menambahkan kontak ke grup ini.',
  contactsNotFound: 'Kontak tidak ditemukan',
  contactsLoadFailed: 'Daftar kontak gagal dimuat.',
  contactsLoading: 'Memuat kontak',
  contactsTable: 'Daftar kontak grup',
  selectAll: 'Pilih semua kontak yang tampil',
  selectContact: 'Pilih {name}',
  selected: '{count} dipilih',
  clearSelection: 'Batal pilih',
  editContactLabel: 'Ubah kontak {name}',
  deleteContactsTitle: 'Hapus Kontak',
  deleteContactsBody: '{count} kontak yang dipilih akan dihapus dari grup ini.',
  groupNotFoundBody: 'Grup ini mungkin sudah dihapus atau alamatnya salah.',
  groupLoadFailed: 'Grup gagal dimuat.',

  // contact form
  contactNameLabel: 'Nama',
  contactNamePlaceholder: 'Contoh: Budi Santoso',
  contactPhoneLabel: 'Nomor Telepon',
  contactPhonePlaceholder: '081234567890',
  contactPhoneHint: 'Awali dengan 0 atau kode negara, misalnya 0812… atau +62812…',
  contactColumnsHeading: 'Kolom tambahan',

  // columns
  columnsIntro:
    'Kolom tambahan menyimpan data lain setiap kontak, misalnya Kota atau Tanggal Lahir. Urutannya mengikuti urutan di tabel.',
  columnsEmpty: 'Grup ini belum punya kolom tambahan.',
  columnNew: 'Nama kolom baru',
  columnNewPlaceholder: 'Contoh: Kota',
  columnAdd: 'Tambah',
  columnRenameLabel: 'Nama kolom {name}',
  columnEdit: 'Ubah kolom {name}',
  columnDelete: 'Hapus kolom {name}',
  columnDeleteTitle: 'Hapus Kolom',
  columnDeleteBody: 'Kolom "{name}" dan isinya di semua kontak akan dihapus.',
  columnsFull: 'Grup ini sudah punya {max} kolom, jumlah maksimal.',

  // Kontak > Percakapan
  chatHeading: 'Kontak Percakapan',
  chatDescription: 'Semua orang yang pernah mengirim pesan ke akun WhatsApp, Instagram, atau Messenger Anda.',
  chatSearchLabel: 'Cari kontak percakapan',
  chatSearchPlaceholder: 'Cari nama atau nomor telepon',
  chatEmpty: 'Belum ada kontak percakapan',
  chatEmptyHint: 'Kontak muncul di sini setelah pelanggan mengirim pesan ke akun yang terhubung.',
  chatNotFound: 'Kontak tidak ditemukan',
  chatLoadFailed: 'Daftar kontak gagal dimuat.',
  chatLoading: 'Memuat kontak percakapan',
  chatTable: 'Daftar kontak percakapan',
  colAccount: 'Akun',
  colLabels: 'Label',
  colLastMessage: 'Pesan Terakhir',
  open: 'Buka',
  openChat: 'Buka percakapan dengan {name}',
  chatExportName: 'kontak-percakapan.xlsx',
  moreLabels: '+{count}',
} as const;

/** A count as Indonesians write it: 1.250 */
export function formatCount(n: number): string {
  return n.toLocaleString('id-ID');
}
