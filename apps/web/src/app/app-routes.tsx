import { useRoutes } from 'react-router';
import { routes } from './routes';

/** The route table, for a <BrowserRouter> in the app or a <MemoryRouter> in tests. */
export function AppRoutes() {
  return useRoutes(routes);
}
