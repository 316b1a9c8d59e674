/**
 * Baileys is loaded on first use, not at boot: importing it costs ~0.5 s and most processes (and every
 * test that does not touch WhatsApp) never need it. Type-only imports of 'baileys' stay free.
 */
export type Baileys = typeof import('baileys');

let loading: Promise<Baileys> | null = null;

export function loadBaileys(): Promise<Baileys> {
  loading ??= import('baileys');
  return loading;
}
