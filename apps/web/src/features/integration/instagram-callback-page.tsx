import { MetaCallbackView } from './meta/callback-view';

/** /user/integration/instagram/callback: the Facebook dialog's way back after linking Instagram. */
export function InstagramCallbackPage() {
  return <MetaCallbackView kind="instagram" />;
}
