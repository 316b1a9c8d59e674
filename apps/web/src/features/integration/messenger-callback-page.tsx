import { MetaCallbackView } from './meta/callback-view';

/** /user/integration/messenger/callback: the Facebook dialog's way back after linking Pages. */
export function MessengerCallbackPage() {
  return <MetaCallbackView kind="messenger" />;
}
