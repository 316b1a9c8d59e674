import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';
import { RouteGuard } from './route-guard';

const Login = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const AdminLogin = lazyPage(() => import('../features/auth/admin-login-page'), 'AdminLoginPage');
const Register = lazyPage(() => import('../features/auth/register-page'), 'RegisterPage');
const ResetRequest = lazyPage(() => import('../features/auth/reset-request-page'), 'ResetRequestPage');
const ResetPassword = lazyPage(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage');
const Sandbox = lazyPage(() => import('../features/sandbox/sandbox-page'), 'SandboxPage');
// Each area brings its own route table, so /login carries neither.
const UserRoutes = lazyPage(() => import('./user-routes'), 'UserRoutes');
const AdminRoutes = lazyPage(() => import('./admin-routes'), 'AdminRoutes');
// the published articles (issue 23): public pages, read without signing in
const ArticleRoutes = lazyPage(() => import('./article-routes'), 'ArticleRoutes');

/** The top of spec §2's route map, behind the route guard; unknown paths go to /login. */
export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    children: [
      { path: '/login', element: <Login /> },
      { path: '/login/admin', element: <AdminLogin /> },
      { path: '/register', element: <Register /> },
      { path: '/reset-password', element: <ResetPassword /> },
      { path: '/reset-password/request', element: <ResetRequest /> },
      // the dev mailbox moved into the admin area (operators only)
      { path: '/dev/mailbox', element: <Navigate to="/admin/mailbox" replace /> },
      { path: '/sandbox', element: <Sandbox /> },
      { path: '/user/*', element: <UserRoutes /> },
      { path: '/admin/*', element: <AdminRoutes /> },
      { path: '/artikel/*', element: <ArticleRoutes /> },
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
];
