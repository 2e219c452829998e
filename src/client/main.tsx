import '@mantine/core/styles.css';
import './app/tables.css';
import './app/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { reportError, startErrorReporting } from '#client/lib/error-reporting.ts';
import { clientConfigQuery } from './app/access.ts';
import { queryClient } from './app/query-client.ts';
import { AppRoutes } from './app/router.tsx';
import { cssVariablesResolver, theme } from './app/theme.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Error reporting (off unless the server names a DSN): failed queries and mutations, and errors
// React caught (route error pages) or could not; the SDK's own handlers take the rest.
void startErrorReporting(() => queryClient.fetchQuery(clientConfigQuery));
queryClient.getQueryCache().subscribe((event) => {
  if (event.type === 'updated' && event.action.type === 'error') reportError(event.action.error);
});
queryClient.getMutationCache().subscribe((event) => {
  if (event.type === 'updated' && event.action.type === 'error') reportError(event.action.error);
});

// The shell's data, the landing page's code and its report start together (decision 056). Its code
// loads beside the frame's first request for the user, outside the shell's budget.
void import('./app/shell-prefetch.ts').then(({ prefetchShell }) =>
  prefetchShell(queryClient, window.location),
);

createRoot(root, {
  onCaughtError: (error, info) => {
    reportError(error);
    console.error(error, info.componentStack);
  },
  onUncaughtError: (error, info) => {
    reportError(error);
    console.error(error, info.componentStack);
  },
}).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        {/* No transitions: a link moves at once, and a page still loading shows its loader. */}
        <BrowserRouter useTransitions={false}>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
