/**
 * The web tests' network: MSW answers every `/api` request at the fetch boundary, so the code under test runs
 * its real api client. Tests add their routes with `server.use(...)`; the setup file resets them after each test.
 */
import { setupServer } from 'msw/node';
import { defaultHandlers } from './handlers';

export const server = setupServer(...defaultHandlers);
