import type { Mail } from './mailer';

const signature = '\n\nSalam,\nTim Sapa';

export function verificationMail(to: string, name: string, code: string): Mail {
  return {
    to,
    subject: `Kode verifikasi Sapa: ${code}`,
    text: `Halo ${name},\n\nKode verifikasi akun Sapa Anda adalah ${code}. Kode ini berlaku selama 30 menit.\n\nJika Anda tidak mendaftar di Sapa, abaikan email ini.${signature}`,
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
