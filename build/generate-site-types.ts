// Writes shared/site-resources.generated.ts from the server's item schemas and
// shared/site-args.generated.ts from its routes' argument declarations:
// `npx tsx build/generate-site-types.ts` after changing a schema's fields or a route's arguments.
import fs from 'node:fs';
import { GENERATED_TYPES_FILE, siteTypesSource } from './site-types-from-schema.ts';
import { GENERATED_ARGS_FILE, routeArgs, siteArgsSource } from './site-args-from-routes.ts';

fs.writeFileSync(GENERATED_TYPES_FILE, siteTypesSource());
console.log(`Wrote ${GENERATED_TYPES_FILE}.`);
fs.writeFileSync(GENERATED_ARGS_FILE, siteArgsSource(await routeArgs()));
console.log(`Wrote ${GENERATED_ARGS_FILE}.`);
