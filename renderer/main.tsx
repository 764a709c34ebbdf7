// Entry of the renderer: connect to the local site, then show the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ClientProvider } from './api/ClientProvider.tsx';
import { connect } from './api/session.ts';
import { App } from './app/App.tsx';
import { ErrorBoundary, describeError } from './components/ErrorNotice.tsx';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
const queries = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 5_000 } } });

connect().then(
  (client) =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queries}>
          <ClientProvider home={client}>
            <ErrorBoundary>
              <App />
            </ErrorBoundary>
          </ClientProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  (error: unknown) => root.render(<div className="screen" role="alert"><h1>Inkwell cannot reach its site</h1><p>{describeError(error)}</p></div>),
);
