import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useRoutes } from 'react-router';
import { lazyPage } from './lazy.tsx';
import { routes } from './routes.tsx';

// sonner loads just after the shell; toasts asked before it is mounted wait for it (lib/toast.ts)
const Toaster = lazyPage(() => import('../ui/toaster.tsx'), 'Toaster', null);

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

/** The route table on a plain browser router: no loaders or actions, so the data router's code stays out. */
function Routes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Routes />
      </BrowserRouter>
      <Toaster />
    </QueryClientProvider>
  );
}
