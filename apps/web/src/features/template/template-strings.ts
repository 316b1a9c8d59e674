/** Indonesian strings of Pengaturan > Template Pesan that only this screen uses. */
export const TEMPLATE_TEXT = {
  heading: 'Template Pesan',
  description:
    'Balasan tersimpan untuk pesan yang sering dikirim. Ketik / di kolom pesan percakapan untuk memakainya.',
  add: 'Tambah Template',
  edit: 'Ubah Template',
  searchLabel: 'Cari template',
  searchPlaceholder: 'Cari judul atau isi template',
  clearSearch: 'Hapus pencarian',
  emptyTitle: 'Belum ada template',
  emptyBody:
    'Simpan balasan yang sering dipakai, lalu ketik / di kolom pesan percakapan untuk memasukkannya dengan cepat.',
  emptyAgentBody: 'Pemilik akun belum menambahkan template.',
  notFoundTitle: 'Template tidak ditemukan',
  notFoundBody: 'Coba kata kunci lain atau hapus pencarian.',
  loadFailed: 'Daftar template gagal dimuat.',
  retry: 'Coba Lagi',
  loadMore: 'Lebih Banyak',
  readOnly:
    'Hanya pemilik akun yang dapat menambah, mengubah, atau menghapus template. Anda tetap bisa memakainya dengan mengetik / di kolom pesan.',
  saved: 'Template berhasil disimpan',
  deleted: 'Template berhasil dihapus',
  deleteTitle: 'Hapus Template',
  deleteBody: 'Template "{title}" akan dihapus dan tidak bisa dipakai lagi di kolom pesan. Lanjutkan?',
} as const;
