// Writes server/content/icon-library.generated.ts from @wordpress/icons:
// `npx tsx build/generate-icon-library.ts` after updating the package.
import fs from 'node:fs';
import { GENERATED_ICONS_FILE, iconLibrarySource } from './icon-library-source.ts';

fs.writeFileSync(GENERATED_ICONS_FILE, iconLibrarySource());
console.log(`Wrote ${GENERATED_ICONS_FILE}.`);
