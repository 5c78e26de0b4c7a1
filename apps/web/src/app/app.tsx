import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { RealityCheck } from '../features/account/responsible-gaming-settings.tsx';
import { Toaster } from '../ui/toaster.tsx';
import { routes } from './routes.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

const router = createBrowserRouter(routes);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
      <RealityCheck />
    </QueryClientProvider>
  );
}
