// Where electron-builder leaves the unpacked app of this platform (its `--dir` output, from
// which the installers are made): what the release workflow smoke-tests and reads the fuses
// of. `npx tsx build/packaged-app.ts` prints the path `@electron/fuses read --app` takes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface PackagedApp {
  /** What `@electron/fuses read --app` takes: the .app bundle on macOS, the executable elsewhere. */
  fuseTarget: string;
  /** The executable Playwright launches. */
  executable: string;
}

interface BuilderNames {
  productName: string;
  directories: { output: string };
  linux: { executableName: string };
}

export function builderConfig(): BuilderNames {
  return parse(fs.readFileSync(path.join(ROOT, 'build', 'electron-builder.yml'), 'utf8')) as BuilderNames;
}

/** The unpacked app for `platform` under electron-builder's output folder, or null when it was not built. */
export function packagedApp(platform: NodeJS.Platform = process.platform): PackagedApp | null {
  const config = builderConfig();
  const output = path.join(ROOT, config.directories.output);
  const candidates: PackagedApp[] = [];
  if (platform === 'darwin') {
    // mac-universal for the universal build; mac or mac-arm64 when built for one arch.
    for (const folder of ['mac-universal', 'mac-arm64', 'mac']) {
      const bundle = path.join(output, folder, `${config.productName}.app`);
      candidates.push({ fuseTarget: bundle, executable: path.join(bundle, 'Contents', 'MacOS', config.productName) });
    }
  } else if (platform === 'win32') {
    const executable = path.join(output, 'win-unpacked', `${config.productName}.exe`);
    candidates.push({ fuseTarget: executable, executable });
  } else {
    const executable = path.join(output, 'linux-unpacked', config.linux.executableName);
    candidates.push({ fuseTarget: executable, executable });
  }
  return candidates.find((candidate) => fs.existsSync(candidate.executable)) ?? null;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = packagedApp();
  if (!found) {
    console.error(`No unpacked app in ${builderConfig().directories.output}/ for ${process.platform}: run electron-builder with --dir first.`);
    process.exit(1);
  }
  console.log(found.fuseTarget);
}
