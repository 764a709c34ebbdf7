// Writes the typed client's probe (tests/helpers/route-calls-probe.ts) for the current route
// table: `npx tsx tests/helpers/write-route-calls.ts` after changing the table.
import fs from 'node:fs';
import { routeArgs } from '../../build/site-args-from-routes.ts';
import { ROUTE_CALLS_FILE, routeCallsSource } from './route-calls-probe.ts';

fs.writeFileSync(ROUTE_CALLS_FILE, routeCallsSource(await routeArgs()));
console.log(`Wrote ${ROUTE_CALLS_FILE}.`);
