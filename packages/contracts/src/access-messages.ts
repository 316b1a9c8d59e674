/**
 * The route guard's strings (spec §5), kept in their own module so the guard - which every page
 * loads, the login page included - does not pull in the whole catalogue. `MESSAGES` re-exports them.
 */
export const ACCESS_MESSAGES = {
  'access.deniedTitle': 'Akses Ditolak',
  'access.agentDenied': 'Agen tidak memiliki izin untuk mengakses halaman ini',
  'access.betaTitle': 'Fitur Beta',
  'access.betaOnly': 'Fitur ini hanya untuk pengguna beta',
} as const;
