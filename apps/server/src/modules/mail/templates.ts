import {
  BILLING_MESSAGES,
  WITHDRAWAL_STATUS_LABELS,
  formatDateJakarta,
  formatRupiah,
  interpolate,
  WEBHOOK_MESSAGES,
  type Withdrawal,
  type WithdrawalStatus,
} from '@sapa/contracts';
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

/** Issue 22 part 6: the payment arrived; the invoice PDF goes with it (notices.ts attaches it). */
export function paymentReceivedMail(
  to: string,
  name: string,
  paid: { invoiceNumber: string; planName: string; months: number; total: number; expiresAt: string | null },
): Mail {
  const until = paid.expiresAt ? `\nLangganan aktif hingga: ${formatDateJakarta(paid.expiresAt)}` : '';
  return {
    to,
    subject: `Pembayaran diterima - ${paid.invoiceNumber}`,
    text: `Halo ${name},\n\nTerima kasih, pembayaran langganan Sapa Anda telah kami terima.\n\nNomor invoice: ${paid.invoiceNumber}\nPaket: ${paid.planName} - ${paid.months} bulan\nTotal: ${formatRupiah(paid.total)}${until}\n\nInvoice terlampir dalam email ini.${signature}`,
  };
}

/**
 * Issue 22 part 8: the subscription ends within `days` days (7, then 1). After it ends the inbox
 * stays readable but nothing goes out, so the mail says so and links the purchase page.
 */
export function subscriptionReminderMail(
  to: string,
  name: string,
  reminder: { days: number; expiresAt: Date | string; renewLink: string },
): Mail {
  const date = formatDateJakarta(reminder.expiresAt);
  return {
    to,
    subject: interpolate(BILLING_MESSAGES.reminderSubject, { days: reminder.days }),
    text: `Halo ${name},\n\nLangganan Sapa Anda akan berakhir pada ${date}. Setelah itu kotak masuk tetap dapat dibaca, tetapi Anda tidak dapat mengirim pesan, broadcast, atau status, dan tidak dapat menambah nomor.\n\nPerpanjang langganan Anda di:\n${reminder.renewLink}${signature}`,
  };
}

/** Issue 22 part 7: the operator approved, paid or rejected a withdrawal of the owner's commission. */
export function withdrawalMail(
  to: string,
  name: string,
  w: Pick<
    Withdrawal,
    'amount' | 'bankName' | 'accountNumber' | 'accountHolder' | 'reason' | 'transferReference'
  > & {
    status: Exclude<WithdrawalStatus, 'requested'>;
  },
): Mail {
  const amount = formatRupiah(w.amount);
  const account = `${w.bankName} ${w.accountNumber} a.n. ${w.accountHolder}`;
  const what = {
    approved: `Permintaan penarikan komisi Anda sebesar ${amount} telah disetujui. Dana akan ditransfer ke rekening ${account}.`,
    paid: `Penarikan komisi Anda sebesar ${amount} telah ditransfer ke rekening ${account}.\n\nReferensi transfer: ${w.transferReference ?? '-'}`,
    rejected: `Permintaan penarikan komisi Anda sebesar ${amount} ditolak.\n\nAlasan: ${w.reason ?? '-'}\n\nJumlah tersebut kembali ke saldo komisi Anda dan dapat diajukan lagi.`,
  }[w.status];
  return {
    to,
    subject: `Penarikan komisi ${amount}: ${WITHDRAWAL_STATUS_LABELS[w.status]}`,
    text: `Halo ${name},\n\n${what}\n\nStatus: ${WITHDRAWAL_STATUS_LABELS[w.status]}${signature}`,
  };
}

/** Issue 26: a number's webhook was turned off after an event failed for 24 h. */
export function webhookDisabledMail(
  to: string,
  name: string,
  number: string,
  url: string,
  link: string,
): Mail {
  return {
    to,
    subject: interpolate(WEBHOOK_MESSAGES.disabledMailSubject, { number }),
    text: `Halo ${name},\n\nWebhook nomor ${number} (${url}) kami nonaktifkan karena sebuah event tidak dapat dikirim selama 24 jam: server Anda tidak menjawab dengan status 2xx.\n\nEvent yang belum terkirim tetap tercatat dan dapat dikirim ulang dari log pengiriman. Setelah server Anda siap, aktifkan kembali webhook di:\n${link}${signature}`,
  };
}
