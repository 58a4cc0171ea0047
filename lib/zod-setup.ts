import { config } from 'zod';

// Imported first by every entrypoint, before any schema is built: zod then validates without
// compiling code from strings (stores flag `new Function`, and the pages' CSP would refuse it).
config({ jitless: true });
