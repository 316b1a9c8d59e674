import { ChannelIntegrationPage } from './meta/channel-page';

/** Integrasi > Messenger (issue 25): the Facebook Pages linked through Facebook. */
export function MessengerIntegrationPage() {
  return <ChannelIntegrationPage channel="messenger" />;
}
