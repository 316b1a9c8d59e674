import { Navigate, useRoutes } from 'react-router';
import { AdminShell } from './layouts/admin-shell';
import { lazyPage } from './lazy-page';

const Dashboard = lazyPage(() => import('../features/admin/admin-dashboard-page'), 'AdminDashboardPage');
const Transaction = lazyPage(
  () => import('../features/admin/admin-transaction-page'),
  'AdminTransactionPage',
);
const Users = lazyPage(() => import('../features/admin/admin-user-page'), 'AdminUserPage');
const Affiliate = lazyPage(() => import('../features/admin/admin-affiliate-page'), 'AdminAffiliatePage');
const Articles = lazyPage(() => import('../features/article/article-list-page'), 'ArticleListPage');
const ArticleForm = lazyPage(() => import('../features/article/article-form-page'), 'ArticleFormPage');
const Mailbox = lazyPage(() => import('../features/system/dev-mailbox-page'), 'DevMailboxPage');
const Audit = lazyPage(() => import('../features/admin/admin-audit-page'), 'AdminAuditPage');
const Setting = lazyPage(() => import('../features/admin/admin-setting-page'), 'AdminSettingPage');

/** /admin/* (spec §2 'Admin routes'), inside the admin shell. */
export function AdminRoutes() {
  return useRoutes([
    {
      element: <AdminShell />,
      children: [
        { index: true, element: <Navigate to="/admin/dashboard" replace /> },
        { path: 'dashboard', element: <Dashboard /> },
        { path: 'transaction', element: <Transaction /> },
        { path: 'user', element: <Users /> },
        { path: 'affiliate', element: <Affiliate /> },
        { path: 'article', element: <Articles /> },
        { path: 'article/form', element: <ArticleForm /> },
        { path: 'audit', element: <Audit /> },
        { path: 'setting', element: <Setting /> },
        { path: 'mailbox', element: <Mailbox /> },
        { path: '*', element: <Navigate to="/login" replace /> },
      ],
    },
  ]);
}
