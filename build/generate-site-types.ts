// Writes shared/site-resources.generated.ts from the server's item schemas:
// `npx tsx build/generate-site-types.ts` after changing a schema's fields.
import fs from 'node:fs';
import { GENERATED_TYPES_FILE, siteTypesSource } from './site-types-from-schema.ts';

fs.writeFileSync(GENERATED_TYPES_FILE, siteTypesSource());
console.log(`Wrote ${GENERATED_TYPES_FILE}.`);
