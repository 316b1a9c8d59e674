import { MetaCallbackView } from './meta/callback-view';

/**
 * /user/integration/whatsapp-cloud/callback: Embedded Signup's way back after linking a Cloud API
 * number (the server's redirect_uri is /user/integration/{kind}/callback).
 */
export function WhatsappCallbackPage() {
  return <MetaCallbackView kind="whatsapp-cloud" />;
}
