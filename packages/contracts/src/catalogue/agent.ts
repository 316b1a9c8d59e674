/** The agents screen and API (spec §7 'Agents'); keys carry their `agent.` prefix already. */
export const AGENT_MESSAGES = {
  'agent.created': 'Agen berhasil ditambahkan. Kode verifikasi telah dikirim ke {email}',
  'agent.updated': 'Agen berhasil diubah',
  'agent.updatedNeedsVerification': 'Agen berhasil diubah. Kode verifikasi telah dikirim ke {email}',
  'agent.verified': 'Agen berhasil diverifikasi',
  'agent.deleted': 'Agen berhasil dihapus',
  'agent.notFound': 'Agen tidak ditemukan',
  'agent.alreadyVerified': 'Agen sudah terverifikasi',
  'agent.codeSent': 'Kode verifikasi telah dikirim ke {email}',
  'agent.empty': 'Anda belum mempunyai Agen',
  'agent.verifiedFilterInvalid': 'Filter status verifikasi tidak valid',
  'agent.statusVerified': 'Terverifikasi',
  'agent.statusUnverified': 'Belum Terverifikasi',
} as const;

export type AgentMessageKey = keyof typeof AGENT_MESSAGES;
