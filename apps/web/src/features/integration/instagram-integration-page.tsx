import { ChannelIntegrationPage } from './meta/channel-page';

/** Integrasi > Instagram (issue 25): the Instagram professional accounts linked through Facebook. */
export function InstagramIntegrationPage() {
  return <ChannelIntegrationPage channel="instagram" />;
}
