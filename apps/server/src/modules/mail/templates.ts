import type { Mail } from './mailer';

const signature = '\n\nSalam,\nTim Sapa';

export function verificationMail(to: string, name: string, code: string): Mail {
  return {
    to,
    subject: `Kode verifikasi Sapa: ${code}`,
    text: `Halo ${name},\n\nKode verifikasi akun Sapa Anda adalah ${code}. Kode ini berlaku selama 30 menit.\n\nJika Anda tidak mendaftar di Sapa, abaikan email ini.${signature}`,
  };
}

/**
 * Sent instead of a code when someone registers with an email that already has an account, so the
 * registration answers the same either way and only the address's owner learns it is taken.
 */
export function registrationAttemptMail(to: string, loginLink: string, resetLink: string): Mail {
  return {
    to,
    subject: 'Percobaan pendaftaran Sapa dengan email Anda',
    text: `Halo,\n\nSeseorang baru saja mencoba mendaftar di Sapa dengan email ini, tetapi email ini sudah terdaftar. Tidak ada akun baru yang dibuat.\n\nJika itu Anda, masuk di:\n${loginLink}\n\nLupa kata sandi? Atur ulang di:\n${resetLink}\n\nJika bukan Anda, abaikan email ini; akun Anda tetap aman.${signature}`,
  };
}

export function agentVerificationMail(to: string, name: string, ownerName: string, code: string): Mail {
  return {
    to,
    subject: `Kode verifikasi agen Sapa: ${code}`,
    text: `Halo ${name},\n\n${ownerName} menambahkan Anda sebagai agen di Sapa. Berikan kode ${code} kepada ${ownerName} untuk mengaktifkan akun agen Anda. Kode ini berlaku selama 30 menit.${signature}`,
  };
}

export function resetPasswordMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: 'Atur ulang kata sandi Sapa',
    text: `Halo ${name},\n\nKami menerima permintaan untuk mengatur ulang kata sandi akun Sapa Anda. Buka tautan berikut dalam 1 jam untuk membuat kata sandi baru:\n\n${link}\n\nTautan ini hanya dapat digunakan sekali. Jika Anda tidak memintanya, abaikan email ini; kata sandi Anda tidak berubah.${signature}`,
  };
}
