import type { AppContext } from '../../context';
import type { WhatsappControl } from '../../channels/whatsapp-web/control';

/**
 * The connector's control of WhatsApp Web numbers (link, logout): `ctx.whatsapp`, the manager of
 * channels/whatsapp-web. The one place the account module reaches it (tests swap in a recording fake).
 */
export function whatsappControl(ctx: AppContext): WhatsappControl {
  return ctx.whatsapp;
}
