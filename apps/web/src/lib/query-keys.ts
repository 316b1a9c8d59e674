/** Query keys shared across features. */
export const PROFILE_KEY = ['user', 'profile'] as const;
export const ADMIN_PROFILE_KEY = ['admin', 'profile'] as const;
