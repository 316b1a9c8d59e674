/** The route guard's strings (spec §5); the guard loads on every page, the login page included. */
export const ACCESS_MESSAGES = {
  'access.deniedTitle': 'Akses Ditolak',
  'access.agentDenied': 'Agen tidak memiliki izin untuk mengakses halaman ini',
  'access.betaTitle': 'Fitur Beta',
  'access.betaOnly': 'Fitur ini hanya untuk pengguna beta',
} as const;
