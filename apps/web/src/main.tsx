import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import './app/first-page.css';
import './app/global.css';
import { theme, cssVariablesResolver } from './app/theme';
import { AuthProvider } from './lib/auth';
import { AppRouter } from './app/router';
import { Toasts } from './app/toasts';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Toasts />
      <AuthProvider>
        <AppRouter />
      </AuthProvider>
    </MantineProvider>
  </StrictMode>,
);
