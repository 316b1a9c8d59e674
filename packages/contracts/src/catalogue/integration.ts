/**
 * Instagram, Messenger and the WhatsApp Cloud API (issue 25): linking through Facebook, the cards'
 * states, the reply windows and what Meta's refusals mean, in Indonesian.
 */
export const INTEGRATION_MESSAGES = {
  // the operator's side
  notConfigured:
    'Integrasi Meta belum diatur oleh operator Sapa (App ID, App Secret dan Verify Token). Hubungi operator untuk mengaktifkannya.',
  secretKeyMissing:
    'Kunci enkripsi server (SAPA_SECRET_KEY) belum diatur, jadi token akun tidak dapat disimpan dengan aman. Hubungi operator Sapa.',
  // linking
  connect: 'Hubungkan',
  reconnect: 'Hubungkan ulang',
  loginExpired: 'Sesi penautan sudah kedaluwarsa atau sudah dipakai. Ulangi dari tombol Hubungkan.',
  permissionRefused:
    'Izin ditolak di Facebook. Untuk menghubungkan akun, izinkan Sapa mengelola pesan Halaman Anda lalu coba lagi.',
  permissionMissing:
    'Izin yang dibutuhkan belum diberikan ({permissions}). Ulangi penautan dan centang semua izin yang diminta.',
  noPage: 'Tidak ada Halaman Facebook yang dipilih atau Anda bukan admin Halaman mana pun.',
  noInstagram:
    'Tidak ada akun Instagram profesional yang terhubung ke Halaman yang dipilih. Hubungkan akun Instagram ke Halaman Facebook Anda terlebih dahulu.',
  takenByOther: 'Sudah terhubung ke akun Sapa lain. Putuskan dari akun tersebut terlebih dahulu.',
  metaUnreachable: 'Tidak dapat menghubungi Meta saat ini. Coba lagi beberapa saat lagi.',
  linkFailed: 'Penautan gagal: {reason}',
  subscribeFailed: 'Meta menolak pendaftaran webhook untuk akun ini (kode {code}). Coba hubungkan lagi.',
  // cards
  'state.connected': 'Terhubung',
  'state.tokenInvalid': 'Perlu dihubungkan ulang',
  tokenInvalidReason:
    'Meta menolak token akun ini (kata sandi Facebook diganti, peran di Halaman dicabut, atau aplikasi dihapus). Hubungkan ulang untuk melanjutkan.',
  // windows
  windowOpen: 'Sisa waktu membalas: {left}',
  windowClosedMessenger: 'Percakapan dibatasi karena pesan terakhir dari pengguna lebih dari {hours} jam',
  windowClosedCloud:
    'Sudah lebih dari 24 jam sejak pesan terakhir pelanggan. WhatsApp hanya mengizinkan template pesan yang disetujui untuk memulai kembali percakapan.',
  windowNotStartedCloud:
    'Pelanggan belum mengirim pesan di percakapan ini. WhatsApp hanya mengizinkan template pesan yang disetujui untuk memulai percakapan.',
  templateRequired: 'Di luar jendela 24 jam, kirim template pesan yang disetujui',
  textTooLong: 'Pesan {channel} maksimal {max} karakter. Bagi menjadi beberapa pesan.',
  templateNotFound: 'Template tidak ditemukan atau belum disetujui Meta',
  templateParameters: 'Template ini membutuhkan {count} isian',
  // send errors from Meta (stored as the message's errorMessage)
  'send.outsideWindow': 'Di luar jendela balasan 24 jam: pelanggan harus mengirim pesan terlebih dahulu',
  'send.userUnavailable':
    'Penerima tidak dapat dihubungi saat ini (akun tidak tersedia atau memblokir Halaman)',
  'send.tokenInvalid': 'Token akun ditolak Meta. Hubungkan ulang akun ini di halaman Integrasi',
  'send.rateLimited': 'Terlalu banyak pesan dikirim. Pesan akan dicoba lagi',
  'send.badParameter': 'Pesan ditolak Meta karena isinya tidak valid',
  'send.cloudWindow':
    'Lebih dari 24 jam sejak pesan terakhir pelanggan (131047): kirim template pesan yang disetujui untuk membuka kembali percakapan',
  'send.cloudPairRate':
    'Terlalu sering mengirim ke pelanggan yang sama (131056). Tunggu sebentar lalu coba lagi',
  'send.cloudThroughput': 'Batas kecepatan kirim nomor ini terlampaui (130429). Pesan akan dicoba lagi',
  'send.cloudUndeliverable': 'Pesan tidak dapat dikirim ke nomor ini (131026)',
  'send.failed': 'Gagal mengirim melalui Meta: {reason}',
  'send.mediaGone': 'File lampiran tidak ditemukan lagi di penyimpanan. Unggah ulang lalu kirim kembali',
  // Messenger and Instagram inbound (what arrives that is not plain text or media)
  'contact.instagram': 'Pengguna Instagram',
  'contact.messenger': 'Pengguna Messenger',
  'inbound.metaUnsupported': 'Pelanggan mengirim pesan yang belum didukung Sapa. Buka {app} untuk melihatnya',
  'inbound.metaMediaFailed': 'Pelanggan mengirim {type}, tetapi file tidak dapat diambil dari Meta',
  'inbound.share': 'Membagikan tautan: {url}',
  'inbound.reel': 'Membagikan reel: {url}',
  'inbound.storyMention': 'Menyebut Anda di cerita Instagram: {url}',
  'inbound.storyReply': 'Membalas cerita Anda: {url}',
  // WhatsApp Cloud API
  cloudConnected: 'Nomor WhatsApp Cloud API berhasil dihubungkan',
  cloudPhoneNumberIdInvalid: 'Phone Number ID tidak valid',
  cloudWabaIdInvalid: 'WhatsApp Business Account ID tidak valid',
  cloudTokenInvalid: 'Token akses tidak valid',
  cloudCheckFailed: 'Meta tidak mengenali nomor ini dengan token tersebut: {reason}',
  cloudSignupIncomplete:
    'Pendaftaran WhatsApp belum selesai: nomor atau WhatsApp Business Account tidak dipilih. Ulangi dari tombol Hubungkan.',
  cloudOnly: 'Template pesan hanya dapat dikirim dari nomor WhatsApp Cloud API',
  templatesFailed: 'Daftar template tidak dapat dibaca dari Meta: {reason}',
  'inbound.mediaFailed': 'Pelanggan mengirim {type}, tetapi file tidak dapat diambil dari WhatsApp',
  'inbound.unsupported': 'Pelanggan mengirim jenis pesan yang belum didukung Sapa ({type})',
  'send.cloudMedia': 'WhatsApp menolak file ini (jenis atau ukurannya tidak didukung)',
  'send.cloudTemplate': 'Template ditolak WhatsApp: nama, bahasa atau isiannya tidak sesuai',
  // pricing categories of the Cloud API
  'pricing.marketing': 'Marketing',
  'pricing.utility': 'Utilitas',
  'pricing.authentication': 'Autentikasi',
  'pricing.authentication_international': 'Autentikasi internasional',
  'pricing.service': 'Layanan',
  'pricing.referral_conversion': 'Iklan klik-ke-WhatsApp (gratis)',
  pricingLabel: 'Kategori biaya WhatsApp',
} as const;

export type IntegrationMessageKey = keyof typeof INTEGRATION_MESSAGES;

/**
 * The Indonesian name of a Cloud API pricing category ('marketing' -> 'Marketing', 'utility' ->
 * 'Utilitas'); also reads a template's category ('UTILITY'). A category not in the catalogue is
 * shown as Meta sent it.
 */
export function pricingCategoryName(category: string): string {
  const key = `pricing.${category.trim().toLowerCase()}`;
  return key in INTEGRATION_MESSAGES ? INTEGRATION_MESSAGES[key as IntegrationMessageKey] : category;
}
