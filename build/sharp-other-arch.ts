// The universal macOS app is made from an arm64 and an x64 build on one runner, and npm ci
// installs sharp's binaries for the runner's own arch only: this adds the other arch's
// (`npx tsx build/sharp-other-arch.ts x64`), at the versions this sharp asks for, unsaved.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const arch = process.argv[2];
if (arch !== 'x64' && arch !== 'arm64') throw new Error('Usage: sharp-other-arch.ts x64|arm64');
const wanted = (createRequire(import.meta.url)('sharp/package.json') as { optionalDependencies: Record<string, string> }).optionalDependencies;
const packages = [`@img/sharp-darwin-${arch}`, `@img/sharp-libvips-darwin-${arch}`].map((name) => `${name}@${wanted[name]}`);
execFileSync('npm', ['install', '--no-save', '--os=darwin', `--cpu=${arch}`, ...packages], { stdio: 'inherit', shell: process.platform === 'win32' });
