import { Suspense } from 'react';
import { Navigate, useRoutes } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { lazyPage } from './lazy-page';
import { UserArea } from './layouts/user-area';
import { SECTIONS } from './sections';

const page = {
  verification: lazyPage(() => import('../features/user/verification-page'), 'VerificationPage'),
  shell: lazyPage(() => import('./layouts/user-shell'), 'UserShell'),
  section: lazyPage(() => import('./layouts/section-layout'), 'SectionLayout'),
  chat: lazyPage(() => import('../features/chat/chat-page'), 'ChatPage'),
  transaction: lazyPage(() => import('../features/transaction/transaction-page'), 'TransactionPage'),
  history: lazyPage(
    () => import('../features/transaction/transaction-history-page'),
    'TransactionHistoryPage',
  ),
  txDetail: lazyPage(
    () => import('../features/transaction/transaction-detail-page'),
    'TransactionDetailPage',
  ),
  broadcasts: lazyPage(() => import('../features/publication/broadcast-list-page'), 'BroadcastListPage'),
  broadcastForm: lazyPage(() => import('../features/publication/broadcast-form-page'), 'BroadcastFormPage'),
  broadcast: lazyPage(() => import('../features/publication/broadcast-detail-page'), 'BroadcastDetailPage'),
  statuses: lazyPage(() => import('../features/publication/status-list-page'), 'StatusListPage'),
  statusForm: lazyPage(() => import('../features/publication/status-form-page'), 'StatusFormPage'),
  groups: lazyPage(() => import('../features/contact/contact-group-list-page'), 'ContactGroupListPage'),
  group: lazyPage(() => import('../features/contact/contact-group-detail-page'), 'ContactGroupDetailPage'),
  chatContacts: lazyPage(() => import('../features/contact/chat-contact-list-page'), 'ChatContactListPage'),
  whatsapp: lazyPage(
    () => import('../features/integration/whatsapp-integration-page'),
    'WhatsappIntegrationPage',
  ),
  instagram: lazyPage(
    () => import('../features/integration/instagram-integration-page'),
    'InstagramIntegrationPage',
  ),
  messenger: lazyPage(
    () => import('../features/integration/messenger-integration-page'),
    'MessengerIntegrationPage',
  ),
  autoReply: lazyPage(() => import('../features/integration/auto-reply-page'), 'AutoReplyPage'),
  igCallback: lazyPage(
    () => import('../features/integration/instagram-callback-page'),
    'InstagramCallbackPage',
  ),
  fbCallback: lazyPage(
    () => import('../features/integration/messenger-callback-page'),
    'MessengerCallbackPage',
  ),
  waCallback: lazyPage(
    () => import('../features/integration/whatsapp-callback-page'),
    'WhatsappCallbackPage',
  ),
  agent: lazyPage(() => import('../features/agent/agent-page'), 'AgentPage'),
  broadcastReport: lazyPage(() => import('../features/report/broadcast-report-page'), 'BroadcastReportPage'),
  broadcastReportDetail: lazyPage(
    () => import('../features/report/broadcast-report-detail-page'),
    'BroadcastReportDetailPage',
  ),
  statusReport: lazyPage(() => import('../features/report/status-report-page'), 'StatusReportPage'),
  affiliate: lazyPage(() => import('../features/affiliate/affiliate-page'), 'AffiliatePage'),
  documentation: lazyPage(() => import('../features/documentation/documentation-page'), 'DocumentationPage'),
  profile: lazyPage(() => import('../features/user/profile-setting-page'), 'ProfileSettingPage'),
  password: lazyPage(() => import('../features/user/password-setting-page'), 'PasswordSettingPage'),
  label: lazyPage(() => import('../features/label/label-setting-page'), 'LabelSettingPage'),
  template: lazyPage(
    () => import('../features/template/chat-template-setting-page'),
    'ChatTemplateSettingPage',
  ),
};

const P = page;
const to = (path: string) => <Navigate to={path} replace />;

/** /user/* (spec §2 'Authenticated user routes'): verification alone, the rest inside the user shell. */
export function UserRoutes() {
  return useRoutes([
    {
      element: <UserArea />,
      children: [
        {
          path: 'verification',
          element: (
            <Suspense fallback={<PageLoader />}>
              <P.verification />
            </Suspense>
          ),
        },
        {
          element: <P.shell />,
          children: [
            { index: true, element: to('/user/chat') },
            // One route, so the list keeps its state while chats open and close.
            { path: 'chat/:id?', element: <P.chat /> },
            { path: 'transaction', element: <P.transaction /> },
            { path: 'transaction/history', element: <P.history /> },
            { path: 'transaction/:id', element: <P.txDetail /> },
            {
              path: 'publication',
              element: <P.section {...SECTIONS.publication} />,
              children: [
                { index: true, element: to('/user/publication/broadcast') },
                { path: 'broadcast', element: <P.broadcasts /> },
                { path: 'broadcast/form', element: <P.broadcastForm /> },
                { path: 'broadcast/:id', element: <P.broadcast /> },
                { path: 'status', element: <P.statuses /> },
                { path: 'status/form', element: <P.statusForm /> },
              ],
            },
            {
              path: 'contact',
              element: <P.section {...SECTIONS.contact} />,
              children: [
                { index: true, element: to('/user/contact/broadcast') },
                { path: 'broadcast', element: <P.groups /> },
                { path: 'broadcast/:id', element: <P.group /> },
                { path: 'chat', element: <P.chatContacts /> },
              ],
            },
            { path: 'integration/instagram/callback', element: <P.igCallback /> },
            { path: 'integration/messenger/callback', element: <P.fbCallback /> },
            { path: 'integration/whatsapp-cloud/callback', element: <P.waCallback /> },
            {
              path: 'integration',
              element: <P.section {...SECTIONS.integration} />,
              children: [
                { index: true, element: to('/user/integration/whatsapp') },
                { path: 'whatsapp', element: <P.whatsapp /> },
                { path: 'whatsapp/:id/auto-reply', element: <P.autoReply /> },
                { path: 'instagram', element: <P.instagram /> },
                { path: 'messenger', element: <P.messenger /> },
              ],
            },
            { path: 'agent', element: <P.agent /> },
            {
              path: 'report',
              element: <P.section {...SECTIONS.report} />,
              children: [
                { index: true, element: to('/user/report/broadcast') },
                { path: 'broadcast', element: <P.broadcastReport /> },
                { path: 'broadcast/:id', element: <P.broadcastReportDetail /> },
                { path: 'status', element: <P.statusReport /> },
              ],
            },
            { path: 'affiliate', element: <P.affiliate /> },
            { path: 'documentation', element: <P.documentation /> },
            {
              path: 'setting',
              element: <P.section {...SECTIONS.setting} />,
              children: [
                { index: true, element: to('/user/setting/profile') },
                { path: 'profile', element: <P.profile /> },
                { path: 'password', element: <P.password /> },
                { path: 'label', element: <P.label /> },
                { path: 'chat-template', element: <P.template /> },
              ],
            },
            // spec §2: any unknown path redirects to /login.
            { path: '*', element: to('/login') },
          ],
        },
      ],
    },
  ]);
}
